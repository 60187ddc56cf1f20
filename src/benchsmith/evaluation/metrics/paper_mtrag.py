"""mtRAG's retrieval evaluation, reproducing `scripts/evaluation/run_retrieval_eval.py`.

- Scores are pytrec_eval's `ndcg_cut_k` and `recall_k` (k = 1, 3, 5, 10).
- Task ids are written `conv::turn` in the conversation / generation files and
  `conv<::>turn` in the BEIR retrieval tasks and qrels; both are normalized
  to the `<::>` form before matching.
- A run query absent from the qrels is dropped by pytrec_eval, so each
  collection's mean is over its judged queries only; the mean is rounded to 5
  decimals, as the script does.
- Across collections (ClapNQ, Cloud, FiQA, Govt) the "all" score is the
  average of the rounded per-collection means weighted by the number of run
  tasks of each collection (including tasks missing from the qrels, as the
  script counts them).
- In a ranked list that repeats a document id the last score wins (the
  script builds its run dict by assignment).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytrec_eval

MTRAG_K_VALUES = (1, 3, 5, 10)
_PLAIN_SEPARATOR = re.compile(r"(?<!<)::(?!>)")


def normalize_task_id(task_id: str) -> str:
    """`conv::3` and `conv<::>3` both become `conv<::>3`."""
    return _PLAIN_SEPARATOR.sub("<::>", str(task_id))


@dataclass
class MtragRetrievalResult:
    """Per-collection and weighted overall scores.

    Attributes:
        per_query: task id -> {"ndcg_cut_k": ..., "recall_k": ...} (pytrec_eval's names).
        collections: collection -> {"nDCG": [...], "Recall": [...], "count": n}
            with lists ordered like `k_values` (rounded to 5 decimals).
        overall: {"nDCG": [...], "Recall": [...], "count": n}, weighted by count.
        k_values: The cutoffs.
    """

    per_query: dict[str, dict[str, float]]
    collections: dict[str, dict[str, Any]]
    overall: dict[str, Any]
    k_values: tuple[int, ...] = MTRAG_K_VALUES
    dropped_not_in_qrels: list[str] = field(default_factory=list)

    def named(self, scope: str = "all") -> dict[str, float]:
        """{"nDCG@1": ..., "Recall@1": ...} for "all" or one collection."""
        block = self.overall if scope == "all" else self.collections[scope]
        out = {f"nDCG@{k}": v for k, v in zip(self.k_values, block["nDCG"])}
        out.update({f"Recall@{k}": v for k, v in zip(self.k_values, block["Recall"])})
        return out


def mtrag_qrels(rows: Iterable[tuple[str, str, int]]) -> dict[str, dict[str, int]]:
    """Qrels from (query-id, corpus-id, score) rows, ids normalized."""
    qrels: dict[str, dict[str, int]] = {}
    for qid, doc_id, score in rows:
        qrels.setdefault(normalize_task_id(qid), {})[str(doc_id)] = int(score)
    return qrels


def mtrag_run(records: Iterable[Mapping[str, Any]]) -> tuple[dict[str, dict[str, float]], dict[str, str]]:
    """Run and task -> collection map from mtRAG retrieval records.

    Args:
        records: {"task_id", "Collection", "contexts": [{"document_id", "score"}]}.
    """
    run: dict[str, dict[str, float]] = {}
    collection_of: dict[str, str] = {}
    for rec in records:
        tid = normalize_task_id(rec["task_id"])
        docs: dict[str, float] = {}
        for ctx in rec.get("contexts") or []:
            docs[str(ctx["document_id"])] = float(ctx["score"])  # last one wins, as in the script
        run[tid] = docs
        collection_of[tid] = str(rec.get("Collection") or rec.get("collection") or "all")
    return run, collection_of


def _collection_scores(
    qrels: Mapping[str, Mapping[str, int]], run: Mapping[str, Mapping[str, float]], k_values: Sequence[int]
) -> tuple[dict[str, dict[str, float]], dict[str, list[float]]]:
    ks = ",".join(str(k) for k in k_values)
    evaluator = pytrec_eval.RelevanceEvaluator(dict(qrels), {f"ndcg_cut.{ks}", f"recall.{ks}"})
    scores = evaluator.evaluate(dict(run))
    n = len(scores)
    means = {
        "nDCG": [round(sum(s[f"ndcg_cut_{k}"] for s in scores.values()) / n, 5) if n else 0.0 for k in k_values],
        "Recall": [round(sum(s[f"recall_{k}"] for s in scores.values()) / n, 5) if n else 0.0 for k in k_values],
    }
    return scores, means


def mtrag_retrieval(
    qrels: Mapping[str, Mapping[str, int]],
    run: Mapping[str, Mapping[str, float]],
    collection_of: Mapping[str, str] | None = None,
    k_values: Sequence[int] = MTRAG_K_VALUES,
) -> MtragRetrievalResult:
    """Score a run the way mtRAG's retrieval script does.

    Args:
        qrels: task id -> doc id -> relevance (ids in either separator form).
        run: task id -> doc id -> score.
        collection_of: task id -> collection name (default: one collection "all").
        k_values: Cutoffs.
    """
    qrels = {normalize_task_id(q): dict(d) for q, d in qrels.items()}
    run = {normalize_task_id(q): dict(d) for q, d in run.items()}
    collection_of = {normalize_task_id(q): c for q, c in (collection_of or {}).items()}
    by_collection: dict[str, dict[str, dict[str, float]]] = {}
    for tid, docs in run.items():
        by_collection.setdefault(collection_of.get(tid, "all"), {})[tid] = docs
    per_query: dict[str, dict[str, float]] = {}
    collections: dict[str, dict[str, Any]] = {}
    for name, sub_run in by_collection.items():
        scores, means = _collection_scores(qrels, sub_run, k_values)
        per_query.update({q: dict(s) for q, s in scores.items()})
        collections[name] = {**means, "count": len(sub_run)}
    total = sum(c["count"] for c in collections.values())
    overall = {
        key: [sum(c[key][i] * c["count"] for c in collections.values()) / total if total else 0.0 for i in range(len(k_values))]
        for key in ("nDCG", "Recall")
    }
    overall["count"] = total
    dropped = [q for q in run if q not in per_query]
    return MtragRetrievalResult(per_query, collections, overall, tuple(k_values), dropped)
