"""mtRAG's extractiveness: how much an answer copies from each passage.

Both texts lose newlines and every character that is neither a word character
nor whitespace, and are lowercased. If the passage (spaces removed) occurs in
the answer (spaces removed) the score is 1; otherwise it is ROUGE-L F of answer
against passage. One score per passage; the metric reports the maximum.
"""

from __future__ import annotations

import re

from benchsmith.evaluation.generation.base import GENERATION_METRICS, FunctionMetric
from benchsmith.evaluation.generation.rouge import rouge_l

_NON_WORD = re.compile(r"[^\w\s]")


def _strip(text: str) -> str:
    return _NON_WORD.sub("", text.replace("\n", " ")).lower()


def extractiveness(prediction: str, passage: str) -> float:
    """mtRAG's Extractiveness_RougeL of one answer against one passage."""
    answer, target = _strip(prediction), _strip(passage)
    if target.replace(" ", "") in answer.replace(" ", ""):
        return 1.0
    return rouge_l(answer, target)


def extractiveness_per_passage(prediction: str, passages: list[str] | tuple[str, ...]) -> list[float]:
    return [extractiveness(prediction, p) for p in passages]


@GENERATION_METRICS.register("extractiveness")
def _extractiveness() -> FunctionMetric:
    """Max over the passages of mtRAG's per-passage extractiveness."""
    return FunctionMetric(name="extractiveness", needs=("contexts",),
                          fn=lambda s: max(extractiveness_per_passage(s.prediction, s.contexts)))
