"""Values a step computes from the whole corpus once, not once per candidate it weighs.

Steps ask corpus-wide questions for every candidate (is this a wire collection? which words does the corpus
write in lower case? which stories of an edition name X?); the answer depends only on the corpus object they
are given, which stays the same for a whole run. A PerCorpus keeps the answers for the few corpus objects asked
about last, by identity, and forgets the oldest when another comes (a test, a second run in one process), so a
corpus is not kept alive long after its run. Holding the object itself, not its id, means a freed corpus's id
reused by a new one can never return the old answers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

CORPORA_KEPT = 4  # a run may hand a step two or three views of one corpus (all documents, the selected ones)


class PerCorpus(Generic[V]):
    """A memo of `compute()` per (corpus object, key), for the last CORPORA_KEPT corpus objects."""

    def __init__(self) -> None:
        self._kept: list[tuple[object, dict[Hashable, V]]] = []

    def get(self, corpus: object, key: Hashable, compute: Callable[[], V]) -> V:
        values = self._values_of(corpus)
        if key not in values:
            values[key] = compute()
        return values[key]

    def _values_of(self, corpus: object) -> dict[Hashable, V]:
        for i, (kept, values) in enumerate(self._kept):
            if kept is corpus:
                if i:
                    self._kept.insert(0, self._kept.pop(i))
                return values
        values: dict[Hashable, V] = {}
        self._kept.insert(0, (corpus, values))
        del self._kept[CORPORA_KEPT:]
        return values
