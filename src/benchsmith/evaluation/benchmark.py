"""The one in-memory shape every benchmark is read into before it is scored.

Importers (MultiHop-RAG, mtRAG, MIRAGE, FRAMES, BEIR, our own items) produce an
`EvalBenchmark`; retrieval and generation evaluation read only this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.types import Chunk, Document

Answerability = Literal["answerable", "partial", "unanswerable", "conversational"]


class Turn(BaseModel):
    model_config = ConfigDict(frozen=True)
    role: Literal["user", "assistant", "system"]
    content: str


class EvalQuery(BaseModel):
    model_config = ConfigDict(frozen=True)
    query_id: str
    question: str
    history: list[Turn] = Field(default_factory=list, description="Earlier turns of a conversation, oldest first.")
    rewrite: str | None = Field(default=None, description="A standalone rewrite of the question, when the benchmark has one.")
    answers: list[str] = Field(default_factory=list, description="Gold answer and its aliases.")
    answerability: Answerability | None = None
    relevant: dict[str, int] = Field(default_factory=dict, description="Relevant doc or chunk id -> graded relevance.")
    evidence: list[dict[str, Any]] = Field(default_factory=list, description="Paper-specific evidence (e.g. MultiHop-RAG facts).")
    fields: dict[str, Any] = Field(
        default_factory=dict,
        description="Breakdown fields: question_type, domain, turn, reasoning_types, n_evidence, ...",
    )

    @property
    def excluded_from_retrieval(self) -> bool:
        """Null and unanswerable queries have no relevant passages to find."""
        return self.answerability == "unanswerable" or not self.relevant


@dataclass
class EvalBenchmark:
    name: str
    queries: list[EvalQuery]
    documents: list[Document] = field(default_factory=list)
    chunks: list[Chunk] = field(default_factory=list)
    id_level: Literal["doc", "chunk"] = "chunk"
    source_format: str = "benchsmith"
    metadata: dict[str, Any] = field(default_factory=dict)

    def by_id(self) -> dict[str, EvalQuery]:
        return {q.query_id: q for q in self.queries}
