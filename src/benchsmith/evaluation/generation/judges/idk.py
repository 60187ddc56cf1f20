"""mtRAG's IDK judge: does the answer say it lacks the information? yes (1) / partial (0.5) / no (0)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel

from benchsmith.evaluation.generation.base import GENERATION_METRICS, GenerationSample
from benchsmith.evaluation.generation.conditioning import IDK_VALUES
from benchsmith.evaluation.generation.judges.base import JudgeMetric, JudgeVote, vote_from_completion
from benchsmith.evaluation.generation.templates import render
from benchsmith.llm.base import GenerationConfig

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


@GENERATION_METRICS.register("answerability_accuracy")
def _answerability_accuracy(samples_per_judge: int = 1, temperature: float = 0.0) -> IdkJudge:
    """Whether the IDK verdict matches gold answerability (computed from the idk judge)."""
    return IdkJudge(name="answerability_accuracy", samples_per_judge=samples_per_judge, temperature=temperature)
