"""Shared fixtures: where the repo, the bundled example corpus and ../shared/data live."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from benchsmith.data import example_corpus

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
EXAMPLE_CORPUS = example_corpus()

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


@pytest.fixture(autouse=True)
def _normal_output_level():
    """`benchsmith --quiet/--verbose` set a process-wide level; a test must not leak it into the next."""
    yield
    import rich

    from benchsmith.cli import options

    options.set_output_level(options.NORMAL)
    rich.get_console().quiet = False
    logging.getLogger("benchsmith").setLevel(logging.NOTSET)


@pytest.fixture
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"peer reference data not found at {SHARED_DATA} (only present in the team's workspace)")
    return SHARED_DATA


@pytest.fixture
def example_corpus() -> Path:
    return EXAMPLE_CORPUS


@pytest.fixture
def generate_multihop_on(tmp_path):
    """`generate multihop` run through the CLI on stories (dicts with doc_id, title, text, ...) written as a JSONL
    corpus; returns the items written. A shortfall (exit 1, said in the run) is allowed: tests of small made-up
    collections check what was made, not how much."""
    import json

    from benchsmith.cli import main

    def run(stories: list[dict], *options: str) -> list[dict]:
        corpus = tmp_path / "wire.jsonl"
        corpus.write_text("".join(json.dumps(s) + "\n" for s in stories))
        out = tmp_path / "out"
        try:
            main(["generate", "multihop", "--corpus", str(corpus), *options, "--out", str(out)])
        except SystemExit as exc:
            assert exc.code in (0, 1, None)
        return [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]

    return run
