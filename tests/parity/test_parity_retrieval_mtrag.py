"""mtRAG: our retrieval evaluation equals the official run_retrieval_eval.py output."""

import csv
import json
from pathlib import Path

import pytest

from benchsmith.evaluation.metrics import evaluate_retrieval
from benchsmith.evaluation.metrics.paper_mtrag import mtrag_qrels, mtrag_retrieval, mtrag_run

REF = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference" / "mtrag"
pytestmark = pytest.mark.skipif(not REF.is_dir(), reason=f"reference data not found at {REF} (../shared/data is absent)")


def _qrels():
    with (REF / "clapnq_qrels_dev.tsv").open(encoding="utf-8") as fh:
        return mtrag_qrels((r["query-id"], r["corpus-id"], r["score"]) for r in csv.DictReader(fh, delimiter="\t"))


def _run(name):
    with (REF / name).open(encoding="utf-8") as fh:
        return mtrag_run(json.loads(line) for line in fh if line.strip())


@pytest.mark.parametrize(
    "run_file,expected_file,expected_global",
    [
        ("bm25_clapnq_lastturn_run_input.jsonl", "bm25_clapnq_lastturn_metrics_output.json",
         {"nDCG": [0.20673, 0.19031, 0.20779, 0.25522], "Recall": [0.0774, 0.16844, 0.22305, 0.33665]}),
        ("synthetic_run_input.jsonl", "synthetic_run_metrics_output.json", None),
    ],
)
def test_paper_retrieval_matches(run_file, expected_file, expected_global):
    expected = json.loads((REF / expected_file).read_text(encoding="utf-8"))
    run, collections = _run(run_file)
    ours = mtrag_retrieval(_qrels(), run, collections)
    # every per-query value the official script printed
    assert set(ours.per_query) == set(expected["per_query"])
    for qid, values in expected["per_query"].items():
        for key, value in values.items():
            assert ours.per_query[qid][key] == pytest.approx(value, abs=1e-12), (qid, key)
    # the printed global numbers (k = 1, 3, 5)
    assert ours.overall["nDCG"][:3] == pytest.approx(expected["global"]["nDCG"], abs=1e-12)
    assert ours.overall["Recall"][:3] == pytest.approx(expected["global"]["Recall"], abs=1e-12)
    if expected_global:
        (collection,) = ours.collections
        assert ours.collections[collection]["nDCG"] == expected_global["nDCG"]
        assert ours.collections[collection]["Recall"] == expected_global["Recall"]
        assert ours.collections[collection]["count"] == expected["n_queries_in_run"]
        # the fork's CSV "all" row, float artefacts of the weighting included
        assert ours.overall["Recall"][1] == 0.16843999999999998
        assert ours.overall["nDCG"] == expected_global["nDCG"]
    else:
        assert ours.dropped_not_in_qrels == ["not-in-qrels<::>1"]
        assert ours.collections[next(iter(ours.collections))]["count"] == 13


def test_standard_evaluator_agrees_with_the_official_numbers():
    run, _ = _run("bm25_clapnq_lastturn_run_input.jsonl")
    res = evaluate_retrieval(_qrels(), run, "nDCG@1,nDCG@3,nDCG@5,nDCG@10,Recall@1,Recall@3,Recall@5,Recall@10")
    want = [0.20673, 0.19031, 0.20779, 0.25522, 0.0774, 0.16844, 0.22305, 0.33665]
    assert [round(v, 5) for v in res.aggregates.values()] == want
    assert res.counts["scored"] == 208
