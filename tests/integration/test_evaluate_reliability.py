"""Issue 9, evaluation side: a failing command keeps earlier outputs, bad options fail at once with the
right culprit, reports do not pass HTML through, and nothing is written into the working directory."""

from __future__ import annotations

import json
import time

import pytest

from benchsmith.cli import main

QUERIES = [("q1", "When was the lighthouse built?", ["1871"], "The lighthouse was built in 1871."),
           ("q2", "Where does the ferry leave from?", ["Pier 4"], "The ferry leaves from Pier 4.")]


def cli(args, capsys):
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, " ".join(err.split())


@pytest.fixture
def bench(tmp_path):
    folder = tmp_path / "mirage"
    folder.mkdir()
    (folder / "dataset.json").write_text(json.dumps([
        {"query_id": q, "query": text, "answer": ans, "doc_name": q, "num_doc_labels": 1} for q, text, ans, _ in QUERIES]))
    (folder / "doc_pool.json").write_text(json.dumps([
        {"mapped_id": q, "doc_name": q, "doc_chunk": gold, "support": 1} for q, _, _, gold in QUERIES]))
    return folder


def script(tmp_path, name, rules, default):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"rules": rules, "default": default}))
    return path


def snapshot(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_failed_system_run_leaves_earlier_predictions_and_results(bench, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    good = script(tmp_path, "good", [{"match": "lighthouse", "response": "1871"}], "Pier 4")
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "generation", "-b", bench, "--system", f"scripted/{good}", "--preset", "mirage-base",
                        "-m", "em", "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    before = snapshot(out)
    assert {"predictions.jsonl", "results.json", "report.md"} <= set(before)

    failing = script(tmp_path, "failing", [], {"error": "permanent", "message": "model is gone"})
    code, _, err = cli(["evaluate", "generation", "-b", bench, "--system", f"scripted/{failing}", "--preset", "mirage-base",
                        "-m", "em", "--bootstrap", "20", "--out", out], capsys)
    assert code == 2 and "failed on every query" in err
    after = snapshot(out)
    after.pop("llm_usage.jsonl", None), before.pop("llm_usage.jsonl", None)  # the usage ledger only grows
    assert after == before

    half = script(tmp_path, "half", [{"match": "lighthouse", "response": "1871"}], {"error": "permanent", "message": "x"})
    code, _, err = cli(["evaluate", "generation", "-b", bench, "--system", f"scripted/{half}", "--preset", "mirage-base",
                        "-m", "em", "--bootstrap", "20", "--out", out], capsys)
    assert code == 2 and "failed on 1 of 2 queries" in err and "--allow-partial" in err
    after = snapshot(out)
    after.pop("llm_usage.jsonl", None)
    assert after == before
    assert not (tmp_path / ".benchsmith-cache").exists() and (out / ".llm-cache").is_dir()


def test_endpoint_that_is_not_a_url_is_rejected_at_once(bench, tmp_path, capsys):
    started = time.monotonic()
    code, _, err = cli(["evaluate", "generation", "-b", bench, "--endpoint", "not a url", "-m", "em",
                        "--out", tmp_path / "out"], capsys)
    assert code == 2 and "not an http(s) URL" in err and time.monotonic() - started < 10
    assert not (tmp_path / "out").exists()


def test_unknown_retriever_in_system_is_blamed_on_the_retriever(bench, tmp_path, capsys):
    code, _, err = cli(["evaluate", "generation", "-b", bench, "--system", "foo+openai/gpt-4o-mini", "-m", "em",
                        "--out", tmp_path / "out"], capsys)
    assert code == 2 and "unknown retriever 'foo'" in err and "bm25" in err


def test_report_md_escapes_html_from_the_data(tmp_path, capsys):
    bench = tmp_path / "MultiHopRAG.json"
    evil = "<img src=x onerror=alert(1)>"
    bench.write_text(json.dumps([{"query": "Who won?", "answer": "A", "question_type": evil,
                                  "evidence_list": [{"fact": "A won.", "title": "T", "url": "http://x/1"}]}]))
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"query": "Who won?", "model_answer": "A"}) + "\n")
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "generation", "-b", bench, "-p", preds, "-m", "em", "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    report = (out / "report.md").read_text()
    assert evil not in report and "&lt;img src=x onerror=alert(1)>" in report and "<img" not in report
    assert evil not in (out / "report.html").read_text()


def test_evaluate_writes_no_cache_into_the_working_directory(bench, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    judge = script(tmp_path, "judge", [], {"explanation": "ok", "decision": "TRUE"})
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "q1", "answer": "1871"}\n{"id": "q2", "answer": "Pier 4"}\n')
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "generation", "-b", bench, "-p", preds, "-m", "autorater", "--judge", f"scripted/{judge}",
                        "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    assert not (tmp_path / ".benchsmith-cache").exists() and (out / ".llm-cache").is_dir()
    assert not list(out.glob(".staging-*"))


def test_credentials_in_system_addresses_are_written_nowhere(tmp_path):
    from benchsmith.evaluation.report.results import write_results

    doc = {"benchmark": {"name": "b", "n_queries": 1},
           "systems": [{"name": "bm25+openai/m@http://user:SECRETPW@127.0.0.1:9/v1",
                        "settings": {"llm": "openai/m@http://user:SECRETPW@127.0.0.1:9/v1?api_key=sk-TOPSECRET"},
                        "aggregates": {}, "per_item": {}}]}
    paths = write_results(tmp_path / "out", doc)
    for path in paths.values():
        text = path.read_text()
        assert "SECRETPW" not in text and "TOPSECRET" not in text, path
