"""`benchsmith generate mirage` (heuristic) end to end: files in MIRAGE's schema that the evaluator loads unchanged."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from benchsmith.cli import main

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
DOCS = [
    {"doc_id": "mayne", "title": "John Mayne", "text": "John Mayne was a Scottish printer, journalist and poet. "
     "He was born in Dumfries in 1759.\n\n" + " ".join(["Mayne wrote verses about the town and its fairs."] * 60)},
    {"doc_id": "lawyer", "title": "John Dawson Mayne", "text": "John Dawson Mayne was a British lawyer in Madras."},
    {"doc_id": "rome", "title": "Rome", "text": "Rome is the capital city of Italy."},
    {"doc_id": "nile", "title": "Nile", "text": "The Nile flows into the Mediterranean Sea."},
]
QA = [
    {"qid": "q1", "q": "What is John Mayne's occupation?", "a": '["journalist", "journo"]', "page": "John_Mayne"},
    {"qid": "q2", "q": "What is the capital of Italy?", "a": "Rome", "page": "rome"},
    {"qid": "q3", "q": "Which city is the capital of Italy?", "a": "Rome", "page": "Rome"},  # same document
    {"qid": "q4", "q": "Who painted the Mona Lisa?", "a": "Leonardo", "page": "Mona Lisa"},  # not in the corpus
    {"qid": "q5", "q": "Where does the Nile flow?", "a": "Atlantic", "page": "Nile"},  # no chunk holds the answer
]
FIELDS = ["--field", "id=qid", "--field", "question=q", "--field", "answer=a", "--field", "title=page"]


def _cli(args: list[str]) -> int:
    try:
        main(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


@pytest.fixture()
def inputs(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(d) + "\n" for d in DOCS), encoding="utf-8")
    qa = tmp_path / "qa.csv"
    with qa.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["qid", "q", "a", "page"])
        writer.writeheader()
        writer.writerows(QA)
    return corpus, qa


def test_heuristic_cli_writes_mirage_files_and_ledger(inputs, tmp_path):
    corpus, qa = inputs
    out = tmp_path / "out"
    assert _cli(["generate", "mirage", "--qa", str(qa), "--corpus", str(corpus), "--n", "2", "--out", str(out), *FIELDS]) == 0
    dataset = json.loads((out / "dataset.json").read_text())
    assert [d["query_id"] for d in dataset] == ["q1", "q2"]
    assert set(dataset[0]) == {"source", "query_id", "query", "doc_name", "answer", "doc_url", "num_doc_labels"}
    assert dataset[0]["answer"] == ["journalist", "journo"] and dataset[0]["doc_name"] == "John Mayne"
    pool = json.loads((out / "doc_pool.json").read_text())
    # MIRAGE's keys, plus our chunk and document ids (its scripts read keys by name and ignore these)
    assert {p["mapped_id"] for p in pool} == {"q1", "q2"}
    assert all(set(p) == {"mapped_id", "doc_name", "doc_chunk", "support", "chunk_id", "doc_id"} for p in pool)
    mayne = [p for p in pool if p["mapped_id"] == "q1"]
    assert sum(p["support"] for p in mayne) == dataset[0]["num_doc_labels"] == 1
    assert any(p["doc_name"] == "John Dawson Mayne" and p["support"] == 0 for p in mayne)  # a negative from the search
    oracle = json.loads((out / "oracle.json").read_text())
    assert "journalist" in oracle["q1"]["doc_chunk"]
    items = [json.loads(x) for x in (out / "items.jsonl").read_text().splitlines()]
    positives = {(i["item_id"], c["chunk_id"]) for i in items for c in i["chunks"] if c["support"]}
    qrels = {(x.split()[0], x.split()[2]) for x in (out / "qrels.tsv").read_text().splitlines()}
    assert qrels == positives == {(p["mapped_id"], p["chunk_id"]) for p in pool if p["support"]}
    assert all("#" in cid and cid.split("#")[1].isdigit() for _, cid in qrels)  # raw corpus ingested with the mirage preset
    assert _cli(["validate", str(out / "items.jsonl")]) == 0
    manifest = json.loads((out / "benchmark.json").read_text())
    counts = manifest["counts"]
    assert counts["mapped"] == 3 and counts["dropped_at_mapping"] == {"document_already_used": 1,
                                                                       "reference_not_in_corpus": 1}
    rejected = {json.loads(x)["input_ref"]: json.loads(x)["reason"] for x in (out / "rejected.jsonl").read_text().splitlines()}
    # n=2 draws 3 mapped queries (margin 1.5): q5's chunks never hold its answer.
    assert rejected == {"q3": "document_already_used", "q4": "reference_not_in_corpus", "q5": "no_supported_chunk"}
    assert counts["labels_by_outcome"]["positive"] >= 2


def test_outputs_load_in_the_evaluator_and_evaluate_retrieval_runs(inputs, tmp_path):
    from benchsmith.evaluation.importers import load_benchmark

    corpus, qa = inputs
    out = tmp_path / "out"
    assert _cli(["generate", "mirage", "--qa", str(qa), "--corpus", str(corpus), "--n", "2", "--out", str(out), *FIELDS]) == 0
    mirage = load_benchmark(out, format="mirage")
    ours = load_benchmark(out, format="benchsmith")
    assert {q.query_id: set(q.relevant) != set() for q in mirage.queries} == {"q1": True, "q2": True}
    assert {q.query_id for q in ours.queries} == {"q1", "q2"}
    assert all(cid in {c.chunk_id for c in ours.chunks} for q in ours.queries for cid in q.relevant)
    assert _cli(["evaluate", "retrieval", "-b", str(out), "-f", "mirage", "--paper", "mirage", "--out", str(tmp_path / "ev")]) == 0
    results = json.loads((tmp_path / "ev" / "results.json").read_text())
    assert results["systems"] and results["systems"][0]["name"] == "bm25"


def test_short_run_exits_nonzero_and_bad_input_names_line(inputs, tmp_path):
    corpus, qa = inputs
    out = tmp_path / "out"
    assert _cli(["generate", "mirage", "--qa", str(qa), "--corpus", str(corpus), "--n", "5", "--out", str(out), *FIELDS]) == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "ok?", "answer": "a"}\n{"answer": "no question"}\n', encoding="utf-8")
    out2 = tmp_path / "out2"
    assert _cli(["generate", "mirage", "--qa", str(bad), "--corpus", str(corpus), "--n", "1", "--out", str(out2)]) == 2
    assert not (out2 / "items.jsonl").exists()


@pytest.mark.skipif(not (DATA / "mirage" / "mirage_queries_sample100.json").is_file(), reason="needs ../shared/data")
def test_real_mirage_queries_on_a_corpus_without_their_articles(tmp_path):
    """The 100 real MIRAGE queries name Wikipedia articles the paintings corpus lacks: none may map by title."""
    out = tmp_path / "out"
    rc = _cli(["generate", "mirage", "--qa", str(DATA / "mirage" / "mirage_queries_sample100.json"),
               "--corpus", str(DATA / "corpora" / "wikipedia_landscape_paintings" / "corpus.jsonl"), "--n", "5",
               "--out", str(out)])
    assert rc == 1
    summary = json.loads((out / ".run" / "summary.json").read_text())
    assert summary["rejected_by_reason"] == {"reference_not_in_corpus": 100}


@pytest.mark.skipif(not (DATA / "mtrag" / "clapnq_questions.jsonl").is_file(), reason="needs ../shared/data")
def test_real_clapnq_questions_map_by_content_search(tmp_path):
    out = tmp_path / "out"
    _cli(["generate", "mirage", "--qa", str(DATA / "mtrag" / "clapnq_questions.jsonl"),
          "--corpus", str(DATA / "mtrag" / "passages.jsonl"), "--n", "10", "--out", str(out)])
    counts = json.loads((out / "benchmark.json").read_text())["counts"]
    assert counts["qa_pairs"] == 208 and counts["mapped_by_method"] == {"content_search": counts["mapped"]}
    # 208 questions over 168 passages: many share a passage, and MIRAGE keeps one query per document.
    assert counts["dropped_at_mapping"]["document_already_used"] > 50
    # ClapNQ's later turns ("what did he do?") cannot be searched for without their conversation.
    assert counts["dropped_at_mapping"]["question_too_vague"] > 10
    items = [json.loads(x) for x in (out / "items.jsonl").read_text().splitlines()]
    assert len(items) >= 5 and all("no_answer_aliases" in i["flags"] for i in items)
    from benchsmith.generators.mirage.heuristic import question_terms

    assert all(len(question_terms(i["query"])) >= 2 for i in items)
