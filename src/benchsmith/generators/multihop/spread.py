"""Items spread over a newswire's stories: six questions over the same two AmEx/Shearson stories read as one.

A news item (all its documents dated) is accepted only while no two of its stories were asked about together
before, none of them is cited by STORY_USES items already, and its bridge was not asked in a question of the same
type (three inference questions answered "Securities and Exchange Commission"). Undated collections
(encyclopedias, manuals) are spread by their own composers; a collection of a few dozen dated stories (not a wire
service's, `collection.is_wire`) is not spread: its requests would outrun it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations

from benchsmith.generators.multihop.collection import is_wire
from benchsmith.types import Document

STORY_USES = 2  # items that may cite one news story


class StorySpread:
    def __init__(self, documents: Mapping[str, Document], uses: int = STORY_USES) -> None:
        self.documents, self.uses = documents, uses
        self.active = is_wire(documents)
        self._pairs: set[tuple[str, str]] = set()
        self._cited: Counter[str] = Counter()
        self._bridges: set[tuple[str, str]] = set()

    def admit(self, question_type: str, doc_ids, bridge: str | None) -> bool:
        """Whether an item over `doc_ids` is still new enough; when it is, its stories and bridge are taken."""
        docs = sorted(set(doc_ids))
        if not self.active or len(docs) < 2 or not all(self.documents[d].published_at is not None for d in docs):
            return True
        pairs = set(combinations(docs, 2))
        key = (question_type, _without_suffix(bridge or ""))
        if pairs & self._pairs or any(self._cited[d] >= self.uses for d in docs) or (key[1] and key in self._bridges):
            return False
        self._pairs |= pairs
        self._cited.update(docs)
        if key[1]:
            self._bridges.add(key)
        return True


_LEGAL = frozenset("inc corp co ltd plc llc nv ag sa corporation incorporated limited cos".split())


def _without_suffix(name: str) -> str:
    """"first boston" for "First Boston Inc" and "First Boston Corp": one firm's names ask one question."""
    words = name.lower().replace(".", "").replace(",", "").split()
    while len(words) > 1 and words[-1] in _LEGAL:
        words.pop()
    return " ".join(words)
