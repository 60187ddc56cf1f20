"""Pair prediction records with benchmark queries, the way each peer's files name them.

A query the benchmark lists n times (MIRAGE) takes n records: the k-th is keyed `id#k`
(see `expand_repeats`), as MIRAGE's scripts score every record.

A record is matched by, in order: its id as written; its id as mtRAG writes it either way
(`conv::3` / `conv<::>3`); the id the benchmark file itself used (`metadata["id_map"]`);
FRAMES' row number (`0` -> `frames-0000`); and finally its query text (MultiHop-RAG's QA
output and FRAMES files name queries only by text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.systems.predictions import Prediction, PredictionRecord


def _normal_text(text: str) -> str:
    return " ".join(text.split())


@dataclass
class MatchedPredictions:
    """Predictions keyed by benchmark query id, and the records that matched nothing."""

    predictions: dict[str, Prediction]
    unknown: list[str] = field(default_factory=list)  # how the unmatched records named their query


def repeat_key(query_id: str, n: int) -> str:
    """The key of the n-th record of a query the benchmark lists more than once (MIRAGE repeats some)."""
    return query_id if n == 1 else f"{query_id}#{n}"


def expand_repeats(benchmark: Any) -> Any:
    """The benchmark with a query listed n times (`fields["occurrences"]`) present n times, keyed `id#2`, ...

    MIRAGE's files repeat some queries and its scripts score every record, so each repeat is an item.
    """
    from dataclasses import replace

    if all(int(q.fields.get("occurrences") or 1) == 1 for q in benchmark.queries):
        return benchmark
    queries = [q.model_copy(update={"query_id": repeat_key(q.query_id, n)})
               for q in benchmark.queries for n in range(1, int(q.fields.get("occurrences") or 1) + 1)]
    return replace(benchmark, queries=queries)


def match_predictions(benchmark: Any, records: Sequence[PredictionRecord], path: Path | None = None) -> MatchedPredictions:
    """Key every record by the benchmark query it answers.

    Raises:
        InputError: two records answer the same query differently (names both places).
    """
    from benchsmith.retrieval.runs import canonical_task_id

    benchmark = expand_repeats(benchmark)
    ids = {q.query_id for q in benchmark.queries}
    raw_ids = {str(raw): qid for qid, raw in (benchmark.metadata.get("id_map") or {}).items()}
    by_text = {_normal_text(q.question): q.query_id for q in benchmark.queries}

    def resolve(pred: Prediction) -> str | None:
        if pred.id:
            for candidate in (pred.id, canonical_task_id(pred.id), raw_ids.get(pred.id),
                              f"frames-{int(pred.id):04d}" if pred.id.isdigit() else None):
                if candidate in ids:
                    return candidate
        return by_text.get(_normal_text(pred.query)) if pred.query else None

    out: dict[str, Prediction] = {}
    first: dict[str, PredictionRecord] = {}
    unknown: list[str] = []
    seen: dict[str, int] = {}
    for rec in records:
        qid = resolve(rec.prediction)
        if qid is None:
            unknown.append(rec.prediction.id or f"query text {rec.prediction.query[:60]!r}")
            continue
        seen[qid] = seen.get(qid, 0) + 1
        if seen[qid] > 1 and repeat_key(qid, seen[qid]) in ids:
            qid = repeat_key(qid, seen[qid])  # the benchmark lists this query again: its next record
        elif qid in out:
            if out[qid].answer == rec.prediction.answer:
                continue  # MIRAGE repeats some queries with the same output
            at = f"line {first[qid].line}" if first[qid].line is not None else first[qid].where
            raise InputError(f"two different answers for query {qid!r} (first at {at})", path=path, line=rec.line,
                             json_path=rec.where)
        out[qid] = rec.prediction.model_copy(update={"id": qid})
        first[qid] = rec
    return MatchedPredictions(out, unknown)
