"""Our standard measures equal pytrec_eval called directly, to 1e-9, on 1,000 random queries."""

import random

import pytest
import pytrec_eval

from benchsmith.evaluation.metrics import evaluate_retrieval

MEASURES = "nDCG@10,nDCG,MAP,MAP@10,MRR,Recall@5,Recall@20,P@1,P@10,Hits@3,F1@5,MRR@5"
DIRECT = {
    "nDCG@10": "ndcg_cut_10", "nDCG": "ndcg", "MAP": "map", "MAP@10": "map_cut_10", "MRR": "recip_rank",
    "Recall@5": "recall_5", "Recall@20": "recall_20", "P@1": "P_1", "P@10": "P_10", "Hits@3": "success_3",
}


def _random_data(seed=7, n=1000):
    rng = random.Random(seed)
    qrels, run = {}, {}
    for i in range(n):
        qid = f"q{i}"
        kind = rng.random()
        if kind < 0.05:
            qrels[qid] = {}  # empty relevance set
        elif kind < 0.08:
            qrels[qid] = {f"d{rng.randrange(200)}": 0 for _ in range(3)}  # judged, nothing relevant
        else:
            qrels[qid] = {f"d{rng.randrange(200)}": rng.choice((0, 1, 1, 2, 3)) for _ in range(rng.randint(1, 12))}
        r = rng.random()
        if r < 0.05:
            continue  # missing run
        if r < 0.10:
            run[qid] = {}  # empty run
            continue
        # scores rounded to one decimal so ties are common
        run[qid] = {f"d{rng.randrange(200)}": round(rng.random(), 1) for _ in range(rng.randint(1, 40))}
    run["only-in-run"] = {"d1": 1.0}
    return qrels, run


def _trec_order(docs):
    # trec_eval: score descending, ties by document id descending
    return sorted(docs.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)


def test_agrees_with_pytrec_eval_to_1e_9():
    qrels, run = _random_data()
    ours = evaluate_retrieval(qrels, run, MEASURES)
    measures = {"ndcg_cut.10", "ndcg", "map", "map_cut.10", "recip_rank", "recall.5,20", "P.1,10,5", "success.3"}
    direct = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
    truncated = {q: dict(_trec_order(d)[:5]) for q, d in run.items()}
    direct_rr5 = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(truncated)

    relevant = {q for q, d in qrels.items() if any(r > 0 for r in d.values())}
    assert set(ours.per_query) == relevant
    assert set(ours.excluded) == set(qrels) - relevant
    empty = {q for q in relevant if not run.get(q)}
    assert set(ours.empty_run) == empty and len(empty) > 20
    compared = 0
    for qid, scores in ours.per_query.items():
        if qid in empty:
            assert all(v == 0.0 for v in scores.values()), qid
            continue
        d = direct[qid]
        for name, key in DIRECT.items():
            assert scores[name] == pytest.approx(d[key], abs=1e-9), (qid, name)
        p, r = d["P_5"], d["recall_5"]
        assert scores["F1@5"] == pytest.approx(0.0 if p + r == 0 else 2 * p * r / (p + r), abs=1e-9)
        assert scores["MRR@5"] == pytest.approx(direct_rr5[qid]["recip_rank"], abs=1e-9), qid
        compared += 1
    assert compared > 800
    n = len(ours.per_query)
    for name, key in DIRECT.items():
        expected = sum(direct[q][key] for q in ours.per_query if q not in empty) / n
        assert ours.aggregates[name] == pytest.approx(expected, abs=1e-9)
