"""Time benchsmith's retrieval evaluator against calling pytrec_eval directly.

10,000 queries x 100 retrieved documents with random (seeded) qrels; both
sides compute nDCG@10, MAP, Recall@10, P@10 and MRR on the same data in the
same process. Prints the time ratio (target <= 1.25) and the peak traced
memory of each.

    .venv/bin/python benchmarks/eval_retrieval.py [--queries 10000] [--docs 100] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import tracemalloc

import pytrec_eval

from benchsmith.evaluation.metrics import evaluate_retrieval, parse_measures

MEASURES = "nDCG@10,MAP,Recall@10,P@10,MRR"
TREC_MEASURES = {"ndcg_cut.10", "map", "recall.10", "P.10", "recip_rank"}


def make_data(n_queries: int, n_docs: int, seed: int = 0):
    rng = random.Random(seed)
    qrels: dict[str, dict[str, int]] = {}
    run: dict[str, dict[str, float]] = {}
    pool = 5000
    for q in range(n_queries):
        qid = f"q{q}"
        judged = rng.sample(range(pool), rng.randint(1, 20))
        qrels[qid] = {f"d{d}": rng.choice((0, 1, 1, 2)) for d in judged}
        qrels[qid][f"d{judged[0]}"] = 1  # every query has a relevant doc: both sides score all 10,000
        docs = rng.sample(range(pool), n_docs)
        # bias some of the judged docs into the run so scores are non-trivial
        docs[: len(judged) // 2] = judged[: len(judged) // 2]
        run[qid] = {f"d{d}": rng.random() for d in docs}
    return qrels, run


def ours(qrels, run, measures):
    return evaluate_retrieval(qrels, run, measures)


def direct(qrels, run):
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, TREC_MEASURES)
    return evaluator.evaluate(run)


def timed(fn) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of one call."""
    gc.collect()
    w0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w0, time.process_time() - c0


def peak_memory(fn) -> int:
    gc.collect()
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=10_000)
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()

    qrels, run = make_data(args.queries, args.docs)
    measures = parse_measures(MEASURES)

    # Same numbers first: the comparison only means something if both agree.
    a = ours(qrels, run, measures)
    b = direct(qrels, run)
    keymap = {"nDCG@10": "ndcg_cut_10", "MAP": "map", "Recall@10": "recall_10", "P@10": "P_10", "MRR": "recip_rank"}
    worst = max(abs(a.per_query[q][m] - b[q][t]) for q in a.per_query for m, t in keymap.items())

    # Alternate the two so drift in machine load hits both alike; CPU time is
    # reported beside wall time because it is less disturbed by other processes.
    ours_t, direct_t = [], []
    for _ in range(args.repeat):
        ours_t.append(timed(lambda: ours(qrels, run, measures)))
        direct_t.append(timed(lambda: direct(qrels, run)))
    wall_ours, wall_direct = min(t[0] for t in ours_t), min(t[0] for t in direct_t)
    cpu_ours, cpu_direct = min(t[1] for t in ours_t), min(t[1] for t in direct_t)
    m_ours = peak_memory(lambda: ours(qrels, run, measures))
    m_direct = peak_memory(lambda: direct(qrels, run))

    print(f"data: {args.queries} queries x {args.docs} docs; measures {MEASURES}")
    print(f"max |ours - pytrec_eval| per query: {worst:.3g} ({a.counts['scored']} scored, {a.counts['excluded_no_relevant']} without relevant docs excluded)")
    print(f"benchsmith evaluate_retrieval: {wall_ours:.3f} s wall, {cpu_ours:.3f} s CPU (best of {args.repeat})")
    print(f"pytrec_eval direct:            {wall_direct:.3f} s wall, {cpu_direct:.3f} s CPU (best of {args.repeat})")
    print(f"time ratio (ours / direct): {cpu_ours / cpu_direct:.3f} CPU, {wall_ours / wall_direct:.3f} wall  (target <= 1.25)")
    print(f"peak traced memory: ours {m_ours / 2**20:.1f} MiB, direct {m_direct / 2**20:.1f} MiB, ratio {m_ours / max(m_direct, 1):.2f}")


if __name__ == "__main__":
    main()
