"""RAGAS-style faithfulness: split the answer into statements, check each against the contexts.

Score = supported statements / all statements. An answer with no statements has
no score (RAGAS gives NaN); it is counted as a rejection with reason no_statements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from benchsmith.evaluation.generation.base import GENERATION_METRICS, GenerationSample
from benchsmith.evaluation.generation.judges.base import JudgeMetric, JudgeVote
from benchsmith.llm.base import GenerationConfig
from benchsmith.prompting import render
from benchsmith.types import Rejected

STATEMENTS_TEMPLATE = "judge_faithfulness_statements.v1.j2"
VERIFY_TEMPLATE = "judge_faithfulness_verify.v1.j2"


class Statements(BaseModel):
    statements: list[str] = Field(description="Self-contained factual statements made by the answer.")


class StatementVerdict(BaseModel):
    statement: str
    reason: str = ""
    supported: bool


class StatementVerdicts(BaseModel):
    verdicts: list[StatementVerdict]


def statements_prompt(sample: GenerationSample) -> list[dict[str, str]]:
    return [{"role": "user", "content": render(STATEMENTS_TEMPLATE, question=sample.question,
                                               answer=sample.prediction)}]


def verify_prompt(sample: GenerationSample, statements: list[str]) -> list[dict[str, str]]:
    return [{"role": "user", "content": render(VERIFY_TEMPLATE, contexts=list(sample.contexts),
                                               statements=statements)}]


@dataclass(frozen=True)
class Faithfulness(JudgeMetric):
    step: ClassVar[str] = "judge_faithfulness"

    async def vote(self, client: Any, sample: GenerationSample, config: GenerationConfig) -> JudgeVote:
        first = await client.complete(statements_prompt(sample), config, Statements,
                                      step=f"{self.step}_statements", input_ref=sample.query_id)
        if first.rejected is not None:
            return JudgeVote(first.model, None, first.rejected)
        statements = [s.strip() for s in first.parsed.statements if s.strip()]
        if not statements:
            return JudgeVote(first.model, None, Rejected(
                step=self.step, reason="no_statements", detail="the answer yielded no statements to verify",
                input_ref=sample.query_id, raw_output=first.text))
        second = await client.complete(verify_prompt(sample, statements), config, StatementVerdicts,
                                       step=f"{self.step}_verify", input_ref=sample.query_id)
        if second.rejected is not None:
            return JudgeVote(second.model, None, second.rejected)
        verdicts = second.parsed.verdicts
        if len(verdicts) != len(statements):
            return JudgeVote(second.model, None, Rejected(
                step=self.step, reason="verdict_count_mismatch",
                detail=f"{len(statements)} statements but {len(verdicts)} verdicts",
                input_ref=sample.query_id, raw_output=second.text))
        supported = sum(v.supported for v in verdicts)
        return JudgeVote(second.model, supported / len(verdicts),
                         detail={"statements": statements, "supported": [v.supported for v in verdicts]})


@GENERATION_METRICS.register("faithfulness")
def _faithfulness(samples_per_judge: int = 1, temperature: float = 0.0) -> Faithfulness:
    """RAGAS-style faithfulness (mtRAG's RL_F): supported statements / statements."""
    return Faithfulness(name="faithfulness", needs=("contexts",), samples_per_judge=samples_per_judge,
                        temperature=temperature)
