"""FRAMES-style autorater: does the prediction contain the gold answer's meaning? TRUE/FALSE."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from benchsmith.evaluation.generation.base import GENERATION_METRICS, GenerationSample
from benchsmith.evaluation.generation.judges.base import JudgeMetric, JudgeVote, vote_from_completion
from benchsmith.llm.base import GenerationConfig
from benchsmith.prompting import render

TEMPLATE = "judge_autorater.v1.j2"


class AutoraterVerdict(BaseModel):
    explanation: str = Field(description="How the decision was reached.")
    decision: Literal["TRUE", "FALSE"]


def build_prompt(sample: GenerationSample) -> list[dict[str, str]]:
    """The autorater's messages for one sample (gold = first reference)."""
    return [{"role": "system", "content": "You are a careful, impartial grader."},
            {"role": "user", "content": render(TEMPLATE, question=sample.question, prediction=sample.prediction,
                                               gold=sample.references[0])}]


@dataclass(frozen=True)
class Autorater(JudgeMetric):
    step: ClassVar[str] = "judge_autorater"

    async def vote(self, client: Any, sample: GenerationSample, config: GenerationConfig) -> JudgeVote:
        completion = await client.complete(build_prompt(sample), config, AutoraterVerdict,
                                           step=self.step, input_ref=sample.query_id)
        return vote_from_completion(completion, lambda v: 1.0 if v.decision == "TRUE" else 0.0)


@GENERATION_METRICS.register("autorater")
def _autorater(samples_per_judge: int = 1, temperature: float = 0.0) -> Autorater:
    """FRAMES autorater accuracy (1 when the judge says TRUE)."""
    return Autorater(name="autorater", needs=("references",), samples_per_judge=samples_per_judge,
                     temperature=temperature)
