"""Lexical retrieval with bm25s: lowercase word tokens, English stopwords, no stemming."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from benchsmith.errors import InputError
from benchsmith.retrieval.base import RETRIEVERS, PassageLike, Ranking, to_passages


class BM25Retriever:
    """BM25 over passage title + text.

    Args:
        k1: term-frequency saturation (bm25s default 1.5).
        b: length normalisation (0.75).
        method: bm25s variant: "lucene" (default), "robertson", "atire", "bm25l", "bm25+".
        stopwords: "en" (bm25s's English list), None for none, or a list of words.
    """

    name = "bm25"

    def __init__(self, *, k1: float = 1.5, b: float = 0.75, method: str = "lucene", stopwords: str | list[str] | None = "en", **_: Any) -> None:
        self.k1, self.b, self.method, self.stopwords = float(k1), float(b), method, stopwords
        self._ids: list[str] = []
        self._model = None
        self._tokenizer = None

    def settings(self) -> dict[str, Any]:
        return {"retriever": self.name, "k1": self.k1, "b": self.b, "method": self.method, "stopwords": self.stopwords}

    def index(self, passages: Sequence[PassageLike]) -> None:
        import bm25s
        from bm25s.tokenization import Tokenizer

        items = to_passages(passages)
        if not items:
            raise InputError("nothing to index: the passage list is empty")
        self._ids = [p.id for p in items]
        self._tokenizer = Tokenizer(lower=True, stopwords=self.stopwords or [])
        tokens = self._tokenizer.tokenize([p.full_text for p in items], update_vocab=True, return_as="ids", show_progress=False)
        self._model = bm25s.BM25(k1=self.k1, b=self.b, method=self.method)
        self._model.index(tokens, show_progress=False)

    def search(self, queries: Sequence[str], k: int = 10) -> list[Ranking]:
        if self._model is None or self._tokenizer is None:
            raise RuntimeError("call index() before search()")
        if not queries:
            return []
        k = min(k, len(self._ids))
        tokens = self._tokenizer.tokenize(list(queries), update_vocab=False, return_as="ids", show_progress=False)
        # A text with no indexable word becomes bm25s's empty token; such a query matches nothing,
        # not the passages that are also empty.
        empty = self._tokenizer.get_vocab_dict().get("")
        wanted = [i for i, ids in enumerate(tokens) if any(t != empty for t in ids)]
        out: list[Ranking] = [[] for _ in queries]
        if not wanted:
            return out
        docs, scores = self._model.retrieve([[t for t in tokens[i] if t != empty] for i in wanted], k=k, show_progress=False)
        for i, row_docs, row_scores in zip(wanted, np.asarray(docs), np.asarray(scores)):
            # Passages sharing no term with the query score 0; a lexical engine would not return them.
            out[i] = [(self._ids[int(d)], float(s)) for d, s in zip(row_docs, row_scores) if s > 0]
        return out


@RETRIEVERS.register("bm25")
def make_bm25(arg: str | None = None, **options: Any) -> BM25Retriever:
    return BM25Retriever(**options)
