"""Generation metrics: lexical, ROUGE-L, BERTScore, extractiveness, RB_alg, LLM judges, MIRAGE adaptability.

    from benchsmith.evaluation.generation import get_metric, parse_metrics, score_samples
    names = parse_metrics("em,f1,rouge_l,autorater")
"""

from benchsmith.evaluation.generation.adaptability import (
    ADAPTABILITY_METRICS,
    AdaptabilityResult,
    adaptability,
    mirage_em_loose,
    mirage_em_strict,
    mirage_set_f1,
)
from benchsmith.evaluation.generation.base import (
    GENERATION_METRICS,
    IDK_SUFFIX,
    FunctionMetric,
    GenerationMetric,
    GenerationSample,
    get_metric,
    metric_names,
    parse_metrics,
)
from benchsmith.evaluation.generation.conditioning import answerability_correct, condition_on_idk
from benchsmith.evaluation.generation.extractiveness import extractiveness, extractiveness_per_passage
from benchsmith.evaluation.generation.lexical import (
    contains_match,
    exact_match,
    normalize_answer,
    token_f1,
    token_precision,
    token_recall,
)
from benchsmith.evaluation.generation.rb_alg import rb_alg_combine
from benchsmith.evaluation.generation.rouge import rouge_l
from benchsmith.evaluation.generation.scoring import ScoringResult, score_samples, score_samples_async

__all__ = [
    "ADAPTABILITY_METRICS", "AdaptabilityResult", "FunctionMetric", "GENERATION_METRICS", "GenerationMetric",
    "GenerationSample", "IDK_SUFFIX", "ScoringResult", "adaptability", "answerability_correct", "condition_on_idk",
    "contains_match", "exact_match", "extractiveness", "extractiveness_per_passage", "get_metric", "metric_names",
    "mirage_em_loose", "mirage_em_strict", "mirage_set_f1", "normalize_answer", "parse_metrics", "rb_alg_combine",
    "rouge_l", "score_samples", "score_samples_async", "token_f1", "token_precision", "token_recall",
]
