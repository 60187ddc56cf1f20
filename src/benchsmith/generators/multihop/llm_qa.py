"""The model's QA check of an accepted item: it answers the question from the evidence, and from each document alone.

Round-trip consistency rather than self-graded criteria: the model is not shown the gold
answer; it answers the question from the evidence sentences, and once per evidence document
read alone. Its answers are compared with the gold answer in code (see qa_answers), so the
verdict is the same whatever model wrote the answers, and a reply is a few words long.

The paper's four criteria map onto this: "answerable from evidence" is the model's answer
matching the gold answer; "uses all evidence" is no single document's answer matching it;
"single answer" and "matches type" hold by construction and are checked by the validators
(answer.form, the consistency validators) before the model is asked.

Where the model disagrees with an answer the mechanics prove (a value re-derived from the
evidence, an entity named in every claim, anchors no single document holds), the item is kept
with its check recorded as inconclusive (`provenance.extra.qa_check`), or dropped when the run
asks for `inconclusive="drop"`. Where nothing proves it, the model's disagreement rejects the item.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from benchsmith.generators.core.step import LLMStep, Reply
from benchsmith.generators.multihop.llm_replies import AloneOut, QAAnswers, with_item_count
from benchsmith.generators.multihop.qa_answers import answer_proof, answers_agree, hop_proof, is_null_form
from benchsmith.schemas.multihop import MultihopItem
from benchsmith.types import Document, Rejected

ALONE_CHARS = 400  # of each document shown, centred on its evidence sentence (a CPU server reads ~10-100 tokens/s)
INCONCLUSIVE = ("keep", "drop")


@dataclass(frozen=True)
class AloneInput:
    item: MultihopItem
    documents: tuple[tuple[str, str], ...]  # (title, text window) per distinct evidence document


def alone_input(item: MultihopItem, documents: dict[str, Document]) -> AloneInput:
    views = []
    for ev in {e.doc_id: e for e in item.evidence}.values():
        doc = documents[ev.doc_id]
        start = max(0, (ev.span.start + ev.span.end) // 2 - ALONE_CHARS // 2)
        views.append((doc.title, doc.text[start : start + ALONE_CHARS]))
    return AloneInput(item, tuple(views))


def _reject(step: str, reason: str, item: MultihopItem, detail: str, raw: str | None) -> Rejected:
    return Rejected(step=step, reason=reason, detail=detail[:500], input_ref=item.item_id, raw_output=raw)


def hop_finding(answers: list[str], item: AloneInput) -> tuple[str, str] | None:
    """(reason, detail) when the per-document answers say one document suffices or cannot be read, else None."""
    if len(answers) != len(item.documents):
        return "alone_count_mismatch", f"{len(answers)} answers for {len(item.documents)} documents"
    hits = [i + 1 for i, a in enumerate(answers) if not is_null_form(a) and answers_agree(a, item.item.answer)]
    if not hits:
        return None
    return "single_document_answerable_llm", f"document {hits[0]} alone gave the answer ({answers[hits[0] - 1][:80]!r})"


def _recorded(item: MultihopItem, record: dict[str, Any]) -> MultihopItem:
    extra = {**(item.provenance.extra or {}), "qa_check": record}
    return item.model_copy(update={"provenance": item.provenance.model_copy(update={"extra": extra})})


@dataclass(frozen=True)
class _Verdict:
    """What one QA reply decides for one item (shared by the full check and the hop-only check)."""

    step: str
    inconclusive: str

    def decide(self, item: AloneInput, reply: Reply, answer: str | None, alone: list[str]) -> Any:
        it = item.item
        record: dict[str, Any] = {"model": reply.model, "answers_alone": alone}
        if answer is not None:
            record["answer"] = answer
        doubts: list[str] = []
        if answer is not None and not answers_agree(answer, it.answer):
            proof = answer_proof(it)
            detail = f"the model answered {answer[:120]!r} from the evidence; the item's answer is {it.answer!r}"
            if proof is None:
                return _reject(self.step, "qa_answer_mismatch", it, f"{detail}; nothing proves the item's answer", reply.text)
            doubts.append(f"{detail}; kept on: {proof}")
        hop = hop_finding(alone, item) if it.question_type != "null_query" else None
        if hop is not None:
            reason, detail = hop
            proof = hop_proof(it)
            if proof is None:
                return _reject(self.step, reason, it, detail, reply.text)
            doubts.append(f"{detail}; kept on: {proof}")
        if not doubts:
            return _recorded(it, {"verdict": "confirmed", **record})
        if self.inconclusive == "drop":
            return _reject(self.step, "qa_inconclusive", it, "; ".join(doubts), reply.text)
        return _recorded(it, {"verdict": "inconclusive", "why": doubts, **record})


@dataclass(frozen=True)
class _ItemVerdictStep(LLMStep):
    """What the QA check and the model hop check share: one call per item, kept or rejected by `_Verdict`."""

    output_type: ClassVar[type] = MultihopItem
    inconclusive: str = "keep"

    def __post_init__(self) -> None:
        if self.inconclusive not in INCONCLUSIVE:
            raise ValueError(f"inconclusive must be one of {INCONCLUSIVE}, got {self.inconclusive!r}")

    per_document_field: ClassVar[str]  # the reply's list with one answer per evidence document
    reply_tokens: ClassVar[int]  # tokens for the rest of the reply; each document's answer gets 25 more

    def key(self, item: AloneInput) -> str:
        return item.item.item_id

    def response_model_for(self, item: AloneInput) -> type[BaseModel]:
        return with_item_count(self.response_model, self.per_document_field, len(item.documents))

    def max_tokens_for(self, item: AloneInput) -> int:
        return self.reply_tokens + 25 * len(item.documents)  # a few words each; a rambling reply is cut, then repaired


@dataclass(frozen=True)
class CheckItem(_ItemVerdictStep):
    """The QA check of one item in one short call: the model's answer from the evidence and from each document alone.

    `inconclusive`: "keep" (the default) keeps an item whose answer the mechanics prove when the model disagrees,
    recorded as inconclusive; "drop" rejects it (reason qa_inconclusive). Null queries are not sent: with no
    evidence to read, a model can only agree; their proof is the corpus-wide search of null.proof.
    """

    name: ClassVar[str] = "multihop.qa_check"
    version: ClassVar[str] = "3"
    template: ClassVar[str] = "multihop_qa_check.v2.j2"
    response_model: ClassVar[type] = QAAnswers
    max_tokens: ClassVar[int | None] = 120
    per_document_field: ClassVar[str] = "answers_alone"
    reply_tokens: ClassVar[int] = 40

    def skip(self, item: AloneInput) -> Any:
        if item.item.question_type != "null_query":
            return None
        return [_recorded(item.item, {"verdict": "not_asked", "why": answer_proof(item.item) or "null query"})]

    def variables(self, item: AloneInput) -> dict[str, Any]:
        it = item.item
        return {"query": it.query,
                "evidence": [{"source": e.source or "", "published_at": e.published_at or "", "fact": e.fact}
                             for e in it.evidence],
                "documents": [{"title": t, "text": x} for t, x in item.documents]}

    def parse(self, reply: Reply, item: AloneInput) -> Any:
        verdict: QAAnswers = reply.parsed
        return _Verdict(self.name, self.inconclusive).decide(item, reply, verdict.answer, verdict.answers_alone)


@dataclass(frozen=True)
class AnswerAlone(_ItemVerdictStep):
    """Hop necessity by a model, for runs without the QA check (which asks it in the same call): asked once per
    item to answer from each evidence document alone; an item a single document answers is rejected unless the
    mechanics prove every document is needed (then it is kept, recorded as inconclusive; see CheckItem)."""

    name: ClassVar[str] = "multihop.answer_alone"
    version: ClassVar[str] = "2"
    template: ClassVar[str] = "multihop_answer_alone.v1.j2"
    response_model: ClassVar[type] = AloneOut
    max_tokens: ClassVar[int | None] = 100
    per_document_field: ClassVar[str] = "answers"
    reply_tokens: ClassVar[int] = 20

    def skip(self, item: AloneInput) -> Any:
        return [item.item] if item.item.question_type == "null_query" else None

    def variables(self, item: AloneInput) -> dict[str, Any]:
        return {"query": item.item.query, "documents": [{"title": t, "text": x} for t, x in item.documents]}

    def parse(self, reply: Reply, item: AloneInput) -> Any:
        return _Verdict(self.name, self.inconclusive).decide(item, reply, None, reply.parsed.answers)
