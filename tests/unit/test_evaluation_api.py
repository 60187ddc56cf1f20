"""The library entry points behind `evaluate retrieval` / `evaluate generation`, and their small helpers."""

from __future__ import annotations

import json

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.api import GenerationOptions, RetrievalOptions, evaluate_generation, evaluate_retrieval
from benchsmith.evaluation.api.checks import examples, match_ids
from benchsmith.evaluation.api.notes import disagreement_note
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.systems.endpoint import check_url
from benchsmith.evaluation.systems.matching import match_predictions
from benchsmith.evaluation.systems.predictions import Prediction, PredictionRecord


@pytest.fixture
def beir(tmp_path):
    root = tmp_path / "beir"
    (root / "qrels").mkdir(parents=True)
    (root / "corpus.jsonl").write_text('{"_id": "d1", "text": "cats purr"}\n{"_id": "d2", "text": "dogs bark"}\n')
    (root / "queries.jsonl").write_text('{"_id": "q1", "text": "cats"}\n{"_id": "q2", "text": "dogs"}\n')
    (root / "qrels" / "test.tsv").write_text("q1\t0\td1\t1\nq2\t0\td2\t1\n")
    return root


def test_evaluate_retrieval_returns_a_results_document_and_writes_nothing(beir, tmp_path):
    run = tmp_path / "r.trec"
    run.write_text("q1 Q0 d1 1 2.0 x\nq2 Q0 d1 1 2.0 x\nq2 Q0 d2 2 1.0 x\n")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = evaluate_retrieval(RetrievalOptions(benchmark=beir, retrievers=[f"run:{run}"], ks=[1, 2], bootstrap=20))
    (system,) = result.systems
    assert system["name"] == "run:r.trec"
    assert system["aggregates"]["Recall@1"]["mean"] == pytest.approx(0.5)
    assert system["aggregates"]["MRR@2"]["mean"] == pytest.approx(0.75)
    assert result.doc["settings"]["paper"] is None  # --paper auto: BEIR is no paper's format
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_evaluate_generation_scores_a_predictions_file(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "dataset.json").write_text(json.dumps([{"query_id": f"m{i}", "query": f"q{i}?", "answer": ["yes"],
                                                      "doc_name": "D", "num_doc_labels": 1} for i in range(2)]))
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"query_id": "m0", "model_answer": "yes"}\n{"query": "q1?", "model_answer": "no"}\n')
    result = evaluate_generation(GenerationOptions(benchmark=folder, predictions=preds, metrics="em", bootstrap=20))
    assert result.systems[0]["per_item"] == {"m0": {"em": 1.0}, "m1": {"em": 0.0}}
    assert result.produced is None


def test_examples_and_match_ids():
    assert examples(["b", "a", "c", "d"], n=2) == "'a', 'b' (and 2 more)"
    assert examples([]) == "none"
    cov = match_ids(["a", "x"], ["a", "b"])
    assert (cov.matched, cov.unknown, cov.missing, cov.partial) == (1, ["x"], ["b"], True)


def _bench(queries, **meta):
    return EvalBenchmark(name="b", queries=queries, metadata=meta)


def _rec(pred, line=1):
    return PredictionRecord(pred, None, line, "$")


def test_match_predictions_by_every_peer_naming():
    bench = _bench([EvalQuery(query_id="c1<::>2", question="And then?"), EvalQuery(query_id="frames-0007", question="Who?"),
                    EvalQuery(query_id="mhr-0000", question="Which  article\nsays so?")])
    matched = match_predictions(bench, [
        _rec(Prediction(id="c1::2", answer="a")),             # mtRAG generation-file id
        _rec(Prediction(id="7", answer="b")),                 # FRAMES row number
        _rec(Prediction(id="", answer="c", query="Which article says so?")),  # MultiHop-RAG: by query text
        _rec(Prediction(id="nope", answer="d")),
    ])
    assert {k: p.answer for k, p in matched.predictions.items()} == {"c1<::>2": "a", "frames-0007": "b", "mhr-0000": "c"}
    assert matched.unknown == ["nope"]


def test_match_predictions_repeats_and_conflicts():
    repeated = _bench([EvalQuery(query_id="m1", question="q", fields={"occurrences": 2})])
    matched = match_predictions(repeated, [_rec(Prediction(id="m1", answer="x")), _rec(Prediction(id="m1", answer="y"), 2)])
    assert {k: p.answer for k, p in matched.predictions.items()} == {"m1": "x", "m1#2": "y"}
    once = _bench([EvalQuery(query_id="m1", question="q")])
    with pytest.raises(InputError, match="two different answers for query 'm1' \\(first at line 1\\)"):
        match_predictions(once, [_rec(Prediction(id="m1", answer="x")), _rec(Prediction(id="m1", answer="y"), 2)])


def test_disagreement_note_names_the_measures_and_the_reason():
    system = {"name": "bm25", "aggregates": {"nDCG@10": {"mean": 0.2}, "mtRAG nDCG@10": {"mean": 0.25},
                                             "Recall@5": {"mean": 0.3}, "mtRAG Recall@5": {"mean": 0.3}}}
    note = disagreement_note(system, "mtrag")
    assert note.startswith("bm25: the standard and mtRAG measures disagree (nDCG@10 0.2000 vs mtRAG nDCG@10 0.2500)")
    assert "Recall@5" not in note and "averages only over run tasks" in note
    assert disagreement_note({"name": "x", "aggregates": {"Recall@3": {"mean": 0.1}, "MIRAGE R@3": {"mean": 0.1}}}, "mirage") is None


@pytest.mark.parametrize("url", ["not a url", "localhost:8000", "ftp://host/x", "http://", "http://host:99999/"])
def test_endpoint_urls_that_cannot_work_are_input_errors(url):
    with pytest.raises(InputError):
        check_url(url)


def test_endpoint_url_that_can_work():
    check_url("http://127.0.0.1:8000/answer")
    check_url("https://example.org/v1/rag")


def test_cutoffs_are_positive_and_bounded():
    import pytest as _pytest

    from benchsmith.errors import InputError
    from benchsmith.evaluation.api.retrieval import parse_ks

    assert parse_ks("10,1,5,5") == [1, 5, 10]
    for bad in ("0", "x", "", "9223372036854775808"):
        with _pytest.raises(InputError):
            parse_ks(bad)
