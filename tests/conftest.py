"""Shared fixtures: where the repo, the examples and ../shared/data live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
EXAMPLE_CORPUS = REPO_ROOT / "examples" / "corpora" / "harbor_city_news"

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


@pytest.fixture
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"peer reference data not found at {SHARED_DATA} (only present in the team's workspace)")
    return SHARED_DATA


@pytest.fixture
def example_corpus() -> Path:
    return EXAMPLE_CORPUS
