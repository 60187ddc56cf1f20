"""Score many samples with many metrics: plain metrics in-process, judges through the LLM layer.

Names ending in `_idk` are mtRAG's conditioned variants of the base metric (the
`idk` judge runs once and is shared); `answerability_accuracy` also reads the
`idk` verdicts.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from benchsmith.evaluation.generation.base import IDK_SUFFIX, GenerationSample, get_metric, metric_names, parse_metrics
from benchsmith.evaluation.generation.conditioning import answerability_correct, condition_on_idk

Progress = Callable[[str, int], None]


@dataclass
class ScoringResult:
    """Per-item scores and what could not be scored.

    Attributes:
        per_item: query id -> metric -> score (None: not scorable for that item).
        metrics: metric names in the order asked.
        rejected: every Rejected judge reply (as dicts, with the metric name).
        counts: per metric: scored, not_applicable, rejected (and rejections by reason).
        labels: metric -> label to show beside it (e.g. BERTScore with MiniLM).
        details: metric -> query id -> extra per-item detail (judge votes, per-passage values).
    """

    per_item: dict[str, dict[str, float | None]]
    metrics: list[str]
    rejected: list[dict[str, Any]] = field(default_factory=list)
    counts: dict[str, dict[str, Any]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    details: dict[str, dict[str, Any]] = field(default_factory=dict)


def _base_names(names: Sequence[str]) -> list[str]:
    known = set(metric_names())
    base: dict[str, None] = {}
    for name in names:
        if name.endswith(IDK_SUFFIX) and name not in known:
            base[name[: -len(IDK_SUFFIX)]] = None
            base["idk"] = None
        elif name == "answerability_accuracy":
            base["idk"] = None
        else:
            base[name] = None
    return list(base)


def judge_metrics(metrics: str | Sequence[str]) -> list[str]:
    """The LLM-judge metrics that scoring `metrics` runs (e.g. "idk" for "f1_idk"); they need judge clients."""
    return [base for base in _base_names(parse_metrics(metrics)) if get_metric(base).is_judge]


async def score_samples_async(
    samples: Sequence[GenerationSample],
    metrics: str | Sequence[str],
    *,
    judges: Sequence[Any] = (),
    metric_options: dict[str, dict[str, Any]] | None = None,
    progress: Progress | None = None,
) -> ScoringResult:
    """Score `samples` with `metrics` (names, see `parse_metrics`).

    Args:
        samples: the answers to score.
        metrics: metric names or a comma-separated string.
        judges: LLM clients (`benchsmith.llm.get_client`) for judge metrics; their median is taken.
        metric_options: metric name -> keyword options for its factory (e.g. {"rb_llm": {"samples_per_judge": 3}}).
        progress: called as progress(metric_name, n_done_increment).

    Raises:
        InputError: an unknown metric name.
        ValueError: a judge metric without judges.
    """
    names = parse_metrics(metrics)
    options = metric_options or {}
    raw: dict[str, list[float | None]] = {}
    result = ScoringResult(per_item={s.query_id: {} for s in samples}, metrics=names)
    for base in _base_names(names):
        metric = get_metric(base, **options.get(base, {}))
        if metric.label:
            result.labels[base] = metric.label
        if metric.is_judge:
            outcomes = await metric.ajudge(samples, judges, on_done=(lambda b=base: progress(b, 1)) if progress else None)
            raw[base] = [o.score for o in outcomes]
            reasons = Counter()
            for sample, outcome in zip(samples, outcomes):
                if outcome.votes:
                    result.details.setdefault(base, {})[sample.query_id] = [
                        {"model": v.model, "score": v.score, "detail": v.detail,
                         "rejected": v.rejected.reason if v.rejected else None} for v in outcome.votes]
                for rej in outcome.rejected:
                    reasons[rej.reason] += 1
                    result.rejected.append({"metric": base, **rej.model_dump(mode="json")})
            result.counts[base] = {"rejected_votes": sum(reasons.values()), "rejected_by_reason": dict(reasons)}
        else:
            values = await asyncio.to_thread(metric.score_batch, list(samples))
            raw[base] = values
            if progress:
                progress(base, len(samples))
    idk = raw.get("idk")
    for name in names:
        if name in raw:
            values = raw[name]
        elif name == "answerability_accuracy":
            values = [answerability_correct(v, s.answerability) for v, s in zip(idk, samples)]
        else:  # X_idk
            base = raw[name[: -len(IDK_SUFFIX)]]
            values = [condition_on_idk(v, i, s.answerability) for v, i, s in zip(base, idk, samples)]
        for sample, value in zip(samples, values):
            result.per_item[sample.query_id][name] = value
        counts = result.counts.setdefault(name, {})
        counts["scored"] = sum(v is not None for v in values)
        counts["unscored"] = sum(v is None for v in values)
    return result


def score_samples(samples: Sequence[GenerationSample], metrics: str | Sequence[str], **kwargs: Any) -> ScoringResult:
    """Synchronous `score_samples_async`."""
    return asyncio.run(score_samples_async(samples, metrics, **kwargs))
