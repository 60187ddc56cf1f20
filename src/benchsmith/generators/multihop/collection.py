"""Whether a corpus is a wire service's collection: many dated stories on unrelated matters.

Several multihop steps hold a wire collection to stricter rules (a story is named by its own actor, items are
spread over the stories, a bridge must open one story); a few dozen dated reports on one city's affairs are one
running story whose reports share their actors, and are not held to them. One count decides it for all.
"""

from __future__ import annotations

from collections.abc import Mapping

from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.types import Document

WIRE_MIN_STORIES = 100  # dated stories that make a collection a wire service's

_WIRE: PerCorpus[bool] = PerCorpus()


def is_wire(documents: Mapping[str, Document]) -> bool:
    """Whether `documents` hold at least WIRE_MIN_STORIES dated stories; counted once per corpus (the question is
    asked per candidate, the corpus may hold thousands of documents)."""
    return _WIRE.get(documents, "wire", lambda: sum(d.published_at is not None for d in documents.values()) >= WIRE_MIN_STORIES)
