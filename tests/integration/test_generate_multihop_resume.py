"""The llm strategy killed with SIGKILL mid-run and started again with the same command resumes from its
checkpoints, writes the same items as an uninterrupted run, and repeats no answered LLM request."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.llm.stub_server import StubServer

sys.path.insert(0, str(Path(__file__).parent))
from multihop_llm_fakes import stub_responder  # noqa: E402

EXAMPLE = example_corpus() / "corpus.jsonl"
BENCHSMITH = Path(sys.executable).with_name("benchsmith")
CONCURRENCY = 4


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    if not BENCHSMITH.is_file():
        pytest.skip(f"benchsmith console script missing beside {sys.executable}")
    base = tmp_path_factory.mktemp("hcn_resume")
    small = base / "corpus.jsonl"  # the whole example: 4 items of every type need its claim sets
    small.write_text(EXAMPLE.read_text())
    out = base / "corpus"
    try:
        main(["corpus", "ingest", str(small), "--out", str(out)])
    except SystemExit as exc:
        assert not exc.code
    return out


def _command(corpus_dir: Path, out: Path, server: StubServer) -> list[str]:
    return [str(BENCHSMITH), "generate", "multihop", "--corpus", str(corpus_dir), "--n", "4", "--seed", "3",
            "--strategy", "llm", "--ner", "rules", "--llm", f"openai/stub-model@{server.base_url}",
            "--concurrency", str(CONCURRENCY), "--out", str(out)]


def _env() -> dict[str, str]:
    return {**os.environ, "OPENAI_API_KEY": "test-key", "PYTHONUNBUFFERED": "1"}


def _request_counts(server: StubServer) -> Counter[str]:
    """How often each distinct request (its whole message list) reached the server.

    A body the kill cut off mid-send carries no messages and is not a request.
    """
    return Counter(json.dumps(r["messages"], sort_keys=True) for r in server.received if r.get("messages"))


def test_sigkill_mid_run_then_rerun_gives_the_same_items_without_repeating_requests(corpus_dir, tmp_path, monkeypatch):
    reference = tmp_path / "reference"
    # The uninterrupted reference run needs no interpreter of its own: run it here. The killed run and its rerun
    # stay separate processes, so items that differ from one interpreter to another (hash order, say) still show.
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    with StubServer(stub_responder, delay=0.002) as server:
        try:
            main(_command(corpus_dir, reference, server)[1:])
        except SystemExit as exc:
            assert not exc.code
        ref_counts = _request_counts(server)
    assert set(ref_counts.values()) == {1}  # an uninterrupted run asks every request once

    out = tmp_path / "resumed"
    with StubServer(stub_responder, delay=0.002) as server:
        proc = subprocess.Popen(_command(corpus_dir, out, server), env=_env(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        kill_at = len(ref_counts) // 2  # mid-run: inside the claims stage or the query wording
        deadline = time.monotonic() + 30
        while server.requests < kill_at and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        assert proc.poll() is None, f"the run ended before the kill point:\n{proc.communicate()[1]}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=10)
        assert proc.returncode == -signal.SIGKILL
        assert not (out / "items.jsonl").exists()
        stages = out / ".run" / "stages"
        assert (stages / "multihop.claims_llm.jsonl").is_file()  # checkpoints the rerun resumes from
        first = server.requests

        done = subprocess.run(_command(corpus_dir, out, server), env=_env(), capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        total = _request_counts(server)

    assert (out / "items.jsonl").read_text() == (reference / "items.jsonl").read_text()
    assert set(total) == set(ref_counts)  # the same requests, none new
    repeated = {k: n for k, n in total.items() if n > 1}
    # Only requests in flight at the kill (at most --concurrency of them) were asked again.
    assert len(repeated) <= CONCURRENCY and all(n == 2 for n in repeated.values())
    assert server.requests - first <= len(ref_counts) - first + CONCURRENCY
    summary = json.loads((out / ".run" / "summary.json").read_text())
    assert summary["status"] == "complete"
