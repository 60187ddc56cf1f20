"""Candidate chunks (MIRAGE 3.3): 330-token WordPiece chunks of the mapped document, the top k of them per query.

When the corpus was ingested with the mirage preset its chunks are used as they
are (same ids, so `evaluate retrieval` over the corpus sees the pool's qrels);
otherwise the mapped documents are chunked here with that preset and their chunk
ids carry a `#w330.` marker so they can never be mistaken for the corpus's own.
A document shorter than k chunks is topped up with the best chunk of other
documents the corpus search ranks for the question (negatives for the mixed
setting; they are labelled like any other candidate, so a supportive one counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchsmith.corpora.chunking import PRESETS, chunk_documents
from benchsmith.types import Chunk, Document

PRESET = PRESETS["mirage"]


@dataclass(frozen=True)
class Candidate:
    """One (query, chunk) pair of the pool."""

    query_id: str
    chunk: Chunk
    rank: int
    from_reference_document: bool


def corpus_is_mirage_chunked(manifest: dict[str, Any]) -> bool:
    chunker = manifest.get("chunker") or {}
    return (chunker.get("max_tokens"), chunker.get("overlap"), chunker.get("tokenizer")) == (
        PRESET.max_tokens, PRESET.overlap, PRESET.tokenizer)


class MirageChunks:
    """The mirage-preset chunks of any corpus document, computed once per document."""

    def __init__(self, documents: dict[str, Document], corpus_chunks: Sequence[Chunk], reuse_corpus_chunks: bool) -> None:
        self.documents = documents
        self._by_doc: dict[str, list[Chunk]] = {}
        if reuse_corpus_chunks:
            for chunk in corpus_chunks:
                self._by_doc.setdefault(chunk.doc_id, []).append(chunk)

    def of(self, doc_ids: Sequence[str]) -> dict[str, list[Chunk]]:
        todo = [self.documents[d] for d in dict.fromkeys(doc_ids) if d not in self._by_doc and d in self.documents]
        for doc in todo:
            self._by_doc[doc.doc_id] = []
        for chunk in chunk_documents(todo, preset="mirage"):
            renamed = chunk.model_copy(update={"chunk_id": f"{chunk.doc_id}#w330.{chunk.index}"})
            self._by_doc[chunk.doc_id].append(renamed)
        return {d: self._by_doc.get(d, []) for d in doc_ids}


def rank_within(question: str, chunks: Sequence[Chunk], retriever: str = "bm25") -> list[Chunk]:
    """The document's chunks ranked for the question by a retriever; chunks it does not score follow in order."""
    if len(chunks) <= 1:
        return list(chunks)
    from benchsmith.retrieval.base import get_retriever

    engine = get_retriever(retriever)
    engine.index(list(chunks))
    by_id = {c.chunk_id: c for c in chunks}
    ranked = [by_id[cid] for cid, _ in engine.search([question], k=len(chunks))[0]]
    seen = {c.chunk_id for c in ranked}
    return ranked + [c for c in chunks if c.chunk_id not in seen]


def _containing(chunks: Sequence[Chunk], offset: int) -> Chunk | None:
    for chunk in chunks:
        if chunk.span.start <= offset < chunk.span.end:
            return chunk
    return chunks[0] if chunks else None


def candidates_for(query_id: str, question: str, doc_id: str, store: MirageChunks, index: Any, *, k: int = 5,
                   fill: bool = True, retriever: str = "bm25") -> list[Candidate]:
    """The query's pool: top-k chunks of its document, topped up from other documents when it has fewer."""
    own = rank_within(question, store.of([doc_id])[doc_id], retriever)[:k]
    picked = [Candidate(query_id, c, i + 1, True) for i, c in enumerate(own)]
    if fill and len(picked) < k:
        hits = [h for h in index.top(question) if h.doc_id != doc_id]
        others = store.of([h.doc_id for h in hits])
        taken = {c.chunk.chunk_id for c in picked}
        for hit in hits:
            chunk = _containing(others.get(hit.doc_id, []), hit.span.start)
            if chunk is None or chunk.chunk_id in taken:
                continue
            taken.add(chunk.chunk_id)
            picked.append(Candidate(query_id, chunk, len(picked) + 1, False))
            if len(picked) == k:
                break
    return picked
