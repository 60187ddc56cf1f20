"""Evaluation as plain functions: build an options object, call, get a results document.

    from benchsmith.evaluation.api import RetrievalOptions, evaluate_retrieval
    from benchsmith.evaluation.report import write_results

    result = evaluate_retrieval(RetrievalOptions(benchmark=Path("bench/"), retrievers=["bm25"]))
    write_results("eval/", result.doc)

The `evaluate` commands of the CLI are thin shells around these functions.
"""

from benchsmith.evaluation.api.generation import GenerationOptions, evaluate_generation
from benchsmith.evaluation.api.reporting import Reporter
from benchsmith.evaluation.api.retrieval import EvaluationResult, RetrievalOptions, evaluate_retrieval

__all__ = ["EvaluationResult", "GenerationOptions", "Reporter", "RetrievalOptions", "evaluate_generation",
           "evaluate_retrieval"]
