"""MultiHop-RAG item models: our items with evidence spans, claims, and the original-format record."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from benchsmith.schemas import SCHEMAS
from benchsmith.types import SCHEMA_VERSION, EvidenceRef, Frozen, Provenance, Span

QuestionType = Literal["inference_query", "comparison_query", "bridge_query", "temporal_query", "null_query"]


class MultihopEvidence(Frozen):
    """One evidence fact: a verbatim span of a document, inside one chunk, with its claim and bridge."""

    doc_id: str = Field(min_length=1)
    chunk_id: str = Field(min_length=1)
    span: Span = Field(description="Character span of the fact in the document text.")
    fact: str = Field(min_length=1)
    claim: str = Field(min_length=1)
    bridge_entity: str | None = None
    bridge_topic: str | None = None
    title: str = ""
    source: str | None = None
    published_at: str | None = None
    url: str | None = None


class MultihopItem(Frozen):
    kind: Literal["multihop_item"] = "multihop_item"
    schema_version: str = SCHEMA_VERSION
    item_id: str = Field(min_length=1)
    query: str = Field(min_length=1)
    answer: str = Field(min_length=1)
    question_type: QuestionType
    evidence: list[MultihopEvidence] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    provenance: Provenance
    warnings: list[str] = Field(default_factory=list, description="Codes of validator warnings.")

    def evidence_refs(self) -> list[EvidenceRef]:
        return [EvidenceRef(doc_id=e.doc_id, chunk_id=e.chunk_id, span=e.span, text=e.fact) for e in self.evidence]

    @property
    def answerable(self) -> bool:
        """Null queries are built to be unanswerable from the corpus."""
        return self.question_type != "null_query"

    @property
    def required_documents(self) -> int:
        """How many distinct evidence documents the item must cite (none for a null query)."""
        return 2 if self.answerable else 0


class MultihopClaim(Frozen):
    kind: Literal["multihop_claim"] = "multihop_claim"
    schema_version: str = SCHEMA_VERSION
    claim_id: str = Field(min_length=1)
    doc_id: str
    chunk_id: str
    span: Span
    fact: str
    claim: str
    target: str
    target_label: str
    topic: str
    provenance: Provenance


class MultihopRagEvidence(Frozen):
    """The evidence record of the original MultiHopRAG.json."""

    author: str = ""
    category: str = ""
    fact: str
    published_at: str = ""
    source: str = ""
    title: str = ""
    url: str = ""


class MultihopRagQuery(Frozen):
    """One record of the original MultiHopRAG.json (kind is not written to that file)."""

    kind: Literal["multihop_rag_query"] = Field(default="multihop_rag_query", exclude=True)
    query: str
    answer: str
    question_type: QuestionType
    evidence_list: list[MultihopRagEvidence]


for _model in (MultihopItem, MultihopClaim, MultihopRagQuery):
    SCHEMAS.register(_model.model_fields["kind"].default)(_model)
