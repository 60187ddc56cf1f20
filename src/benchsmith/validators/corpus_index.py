"""One index over the corpus for every validator: lookups by id, whole-word phrase search, ranked search.

Phrase search ("does this name occur anywhere?") uses a word index: the
documents holding every word of the phrase are found from posting lists and
only those are searched, so no copy of the whole corpus is kept. Ranked search
goes through the retrievers registry (bm25 by default; `elasticsearch:URL` to
use a user's index), over the chunks.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from benchsmith.text import WORD_RE, contains_phrase
from benchsmith.types import Chunk, Document


class CorpusIndex:
    """Corpus lookups shared by validators.

    Args:
        documents: every corpus document (corpus-wide proofs need all of them).
        chunks: every chunk, the units of ranked search.
        retriever: a retriever spec for `search` (`bm25`, `elasticsearch:URL`, ...).
        search_k: how many chunks `top` returns.
    """

    def __init__(self, documents: Sequence[Document], chunks: Sequence[Chunk], *, retriever: str = "bm25",
                 search_k: int = 10) -> None:
        self.documents = list(documents)
        self.chunks = list(chunks)
        self.retriever_spec = retriever
        self.search_k = search_k
        self._top: dict[str, list[str]] = {}

    @cached_property
    def documents_by_id(self) -> dict[str, Document]:
        return {d.doc_id: d for d in self.documents}

    @cached_property
    def chunks_by_id(self) -> dict[str, Chunk]:
        return {c.chunk_id: c for c in self.chunks}

    # -- phrase search -------------------------------------------------------
    @staticmethod
    def _fields(doc: Document) -> str:
        return "\n".join((doc.title, doc.text, doc.source or ""))

    @cached_property
    def _postings(self) -> dict[str, list[int]]:
        postings: dict[str, list[int]] = {}
        for i, doc in enumerate(self.documents):
            for word in {w.lower() for w in WORD_RE.findall(self._fields(doc))}:
                postings.setdefault(word, []).append(i)
        return postings

    def documents_with_phrase(self, phrase: str) -> list[Document]:
        """Documents whose title, text or source holds `phrase` as whole words (any case)."""
        words = {w.lower() for w in WORD_RE.findall(phrase)}
        if not words:
            return []
        lists = sorted((self._postings.get(w, []) for w in words), key=len)
        candidates = set(lists[0]).intersection(*lists[1:])
        return [self.documents[i] for i in sorted(candidates) if contains_phrase(self._fields(self.documents[i]), phrase)]

    def phrase_occurs(self, phrase: str) -> bool:
        return bool(self.documents_with_phrase(phrase))

    # -- ranked search -------------------------------------------------------
    @cached_property
    def _retriever(self) -> Any:
        from benchsmith.retrieval.base import get_retriever

        retriever = get_retriever(self.retriever_spec)
        retriever.index(self.chunks)
        return retriever

    def prefetch(self, queries: Sequence[str]) -> None:
        """Search many queries in one batch (one index, one call); `top` then answers from memory."""
        todo = [q for q in dict.fromkeys(queries) if q not in self._top]
        if not todo or not self.chunks:
            return
        for q, ranking in zip(todo, self._retriever.search(todo, k=self.search_k), strict=True):
            self._top[q] = [cid for cid, _ in ranking]

    def top(self, query: str) -> list[Chunk]:
        """The top `search_k` chunks the retriever ranks for `query`."""
        if query not in self._top:
            self.prefetch([query])
        return [self.chunks_by_id[c] for c in self._top.get(query, []) if c in self.chunks_by_id]
