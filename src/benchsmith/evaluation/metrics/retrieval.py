"""Standard retrieval evaluation through ir_measures (pytrec_eval provider).

The numbers come from pytrec_eval (trec_eval's C code): ties are broken as
trec_eval breaks them (score descending, then document id descending). What
this module adds is the bookkeeping trec_eval leaves implicit:

- queries with no relevant id in the qrels (null / unanswerable) are excluded
  from every mean and counted;
- queries in the qrels whose run is missing or empty score zero on every
  measure (pytrec_eval silently drops them, which would inflate the mean);
- run entries for queries absent from the qrels are ignored and counted;
- duplicate ids in a ranked list are collapsed to their best score
  (`collapse_run`);
- F1@k is computed per query from pytrec_eval's P@k and R@k, and MRR@k from
  its reciprocal rank (1/rank counts only when rank <= k).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ir_measures

from benchsmith.evaluation.metrics.measures import Measure, parse_measures

RELEVANCE_LEVEL = 1  # a document with graded relevance >= 1 counts as relevant


@dataclass
class RetrievalResult:
    """Per-query scores, their means, and what was excluded and why.

    Attributes:
        measures: The measures computed, in column order.
        per_query: query id -> measure name (e.g. "nDCG@10") -> score, for
            every scored query (including zero-scored empty runs).
        aggregates: measure name -> mean over the scored queries.
        counts: "qrels_queries", "scored", "excluded_no_relevant",
            "empty_run", "run_only" (run queries absent from the qrels).
        excluded: Query ids left out because they have no relevant id.
        empty_run: Query ids scored zero because their run was missing or empty.
    """

    measures: list[Measure]
    per_query: dict[str, dict[str, float]]
    aggregates: dict[str, float]
    counts: dict[str, int]
    excluded: list[str] = field(default_factory=list)
    empty_run: list[str] = field(default_factory=list)

    @property
    def metric_names(self) -> list[str]:
        return [str(m) for m in self.measures]

    def to_dict(self) -> dict[str, Any]:
        return {
            "measures": self.metric_names,
            "aggregates": dict(self.aggregates),
            "counts": dict(self.counts),
            "excluded": list(self.excluded),
            "empty_run": list(self.empty_run),
            "per_query": self.per_query,
        }


def collapse_run(ranked: Mapping[str, Iterable[tuple[str, float]]]) -> dict[str, dict[str, float]]:
    """Turn ranked (doc id, score) lists into a run, keeping each id's best score."""
    run: dict[str, dict[str, float]] = {}
    for qid, pairs in ranked.items():
        docs: dict[str, float] = {}
        for doc_id, score in pairs:
            score = float(score)
            prev = docs.get(doc_id)
            if prev is None or score > prev:
                docs[doc_id] = score
        run[qid] = docs
    return run


def run_from_rankings(rankings: Mapping[str, Sequence[str]]) -> dict[str, dict[str, float]]:
    """A run from score-less ranked id lists: rank r of n gets score n - r.

    A repeated id keeps its best (earliest) rank, so later ids are not pushed down.
    """
    return collapse_run({qid: [(d, float(len(ids) - i)) for i, d in enumerate(ids)] for qid, ids in rankings.items()})


def _ir_measures_for(measures: Sequence[Measure]) -> list:
    seen: dict[Any, None] = {}
    for m in measures:
        for irm in m.ir_measures():
            seen.setdefault(irm, None)
    return list(seen)


def _reader(measure: Measure, key_of: Mapping[Any, str]):
    """A function of one query's pytrec_eval values giving `measure`'s score."""
    M = ir_measures.measures
    k = measure.k
    if measure.name == "F1":
        kp, kr = key_of[M.P @ k], key_of[M.R @ k]

        def f1(values):
            p, r = values[kp], values[kr]
            return 0.0 if p + r == 0 else 2.0 * p * r / (p + r)

        return f1
    if measure.name == "MRR" and k is not None:
        krr = key_of[M.RR]
        # 1/r counts for MRR@k only when the first relevant document is within rank k
        return lambda values: values[krr] if values[krr] * k >= 1.0 - 1e-9 else 0.0
    (irm,) = measure.ir_measures()
    key = key_of[irm]
    return lambda values: values[key]


def _pytrec_values(irms: list, qrels: Mapping, run: Mapping) -> tuple[dict[str, dict[str, float]], dict[Any, str]]:
    """Per-query values of `irms` from ir_measures' pytrec_eval provider, and each measure's key.

    ir_measures translates the measures into pytrec_eval invocations; those
    invocations are run directly and their result dicts used as they are,
    rather than re-wrapped as one Metric object per query and measure (which
    costs more than pytrec_eval itself on large runs).
    """
    evaluator = ir_measures.pytrec_eval.evaluator(irms, qrels)
    invokers = getattr(evaluator, "invokers", None)
    if not invokers or not all(hasattr(inv, "evaluator") and hasattr(inv, "measure_map") for inv in invokers):
        # the provider changed shape: use its public path
        key_of = {m: str(m) for m in irms}
        values: dict[str, dict[str, float]] = {}
        for metric in evaluator.iter_calc(run):
            if metric.query_id in run:
                values.setdefault(metric.query_id, {})[key_of[metric.measure]] = metric.value
        return values, key_of
    key_of = {irm: name for inv in invokers for name, (irm, _) in inv.measure_map.items()}
    if len(set(key_of.values())) != len(key_of):
        raise RuntimeError(f"pytrec_eval result names collide for {irms}")
    results = [inv.evaluator.evaluate(run) for inv in invokers]
    if len(results) == 1:
        return results[0], key_of
    merged: dict[str, dict[str, float]] = {}
    for result in results:
        for qid, vals in result.items():
            merged.setdefault(qid, {}).update(vals)
    return merged, key_of


def evaluate_retrieval(
    qrels: Mapping[str, Mapping[str, int]],
    run: Mapping[str, Mapping[str, float]],
    measures: Sequence[Measure] | str,
) -> RetrievalResult:
    """Score a run against qrels with ir_measures' pytrec_eval provider.

    Args:
        qrels: query id -> doc id -> graded relevance (>= 1 is relevant, 0 judged
            non-relevant).
        run: query id -> doc id -> score (higher is better). Build it with
            `collapse_run` from ranked lists that may repeat ids.
        measures: Measure objects, or a string for `parse_measures`.

    Returns:
        A RetrievalResult; see its attributes for the exclusion rules.
    """
    if isinstance(measures, str):
        measures = parse_measures(measures)
    measures = list(measures)
    scored_qrels: dict[str, Mapping[str, int]] = {}
    excluded: list[str] = []
    for qid, docs in qrels.items():
        if docs and max(docs.values()) >= RELEVANCE_LEVEL:
            scored_qrels[qid] = docs
        else:
            excluded.append(qid)

    scored_run: dict[str, Mapping[str, float]] = {}
    empty: list[str] = []
    for qid in scored_qrels:
        docs = run.get(qid)
        if docs:
            scored_run[qid] = docs
        else:
            empty.append(qid)
    run_only = len(run.keys() - qrels.keys())

    irms = _ir_measures_for(measures)
    values: dict[str, dict[str, float]] = {}
    key_of: dict[Any, str] = {}
    if scored_run:
        try:
            values, key_of = _pytrec_values(irms, scored_qrels, scored_run)
        except TypeError:
            # pytrec_eval wants int relevance and int/float scores; copy only when needed
            scored_qrels = {q: {d: int(r) for d, r in docs.items()} for q, docs in scored_qrels.items()}
            scored_run = {q: {d: float(s) for d, s in docs.items()} for q, docs in scored_run.items()}
            values, key_of = _pytrec_values(irms, scored_qrels, scored_run)

    names = [str(m) for m in measures]
    readers = list(zip(names, (_reader(m, key_of) for m in measures))) if key_of else []
    zero = dict.fromkeys(names, 0.0)
    per_query: dict[str, dict[str, float]] = {}
    for qid in scored_qrels:
        vals = values.get(qid)
        per_query[qid] = {name: read(vals) for name, read in readers} if vals is not None else dict(zero)
    n = len(per_query)
    aggregates = {name: (sum(s[name] for s in per_query.values()) / n if n else 0.0) for name in names}
    counts = {
        "qrels_queries": len(qrels),
        "scored": n,
        "excluded_no_relevant": len(excluded),
        "empty_run": len(empty),
        "run_only": run_only,
    }
    return RetrievalResult(measures, per_query, aggregates, counts, excluded, empty)


def benchmark_qrels(benchmark: Any) -> dict[str, dict[str, int]]:
    """Qrels of an `EvalBenchmark`; null/unanswerable queries get an empty set (and are excluded)."""
    return {
        q.query_id: ({} if q.answerability == "unanswerable" else dict(q.relevant)) for q in benchmark.queries
    }
