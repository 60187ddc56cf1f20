"""MIRAGE: exact match (loose and strict), set-token F1, and the four RAG adaptability metrics.

Per query, Ans_B / Ans_O / Ans_M are the loose-EM labels of the base (no context),
oracle (gold chunk) and mixed (top-5 with noise) runs. MIRAGE's script assigns
each query to exactly one bucket, checked in this order:

1. noise vulnerability:      Ans_M = 0 and Ans_O = 1
2. context acceptability:    Ans_M = 1 and Ans_O = 1
3. context insensitivity:    Ans_B = 0 and Ans_O = 0
4. context misinterpretation: Ans_B = 1 and Ans_O = 0

so the four add up to 1. Label counts use the script's key order base_mixed_oracle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from benchsmith.evaluation.generation.base import GENERATION_METRICS, FunctionMetric

ADAPTABILITY_METRICS = ("noise_vulnerability", "context_acceptability", "context_insensitivity",
                        "context_misinterpretation")


def mirage_em_loose(prediction: str, answers: Iterable[str]) -> float:
    """1.0 when any lowercased answer alias is a substring of the lowercased prediction."""
    pred = prediction.lower()
    return float(any(a.lower() in pred for a in answers))


def mirage_em_strict(prediction: str, answers: Iterable[str]) -> float:
    """1.0 when the lowercased prediction equals a lowercased answer alias."""
    pred = prediction.lower()
    return float(any(a.lower() == pred for a in answers))


def mirage_set_f1(prediction: str, answers: Iterable[str]) -> float:
    """MIRAGE's F1: sets of whitespace tokens of the lowercased prediction and of all aliases pooled."""
    pred = set(prediction.lower().split())
    gold = {tok for a in answers for tok in a.lower().split()}
    tp = len(pred & gold)
    precision = tp / len(pred) if pred else 0.0
    recall = tp / len(gold) if gold else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


def adaptability_bucket(base: int, oracle: int, mixed: int) -> str:
    """The one adaptability metric a query counts towards (see module docstring)."""
    if mixed == 0 and oracle == 1:
        return "noise_vulnerability"
    if mixed == 1 and oracle == 1:
        return "context_acceptability"
    if base == 0 and oracle == 0:
        return "context_insensitivity"
    return "context_misinterpretation"


@dataclass(frozen=True)
class AdaptabilityResult:
    """Fractions of the four buckets, their counts, label counts (b_m_o) and per-query buckets."""

    scores: dict[str, float]
    counts: dict[str, int]
    label_counts: dict[str, int]
    total: int
    per_query: dict[str, str] = field(default_factory=dict)

    @property
    def mirage_total(self) -> float:
        """MIRAGE's ranking score: acceptability minus the three failure rates."""
        s = self.scores
        return (s["context_acceptability"] - s["noise_vulnerability"] - s["context_insensitivity"]
                - s["context_misinterpretation"])


def adaptability(base: Sequence[float], oracle: Sequence[float], mixed: Sequence[float],
                 query_ids: Sequence[str] | None = None) -> AdaptabilityResult:
    """The four adaptability metrics from aligned per-query 0/1 labels of the three runs.

    Raises:
        ValueError: the three runs differ in length.
    """
    if not (len(base) == len(oracle) == len(mixed)):
        raise ValueError(f"base, oracle and mixed runs differ in length: {len(base)}, {len(oracle)}, {len(mixed)}")
    ids = list(query_ids) if query_ids is not None else [str(i) for i in range(len(base))]
    counts = dict.fromkeys(ADAPTABILITY_METRICS, 0)
    labels = {f"{b}_{m}_{o}": 0 for b in (0, 1) for m in (0, 1) for o in (0, 1)}
    per_query: dict[str, str] = {}
    for qid, b, o, m in zip(ids, base, oracle, mixed):
        b, o, m = int(b), int(o), int(m)
        labels[f"{b}_{m}_{o}"] += 1
        bucket = adaptability_bucket(b, o, m)
        counts[bucket] += 1
        per_query[qid] = bucket
    n = len(base)
    scores = {k: (v / n if n else 0.0) for k, v in counts.items()}
    return AdaptabilityResult(scores, counts, labels, n, per_query)


@GENERATION_METRICS.register("em_loose")
def _em_loose() -> FunctionMetric:
    """MIRAGE EM (loose): an answer alias is a lowercase substring of the prediction."""
    return FunctionMetric(name="em_loose", needs=("references",), fn=lambda s: mirage_em_loose(s.prediction, s.references))


@GENERATION_METRICS.register("em_strict")
def _em_strict() -> FunctionMetric:
    """MIRAGE EM (strict): the lowercased prediction equals an answer alias."""
    return FunctionMetric(name="em_strict", needs=("references",), fn=lambda s: mirage_em_strict(s.prediction, s.references))


@GENERATION_METRICS.register("set_f1")
def _set_f1() -> FunctionMetric:
    """MIRAGE's set-token F1 over all aliases pooled."""
    return FunctionMetric(name="set_f1", needs=("references",), fn=lambda s: mirage_set_f1(s.prediction, s.references))
