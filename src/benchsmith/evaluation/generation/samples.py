"""Pair a benchmark's queries with a system's predictions into `GenerationSample`s."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from benchsmith.evaluation.benchmark import EvalBenchmark
from benchsmith.evaluation.generation.base import GenerationSample

ContextsFrom = Literal["auto", "predictions", "gold", "none"]


@dataclass
class SampleSet:
    """The samples to score and what was left out.

    Attributes:
        samples: one per query that has a usable prediction, in benchmark order.
        missing: query ids without a prediction.
        failed: query id -> the system's error, for predictions with `error` set.
        unknown: prediction ids the benchmark does not have.
    """

    samples: list[GenerationSample]
    missing: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {"scored_items": len(self.samples), "missing_prediction": len(self.missing),
                "system_failed": len(self.failed), "unknown_prediction_ids": len(self.unknown)}


def build_samples(benchmark: EvalBenchmark, predictions: Mapping[str, object],
                  contexts_from: ContextsFrom = "auto") -> SampleSet:
    """Match predictions (id -> Prediction) to queries.

    Args:
        contexts_from: where a sample's passages come from: the prediction's own contexts
            ("predictions"), the query's gold passages ("gold"), none, or "auto" (the
            prediction's when it has any, else gold).
    """
    from benchsmith.evaluation.systems.baseline import gold_passages, passage_lookup

    texts = passage_lookup(benchmark) if contexts_from in ("auto", "gold") else {}
    known = {q.query_id for q in benchmark.queries}
    out = SampleSet(samples=[], unknown=sorted(set(predictions) - known))
    for q in benchmark.queries:
        pred = predictions.get(q.query_id)
        if pred is None:
            out.missing.append(q.query_id)
            continue
        if pred.error:
            out.failed[q.query_id] = pred.error
            continue
        own = pred.context_texts
        if contexts_from == "predictions" or (contexts_from == "auto" and own):
            contexts = own
        elif contexts_from in ("auto", "gold"):
            contexts = tuple(p.text for p in gold_passages(q, texts, limit=len(q.relevant)))
        else:
            contexts = ()
        out.samples.append(GenerationSample(
            query_id=q.query_id, question=q.question, prediction=pred.answer, references=tuple(q.answers),
            contexts=contexts, history=tuple((t.role, t.content) for t in q.history if t.role != "system"),
            answerability=q.answerability))
    return out
