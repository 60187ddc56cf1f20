"""`benchsmith evaluate frames` end to end against the test-started local server.

The fake model (frames_eval_fakes.py) answers by fixed rules; the expected table is
computed here from those rules and the gold answers, not from the command's output.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.llm.stub_server import StubServer

sys.path.insert(0, str(Path(__file__).parent))
from frames_eval_fakes import FramesEvalModel, _bucket, judge_garbles

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
PAINTINGS = SHARED / "corpora" / "wikipedia_landscape_paintings"
SUBSET = SHARED / "frames" / "frames_subset_first100.jsonl"
K, N = 2, 2


def _run(args: list[str]) -> None:
    try:
        main(args)
    except SystemExit as exc:
        assert not exc.code, f"exit {exc.code}"


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _expected(rows: list[dict], with_articles: bool) -> dict[str, float | None]:
    """Per question: 1/0 as the fake judge will decide, None when its reply will be malformed."""
    out = {}
    for r in rows:
        question, gold = r["Prompt"].strip(), r["Answer"]
        right = _bucket(question, "know") < (66 if with_articles else 33)
        answer = f"Reasoning through the facts.\nFinal answer: {gold if right else 'Zyzzogeton'}"
        out[f"frames-{int(r['unique_id']):04d}"] = None if judge_garbles(question, answer) else float(right)
    return out


def _evaluate(bench: Path, out: Path, rows: list[dict], extra: list[str]) -> tuple[dict, FramesEvalModel, int]:
    model = FramesEvalModel({r["Prompt"]: r["Answer"] for r in rows})
    with StubServer(model.stub_responder) as server:
        _run(["evaluate", "frames", "--benchmark", str(bench), "--model", f"openai/stub@{server.base_url}",
              "--steps", str(N), "--queries-per-step", str(K), "--bootstrap", "200", "--out", str(out), *extra])
        requests = server.requests
    return json.loads((out / "results.json").read_text()), model, requests


def _check_system(system: dict, expected: dict[str, float | None], rows: list[dict]) -> None:
    judged = {q: v for q, v in expected.items() if v is not None}
    acc = system["aggregates"]["accuracy"]
    assert acc["n"] == len(judged) == system["counts"]["judged"]
    assert acc["mean"] == pytest.approx(sum(judged.values()) / len(judged))
    assert acc["low"] <= acc["mean"] <= acc["high"]
    assert system["counts"]["judge_malformed"] == len(expected) - len(judged)
    assert {q: s["accuracy"] for q, s in system["per_item"].items()} == expected
    # every judged question sits in exactly one article-count group; reasoning-type groups count each label
    by_count = system["breakdowns"]["n_articles"]
    assert sum(g["accuracy"]["n"] for g in by_count.values()) == len(judged)
    # a group whose every verdict was malformed has no mean (None) and no judged question
    assert all(g["accuracy"]["mean"] is None for g in by_count.values() if g["accuracy"]["n"] == 0)
    assert sum(g["accuracy"]["mean"] * g["accuracy"]["n"] for g in by_count.values() if g["accuracy"]["n"]) == \
        pytest.approx(sum(judged.values()))
    labels = Counter(t.strip() for r in rows if expected[f"frames-{int(r['unique_id']):04d}"] is not None
                     for t in r["reasoning_types"].split("|") if t.strip())
    assert {t: g["accuracy"]["n"] for t, g in system["breakdowns"]["reasoning_types"].items()} == dict(labels)


@pytest.mark.skipif(not PAINTINGS.is_dir(), reason="shared corpora absent")
def test_baselines_on_a_generated_benchmark(tmp_path):
    bench = tmp_path / "paintings"
    _run(["generate", "frames", "--corpus", str(PAINTINGS), "--n", "16", "--out", str(bench)])
    rows = _rows(bench / "frames.jsonl")
    doc, model, _ = _evaluate(bench, tmp_path / "eval", rows, [])
    names = [s["name"] for s in doc["systems"]]
    assert names == ["naive", "bm25-2", "bm25-4", "oracle", "multistep", "multistep-plan"]
    for system in doc["systems"]:
        _check_system(system, _expected(rows, system["name"] != "naive"), rows)
    bm25_2, bm25_4, oracle = (doc["systems"][i] for i in (1, 2, 3))
    assert all(len(p["contexts"]) == 2 for p in map(json.loads, (tmp_path / "eval" / "predictions-bm25-2.jsonl").read_text().splitlines()))
    oracle_preds = {p["id"]: p for p in map(json.loads, (tmp_path / "eval" / "predictions-oracle.jsonl").read_text().splitlines())}
    for r in rows:  # the oracle shows exactly the gold articles
        assert len(oracle_preds[f"frames-{int(r['unique_id']):04d}"]["contexts"]) == len(eval(r["wiki_links"]))
    for system in doc["systems"][4:]:
        traces = system["search_queries"]
        assert len(traces) == len(rows) and all(len(t) == K * N for t in traces.values())
    planned = [p for p in model.query_prompts if "How to plan your searches" in p]
    assert len(planned) == len(model.query_prompts) - len(planned) == K * N * len(rows)
    assert [t["title"].split(":")[0] for t in doc["tables"]] == ["FRAMES baselines", "Autorater accuracy by reasoning type",
                                                              "Autorater accuracy by number of gold articles"]
    rejected = _rows(tmp_path / "eval" / "rejected.jsonl")
    assert len(rejected) == sum(s["counts"]["judge_malformed"] for s in doc["systems"]) > 0
    assert "by number of gold articles" in (tmp_path / "eval" / "report.md").read_text()


@pytest.mark.skipif(not SUBSET.is_file(), reason="FRAMES subset absent")
def test_subset_without_articles_runs_naive_only(tmp_path, capsys):
    rows = _rows(SUBSET)[:40]
    doc, _, requests = _evaluate(SUBSET, tmp_path / "eval", rows, ["--limit", "40"])
    assert [s["name"] for s in doc["systems"]] == ["naive"]
    assert any("only the naive setting" in n for n in doc["notes"])
    _check_system(doc["systems"][0], _expected(rows, False), rows)
    assert requests == 80  # one answer and one judgement per question
    printed = capsys.readouterr()
    assert "only the naive setting" in " ".join((printed.out + printed.err).split())


@pytest.mark.skipif(not SUBSET.is_file(), reason="FRAMES subset absent")
@pytest.mark.skipif(not PAINTINGS.is_dir(), reason="shared corpora absent")
def test_articles_are_trimmed_for_small_context_windows(tmp_path):
    bench = tmp_path / "paintings"
    _run(["generate", "frames", "--corpus", str(PAINTINGS), "--n", "4", "--out", str(bench)])
    rows = _rows(bench / "frames.jsonl")
    doc, _, _ = _evaluate(bench, tmp_path / "eval", rows, ["--settings", "oracle", "--max-article-chars", "300"])
    preds = _rows(tmp_path / "eval" / "predictions-oracle.jsonl")
    assert all(0 < len(c["text"]) <= 300 for p in preds for c in p["contexts"])
    assert doc["settings"]["max_article_chars"] == 300 and [s["name"] for s in doc["systems"]] == ["oracle"]


def test_asking_for_retrieval_without_articles_is_a_clear_error(tmp_path):
    with pytest.raises(SystemExit) as exc:
        main(["evaluate", "frames", "--benchmark", str(SUBSET), "--model", "scripted/x", "--settings", "naive,oracle",
              "--out", str(tmp_path / "e")])
    assert exc.value.code
    assert not (tmp_path / "e" / "results.json").exists()
