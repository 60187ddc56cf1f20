"""Importers on the real published samples in ../shared/data (skipped when absent)."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest

from benchsmith.evaluation.importers import load_benchmark, load_run
from benchsmith.evaluation.importers.qrels import load_qrels
from benchsmith.retrieval.runs import canonical_task_id

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared sample data not found at {DATA} (only in the team workspace)")


def test_multihop_rag_sample():
    b = load_benchmark(DATA / "multihop-rag" / "MultiHopRAG_sample50.json")
    assert b.source_format == "multihop-rag" and len(b.queries) == 50
    types = collections.Counter(q.fields["question_type"] for q in b.queries)
    assert types == {"inference_query": 15, "comparison_query": 15, "temporal_query": 12, "null_query": 8}
    nulls = [q for q in b.queries if q.answerability == "unanswerable"]
    assert len(nulls) == 8 and all(q.excluded_from_retrieval for q in nulls)
    raw = json.loads((DATA / "multihop-rag" / "MultiHopRAG_sample50.json").read_text())
    for q, rec in zip(b.queries, raw):
        assert [e["fact"] for e in q.evidence] == [e["fact"] for e in rec["evidence_list"]]
        assert q.fields["n_evidence"] == len(rec["evidence_list"])
        assert len(q.relevant) == len({e["url"] for e in rec["evidence_list"]})


def test_mtrag_conversations_turn_counts():
    b = load_benchmark(DATA / "mtrag" / "conversations", corpus=DATA / "mtrag" / "passages.jsonl")
    per_conv = collections.Counter(q.fields["conversation_id"] for q in b.queries)
    expected = {}
    for f in (DATA / "mtrag" / "conversations").glob("*.json"):
        expected[f.stem] = sum(m["speaker"] == "user" for m in json.loads(f.read_text())["messages"])
    assert len(per_conv) == 10 and dict(per_conv) == expected
    assert sum(expected.values()) == len(b.queries) == 78
    assert len(b.chunks) == 168  # passages.jsonl
    assert {q.fields["domain"] for q in b.queries} == {"clapnq", "govt", "fiqa", "ibmcloud"}
    assert all(q.answerability in {"answerable", "unanswerable", "partial", "conversational"} for q in b.queries)
    assert all(len(q.history) == 2 * (q.fields["turn"] - 1) for q in b.queries)


def test_mtrag_conversation_relevance_equals_official_qrels():
    """Relevance derived from per-turn context feedback matches the published ClapNQ qrels."""
    conv = load_benchmark(DATA / "mtrag" / "conversations")
    tasks = load_benchmark(DATA / "mtrag" / "clapnq_lastturn.jsonl")
    by_text = {(q.question.strip().lower(), q.fields["turn"]): q for q in tasks.queries}
    matched = 0
    for q in conv.queries:
        task = by_text.get((q.question.strip().lower(), q.fields["turn"]))
        if task is not None:
            matched += 1
            assert q.relevant == task.relevant, q.query_id
    assert matched >= 10


def test_mtrag_retrieval_tasks_and_reference_run():
    tasks = load_benchmark(DATA / "mtrag" / "clapnq_questions.jsonl", corpus=DATA / "mtrag" / "passages.jsonl")
    qrels = load_qrels(DATA / "mtrag" / "clapnq_qrels_dev.tsv", normalize_id=canonical_task_id)
    assert len(tasks.queries) == 208 and {q.query_id for q in tasks.queries} == set(qrels)
    assert all(q.relevant == qrels[q.query_id] for q in tasks.queries)
    assert all(len([t for t in q.history if t.role == "user"]) == q.fields["turn"] - 1 for q in tasks.queries)
    rewrite = load_benchmark(DATA / "mtrag" / "clapnq_rewrite.jsonl")
    assert all(q.rewrite for q in rewrite.queries)
    run = load_run(DATA / "reference" / "mtrag" / "bm25_clapnq_lastturn_run_input.jsonl")
    assert len(run) == 208 and set(run) <= set(qrels)
    assert collections.Counter(len(r) for r in run.values()) == {10: 206, 2: 1, 0: 1}  # one short and one empty ranking


def test_mtrag_generation_sample():
    b = load_benchmark(DATA / "mtrag" / "official_sample_responses-10.jsonl")
    assert len(b.queries) == 10 and len(b.metadata["predictions"]) == 10
    raw = [json.loads(line) for line in (DATA / "mtrag" / "official_sample_responses-10.jsonl").read_text().splitlines()]
    for q, rec in zip(b.queries, raw):
        assert b.metadata["id_map"][q.query_id] == rec["task_id"]
        assert q.answers == [t["text"] for t in rec["targets"]]
        assert q.question == rec["input"][-1]["text"] and len(q.history) == len(rec["input"]) - 1
        assert b.metadata["predictions"][q.query_id]["answer"] == rec["predictions"][0]["text"]
    un = load_benchmark(DATA / "mtrag" / "mtragun_reference_first20.jsonl")
    assert len(un.queries) == 20


def test_mirage_sample_and_reference_pool():
    b = load_benchmark(DATA / "mirage" / "mirage_queries_sample100.json")
    assert b.source_format == "mirage" and len(b.queries) == 100 and all(q.answers for q in b.queries)
    pooled = load_benchmark(DATA / "reference" / "mirage" / "retrieval_input_queries_and_pool.json")
    assert sum(q.fields["occurrences"] for q in pooled.queries) == 100
    pool = json.loads((DATA / "reference" / "mirage" / "retrieval_input_queries_and_pool.json").read_text())["doc_pool"]
    gold = {(p["mapped_id"], p["doc_chunk"]) for p in pool if p["support"] == 1}
    assert sum(len(q.relevant) for q in pooled.queries) == len(gold)
    run = load_run(DATA / "reference" / "mirage" / "retrieval_run_input.json")
    chunk_ids = {c.chunk_id for c in pooled.chunks}
    assert set(run) == {q.query_id for q in pooled.queries}
    assert all(set(r) <= chunk_ids for r in run.values())


def test_frames_sample():
    b = load_benchmark(DATA / "frames" / "frames_subset_first100.jsonl")
    assert len(b.queries) == 100 and b.id_level == "doc"
    assert all(q.fields["n_evidence"] == len(q.evidence) >= 1 for q in b.queries)
    assert all(q.fields["reasoning_types"] for q in b.queries)
    assert b.queries[0].answers == ["Jane Ballou"] and "Multiple constraints" in b.queries[0].fields["reasoning_types"]


def test_multihop_reference_run_maps_to_sample_ids():
    sample = load_benchmark(DATA / "reference" / "multihop_rag" / "qa_dataset_input.json", format="multihop-rag")
    ids = {q.question: q.query_id for q in sample.queries}
    run = load_run(DATA / "reference" / "multihop_rag" / "retrieval_run_input.json", query_ids=ids)
    assert len(run) == 45 and set(run) <= set(ids.values())
