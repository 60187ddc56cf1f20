"""MultiHop-RAG's QA correctness as a per-item generation metric.

The rule and the official script's summary (precision/recall/F1 and its printed
"accuracy" n/(3n-2tp)) live in evaluation/metrics/paper_multihop.py; this only
registers the per-item rule so `--metrics multihop_qa` works.
"""

from __future__ import annotations

from benchsmith.evaluation.generation.base import GENERATION_METRICS, FunctionMetric


def _correct(sample) -> float:
    from benchsmith.evaluation.metrics.paper_multihop import multihop_qa_correct

    return float(multihop_qa_correct(sample.prediction, sample.references[0]))


@GENERATION_METRICS.register("multihop_qa")
def _multihop_qa() -> FunctionMetric:
    """MultiHop-RAG QA: the extracted answer shares a lowercased whitespace token with the gold answer."""
    return FunctionMetric(name="multihop_qa", needs=("references",), fn=_correct)
