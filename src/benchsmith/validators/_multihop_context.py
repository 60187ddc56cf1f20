"""What the multihop validators need to know about the corpus, built once per run."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from benchsmith.types import Chunk, Document


@dataclass
class MultihopContext:
    """Corpus lookups for validators: documents, chunks, names, a lazily built BM25 index.

    Args:
        documents: every corpus document (not only the selected ones: null proofs need all).
        chunks: every chunk, the retrieval units of the BM25 check.
        entity_names: surface forms of entities found in the corpus, for the fuzzy null check.
        evidence_range: allowed number of evidence documents for non-null items.
    """

    documents: Sequence[Document]
    chunks: Sequence[Chunk]
    entity_names: Iterable[str] = ()
    evidence_range: tuple[int, int] = (2, 4)
    bm25_k: int = 10
    _bm25_cache: dict[str, list[int]] = field(default_factory=dict)

    @cached_property
    def documents_by_id(self) -> dict[str, Document]:
        return {d.doc_id: d for d in self.documents}

    @cached_property
    def chunks_by_id(self) -> dict[str, Chunk]:
        return {c.chunk_id: c for c in self.chunks}

    @cached_property
    def corpus_text_lower(self) -> str:
        parts = []
        for d in self.documents:
            parts.extend((d.title, d.text, d.source or ""))
        return "\n".join(parts).lower()

    @cached_property
    def names(self) -> list[str]:
        """Lower-cased entity names, titles and sources, for fuzzy matching."""
        out = {n.lower() for n in self.entity_names if n}
        out.update(d.title.lower() for d in self.documents if d.title)
        out.update(d.source.lower() for d in self.documents if d.source)
        return sorted(out)

    @cached_property
    def _bm25(self) -> Any:
        import bm25s

        retriever = bm25s.BM25()
        retriever.index(bm25s.tokenize([c.text for c in self.chunks], stopwords="en", show_progress=False), show_progress=False)
        return retriever

    def prefetch_bm25(self, queries: Sequence[str]) -> None:
        """Retrieve the top chunks for many queries in one batch (one index, one call)."""
        import bm25s

        todo = [q for q in dict.fromkeys(queries) if q not in self._bm25_cache]
        if not todo or not self.chunks:
            return
        k = min(self.bm25_k, len(self.chunks))
        results, _ = self._bm25.retrieve(bm25s.tokenize(todo, stopwords="en", show_progress=False), k=k, show_progress=False, n_threads=1)
        for q, row in zip(todo, results, strict=True):
            self._bm25_cache[q] = [int(i) for i in row]

    def bm25_top(self, query: str) -> list[Chunk]:
        """The top-k chunks BM25 retrieves for a query."""
        if query not in self._bm25_cache:
            self.prefetch_bm25([query])
        return [self.chunks[i] for i in self._bm25_cache.get(query, [])]
