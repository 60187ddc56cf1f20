"""The shared shape of LLM judges: several judge models, several samples each, the median."""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from benchsmith.evaluation.generation.base import GenerationMetric, GenerationSample
from benchsmith.llm.base import GenerationConfig
from benchsmith.types import Rejected


@dataclass(frozen=True)
class JudgeVote:
    """One judge model's reading of one sample: a score, or why there is none."""

    model: str
    score: float | None
    rejected: Rejected | None = None
    detail: Any = None


@dataclass(frozen=True)
class JudgeOutcome:
    """The final score of one sample (median of the valid votes) and every vote."""

    score: float | None
    votes: tuple[JudgeVote, ...] = ()

    @property
    def rejected(self) -> list[Rejected]:
        return [v.rejected for v in self.votes if v.rejected is not None]


def median_or_none(values: Sequence[float | None]) -> float | None:
    valid = [v for v in values if v is not None]
    return float(statistics.median(valid)) if valid else None


@dataclass(frozen=True)
class JudgeMetric(GenerationMetric):
    """Base of LLM judges. Subclasses implement `vote(client, sample, config)`.

    Attributes:
        samples_per_judge: votes per judge model (temperature `temperature`, seeds 0..n-1).
        temperature: sampling temperature of the judge (0 for one deterministic vote).
    """

    samples_per_judge: int = 1
    temperature: float = 0.0
    is_judge: ClassVar[bool] = True
    step: ClassVar[str] = "judge"

    def score(self, sample: GenerationSample) -> float | None:
        raise TypeError(f"{self.name} is an LLM judge: use `await metric.ajudge(samples, clients)`")

    def score_batch(self, samples: Sequence[GenerationSample]) -> list[float | None]:
        raise TypeError(f"{self.name} is an LLM judge: use `await metric.ajudge(samples, clients)`")

    def configs(self) -> list[GenerationConfig]:
        n = max(1, self.samples_per_judge)
        if n == 1:
            return [GenerationConfig(temperature=self.temperature)]
        return [GenerationConfig(temperature=self.temperature or 0.7, seed=i) for i in range(n)]

    async def vote(self, client: Any, sample: GenerationSample, config: GenerationConfig) -> JudgeVote:
        raise NotImplementedError

    async def ajudge(
        self,
        samples: Sequence[GenerationSample],
        clients: Sequence[Any],
        *,
        on_done: Callable[[], None] | None = None,
    ) -> list[JudgeOutcome]:
        """Judge every sample with every client (and every sample config); median per sample.

        Samples the metric cannot score (missing reference/contexts) get score None and no votes.
        """
        if not clients:
            raise ValueError(f"{self.name} needs at least one judge model (--judge)")

        async def one(sample: GenerationSample) -> JudgeOutcome:
            if not self.applicable(sample):
                if on_done:
                    on_done()
                return JudgeOutcome(None)
            votes = await asyncio.gather(*(self.vote(c, sample, cfg) for c in clients for cfg in self.configs()))
            if on_done:
                on_done()
            return JudgeOutcome(median_or_none([v.score for v in votes]), tuple(votes))

        return list(await asyncio.gather(*(one(s) for s in samples)))


def vote_from_completion(completion: Any, read: Callable[[Any], float]) -> JudgeVote:
    """A vote from a structured completion: `read(parsed)` when it parsed, else its Rejected."""
    if completion.rejected is not None:
        return JudgeVote(completion.model, None, completion.rejected)
    return JudgeVote(completion.model, read(completion.parsed), detail=completion.parsed.model_dump()
                     if hasattr(completion.parsed, "model_dump") else completion.parsed)


def history_text(sample: GenerationSample) -> str:
    return "\n".join(f"{role}: {content}" for role, content in sample.history)
