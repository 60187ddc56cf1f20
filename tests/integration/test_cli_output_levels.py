"""`benchsmith --quiet` and `--verbose` act the same on every command: ingest, generate and evaluate here."""

from __future__ import annotations

import io
import logging
import sys
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus


def _cli(*args: str) -> int:
    try:
        main(list(args))
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _steps(tmp: Path) -> dict[str, list[str]]:
    corpus, bench = tmp / "corpus", tmp / "bench"
    return {
        "ingest": ["corpus", "ingest", str(example_corpus()), "--out", str(corpus)],
        "generate": ["generate", "multihop", "--corpus", str(corpus), "--n", "8", "--ner", "rules", "--out", str(bench)],
        "evaluate": ["evaluate", "retrieval", "--benchmark", str(bench), "-r", "bm25", "--k", "1,5", "--bootstrap", "50",
                     "--no-html", "--out", str(tmp / "eval")],
    }


@pytest.fixture(scope="module")
def normal_run(tmp_path_factory) -> dict[str, tuple[str, str]]:
    """Each step's (stdout, stderr) at the default level, for comparison."""
    captured = {}
    tmp = tmp_path_factory.mktemp("normal")
    capture = pytest.MonkeyPatch()
    for name, args in _steps(tmp).items():
        out, err = io.StringIO(), io.StringIO()
        capture.setattr(sys, "stdout", out)
        capture.setattr(sys, "stderr", err)
        try:
            assert _cli(*args) == 0
        finally:
            capture.undo()
        captured[name] = (out.getvalue(), err.getvalue())
    return captured


def test_default_level_prints_progress_and_summaries(normal_run) -> None:
    assert "ingested 40 documents" in normal_run["ingest"][1]
    assert "wrote 8 items" in normal_run["generate"][1]
    assert "bm25: retrieving" in normal_run["evaluate"][1] and "wrote " in normal_run["evaluate"][1]
    assert "Recall@5" in normal_run["evaluate"][0]


def test_quiet_silences_information_and_keeps_results(tmp_path: Path, capsys: pytest.CaptureFixture[str], normal_run) -> None:
    for name, args in _steps(tmp_path).items():
        assert _cli("--quiet", *args) == 0, name
        out, err = capsys.readouterr()
        assert err == "", f"{name} printed on stderr under --quiet: {err[:500]}"
        if name == "evaluate":
            assert "Recall@5" in out, "the results table is what evaluate is asked for: kept"
        else:
            assert out == "", f"{name} printed on stdout under --quiet: {out[:500]}"
    assert (tmp_path / "bench" / "items.jsonl").is_file() and (tmp_path / "eval" / "results.json").is_file()


def test_quiet_still_prints_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli("--quiet", "corpus", "stats", str(tmp_path)) == 2
    assert "error:" in capsys.readouterr().err


def test_quiet_and_verbose_together_is_an_input_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli("--quiet", "--verbose", "version") == 2
    assert "--quiet and --verbose" in capsys.readouterr().err


@pytest.mark.parametrize(("flag", "level"), [("--quiet", logging.ERROR), ("--verbose", logging.DEBUG), (None, logging.WARNING)])
def test_root_options_set_benchsmith_log_level(flag: str | None, level: int, capsys) -> None:
    assert _cli(*([flag] if flag else []), "version") == 0
    assert logging.getLogger("benchsmith").level == level


def test_verbose_shows_benchsmith_debug_logs(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli("--verbose", "version") == 0
    logging.getLogger("benchsmith.test").debug("a debug line")
    assert "DEBUG: benchsmith.test: a debug line" in capsys.readouterr().err
    assert _cli("version") == 0
    logging.getLogger("benchsmith.test").debug("hidden")
    assert "hidden" not in capsys.readouterr().err
