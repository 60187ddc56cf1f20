"""Index a benchmark's passages and search all its queries with one retriever."""

from __future__ import annotations

from benchsmith.evaluation.benchmark import EvalBenchmark
from benchsmith.retrieval.base import Retriever


def run_retrieval(benchmark: EvalBenchmark, retriever_spec: str | Retriever, k: int = 10, query_mode: str = "last_turn", **options) -> dict[str, dict[str, float]]:
    raise NotImplementedError("being written")
