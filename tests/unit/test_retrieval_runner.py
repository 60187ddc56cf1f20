"""run_retrieval over a whole benchmark; stored run files; multi-step retrieval with a scripted LLM."""

from __future__ import annotations

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery, Turn
from benchsmith.evaluation.importers import write_trec_run
from benchsmith.retrieval import get_retriever, run_retrieval
from benchsmith.retrieval.multistep import MultiStepRetriever, parse
from benchsmith.types import Chunk, Document, Span


def chunk(cid, doc, text):
    return Chunk(chunk_id=cid, doc_id=doc, text=text, span=Span(start=0, end=len(text)), index=0, n_tokens=len(text.split()))


CHUNKS = [
    chunk("c1", "d1", "Acme Corporation was founded by Jane Roe in Leeds."),
    chunk("c2", "d1", "Acme employs four hundred people at its Leeds factory."),
    chunk("c3", "d2", "The river Aire flows through Leeds."),
]
QUERIES = [
    EvalQuery(query_id="q1", question="Who founded Acme Corporation?", relevant={"c1": 1}),
    EvalQuery(query_id="q2", question="How many people does it employ?", history=[Turn(role="user", content="Tell me about Acme"), Turn(role="assistant", content="A company.")], relevant={"c2": 1}),
    EvalQuery(query_id="q3", question="zzz", answerability="unanswerable"),
]


def bench(**kw):
    return EvalBenchmark(name="t", queries=QUERIES, chunks=CHUNKS, **kw)


def test_bm25_over_a_benchmark_every_query_present():
    run = run_retrieval(bench(), "bm25", k=2, progress=False)
    assert list(run) == ["q1", "q2", "q3"]
    assert next(iter(run["q1"])) == "c1" and run["q3"] == {}
    assert all(len(r) <= 2 for r in run.values())


def test_query_mode_changes_the_search_string():
    last = run_retrieval(bench(), "bm25", k=3, progress=False)
    allturns = run_retrieval(bench(), "bm25", k=3, query_mode="all_user_turns", progress=False)
    assert "c1" not in last["q2"] and "c1" in allturns["q2"]  # "Acme" only appears in the earlier turn


def test_doc_level_indexes_documents():
    docs = [Document(doc_id="d1", title="Acme", text="Acme was founded by Jane Roe."), Document(doc_id="d2", title="Aire", text="A river.")]
    b = EvalBenchmark(name="t", queries=QUERIES[:1], documents=docs, id_level="doc")
    assert next(iter(run_retrieval(b, "bm25", k=1, progress=False)["q1"])) == "d1"


def test_no_passages_is_an_input_error():
    with pytest.raises(InputError, match="no chunks"):
        run_retrieval(EvalBenchmark(name="t", queries=QUERIES), "bm25", progress=False)
    with pytest.raises(InputError, match="k must be"):
        run_retrieval(bench(), "bm25", k=0, progress=False)


def test_run_file_retriever_replays_by_id(tmp_path):
    path = tmp_path / "ext.trec"
    write_trec_run(path, {"q1": {"c3": 2.0, "c1": 1.0, "c2": 0.5}, "q2": {"c2": 1.0}}, tag="ext")
    run = run_retrieval(bench(), f"run:{path}", k=2, progress=False)
    assert run == {"q1": {"c3": 2.0, "c1": 1.0}, "q2": {"c2": 1.0}, "q3": {}}
    r = get_retriever(f"run:{path}")
    assert r.search_ids(["q1", "missing"], k=1) == [[("c3", 2.0)], []] and r.missing == ["missing"]
    with pytest.raises(InputError, match="search_ids"):
        r.search(["some query text"])
    with pytest.raises(InputError, match="run:PATH"):
        get_retriever("run")


def test_multistep_follows_the_models_next_query():
    from benchsmith.llm.client import get_client

    client = get_client("scripted/multistep", responses=[{"match": "Searches made so far:\n- Who runs the company on the river", "response": "Query: river Aire Leeds"}, {"response": "DONE"}])
    r = MultiStepRetriever(get_retriever("bm25"), client, max_steps=3, per_step=1)
    r.index(CHUNKS)
    ranking = r.search(["Who runs the company on the river Acme founded?"], k=5)[0]
    assert [pid for pid, _ in ranking] == ["c1", "c3"]  # step-1 hit first, then the follow-up search's hit
    assert r.traces == [["Who runs the company on the river Acme founded?", "river Aire Leeds"]]
    assert parse("DONE.") is None and parse('query: "x y"') == "x y"


def test_progress_inside_another_live_display():
    from rich.progress import Progress

    with Progress():
        run = run_retrieval(bench(), "bm25", k=1, progress=True)
    assert next(iter(run["q1"])) == "c1"
