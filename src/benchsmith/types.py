"""Core shapes shared by every part of benchsmith.

Documents and chunks carry stable ids; generated items point back to chunk ids
and character spans rather than to copied text alone.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

SCHEMA_VERSION = "1.0"


def content_id(*parts: str, prefix: str = "", length: int = 16) -> str:
    """A stable id derived from content: the same parts always give the same id."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:length]
    return f"{prefix}{digest}"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Span(Frozen):
    """Half-open character span [start, end) into a document's text."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} is before start {self.start}")
        return self


class EvidenceRef(Frozen):
    """Where one piece of an item's evidence lives: a verbatim span of a document, inside one chunk.

    Every item kind exposes its evidence as these (`item.evidence_refs()`), so grounding,
    qrels and review work the same for all of them.
    """

    doc_id: str = Field(min_length=1)
    chunk_id: str = Field(min_length=1)
    span: Span
    text: str


class Document(Frozen):
    kind: Literal["document"] = "document"
    schema_version: str = SCHEMA_VERSION
    doc_id: str = Field(min_length=1)
    title: str = ""
    text: str
    source: str | None = None
    published_at: datetime | None = None
    url: str | None = None
    links: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("published_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        # Naive and aware datetimes cannot be compared; a date without a zone is taken as UTC, as the loaders do.
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Chunk(Frozen):
    kind: Literal["chunk"] = "chunk"
    schema_version: str = SCHEMA_VERSION
    chunk_id: str = Field(min_length=1)
    doc_id: str = Field(min_length=1)
    title: str = ""
    text: str
    span: Span
    index: int = Field(ge=0, description="Position of the chunk within its document.")
    n_tokens: int = Field(ge=0)
    metadata: dict[str, Any] = Field(default_factory=dict)


class Provenance(Frozen):
    """How an item came to be: enough to reproduce or audit it."""

    kind: Literal["provenance"] = "provenance"
    schema_version: str = SCHEMA_VERSION
    step: str
    step_version: str = "1"
    strategy: str | None = None
    prompt_name: str | None = None
    prompt_hash: str | None = None
    model: str | None = None
    seed: int | None = None
    raw_output: str | None = None
    created_at: datetime | None = None
    extra: dict[str, Any] = Field(default_factory=dict)


class Rejected(Frozen):
    """An item or call that was dropped, kept with its reason in the failure ledger."""

    kind: Literal["rejected"] = "rejected"
    schema_version: str = SCHEMA_VERSION
    step: str
    reason: str
    detail: str | None = None
    input_ref: str | None = Field(default=None, description="Id of the input the step worked on.")
    raw_output: str | None = None
    provenance: Provenance | None = None
