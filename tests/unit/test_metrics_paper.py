import math

import pytest

from benchsmith.evaluation.metrics.paper_mirage_retrieval import mirage_ndcg, mirage_retrieval
from benchsmith.evaluation.metrics.paper_mtrag import mtrag_qrels, mtrag_retrieval, mtrag_run, normalize_task_id
from benchsmith.evaluation.metrics.paper_multihop import (
    extract_answer,
    multihop_qa,
    multihop_qa_correct,
    multihop_retrieval,
    multihop_retrieval_query,
)

FACT_A = "The cat sat on the mat."
FACT_B = "Dogs bark loudly at night."


def test_multihop_fact_match_ignores_spaces_and_newlines():
    chunk = "Intro.\nThe cat sat\non the\nmat. More."
    s = multihop_retrieval_query([chunk], [FACT_A])
    assert s["Hits@4"] == 1.0 and s["MRR@10"] == 1.0 and s["MAP@10"] == 1.0


def test_multihop_half_fact_is_no_hit_and_map_counts_new_facts_once():
    texts = ["The cat sat", "x", "y", "z", f"{FACT_A} {FACT_B}", f"{FACT_A} {FACT_B}", "w", "v", "u", "t"]
    s = multihop_retrieval_query(texts, [FACT_A, FACT_B])
    assert s["Hits@4"] == 0.0 and s["Hits@10"] == 1.0
    assert s["MRR@10"] == pytest.approx(1 / 5)
    # two new facts at rank 5, none new at rank 6; divided by min(2, 10)
    assert s["MAP@10"] == pytest.approx((2 / 5) / 2)


def test_multihop_hit_beyond_rank_10_does_not_count():
    texts = ["x"] * 10 + [FACT_A]
    s = multihop_retrieval_query(texts, [FACT_A])
    assert s == {"Hits@4": 0.0, "Hits@10": 0.0, "MAP@10": 0.0, "MRR@10": 0.0}


def test_multihop_null_queries_are_skipped():
    items = [
        {"query": "a", "question_type": "null_query", "retrieval_list": [], "gold_list": []},
        {"query": "b", "question_type": "inference_query", "retrieval_list": [{"text": FACT_A}], "gold_list": [{"fact": FACT_A}]},
    ]
    r = multihop_retrieval(items)
    assert r.n_scored == 1 and r.n_skipped_null == 1 and r.aggregates["Hits@10"] == 1.0


def test_multihop_qa_rule():
    assert extract_answer('The answer to the question is "Tyreek Hill"') == "Tyreek Hill"
    assert multihop_qa_correct('The answer to the question is "no"', "No")
    assert not multihop_qa_correct("YES.", "Yes")  # punctuation is not stripped by the script
    out = multihop_qa([{"model_answer": "yes", "gold_answer": "Yes", "question_type": "t"},
                       {"model_answer": "maybe", "gold_answer": "no", "question_type": "t"}])
    assert out["t"]["precision"] == 0.5
    assert out["overall"]["accuracy"] == pytest.approx(2 / (3 * 2 - 2 * 1))


def test_mtrag_ids_are_normalised_both_ways():
    assert normalize_task_id("abc::3") == "abc<::>3"
    assert normalize_task_id("abc<::>3") == "abc<::>3"
    qrels = mtrag_qrels([("c::1", "p1", 1)])
    run, coll = mtrag_run([{"task_id": "c<::>1", "Collection": "X", "contexts": [{"document_id": "p1", "score": 1}]}])
    r = mtrag_retrieval(qrels, run, coll, k_values=(1,))
    assert r.collections["X"]["nDCG"] == [1.0]


def test_mtrag_weighting_counts_unjudged_tasks_per_collection():
    qrels = {"a<::>1": {"p": 1}, "b<::>1": {"p": 1}}
    run = {"a<::>1": {"p": 1.0}, "a<::>2": {"p": 1.0}, "b<::>1": {"q": 1.0}}
    coll = {"a<::>1": "A", "a<::>2": "A", "b<::>1": "B"}
    r = mtrag_retrieval(qrels, run, coll, k_values=(1,))
    assert r.collections["A"] == {"nDCG": [1.0], "Recall": [1.0], "count": 2}
    assert r.collections["B"]["nDCG"] == [0.0]
    assert r.overall["nDCG"] == [pytest.approx(2 / 3)]  # (1.0 * 2 + 0.0 * 1) / 3
    assert r.dropped_not_in_qrels == ["a<::>2"]


def test_mtrag_duplicate_document_last_score_wins():
    run, _ = mtrag_run([{"task_id": "t::1", "contexts": [{"document_id": "p", "score": 5}, {"document_id": "p", "score": 1}]}])
    assert run == {"t<::>1": {"p": 1.0}}


def test_mirage_ndcg_ideal_comes_from_the_retrieved_list():
    assert mirage_ndcg([0, 1, 0], 3) == pytest.approx(1 / math.log2(3))
    assert mirage_ndcg([1, 0, 0], 3) == 1.0  # however many gold chunks were missed
    assert mirage_ndcg([0, 0], 2) == 0.0


def test_mirage_relevance_needs_own_query_and_support():
    pool = [{"mapped_id": "q", "support": 1}, {"mapped_id": "q", "support": 1}, {"mapped_id": "q", "support": 0}]
    runs = [{"query_id": "q", "top_chunks": [
        {"mapped_id": "other", "support": 1}, {"mapped_id": "q", "support": 0}, {"mapped_id": "q", "support": 1}]}]
    r = mirage_retrieval(runs, pool, k_values=(1, 3))
    assert r.per_query[0][1]["precision"] == 0.0
    assert r.per_query[0][3]["precision"] == pytest.approx(1 / 3)
    assert r.per_query[0][3]["recall"] == 0.5
    assert r.printed["3"]["recall"] == "0.50000"
