"""mtRAG-style conversation items: turns with a standalone rewrite, mtRAG's dimensions, contexts and a response."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from benchsmith.schemas import SCHEMAS
from benchsmith.types import SCHEMA_VERSION, EvidenceRef, Frozen, Provenance, Span

# mtRAG's dimensions (section 3.1 and appendix A of the paper), spelled as its enrichments spell them.
QUESTION_TYPES = ("Factoid", "Comparative", "Explanation", "Keyword", "Summarization", "How-To", "Opinion",
                  "Non-Question", "Composite")
MULTI_TURN_TYPES = ("N/A", "Follow-up", "Clarification")
ANSWERABILITY = ("ANSWERABLE", "PARTIAL", "UNANSWERABLE", "CONVERSATIONAL")

QuestionType = Literal["Factoid", "Comparative", "Explanation", "Keyword", "Summarization", "How-To", "Opinion",
                       "Non-Question", "Composite"]
MultiTurnType = Literal["N/A", "Follow-up", "Clarification"]
Answerability = Literal["ANSWERABLE", "PARTIAL", "UNANSWERABLE", "CONVERSATIONAL"]


class TurnContext(Frozen):
    """A passage shown for a turn: a corpus chunk, where it lies in its document, and whether it is relevant."""

    doc_id: str = Field(min_length=1)
    chunk_id: str = Field(min_length=1)
    span: Span = Field(description="Character span of the chunk in its document text.")
    title: str = ""
    text: str
    relevance: int = Field(ge=0, description="1: the response is grounded in it (a qrel); 0: retrieved, not used.")
    rank: int | None = Field(default=None, ge=1, description="Rank of the passage in the turn's retrieval.")
    score: float | None = None


class UnanswerableProof(Frozen):
    """The corpus-wide search that shows nothing in the corpus answers a turn (or its missing part)."""

    query: str
    retrievers: list[str]
    k: int = Field(ge=1)
    candidates_checked: int = Field(ge=0)
    missing: str = Field(description="The attribute the corpus does not state.")
    method: str = Field(description="How each candidate was checked: lexical/structural or an LLM entailment judgement.")


class ConversationTurn(Frozen):
    turn: int = Field(ge=1)
    user: str = Field(min_length=1, description="The user's message as written (may rely on earlier turns).")
    rewrite: str = Field(min_length=1, description="The same question made standalone.")
    question_types: list[QuestionType] = Field(min_length=1)
    multi_turn: MultiTurnType
    answerability: Answerability
    standalone: bool = Field(description="Whether the user message is understandable without the history.")
    contexts: list[TurnContext] = Field(default_factory=list)
    response: str = Field(min_length=1)
    proof: UnanswerableProof | None = None
    provenance: Provenance

    @property
    def relevant(self) -> list[TurnContext]:
        return [c for c in self.contexts if c.relevance > 0]


class ConversationItem(Frozen):
    kind: Literal["conversation"] = "conversation"
    schema_version: str = SCHEMA_VERSION
    item_id: str = Field(min_length=1)
    strategy: str = Field(description="heuristic (a no-model baseline) or llm.")
    baseline: bool = Field(description="True for the no-model heuristic strategy: a baseline, not model-written prose.")
    seed_chunk_id: str
    turns: list[ConversationTurn] = Field(min_length=1)
    provenance: Provenance
    warnings: list[str] = Field(default_factory=list)

    def evidence_refs(self) -> list[EvidenceRef]:
        refs: dict[str, EvidenceRef] = {}
        for turn in self.turns:
            for c in turn.relevant:
                refs.setdefault(c.chunk_id, EvidenceRef(doc_id=c.doc_id, chunk_id=c.chunk_id, span=c.span, text=c.text))
        return list(refs.values())

    def dedup_text(self) -> str:
        return " ".join(t.rewrite for t in self.turns)

    @property
    def answerable(self) -> bool:
        return any(t.answerability in ("ANSWERABLE", "PARTIAL") for t in self.turns)

    @property
    def required_documents(self) -> int:
        return 1

    def task_id(self, turn: int) -> str:
        return f"{self.item_id}<::>{turn}"

    def stats_row(self) -> dict[str, Any]:
        return {"turns": len(self.turns), "unique_passages": len({c.chunk_id for t in self.turns for c in t.relevant})}


SCHEMAS.register("conversation")(ConversationItem)
