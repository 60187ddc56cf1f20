"""Score one retrieval run on an `EvalBenchmark`: standard measures plus, on
request, one paper's own metrics computed from the same run.

Paper metrics are named with the paper as prefix (`MultiHop-RAG Hits@4`,
`mtRAG nDCG@5`, `MIRAGE NDCG@3`) so they are never mistaken for the standard
measures of the same name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from benchsmith.evaluation.metrics.measures import Measure
from benchsmith.evaluation.metrics.paper_mirage_retrieval import (
    MIRAGE_K_VALUES,
    mirage_retrieval,
    mirage_scores_from_relevances,
)
from benchsmith.evaluation.metrics.paper_mtrag import MTRAG_K_VALUES, mtrag_retrieval
from benchsmith.evaluation.metrics.paper_multihop import NULL_QUERY, multihop_retrieval_query
from benchsmith.evaluation.metrics.retrieval import benchmark_qrels, evaluate_retrieval

PAPERS = ("multihop-rag", "mtrag", "mirage")


@dataclass
class RunScores:
    """Everything one system's row of a retrieval report needs."""

    per_item: dict[str, dict[str, float]]
    metrics: list[str]
    counts: dict[str, Any]
    aggregates: dict[str, dict[str, float]] = field(default_factory=dict)  # paper-weighted means, when they differ
    tables: list[dict[str, Any]] = field(default_factory=list)


def ranked_ids(docs: Mapping[str, float]) -> list[str]:
    """Ids best first; ties keep the run's own order (retrievers emit rank order)."""
    return [d for d, _ in sorted(docs.items(), key=lambda kv: -kv[1])]


def _passage_texts(benchmark: Any) -> dict[str, str]:
    texts = {d.doc_id: d.text for d in benchmark.documents}
    texts.update({c.chunk_id: c.text for c in benchmark.chunks})
    return texts


def multihop_scores(
    benchmark: Any,
    run: Mapping[str, Mapping[str, float]],
    ranked_texts: Mapping[str, Sequence[str]] | None = None,
) -> RunScores:
    """MultiHop-RAG's fact-substring Hits@4/10, MAP@10, MRR@10 from passage texts.

    Args:
        benchmark: Its queries carry the evidence facts; its chunks/documents the texts of run ids.
        run: query id -> passage id -> score.
        ranked_texts: query id -> retrieved texts as ranked (duplicates kept), used
            instead of the run where given (MultiHop-RAG run files).
    """
    texts = _passage_texts(benchmark)
    ranked_texts = ranked_texts or {}
    per_item: dict[str, dict[str, float]] = {}
    skipped = missing_text = with_text = 0
    for q in benchmark.queries:
        if q.fields.get("question_type") == NULL_QUERY or q.answerability == "unanswerable":
            skipped += 1
            continue
        facts = [ev["fact"] for ev in q.evidence if isinstance(ev, Mapping) and ev.get("fact")]
        retrieved = list(ranked_texts.get(q.query_id, []))[:10]
        for pid in [] if q.query_id in ranked_texts else ranked_ids(run.get(q.query_id, {}))[:10]:
            if pid in texts:
                retrieved.append(texts[pid])
            else:
                missing_text += 1
        with_text += bool(retrieved)
        scores = multihop_retrieval_query(retrieved, facts, hits_ks=(4, 10), cutoff=10)
        per_item[q.query_id] = {f"MultiHop-RAG {k}": v for k, v in scores.items()}
    metrics = [f"MultiHop-RAG {k}" for k in ("Hits@10", "Hits@4", "MAP@10", "MRR@10")]
    return RunScores(per_item, metrics, {"multihop_scored": len(per_item), "multihop_skipped_null": skipped, "multihop_passages_without_text": missing_text,
                                         "multihop_queries_with_retrieved_text": with_text})


def mtrag_scores(
    benchmark: Any,
    run: Mapping[str, Mapping[str, float]],
    k_values: Sequence[int] = MTRAG_K_VALUES,
    collections: Mapping[str, str] | None = None,
) -> RunScores:
    """mtRAG's nDCG/Recall, with its per-collection means weighted by task count.

    Args:
        collections: task id -> collection as the run file names it (the official
            script groups by the run's `Collection`); default: the benchmark's domain.
    """
    qrels = {q.query_id: dict(q.relevant) for q in benchmark.queries if q.relevant}
    query_ids = {q.query_id for q in benchmark.queries}
    sub_run = {qid: dict(docs) for qid, docs in run.items() if qid in query_ids}
    collection_of = {
        q.query_id: str(q.fields.get("collection") or q.fields.get("domain") or "all") for q in benchmark.queries
    }
    collection_of.update(collections or {})
    res = mtrag_retrieval(qrels, sub_run, collection_of, k_values)
    per_item: dict[str, dict[str, float]] = {}
    for qid, s in res.per_query.items():
        row = {f"mtRAG nDCG@{k}": s[f"ndcg_cut_{k}"] for k in k_values}
        row.update({f"mtRAG Recall@{k}": s[f"recall_{k}"] for k in k_values})
        per_item[qid] = row
    named = {f"mtRAG {k}": v for k, v in res.named("all").items()}
    rows = [[name, c["count"], *c["nDCG"], *c["Recall"]] for name, c in res.collections.items()]
    rows.append(["all (weighted)", res.overall["count"], *res.overall["nDCG"], *res.overall["Recall"]])
    table = {
        "title": "mtRAG retrieval by collection (paper weighting)",
        "columns": ["collection", "tasks", *(f"nDCG@{k}" for k in k_values), *(f"Recall@{k}" for k in k_values)],
        "rows": rows,
    }
    return RunScores(
        per_item,
        list(named),
        {"mtrag_scored": len(per_item), "mtrag_dropped_not_in_qrels": len(res.dropped_not_in_qrels)},
        aggregates={m: {"mean": v} for m, v in named.items()},
        tables=[table],
    )


def mirage_scores(
    benchmark: Any,
    run: Mapping[str, Mapping[str, float]],
    k_values: Sequence[int] = MIRAGE_K_VALUES,
    records: Sequence[Mapping[str, Any]] | None = None,
    pool: Sequence[Mapping[str, Any]] | None = None,
) -> RunScores:
    """MIRAGE's P/R/F1/NDCG@1,3,5 (NDCG's ideal ranking from the retrieved list).

    Args:
        benchmark: Its queries' relevant ids are the supporting pool chunks.
        run: query id -> chunk id -> score.
        k_values: Cutoffs.
        records: The MIRAGE run file's own records ({"query_id", "top_chunks"}),
            when scoring one: then, as the official evaluator does, every record
            counts (MIRAGE repeats some queries) and chunks are judged by their
            `mapped_id` and `support` as retrieved, repeats included.
        pool: The MIRAGE doc pool, for the gold counts (repeated entries count
            again, as in the official evaluator); default: the benchmark's chunks.
    """
    short = {"precision": "P", "recall": "R", "F1": "F1", "NDCG": "NDCG"}
    metrics = [f"MIRAGE {short[m]}@{k}" for k in k_values for m in ("precision", "recall", "F1", "NDCG")]
    if records is not None:
        if pool is None:
            pool = [c.metadata for c in benchmark.chunks if "mapped_id" in c.metadata]
        res = mirage_retrieval(records, pool, k_values)
        per_item: dict[str, dict[str, float]] = {}
        for row in res.per_query:
            per_item.setdefault(
                row["query_id"], {f"MIRAGE {short[m]}@{k}": row[k][m] for k in k_values for m in short}
            )
        aggregates = {f"MIRAGE {short[m]}@{k}": {"mean": v} for k, ms in res.aggregates.items() for m, v in ms.items()}
        gold = {str(c.get("mapped_id")) for c in pool if c.get("support") == 1}
        with_gold = sum(str(r.get("query_id")) in gold for r in records)
        return RunScores(per_item, metrics, {"mirage_records": len(res.per_query), "mirage_queries": len(per_item),
                                             "mirage_scored_with_gold": with_gold}, aggregates)
    per_item = {}
    with_gold = 0
    for q in benchmark.queries:
        relevant = {d for d, r in q.relevant.items() if r >= 1}
        with_gold += bool(relevant) and q.query_id in run
        relevances = [1 if pid in relevant else 0 for pid in ranked_ids(run.get(q.query_id, {}))[: max(k_values)]]
        scores = mirage_scores_from_relevances(relevances, len(relevant), k_values)
        per_item[q.query_id] = {f"MIRAGE {short[m]}@{k}": v for k, ms in scores.items() for m, v in ms.items()}
    return RunScores(per_item, metrics, {"mirage_queries": len(per_item), "mirage_scored_with_gold": with_gold})


def score_run(
    benchmark: Any,
    run: Mapping[str, Mapping[str, float]],
    measures: Sequence[Measure],
    paper: str | None = None,
    paper_inputs: Mapping[str, Any] | None = None,
) -> RunScores:
    """Standard measures (through ir_measures) and, optionally, one paper's metrics.

    Args:
        benchmark: The EvalBenchmark the run answers.
        run: query id -> passage id -> score.
        measures: Standard measures.
        paper: None, "multihop-rag", "mtrag" or "mirage".
        paper_inputs: What a peer's own run file carries beyond ids, for exact
            paper metrics: "ranked_texts" (MultiHop-RAG: query id -> texts as
            ranked), "mirage_records" and "mirage_pool" (MIRAGE run records and pool),
            "collections" (mtRAG: task id -> the run's Collection).
    """
    result = evaluate_retrieval(benchmark_qrels(benchmark), run, measures)
    scores = RunScores(
        per_item={qid: dict(s) for qid, s in result.per_query.items()},
        metrics=list(result.metric_names),
        counts=dict(result.counts),
    )
    if paper is None:
        return scores
    inputs = dict(paper_inputs or {})
    if paper == "multihop-rag":
        extra = multihop_scores(benchmark, run, inputs.get("ranked_texts"))
    elif paper == "mtrag":
        extra = mtrag_scores(benchmark, run, collections=inputs.get("collections"))
    elif paper == "mirage":
        extra = mirage_scores(benchmark, run, records=inputs.get("mirage_records"), pool=inputs.get("mirage_pool"))
    else:
        raise ValueError(f"unknown paper {paper!r}; use one of {', '.join(PAPERS)}")
    for qid, row in extra.per_item.items():
        scores.per_item.setdefault(qid, {}).update(row)
    scores.metrics += extra.metrics
    scores.counts.update(extra.counts)
    scores.aggregates.update(extra.aggregates)
    scores.tables += extra.tables
    return scores
