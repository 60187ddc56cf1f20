import math

import pytest

from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.metrics import benchmark_qrels, collapse_run, evaluate_retrieval, run_from_rankings


def test_hand_computed_scores():
    qrels = {"q": {"a": 1, "b": 1, "c": 0}}
    run = {"q": {"x": 3.0, "a": 2.0, "c": 1.5, "b": 1.0}}
    r = evaluate_retrieval(qrels, run, "P@2,Recall@2,F1@2,MRR,MRR@1,MRR@2,Hits@1,Hits@2,MAP,nDCG@4")
    s = r.per_query["q"]
    assert s["P@2"] == 0.5 and s["Recall@2"] == 0.5
    assert s["F1@2"] == pytest.approx(0.5)
    assert s["MRR"] == 0.5 and s["MRR@1"] == 0.0 and s["MRR@2"] == 0.5
    assert s["Hits@1"] == 0.0 and s["Hits@2"] == 1.0
    assert s["MAP"] == pytest.approx((1 / 2 + 2 / 4) / 2)
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    assert s["nDCG@4"] == pytest.approx(dcg / (1 + 1 / math.log2(3)))


def test_queries_without_relevant_ids_are_excluded_and_counted():
    qrels = {"q1": {"a": 1}, "null": {}, "judged_only_negative": {"z": 0}}
    run = {"q1": {"a": 1.0}, "null": {"a": 1.0}, "judged_only_negative": {"z": 1.0}}
    r = evaluate_retrieval(qrels, run, "nDCG@10")
    assert set(r.per_query) == {"q1"}
    assert r.excluded == ["null", "judged_only_negative"]
    assert r.counts["excluded_no_relevant"] == 2
    assert r.aggregates["nDCG@10"] == 1.0


def test_missing_and_empty_runs_score_zero_and_lower_the_mean():
    qrels = {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 1}}
    run = {"q1": {"a": 1.0}, "q2": {}}
    r = evaluate_retrieval(qrels, run, "nDCG@10,Recall@5,MRR,F1@1")
    assert r.per_query["q2"] == {"nDCG@10": 0.0, "Recall@5": 0.0, "MRR": 0.0, "F1@1": 0.0}
    assert r.per_query["q3"]["nDCG@10"] == 0.0
    assert sorted(r.empty_run) == ["q2", "q3"]
    assert r.aggregates["nDCG@10"] == pytest.approx(1 / 3)


def test_run_queries_outside_the_qrels_are_ignored_and_counted():
    r = evaluate_retrieval({"q1": {"a": 1}}, {"q1": {"a": 1.0}, "extra": {"a": 1.0}}, "P@1")
    assert r.counts["run_only"] == 1 and set(r.per_query) == {"q1"}


def test_ties_broken_like_trec_eval_by_docid_descending():
    # equal scores: trec_eval ranks "b" before "a"
    r = evaluate_retrieval({"q": {"a": 1}}, {"q": {"a": 1.0, "b": 1.0}}, "P@1,MRR")
    assert r.per_query["q"]["P@1"] == 0.0 and r.per_query["q"]["MRR"] == 0.5


def test_collapse_run_keeps_the_best_score_of_a_repeated_id():
    run = collapse_run({"q": [("a", 3.0), ("b", 2.0), ("a", 1.0), ("b", 5.0)]})
    assert run == {"q": {"a": 3.0, "b": 5.0}}
    ranked = run_from_rankings({"q": ["a", "b", "a", "c"]})["q"]
    assert ranked["a"] > ranked["b"] > ranked["c"]


def test_int_scores_and_bool_relevance_are_accepted():
    r = evaluate_retrieval({"q": {"a": True}}, {"q": {"a": 2, "b": 1}}, "P@1")
    assert r.per_query["q"]["P@1"] == 1.0
    import numpy as np

    r = evaluate_retrieval({"q": {"a": 1.0}}, {"q": {"a": np.float32(2), "b": np.float32(1)}}, "P@1")
    assert r.per_query["q"]["P@1"] == 1.0


def test_benchmark_qrels_excludes_unanswerable():
    bench = EvalBenchmark(
        name="t",
        queries=[
            EvalQuery(query_id="a", question="?", relevant={"d": 1}),
            EvalQuery(query_id="u", question="?", relevant={"d": 1}, answerability="unanswerable"),
        ],
    )
    assert benchmark_qrels(bench) == {"a": {"d": 1}, "u": {}}


def test_no_scored_queries_gives_zero_aggregates():
    r = evaluate_retrieval({"q": {}}, {}, "nDCG@10")
    assert r.per_query == {} and r.aggregates == {"nDCG@10": 0.0} and r.counts["scored"] == 0
