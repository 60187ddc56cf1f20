"""mtRAG's IDK judge: does the answer say it lacks the information? yes (1) / partial (0.5) / no (0)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel

from benchsmith.evaluation.generation.base import GENERATION_METRICS, GenerationSample
from benchsmith.evaluation.generation.conditioning import IDK_VALUES, answerability_correct
from benchsmith.evaluation.generation.judges.base import JudgeMetric, JudgeOutcome, JudgeVote, vote_from_completion
from benchsmith.llm.base import GenerationConfig
from benchsmith.prompting import render

TEMPLATE = "judge_idk.v1.j2"


class IdkVerdict(BaseModel):
    label: Literal["yes", "no", "partial"]


def inquiry_text(sample: GenerationSample) -> str:
    """The conversation up to the question, one "role: text" line per turn."""
    lines = [f"{role}: {content}" for role, content in sample.history]
    lines.append(f"user: {sample.question}")
    return "\n".join(lines)


def build_prompt(sample: GenerationSample) -> list[dict[str, str]]:
    return [{"role": "user", "content": render(TEMPLATE, inquiry=inquiry_text(sample), response=sample.prediction)}]


@dataclass(frozen=True)
class IdkJudge(JudgeMetric):
    step: ClassVar[str] = "judge_idk"

    async def vote(self, client: Any, sample: GenerationSample, config: GenerationConfig) -> JudgeVote:
        completion = await client.complete(build_prompt(sample), config, IdkVerdict,
                                           step=self.step, input_ref=sample.query_id)
        return vote_from_completion(completion, lambda v: IDK_VALUES[v.label])


@GENERATION_METRICS.register("idk")
def _idk(samples_per_judge: int = 1, temperature: float = 0.0) -> IdkJudge:
    """mtRAG IDK judge value (1 yes, 0.5 partial, 0 no); also drives `*_idk` and answerability_accuracy."""
    return IdkJudge(name="idk", samples_per_judge=samples_per_judge, temperature=temperature)


@dataclass(frozen=True)
class AnswerabilityAccuracy(IdkJudge):
    """1 when the IDK verdict agrees with the gold answerability (see conditioning.answerability_correct)."""

    async def ajudge(self, samples: Sequence[GenerationSample], clients: Sequence[Any], *,
                     on_done: Callable[[], None] | None = None) -> list[JudgeOutcome]:
        outcomes = await super().ajudge(samples, clients, on_done=on_done)
        return [JudgeOutcome(answerability_correct(o.score, s.answerability), o.votes)
                for s, o in zip(samples, outcomes)]


@GENERATION_METRICS.register("answerability_accuracy")
def _answerability_accuracy(samples_per_judge: int = 1, temperature: float = 0.0) -> AnswerabilityAccuracy:
    """mtRAG's answerability accuracy: the IDK verdict matches the gold answerability."""
    return AnswerabilityAccuracy(name="answerability_accuracy", samples_per_judge=samples_per_judge,
                                 temperature=temperature)
