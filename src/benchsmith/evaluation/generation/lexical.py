"""Token-level answer metrics: SQuAD-normalized exact match, contains, token F1, token recall.

Normalization (SQuAD v1.1 and mtRAG's scripts alike): lowercase, drop ASCII
punctuation, drop the articles a/an/the, collapse whitespace.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable

from benchsmith.evaluation.generation.base import GENERATION_METRICS, FunctionMetric

_PUNCT = frozenset(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def normalize_answer(text: str) -> str:
    """Lowercase, remove punctuation, articles and extra whitespace (SQuAD order)."""
    text = "".join(ch for ch in text.lower() if ch not in _PUNCT)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())


def _tokens(text: str) -> list[str]:
    return normalize_answer(text).split()


def exact_match(prediction: str, reference: str) -> float:
    """1.0 when the normalized strings are equal."""
    return float(normalize_answer(prediction) == normalize_answer(reference))


def contains_match(prediction: str, reference: str) -> float:
    """1.0 when the normalized reference occurs in the normalized prediction as whole tokens."""
    ref = normalize_answer(reference)
    if not ref:
        return 0.0
    return float(f" {ref} " in f" {normalize_answer(prediction)} ")


def _common(pred: list[str], ref: list[str]) -> int:
    return sum((Counter(pred) & Counter(ref)).values())


def token_f1(prediction: str, reference: str) -> float:
    """SQuAD token F1 over normalized tokens (multiset overlap)."""
    pred, ref = _tokens(prediction), _tokens(reference)
    if not pred or not ref:
        return float(pred == ref)
    common = _common(pred, ref)
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)


def token_recall(prediction: str, reference: str) -> float:
    """mtRAG's "Recall": shared normalized tokens (multiset) / reference tokens."""
    pred, ref = _tokens(prediction), _tokens(reference)
    common = _common(pred, ref)
    return common / len(ref) if common else 0.0


def token_precision(prediction: str, reference: str) -> float:
    """mtRAG's k-precision: shared normalized tokens (multiset) / prediction tokens."""
    pred, ref = _tokens(prediction), _tokens(reference)
    common = _common(pred, ref)
    return common / len(pred) if common else 0.0


def best_over(fn, prediction: str, references: Iterable[str]) -> float:
    """The best score over a reference and its aliases (0.0 with none)."""
    return max((fn(prediction, r) for r in references), default=0.0)


def _reference_metric(name: str, fn):
    @GENERATION_METRICS.register(name)
    def factory() -> FunctionMetric:
        return FunctionMetric(name=name, needs=("references",),
                              fn=lambda s: best_over(fn, s.prediction, s.references))

    factory.__doc__ = fn.__doc__
    return factory


_reference_metric("em", exact_match)
_reference_metric("contains", contains_match)
_reference_metric("f1", token_f1)
_reference_metric("recall", token_recall)
_reference_metric("k_precision", token_precision)


@GENERATION_METRICS.register("length")
def _length() -> FunctionMetric:
    """Characters in the answer, as mtRAG's Length reports it."""
    return FunctionMetric(name="length", fn=lambda s: len(s.prediction))


__all__ = ["normalize_answer", "exact_match", "contains_match", "token_f1", "token_recall", "token_precision",
           "best_over"]
