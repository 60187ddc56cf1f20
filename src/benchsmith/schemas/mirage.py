"""MIRAGE item models: a mapped QA pair with its labelled candidate chunks (positives are its evidence)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from benchsmith.schemas import SCHEMAS
from benchsmith.types import SCHEMA_VERSION, EvidenceRef, Frozen, Provenance, Span

Verdict = Literal["supported", "not_supported"]


class MirageChunkLabel(Frozen):
    """One candidate chunk of a query's pool with every label it received.

    `support` is the final label (1 = positive). `judge` is the support judgement of a model
    (None under the heuristic strategy), `inference_correct` whether a model answering with
    this chunk alone matched an answer alias (None when not asked or no aliases), `heuristic`
    the alias-match plus question-term-coverage rule, always computed.
    """

    chunk_id: str = Field(min_length=1)
    doc_id: str = Field(min_length=1)
    doc_name: str = ""
    span: Span
    text: str
    rank: int = Field(ge=1, description="Rank among the query's candidates (1 = best).")
    from_reference_document: bool
    support: Literal[0, 1]
    heuristic: bool
    alias_match: bool
    term_coverage: float = Field(ge=0.0, le=1.0)
    judge: Verdict | None = None
    judge_raw: str | None = None
    inference_correct: bool | None = None
    inference_answer: str | None = None
    second_judge: Verdict | None = Field(default=None, description="The double judgement (swapped prompt), when sampled.")
    agreement: bool = Field(description="Every label computed for this chunk says the same.")


class MirageMapping(Frozen):
    """How the query was tied to its document."""

    method: Literal["title_exact", "title_normalized", "title_alias", "title_fuzzy", "url", "content_search"]
    score: float = Field(ge=0.0, le=100.0)
    reference_title: str | None = None


class MirageItem(Frozen):
    kind: Literal["mirage_item"] = "mirage_item"
    schema_version: str = SCHEMA_VERSION
    item_id: str = Field(min_length=1)
    query: str = Field(min_length=1)
    answers: list[str] = Field(default_factory=list, description="Answer aliases.")
    source: str = ""
    doc_id: str = Field(min_length=1, description="The mapped (reference) document.")
    doc_name: str = ""
    doc_url: str | None = None
    mapping: MirageMapping
    chunks: list[MirageChunkLabel] = Field(min_length=1)
    base_answer: str | None = Field(default=None, description="The model's answer with no context (llm strategy).")
    base_correct: bool | None = None
    flags: list[str] = Field(default_factory=list, description="Review flags (label disagreement, easy query, ...).")
    provenance: Provenance
    warnings: list[str] = Field(default_factory=list, description="Codes of validator warnings.")

    @property
    def num_doc_labels(self) -> int:
        return sum(c.support for c in self.chunks)

    def evidence_refs(self) -> list[EvidenceRef]:
        return [EvidenceRef(doc_id=c.doc_id, chunk_id=c.chunk_id, span=c.span, text=c.text)
                for c in self.chunks if c.support == 1]

    @property
    def answerable(self) -> bool:
        return True

    @property
    def required_documents(self) -> int:
        """MIRAGE is single-hop: one document suffices."""
        return 1


SCHEMAS.register("mirage_item")(MirageItem)
