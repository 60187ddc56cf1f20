"""The llm strategy's steps: the model words a drafted question; a closed-book check flags contamination.

The model never supplies the answer. It rewrites the template question (after
FRAMES' figure 5/7 instructions) and may describe the reasoning chain; the answer
stays the one code computed from the facts, and the reworded question must still
name every article's subject, state no value the answer depends on and not give
the answer away, or it is rejected with its raw text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.generators.core.step import LLMStep, Reply
from benchsmith.generators.frames.assemble import CHOICE_OPS, Draft
from benchsmith.generators.frames.config import LABELS
from benchsmith.generators.frames.wording import subject
from benchsmith.types import Document, Rejected

_YES_NO = re.compile(r"^(is|are|was|were|does|do|did|can|could|has|have|will|would|should)\b", re.IGNORECASE)
_TITLE_OPS = CHOICE_OPS  # the answer is one of the works or figures named


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WordedOut(_Strict):
    question: str = Field(min_length=10, max_length=600)
    reasoning: list[str] = Field(default_factory=list, max_length=20)


class ClosedBookOut(_Strict):
    answer: str = Field(max_length=300)


class Worded(BaseModel):
    question: str
    reasoning: list[str] = []
    model: str | None = None
    prompt_hash: str | None = None
    raw: str | None = None


class Contamination(BaseModel):
    answer: str
    matched: bool
    model: str | None = None


@dataclass(frozen=True)
class FactView:
    title: str
    role: str
    measure: str
    sentence: str


@dataclass(frozen=True)
class WordingInput:
    draft_question: str
    answer: str
    op: str
    reasoning_types: tuple[str, ...]
    must_name: tuple[str, ...]  # subjects the question has to keep
    must_not_state: tuple[str, ...]  # values the answer depends on
    facts: tuple[FactView, ...]


_MEASURES = {"year:made": "year it was made", "year:born": "birth year of its painter",
             "year:person_born": "birth year of the person the article is about", "time": "a time period",
             "data": "a data size", "length": "a length", "percent": "a percentage",
             "count": "a count of a named thing"}


def _measure(fact) -> str:
    if fact.from_table and fact.label and fact.dimension != "count":
        column, _, row = fact.label.partition("|")
        return f"table value: {column}, {row}"
    return _MEASURES.get(fact.dimension, fact.dimension)


def wording_input(draft: Draft, documents: dict[str, Document]) -> WordingInput:
    # what the drafted question names: a work by its title, a figure by what it measures (the page title is no
    # part of an S3 question); a constraint question lists its answer among the candidates
    shown = [draft.titles[f.doc_id] if f.kind == "year" else subject(f, draft.titles[f.doc_id], draft.op)
             for f in draft.facts if f.kind != "name" and (draft.op in _TITLE_OPS or draft.roles.get(f.doc_id) != "answer")]
    views = tuple(FactView(draft.titles[f.doc_id], draft.roles.get(f.doc_id, "input"),
                           _measure(f), f.text) for f in draft.facts if f.kind != "name")
    return WordingInput(draft.question, draft.answer, draft.op, tuple(LABELS[t] for t in draft.labels),
                        tuple(dict.fromkeys(shown)), tuple(dict.fromkeys(f.value_text for f in draft.facts if f.kind != "name")),
                        views)


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip().lower()


@dataclass(frozen=True)
class WordQuestion(LLMStep):
    """One drafted question reworded by the model; the computed answer is kept, the wording checked."""

    name: ClassVar[str] = "frames.word_question"
    template: ClassVar[str] = "frames_word_question.v1.j2"
    response_model: ClassVar[type] = WordedOut
    output_type: ClassVar[type] = Worded

    def variables(self, item: WordingInput) -> dict[str, Any]:
        return {"draft": item.draft_question, "answer": item.answer, "reasoning_types": list(item.reasoning_types),
                "must_name": list(item.must_name), "n_articles": len({f.title for f in item.facts}),
                "facts": [{"title": f.title, "role": f.role, "measure": f.measure, "sentence": f.sentence} for f in item.facts]}

    def parse(self, reply: Reply, item: WordingInput) -> Any:
        q = reply.parsed.question.strip()
        low = _norm(q)

        def reject(reason: str, detail: str) -> Rejected:
            return Rejected(step=self.name, reason=reason, detail=detail, input_ref=self.key(item), raw_output=reply.text)

        missing = [t for t in item.must_name if _norm(t) not in low]
        if missing:
            return reject("worded_drops_article", f"the question no longer names {missing[0]!r}")
        if any(re.search(rf"(?<![\d.]){re.escape(v)}(?![\d])", q) for v in item.must_not_state):
            return reject("worded_states_value", "the question states a value the answer is computed from")
        # a count ("2") leaks only as a number of its own, not inside "1820" or "S3"
        leaks = (re.search(rf"(?<![\w.]){re.escape(_norm(item.answer))}(?![\w.])", low) if item.op == "count"
                 else _norm(item.answer) in low)
        if item.op not in _TITLE_OPS and leaks:
            return reject("worded_leaks_answer", "the question gives the answer away")
        if _YES_NO.match(q):
            return reject("worded_binary", "a yes/no question")
        return Worded(question=q, reasoning=list(reply.parsed.reasoning), model=reply.model,
                      prompt_hash=reply.prompt_hash, raw=reply.text)


@dataclass(frozen=True)
class ClosedBookInput:
    question: str
    answer: str


def closed_book_input(item) -> ClosedBookInput:
    """From an item or a draft: both have the question and the computed answer."""
    return ClosedBookInput(item.question, item.answer)


def answers_match(predicted: str, gold: str) -> bool:
    p, g = (_norm(x).rstrip(".").strip("\u201c\u201d\"' ") for x in (predicted, gold))
    if not p:
        return False
    # A listing of every option is not an answer; "3" inside "S3" is not the number 3.
    if p == g or (re.search(rf"(?<!\w){re.escape(g)}(?!\w)", p) and len(p) <= 2 * len(g) + 12):
        return True
    pn, gn = re.findall(r"-?\d+(?:\.\d+)?", p.replace(",", "")), re.findall(r"-?\d+(?:\.\d+)?", g.replace(",", ""))
    # A short numeric reply ("about 1,857") matches the number; a number inside a long reply or a name does not.
    return bool(pn and gn) and len(p.split()) <= 4 and not re.search(r"[a-z]\d|\d[a-z]", p) and float(pn[0]) == float(gn[0])


@dataclass(frozen=True)
class ClosedBook(LLMStep):
    """The question asked with no article: an answer that matches anyway is flagged as possible contamination."""

    name: ClassVar[str] = "frames.closed_book"
    template: ClassVar[str] = "frames_closed_book.v1.j2"
    response_model: ClassVar[type] = ClosedBookOut
    output_type: ClassVar[type] = Contamination
    system: ClassVar[str | None] = None

    def variables(self, item: ClosedBookInput) -> dict[str, Any]:
        return {"question": item.question}

    def parse(self, reply: Reply, item: ClosedBookInput) -> Any:
        return Contamination(answer=reply.parsed.answer, matched=answers_match(reply.parsed.answer, item.answer),
                             model=reply.model)
