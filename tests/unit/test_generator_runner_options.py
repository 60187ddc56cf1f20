"""The options every generator takes are checked before any work starts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchsmith.errors import InputError
from benchsmith.generators.core.runner import GenerateOptions


def _opts(tmp_path: Path, **kw) -> GenerateOptions:
    return GenerateOptions(corpus=tmp_path, n=kw.pop("n", 5), out=kw.pop("out", tmp_path / "out"), **kw)


def test_counts_strategy_and_model_are_checked(tmp_path):
    with pytest.raises(InputError, match="--n must be at least 1"):
        _opts(tmp_path, n=0).check()
    with pytest.raises(InputError, match="--strategy must be heuristic or llm"):
        _opts(tmp_path, strategy="magic").check()
    with pytest.raises(InputError, match="--strategy llm needs --llm"):
        _opts(tmp_path, strategy="llm").check()


def test_out_and_work_dir_must_be_writable_folders(tmp_path, monkeypatch):
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    with pytest.raises(InputError, match="--out must be a folder"):
        _opts(tmp_path, out=a_file).check()
    with pytest.raises(InputError, match="--work-dir must be a folder"):
        _opts(tmp_path, work_dir=a_file).check()
    # A folder nobody may write into (simulated: the tests may run as root, which writes anywhere).
    locked = tmp_path / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == locked else real_access(p, mode))
    with pytest.raises(InputError, match="permission denied") as info:
        _opts(tmp_path, out=locked / "deep" / "bench").check()
    assert str(locked) in str(info.value)
    _opts(tmp_path, out=tmp_path / "fine" / "bench").check()
