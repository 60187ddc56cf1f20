"""The tree stays lintable and its modules small (run as part of the README's test command)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 410  # "no module over ~400 lines": past this, split the module by job


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: pip install -e '.[dev]' (the dev extra includes it)")
    done = subprocess.run([ruff, "check", "--no-cache", "src", "tests", "benchmarks"], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_no_module_is_over_the_size_bound():
    big = {str(p.relative_to(REPO)): n for p in (REPO / "src").rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert big == {}
