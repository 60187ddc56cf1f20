"""Corpus loaders, one small module per input format, found by scanning this folder.

A loader turns one file (or folder) into :class:`RawRecord` objects: the raw
values of `Document` fields plus where they came from. Turning those into
validated `Document` objects (ids, dates, duplicates) happens once, in
:mod:`benchsmith.corpora.loading`, so every format behaves the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from benchsmith.registry import Registry

DOCUMENT_FIELDS = ("doc_id", "title", "text", "source", "published_at", "url", "links", "metadata")


@dataclass
class RawRecord:
    """Unvalidated document fields read from one record of one file."""

    fields: dict[str, Any]
    path: Path
    line: int | None = None
    # For errors only: the record as read and, per document field, the keys tried in order.
    raw: Mapping[str, Any] | None = None
    key_map: Mapping[str, Sequence[str]] | None = None

    def origin(self, name: str) -> str:
        """The record key a document field was (or would have been) read from, for JSON paths in errors."""
        keys = (self.key_map or {}).get(name)
        if not keys:
            return name
        if self.raw is not None:
            for key in keys:
                if key in self.raw or key.split(".", 1)[0] in self.raw:
                    return key
        return keys[0]


class Loader(Protocol):
    name: str
    #: Higher is tried first when the format is detected automatically.
    priority: int

    def sniff(self, path: Path, first: Any) -> bool:
        """Whether this loader reads `path`, whose first record (or None for text files) is `first`."""
        ...

    def load(self, path: Path, field_map: Mapping[str, str] | None = None) -> Iterator[RawRecord]:
        """Yield the records of `path` in file order."""
        ...


LOADERS: Registry[Loader] = Registry("loader", __name__)

__all__ = ["DOCUMENT_FIELDS", "LOADERS", "Loader", "RawRecord"]
