"""mtRAG's RB_llm: a judge rates the answer 1-10 against reference and passages; median over judges.

The reply is free text ending in "Rating: [[N]]"; `parse_rating` reads it the
way mtRAG's scoring code does (lines after "for example:" are ignored; a list
of patterns is tried and the last one that matches wins; the rating is divided
by 10). mtRAG falls back to 0.5 when nothing matches or the value is out of
(0, 1]; here such a reply is a Rejected vote unless `paper_fallback` is set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from benchsmith.evaluation.generation.base import GENERATION_METRICS, GenerationSample
from benchsmith.evaluation.generation.judges.base import JudgeMetric, JudgeVote, history_text
from benchsmith.llm.base import GenerationConfig
from benchsmith.prompting import render
from benchsmith.types import Rejected

TEMPLATE = "judge_rb_llm.v1.j2"
PAPER_FALLBACK = 0.5

_EXAMPLE_LINE = re.compile(r"for example:.*?$", re.IGNORECASE | re.MULTILINE)
# Tried in order; a later pattern that matches overrides an earlier one (as in mtRAG's code).
_RATING_PATTERNS = [re.compile(p, re.IGNORECASE) for p in (
    r"Rating: \[\[(\d+)\]\]",
    r"Rating: (\d+)",
    r"\[\[(\d+)\]\]",
    r"\[(\d+)\]",
    r"Rating: \[\[([0-9]*\.?[0-9]+)\]\]",
    r"Overall Rating: ([0-9]*\.?[0-9]+)",
    r"Score: ([0-9]*\.?[0-9]+)/10",
    r"Score: ([0-9]*\.?[0-9]+)",
    r"\[Rating\]\n(\d+)",
    r"Rating: \[\[(\d+)/10\]\]",
    r"Rating: \[\[([-+]?\d*\.?\d+)",
    r"([-+]?\d*\.?\d+) out of 10",
)]


def parse_rating(text: str) -> float | None:
    """A 1-10 rating scaled to (0, 1], or None when no pattern gives a value in range."""
    text = _EXAMPLE_LINE.sub("", str(text))
    value: float | None = None
    for pattern in _RATING_PATTERNS:
        found = pattern.findall(text)
        if found:
            value = float(found[0]) / 10
    if value is None or value <= 0 or value > 1:
        return None
    return value


def build_prompt(sample: GenerationSample) -> list[dict[str, str]]:
    return [{"role": "user", "content": render(
        TEMPLATE, history=history_text(sample), question=sample.question, reference=sample.references[0],
        answer=sample.prediction, passages="\n\n".join(sample.contexts))}]


@dataclass(frozen=True)
class RbLlm(JudgeMetric):
    paper_fallback: bool = False
    step: ClassVar[str] = "judge_rb_llm"

    async def vote(self, client: Any, sample: GenerationSample, config: GenerationConfig) -> JudgeVote:
        completion = await client.complete(build_prompt(sample), config, step=self.step, input_ref=sample.query_id)
        if completion.rejected is not None:
            return JudgeVote(completion.model, None, completion.rejected)
        rating = parse_rating(completion.text)
        if rating is None:
            if self.paper_fallback:
                return JudgeVote(completion.model, PAPER_FALLBACK, detail={"fallback": True})
            return JudgeVote(completion.model, None, Rejected(
                step=self.step, reason="no_rating", detail="no 'Rating: [[1-10]]' found in the judge's reply",
                input_ref=sample.query_id, raw_output=completion.text))
        return JudgeVote(completion.model, rating, detail={"rating": rating * 10})


@GENERATION_METRICS.register("rb_llm")
def _rb_llm(samples_per_judge: int = 1, temperature: float = 0.0, paper_fallback: bool = False) -> RbLlm:
    """mtRAG RB_llm: median over judges of the 1-10 rating / 10."""
    return RbLlm(name="rb_llm", needs=("references",), samples_per_judge=samples_per_judge,
                 temperature=temperature, paper_fallback=paper_fallback)
