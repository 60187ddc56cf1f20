"""Topical relatedness of passages, so a conversation moves to neighbouring passages instead of jumping.

A person asking follow-ups stays on a subject and drifts: Arizona Cardinals -> NFL
playoffs -> Super Bowl winners, not Arizona Cardinals -> lunar phases. Each passage
is a tf-idf vector of its content words (title included); a candidate passage is on
the conversation's topic when it is close enough to one of the last passages the
conversation used, or to the seed passage. "Close enough" is relative to the corpus:
the similarity a passage has to its nearest few neighbours, so the same rule holds on a
corpus of one product's documentation and on a mix of unrelated encyclopedia pages.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

import numpy as np
from scipy import sparse

from benchsmith.text import STOPWORDS, WORD_RE

NEIGHBOURS = 12  # a passage's own neighbourhood: its 12 nearest passages set what "related" means for it
FLOOR = 0.15  # an isolated passage's 12th neighbour may share only stopword-like terms: never "related" below this
RECENT = 3  # the conversation's last passages a new one may be near
SCORE_ROWS = 128  # passages whose similarities to all others are kept (the anchors in use): N floats each, so
# 128 rows of a 180,000-passage corpus stay under 100 MB


def _words(text: str) -> list[str]:
    return [w.lower() for w in WORD_RE.findall(text) if len(w) > 2 and w.lower() not in STOPWORDS and not w.isdigit()]


class Topics:
    def __init__(self, chunks: Iterable) -> None:
        chunks = list(chunks)
        self.row = {c.chunk_id: i for i, c in enumerate(chunks)}
        bags = [Counter(_words(f"{c.title or ''} {c.text}")) for c in chunks]
        df: Counter[str] = Counter(w for bag in bags for w in bag)
        n = len(chunks)
        vocab = {w: j for j, w in enumerate(w for w, d in df.items() if d < 0.5 * n or n < 4)}
        idf = {w: math.log((1 + n) / (1 + df[w])) + 1 for w in vocab}
        rows, cols, values = [], [], []
        for i, bag in enumerate(bags):
            for w, tf in bag.items():
                if w in vocab:
                    rows.append(i)
                    cols.append(vocab[w])
                    values.append((1 + math.log(tf)) * idf[w])
        matrix = sparse.csr_matrix((values, (rows, cols)), shape=(n, max(1, len(vocab))), dtype=np.float32)
        norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
        self.matrix = sparse.diags(1 / np.where(norms == 0, 1, norms)) @ matrix
        self._bar: dict[str, float] = {}
        self._neighbourhood: dict[str, int] = {}
        # A conversation tests hundreds of candidates against the same few anchors: one product per anchor, not one
        # sparse row slice per pair (that was 80% of a run).
        self._scores = lru_cache(maxsize=SCORE_ROWS)(self._all_scores)

    def similarity(self, candidate: str, anchor: str) -> float:
        if candidate not in self.row or anchor not in self.row:
            return 0.0
        return float(self._scores(anchor)[self.row[candidate]])

    def _all_scores(self, chunk_id: str) -> np.ndarray:
        """The passage's similarity to every passage, by row."""
        return np.asarray((self.matrix @ self.matrix[self.row[chunk_id]].T).todense()).ravel()

    def bar(self, chunk_id: str) -> float:
        """The similarity of the passage to its NEIGHBOURS-th nearest passage: nearer than that is its neighbourhood."""
        if chunk_id not in self._bar:
            if chunk_id not in self.row:
                return 1.0
            scores = np.sort(self._scores(chunk_id))[::-1]
            k = min(NEIGHBOURS, len(scores) - 1)
            self._bar[chunk_id] = max(FLOOR, float(scores[k])) if k > 0 else 1.0
        return self._bar[chunk_id]

    def related(self, candidate: str, anchors: list[str]) -> bool:
        """Whether `candidate` is in the neighbourhood of one of `anchors` (the seed and the latest passages used)."""
        return any(self.similarity(candidate, a) >= min(self.bar(a), 0.35) for a in anchors)

    def closeness(self, candidate: str, anchors: list[str]) -> float:
        return max((self.similarity(candidate, a) for a in anchors), default=0.0)

    def neighbours(self, chunk_id: str, k: int = NEIGHBOURS) -> list[str]:
        """The passage's k nearest passages, nearest first (itself excluded)."""
        if chunk_id not in self.row:
            return []
        scores = self._scores(chunk_id)
        ids = list(self.row)
        return [ids[i] for i in np.argsort(-scores)[: k + 1] if ids[i] != chunk_id][:k]

    def reach(self, chunk_id: str, among: set[str] | None = None, depth: int = 2) -> int:
        """How many passages (of `among`) a conversation starting here can reach by steps between neighbourhoods."""
        if chunk_id not in self._neighbourhood:
            frontier, seen = {chunk_id}, {chunk_id}
            ids = list(self.row)
            for _ in range(depth):
                nxt = set()
                for c in frontier:
                    scores = self._scores(c)
                    bar = min(self.bar(c), 0.35)
                    nxt |= {ids[i] for i in np.nonzero(scores >= bar)[0]}
                frontier = nxt - seen
                seen |= nxt
            self._neighbourhood[chunk_id] = len(seen - {chunk_id} if among is None else (seen & among) - {chunk_id})
        return self._neighbourhood[chunk_id]


def anchors(seed_chunk: str | None, used_in_order: list[str], recent: int | None = None) -> list[str]:
    """The passages a next passage must be near: the latest used ones (the drift) and the seed (the subject)."""
    out = list(dict.fromkeys(reversed(used_in_order)))[: recent or RECENT]
    if seed_chunk and seed_chunk not in out:
        out.append(seed_chunk)
    return out
