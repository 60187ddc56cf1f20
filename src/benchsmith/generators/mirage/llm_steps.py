"""The llm strategy's steps (MIRAGE 3.4): base answer, support judgement, inference with one chunk, second judgement.

Each (query, chunk) pair is its own input, so every judgement is asked
independently (the paper: "to avoid interaction effects between chunks"), cached,
ledgered and resumable as a stage of the run. Correctness is MIRAGE's loose EM
over the answer aliases, the evaluator's own function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.evaluation.generation.adaptability import mirage_em_loose
from benchsmith.generators.core.step import LLMStep, Reply


@dataclass(frozen=True)
class ChunkQuestion:
    """One (query, chunk) pair as the model sees it."""

    query_id: str
    question: str
    answers: tuple[str, ...]
    chunk_id: str
    title: str
    text: str


@dataclass(frozen=True)
class BareQuestion:
    query_id: str
    question: str
    answers: tuple[str, ...]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class VerdictOut(_Strict):
    verdict: Literal["Supported", "Not supported"]


class AnswerOut(_Strict):
    answer: str = Field(max_length=2000)


@dataclass
class Judgement:
    query_id: str
    chunk_id: str
    verdict: Literal["supported", "not_supported"]
    raw: str


@dataclass
class Answered:
    query_id: str
    chunk_id: str | None
    answer: str | None
    correct: bool | None  # None: no aliases to check against
    raw: str | None = None


def _correct(answer: str, answers: tuple[str, ...]) -> bool | None:
    return bool(mirage_em_loose(answer, answers)) if answers else None


@dataclass(frozen=True)
class JudgeSupport(LLMStep):
    """Table 7 of the paper: does the document hold the answer to the question? Supported / Not supported."""

    name: ClassVar[str] = "mirage.support"
    template: ClassVar[str] = "mirage_support.v1.j2"
    response_model: ClassVar[type] = VerdictOut
    output_type: ClassVar[type] = Judgement

    def key(self, item: ChunkQuestion) -> str:
        return f"{item.query_id}|{item.chunk_id}"

    def variables(self, item: ChunkQuestion) -> dict[str, Any]:
        return {"question": item.question, "answers": list(item.answers), "title": item.title, "document": item.text}

    def parse(self, reply: Reply, item: ChunkQuestion) -> Judgement:
        verdict = "supported" if reply.parsed.verdict == "Supported" else "not_supported"
        return Judgement(item.query_id, item.chunk_id, verdict, reply.text)


@dataclass(frozen=True)
class JudgeSupportSwapped(JudgeSupport):
    """The double judgement: question first, document after, asked in other words (label-noise estimate)."""

    name: ClassVar[str] = "mirage.support_second"
    template: ClassVar[str] = "mirage_support_swapped.v1.j2"


@dataclass(frozen=True)
class AnswerWithChunk(LLMStep):
    """The oracle-style inference check: answer the question from this one chunk (Table 5's shape)."""

    name: ClassVar[str] = "mirage.inference"
    template: ClassVar[str] = "mirage_answer_chunk.v1.j2"
    response_model: ClassVar[type] = AnswerOut
    output_type: ClassVar[type] = Answered

    def key(self, item: ChunkQuestion) -> str:
        return f"{item.query_id}|{item.chunk_id}"

    def variables(self, item: ChunkQuestion) -> dict[str, Any]:
        return {"question": item.question, "context": item.text}

    def skip(self, item: ChunkQuestion) -> Any:
        # Without aliases no answer can be scored; asking would spend a call on nothing.
        return None if item.answers else Answered(item.query_id, item.chunk_id, None, None)

    def parse(self, reply: Reply, item: ChunkQuestion) -> Answered:
        answer = reply.parsed.answer.strip()
        return Answered(item.query_id, item.chunk_id, answer, _correct(answer, item.answers), reply.text)


@dataclass(frozen=True)
class AnswerWithoutContext(LLMStep):
    """The base setting (Table 4's shape): answer from memory; a right answer marks the query too easy."""

    name: ClassVar[str] = "mirage.base"
    template: ClassVar[str] = "mirage_answer_base.v1.j2"
    response_model: ClassVar[type] = AnswerOut
    output_type: ClassVar[type] = Answered

    def key(self, item: BareQuestion) -> str:
        return item.query_id

    def variables(self, item: BareQuestion) -> dict[str, Any]:
        return {"question": item.question}

    def skip(self, item: BareQuestion) -> Any:
        return None if item.answers else Answered(item.query_id, None, None, None)

    def parse(self, reply: Reply, item: BareQuestion) -> Answered:
        answer = reply.parsed.answer.strip()
        return Answered(item.query_id, None, answer, _correct(answer, item.answers), reply.text)
