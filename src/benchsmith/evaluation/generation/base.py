"""What a generation metric sees (`GenerationSample`), what it is (`GenerationMetric`), and the registry.

A metric is a small immutable object with a `name`. Metrics that need no model
score one sample at a time (`score`); model-backed metrics (BERTScore) score a
batch (`score_batch`); LLM judges are async (see `judges/`). The CLI turns
`--metrics em,f1,rouge_l,autorater` into objects with `parse_metrics`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from benchsmith.errors import InputError
from benchsmith.registry import Registry


@dataclass(frozen=True)
class GenerationSample:
    """One answer to score, with everything any metric may need.

    Attributes:
        query_id: id of the benchmark query.
        question: the (last) user question.
        prediction: the system's answer.
        references: gold answer and its aliases (may be empty).
        contexts: passages the system saw (texts, in rank order).
        history: earlier turns as (role, content) pairs, oldest first.
        answerability: "answerable", "partial", "unanswerable", "conversational" or None.
    """

    query_id: str
    question: str
    prediction: str
    references: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()
    history: tuple[tuple[str, str], ...] = ()
    answerability: str | None = None


@dataclass(frozen=True)
class GenerationMetric:
    """Base of every generation metric. Subclasses set `name` and implement `score`.

    `needs` lists what a sample must carry ("references", "contexts"); samples
    without it score None (left out of the mean and counted).
    """

    name: str
    needs: tuple[str, ...] = ()
    is_judge: ClassVar[bool] = False
    label: ClassVar[str | None] = None

    def applicable(self, sample: GenerationSample) -> bool:
        return all(getattr(sample, need) for need in self.needs)

    def score(self, sample: GenerationSample) -> float | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def score_batch(self, samples: Sequence[GenerationSample]) -> list[float | None]:
        """Scores in input order; None where the sample lacks what the metric needs."""
        return [self.score(s) if self.applicable(s) else None for s in samples]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class FunctionMetric(GenerationMetric):
    """A metric defined by a plain function of one sample."""

    fn: Callable[[GenerationSample], float] = field(default=lambda s: 0.0, compare=False, repr=False)

    def score(self, sample: GenerationSample) -> float | None:
        return float(self.fn(sample))


MetricFactory = Callable[..., GenerationMetric]

GENERATION_METRICS: Registry[MetricFactory] = Registry("generation metric", "benchsmith.evaluation.generation")

# Conditioned variants (mtRAG): any metric name with this suffix is the base metric conditioned on IDK.
IDK_SUFFIX = "_idk"


def get_metric(name: str, **options: Any) -> GenerationMetric:
    """Build one registered metric by name (e.g. "em", "rouge_l", "autorater")."""
    try:
        factory = GENERATION_METRICS.get(name)
    except KeyError as exc:
        raise InputError(str(exc.args[0])) from None
    return factory(**options)


def metric_names() -> list[str]:
    return GENERATION_METRICS.names()


def parse_metrics(spec: str | Sequence[str]) -> list[str]:
    """Split and check a comma-separated metric list; `X_idk` asks for X conditioned on IDK.

    Raises:
        InputError: an unknown name (the message lists the known ones).
    """
    names = [n.strip() for n in (spec.split(",") if isinstance(spec, str) else spec) if n.strip()]
    if not names:
        raise InputError("no metrics given")
    known = set(metric_names())
    for name in names:
        base = name[: -len(IDK_SUFFIX)] if name.endswith(IDK_SUFFIX) and name not in known else name
        if base not in known:
            raise InputError(f"unknown generation metric {name!r}; known: {', '.join(sorted(known))} "
                             f"(append {IDK_SUFFIX} for the IDK-conditioned variant)")
    return list(dict.fromkeys(names))
