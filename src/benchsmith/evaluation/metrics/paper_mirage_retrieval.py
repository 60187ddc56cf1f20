"""MIRAGE's retrieval metrics, reproducing `retriever.Retriever_Evaluator`.

- A retrieved chunk is relevant when its `mapped_id` is the query's id and its
  `support` label is 1.
- The number of gold chunks is the count of pool chunks mapped to the query
  with support 1 (repeats in the pool count again).
- P@k = relevant in top k / k; R@k = relevant in top k / gold (0 without
  gold); F1 from the two.
- NDCG@k builds its *ideal ranking from the retrieved list itself* (its
  relevance labels sorted descending), not from the gold set, so a run that
  ranks its only relevant chunk first scores 1 however many gold chunks it
  missed.
- Aggregates are plain means over the run's queries, printed to 5 decimals.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MIRAGE_K_VALUES = (1, 3, 5)


def _dcg(relevances: Sequence[float], k: int) -> float:
    # DCG = sum_i rel_i / log2(i + 1), ranks i from 1
    return sum(rel / math.log2(i + 2) for i, rel in enumerate(relevances[:k]))


def mirage_ndcg(relevances: Sequence[float], k: int) -> float:
    """MIRAGE's NDCG@k with the ideal ranking taken from the same retrieved list."""
    ideal = _dcg(sorted(relevances, reverse=True), k)
    return _dcg(relevances, k) / ideal if ideal > 0 else 0.0


def mirage_gold_counts(doc_pool: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Query id -> number of supporting pool chunks mapped to it."""
    counts: dict[str, int] = {}
    for chunk in doc_pool:
        if chunk.get("support") == 1:
            counts[chunk["mapped_id"]] = counts.get(chunk["mapped_id"], 0) + 1
    return counts


def mirage_scores_from_relevances(
    relevances: Sequence[int], n_gold: int, k_values: Sequence[int] = MIRAGE_K_VALUES
) -> dict[int, dict[str, float]]:
    """P/R/F1/NDCG at each k from the 0/1 relevance of the retrieved list (best first)."""
    out: dict[int, dict[str, float]] = {}
    for k in k_values:
        hits = sum(relevances[:k])
        precision = hits / k
        recall = hits / n_gold if n_gold > 0 else 0.0
        f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
        out[k] = {"F1": f1, "NDCG": mirage_ndcg(relevances, k), "precision": precision, "recall": recall}
    return out


def mirage_retrieval_query(
    query_id: str,
    top_chunks: Sequence[Mapping[str, Any]],
    n_gold: int,
    k_values: Sequence[int] = MIRAGE_K_VALUES,
) -> dict[int, dict[str, float]]:
    """P/R/F1/NDCG at each k for one query's retrieved pool chunks (best first)."""
    relevances = [1 if c.get("mapped_id") == query_id and c.get("support") == 1 else 0 for c in top_chunks]
    return mirage_scores_from_relevances(relevances, n_gold, k_values)


@dataclass
class MirageRetrievalResult:
    """per_query: [{"query_id", k: {"F1", "NDCG", "precision", "recall"}}] in run order;
    aggregates: k -> metric -> mean; printed: the same as the script's 5-decimal strings."""

    per_query: list[dict[str, Any]]
    aggregates: dict[int, dict[str, float]]
    k_values: tuple[int, ...] = MIRAGE_K_VALUES

    @property
    def printed(self) -> dict[str, dict[str, str]]:
        return {str(k): {m: f"{v:.5f}" for m, v in ms.items()} for k, ms in self.aggregates.items()}

    def named(self) -> dict[str, float]:
        """{"P@1": ..., "R@1": ..., "F1@1": ..., "NDCG@1": ...} over every k."""
        short = {"precision": "P", "recall": "R", "F1": "F1", "NDCG": "NDCG"}
        return {f"{short[m]}@{k}": v for k, ms in self.aggregates.items() for m, v in ms.items()}


def mirage_retrieval(
    runs: Iterable[Mapping[str, Any]],
    doc_pool: Iterable[Mapping[str, Any]] | Mapping[str, int],
    k_values: Sequence[int] = MIRAGE_K_VALUES,
) -> MirageRetrievalResult:
    """Score MIRAGE retrieval records as the official evaluator does.

    Args:
        runs: Records {"query_id", "top_chunks": [{"mapped_id", "support", ...}]}.
        doc_pool: The chunk pool (dicts with "mapped_id" and "support"), or its
            precomputed `mirage_gold_counts`.
        k_values: Cutoffs (the paper uses 1, 3, 5).
    """
    gold = dict(doc_pool) if isinstance(doc_pool, Mapping) else mirage_gold_counts(doc_pool)
    per_query = []
    for rec in runs:
        qid = rec["query_id"]
        per_query.append({"query_id": qid, **mirage_retrieval_query(qid, rec.get("top_chunks") or [], gold.get(qid, 0), k_values)})
    n = len(per_query)
    aggregates = {
        k: {m: (sum(q[k][m] for q in per_query) / n if n else 0.0) for m in ("F1", "NDCG", "precision", "recall")}
        for k in k_values
    }
    return MirageRetrievalResult(per_query, aggregates, tuple(k_values))
