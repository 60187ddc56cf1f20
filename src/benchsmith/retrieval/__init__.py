"""Retrievers under test: bm25, dense, hybrid (RRF), elasticsearch and external run files.

Use `get_retriever("bm25")`, then `.index(passages)` and `.search(queries, k)`.
"""

from __future__ import annotations

from benchsmith.retrieval.base import RETRIEVERS, Passage, Retriever, get_retriever, to_passage, to_passages

__all__ = ["RETRIEVERS", "Passage", "Retriever", "get_retriever", "to_passage", "to_passages"]
