"""Model libraries' load-time noise is silenced when a model loads, unless benchsmith runs --verbose."""

from __future__ import annotations

import logging
import os
import warnings

import pytest

from benchsmith import embedded


@pytest.fixture
def fresh_env(monkeypatch):
    env = {}
    monkeypatch.setattr(os, "environ", env)
    loggers = [logging.getLogger(n) for n in ("transformers", "sentence_transformers", "huggingface_hub", "benchsmith")]
    saved = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.NOTSET)
    try:
        with warnings.catch_warnings():
            yield env
    finally:
        for lg, level in zip(loggers, saved):
            lg.setLevel(level)  # setLevel, not attribute assignment: it also clears logging's level cache


def test_load_time_silences_bars_logs_and_deprecations(fresh_env):
    embedded.quiet_third_party()
    assert fresh_env["HF_HUB_DISABLE_PROGRESS_BARS"] == "1"
    assert fresh_env["TRANSFORMERS_VERBOSITY"] == "error"
    assert logging.getLogger("sentence_transformers").level == logging.ERROR
    with warnings.catch_warnings(record=True) as seen:
        warnings.warn_explicit("old API", FutureWarning, "x.py", 1, module="transformers.modeling_utils")
        warnings.warn_explicit("ours", FutureWarning, "x.py", 1, module="benchsmith.retrieval")
    assert [str(w.message) for w in seen] == ["ours"]


def test_a_user_setting_wins(fresh_env):
    fresh_env["HF_HUB_DISABLE_PROGRESS_BARS"] = "0"
    embedded.quiet_third_party()
    assert fresh_env["HF_HUB_DISABLE_PROGRESS_BARS"] == "0"


def test_verbose_keeps_the_libraries_own_output(fresh_env):
    logging.getLogger("benchsmith").setLevel(logging.DEBUG)
    embedded.quiet_third_party()
    assert "HF_HUB_DISABLE_PROGRESS_BARS" not in fresh_env
    assert logging.getLogger("sentence_transformers").level == logging.NOTSET


def test_importing_benchsmith_changes_nothing():
    import subprocess
    import sys

    code = ("import os, benchsmith, benchsmith.cli, benchsmith.embedded; "
            "print(os.environ.get('HF_HUB_DISABLE_PROGRESS_BARS'), os.environ.get('TRANSFORMERS_VERBOSITY'))")
    env = {k: v for k, v in os.environ.items() if k not in ("HF_HUB_DISABLE_PROGRESS_BARS", "TRANSFORMERS_VERBOSITY")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "None None"
