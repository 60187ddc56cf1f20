"""The FRAMES fact stage: each article's typed facts (`core.figures.facts`), as FRAMES schema records."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from pydantic import BaseModel

from benchsmith.generators.core.figures import facts as figures
from benchsmith.generators.core.step import HeuristicStep
from benchsmith.schemas.frames import FramesFact
from benchsmith.types import Chunk, Document, content_id


class DocFacts(BaseModel):
    doc_id: str
    facts: list[FramesFact]


@dataclass(frozen=True)
class DocInput:
    document: Document
    chunks: tuple[Chunk, ...]


def extract_facts(doc: Document, chunks: tuple[Chunk, ...]) -> list[FramesFact]:
    """The article's neutral facts (`core.figures.facts.extract_facts`) as FRAMES records."""
    return [FramesFact(**{f.name: getattr(fact, f.name) for f in fields(fact)}) for fact in figures.extract_facts(doc, chunks)]


@dataclass(frozen=True)
class ExtractFacts(HeuristicStep):
    """The typed facts of one article (years, quantities, table values, linked names), each with its span."""

    name: ClassVar[str] = "frames.facts"
    version: ClassVar[str] = "8"
    output_type: ClassVar[type] = DocFacts

    def key(self, item: DocInput) -> str:
        return content_id(item.document.doc_id, item.document.text, *(c.chunk_id for c in item.chunks), prefix="doc-")

    def run(self, item: DocInput) -> DocFacts:
        return DocFacts(doc_id=item.document.doc_id, facts=extract_facts(item.document, item.chunks))
