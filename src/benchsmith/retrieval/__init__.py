"""Retrievers under test: bm25, dense, hybrid (RRF), elasticsearch, multi-step and stored run files.

    retriever = get_retriever("bm25")          # or "dense", "dense:/models/e5", "hybrid", "run:runs/x.trec"
    retriever.index(passages)                   # Passage, Chunk, Document or (id, text, title)
    rankings = retriever.search(["query"], k=10)

`run_retrieval(benchmark, "bm25", k=10, query_mode="last_turn")` does both for a whole benchmark.
"""

from __future__ import annotations

from benchsmith.retrieval.base import RETRIEVERS, Passage, Ranking, Retriever, get_retriever, parse_spec, to_passage, to_passages
from benchsmith.retrieval.queries import QUERY_MODES, build_queries, build_query, build_query_async
from benchsmith.retrieval.runner import benchmark_passages, retriever_settings, run_retrieval

__all__ = [
    "QUERY_MODES",
    "RETRIEVERS",
    "Passage",
    "Ranking",
    "Retriever",
    "benchmark_passages",
    "build_queries",
    "build_query",
    "build_query_async",
    "get_retriever",
    "parse_spec",
    "retriever_settings",
    "run_retrieval",
    "to_passage",
    "to_passages",
]
