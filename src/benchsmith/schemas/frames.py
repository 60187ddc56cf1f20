"""FRAMES item models: a question over 2-15 linked articles, its computed answer, the facts and the derivation.

The answer is never the model's word: it is computed by code (`derivation`) from
typed facts, each a verbatim span of its article (`facts[].span` / `value_span`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from benchsmith.schemas import SCHEMAS
from benchsmith.types import SCHEMA_VERSION, EvidenceRef, Frozen, Provenance, Span

# FRAMES' own labels (table 2), spelled as in its test.tsv.
ReasoningType = Literal["Numerical reasoning", "Tabular reasoning", "Multiple constraints", "Temporal reasoning",
                        "Post processing"]
FactKind = Literal["year", "quantity", "name"]


class FramesFact(Frozen):
    """One typed fact of an article: a value read from a verbatim sentence of the document."""

    fact_id: str = Field(min_length=1)
    doc_id: str = Field(min_length=1)
    chunk_id: str = Field(min_length=1)
    kind: FactKind
    dimension: str = Field(description="What the value measures: year:made, year:born (a maker's), year:person_born (the article's subject's own), time, data, length, percent, count (of a named thing), name.")
    value: float | str
    unit: str = ""
    span: Span = Field(description="Character span of the evidence sentence in the document text.")
    text: str = Field(description="The evidence sentence, verbatim.")
    value_span: Span = Field(description="Character span of the value itself in the document text.")
    value_text: str = Field(description="The value as written in the document.")
    label: str = Field(default="", description="What the value is of, in the article's words (a table row, a cue).")
    from_table: bool = False
    changeable: bool = Field(default=False, description="The fact can change over time (a limit, a current holder).")


class FramesArticle(Frozen):
    doc_id: str = Field(min_length=1)
    title: str = ""
    url: str | None = None
    role: str = Field(default="input", description="input (a value the answer is computed from), answer or bound.")


class FramesDerivation(Frozen):
    """How the answer is computed from the facts: an operation over fact values, re-derivable by code."""

    op: str
    inputs: list[str] = Field(description="Fact ids, in the order the operation reads them.")
    dimension: str
    unit: str = ""
    params: dict[str, Any] = Field(default_factory=dict)
    steps: list[str] = Field(default_factory=list, description="The reasoning chain in words.")


class FramesItem(Frozen):
    kind: Literal["frames_item"] = "frames_item"
    schema_version: str = SCHEMA_VERSION
    item_id: str = Field(min_length=1)
    question: str = Field(min_length=1)
    answer: str = Field(min_length=1)
    reasoning_types: list[ReasoningType] = Field(min_length=1)
    articles: list[FramesArticle] = Field(min_length=2, max_length=15)
    facts: list[FramesFact] = Field(min_length=2)
    derivation: FramesDerivation
    as_of: str | None = Field(default=None, description="Date the question is pinned to when a fact can change.")
    wiki_links: list[str] = Field(default_factory=list, description="The articles as FRAMES lists them (URLs or titles).")
    bridge: str | None = Field(default=None, description="What links the articles (a shared link target or page).")
    contamination: dict[str, Any] | None = Field(
        default=None, description="Closed-book check (llm strategy): the model's answer without any article and whether it matched.")
    provenance: Provenance
    warnings: list[str] = Field(default_factory=list)

    def evidence_refs(self) -> list[EvidenceRef]:
        return [EvidenceRef(doc_id=f.doc_id, chunk_id=f.chunk_id, span=f.span, text=f.text) for f in self.facts]

    def dedup_text(self) -> str:
        return self.question

    @property
    def query(self) -> str:
        return self.question

    @property
    def answerable(self) -> bool:
        return True

    @property
    def required_documents(self) -> int:
        return len(self.articles)


class FramesRecord(Frozen):
    """One row of FRAMES' own test file (kind is not written to that file)."""

    kind: Literal["frames_record"] = Field(default="frames_record", exclude=True)
    unique_id: int = Field(ge=0)
    Prompt: str
    Answer: str
    reasoning_types: str
    wiki_links: str


for _model in (FramesItem, FramesRecord):
    SCHEMAS.register(_model.model_fields["kind"].default)(_model)
