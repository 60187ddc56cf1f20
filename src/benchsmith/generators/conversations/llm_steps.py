"""The llm strategy's steps (after mtRAG appendix G and Lee et al. 2024): user turn, response, check, unanswerable proof.

Inputs are plain JSON dicts, so a stage's keys are hashes of exactly what the model
sees: a resumed run rebuilds the same inputs and reads every answered prompt back
from its checkpoint. Each reply is parsed into a strict schema; output that does not
fit becomes a Rejected record with the raw text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from benchsmith.generators.core.step import LLMStep, Reply
from benchsmith.schemas.conversation import QUESTION_TYPES
from benchsmith.types import Rejected

TYPE_DEFINITIONS = {
    "Factoid": "asks for a specific fact",
    "Comparative": "asks how two or more things differ or compare",
    "Explanation": "asks why or how something is so",
    "Keyword": "a few words or a phrase rather than a sentence",
    "Summarization": "asks for an overview or summary of a topic",
    "How-To": "asks for the steps to do something",
    "Opinion": "asks for a recommendation or a judgement",
    "Non-Question": "a statement or request rather than a question",
    "Composite": "two or more questions in one message",
}
MULTI_TURN_DEFINITIONS = {
    "N/A": "the first message of the conversation",
    "Follow-up": "continues the conversation with a new question that builds on what was said",
    "Clarification": "asks about something the assistant just said, or narrows the previous question",
}
ANSWERABILITY_DEFINITIONS = {
    "ANSWERABLE": "the passages fully answer it",
    "PARTIAL": "the passages answer part of it; another part is not in the documents",
    "UNANSWERABLE": "nothing in the documents answers it, though it fits the conversation",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UserTurnOut(_Strict):
    question: str = Field(min_length=1, max_length=600)
    rewrite: str = Field(min_length=3, max_length=800)
    standalone: bool
    missing: str = ""


class ResponseOut(_Strict):
    response: str = Field(min_length=1, max_length=3000)
    passages: list[str] = Field(default_factory=list)


class CheckOut(_Strict):
    supported: list[bool]
    question_types: list[str] = Field(min_length=1)


class UnanswerableOut(_Strict):
    answering: list[str]
    reason: str = ""


def _reject(step: str, reason: str, item: dict[str, Any], detail: str, raw: str | None) -> Rejected:
    return Rejected(step=step, reason=reason, detail=detail, input_ref=item.get("task_id"), raw_output=raw)


@dataclass(frozen=True)
class WriteUserTurn(LLMStep):
    name = "conversations.llm.user_turn"
    template = "conversation_user_turn.v1.j2"
    response_model = UserTurnOut

    def variables(self, item: dict[str, Any]) -> dict[str, Any]:
        return {"history": item["history"], "question_type": item["question_type"],
                "type_definition": TYPE_DEFINITIONS[item["question_type"]], "multi_turn": item["multi_turn"],
                "multi_turn_definition": MULTI_TURN_DEFINITIONS[item["multi_turn"]],
                "answerability": item["answerability"],
                "answerability_definition": ANSWERABILITY_DEFINITIONS[item["answerability"]],
                "passages": item["passages"], "topic": item.get("topic", "")}

    def parse(self, reply: Reply, item: dict[str, Any]) -> Any:
        out: UserTurnOut = reply.parsed
        if item["answerability"] in ("UNANSWERABLE", "PARTIAL") and not out.missing.strip():
            return _reject(self.name, "missing_not_named", item, "an unanswerable or partial turn must name what is missing",
                           reply.text)
        return {**out.model_dump(), "raw": reply.text, "model": reply.model, "prompt_hash": reply.prompt_hash}


@dataclass(frozen=True)
class WriteResponse(LLMStep):
    name = "conversations.llm.response"
    template = "conversation_response.v1.j2"
    response_model = ResponseOut
    max_words: int = 150

    def variables(self, item: dict[str, Any]) -> dict[str, Any]:
        return {"history": item["history"], "question": item["question"], "rewrite": item["rewrite"],
                "passages": item["passages"], "missing": item.get("missing", ""), "max_words": self.max_words}

    def parse(self, reply: Reply, item: dict[str, Any]) -> Any:
        out: ResponseOut = reply.parsed
        known = {p["id"] for p in item["passages"]}
        used = [p for p in dict.fromkeys(out.passages) if p in known]
        if not used:
            return _reject(self.name, "no_passage_cited", item, f"cited {out.passages}, none of {sorted(known)}", reply.text)
        if len(out.response.split()) > self.max_words * 1.2:
            return _reject(self.name, "response_too_long", item, f"{len(out.response.split())} words", reply.text)
        return {"response": out.response.strip(), "passages": used, "raw": reply.text}


@dataclass(frozen=True)
class CheckTurn(LLMStep):
    name = "conversations.llm.check"
    template = "conversation_check.v1.j2"
    response_model = CheckOut

    def variables(self, item: dict[str, Any]) -> dict[str, Any]:
        return {"question": item["question"], "sentences": item["sentences"], "passages": item["passages"],
                "types": list(QUESTION_TYPES), "type_definitions": TYPE_DEFINITIONS}

    def parse(self, reply: Reply, item: dict[str, Any]) -> Any:
        out: CheckOut = reply.parsed
        if len(out.supported) != len(item["sentences"]):
            return _reject(self.name, "malformed_check", item,
                           f"{len(out.supported)} verdicts for {len(item['sentences'])} sentences", reply.text)
        unknown = [t for t in out.question_types if t not in QUESTION_TYPES]
        if unknown:
            return _reject(self.name, "unknown_question_type", item, f"{unknown}", reply.text)
        return {"supported": out.supported, "question_types": out.question_types}


@dataclass(frozen=True)
class ProveUnanswerable(LLMStep):
    name = "conversations.llm.unanswerable"
    template = "conversation_unanswerable.v1.j2"
    response_model = UnanswerableOut

    def variables(self, item: dict[str, Any]) -> dict[str, Any]:
        return {"question": item["question"], "passages": item["passages"]}

    def skip(self, item: dict[str, Any]) -> Any:
        return {"answering": []} if not item["passages"] else None

    def parse(self, reply: Reply, item: dict[str, Any]) -> Any:
        out: UnanswerableOut = reply.parsed
        known = {p["id"] for p in item["passages"]}
        return {"answering": [p for p in out.answering if p in known], "reason": out.reason}


def validate_reply(model: type[BaseModel], data: Any) -> BaseModel | None:
    try:
        return model.model_validate(data)
    except ValidationError:
        return None
