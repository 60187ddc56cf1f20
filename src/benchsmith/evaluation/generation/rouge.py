"""ROUGE-L F-measure through Google's rouge-score package (as mtRAG's `evaluate` "rouge" does)."""

from __future__ import annotations

from functools import lru_cache

from benchsmith.evaluation.generation.base import GENERATION_METRICS, FunctionMetric
from benchsmith.evaluation.generation.lexical import best_over


@lru_cache(maxsize=2)
def _scorer(use_stemmer: bool):
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rougeL"], use_stemmer=use_stemmer)


def rouge_l(prediction: str, reference: str, *, use_stemmer: bool = False) -> float:
    """ROUGE-L F-measure of `prediction` against `reference` (rouge-score's default tokenizer)."""
    return _scorer(use_stemmer).score(reference, prediction)["rougeL"].fmeasure


@GENERATION_METRICS.register("rouge_l")
def _rouge_l(use_stemmer: bool = False) -> FunctionMetric:
    """ROUGE-L F against the best reference; mtRAG's RougeL_stemFalse when use_stemmer is False."""
    return FunctionMetric(name="rouge_l", needs=("references",),
                          fn=lambda s: best_over(lambda p, r: rouge_l(p, r, use_stemmer=use_stemmer),
                                                 s.prediction, s.references))
