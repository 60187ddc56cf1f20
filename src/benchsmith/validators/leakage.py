"""Leakage: an inference query must not name its answer (the bridge entity)."""

from __future__ import annotations

from benchsmith.validators import Issue, register
from benchsmith.validators._text import contains_phrase

_GENERIC = frozenset({"the", "of", "and", "city", "new", "company", "group", "inc", "ltd"})


class AnswerLeak:
    name = "leakage.answer_in_query"

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "inference_query":
            return []
        answer = item.answer.strip().rstrip(".")
        if contains_phrase(item.query, answer):
            return [Issue("answer_leak", "error", f"the answer {answer!r} appears in the query")]
        # A distinctive part of a multi-word name ("Voss" of "Mara Voss") leaks it too.
        for word in answer.split():
            if len(word) > 3 and word.lower() not in _GENERIC and word[:1].isupper() and contains_phrase(item.query, word):
                return [Issue("answer_leak_partial", "error", f"the answer's word {word!r} appears in the query")]
        return []


class AnswerForm:
    """The paper's third criterion: the answer is a single word or entity."""

    name = "answer.form"

    def check(self, item, ctx) -> list[Issue]:
        if len(item.answer.split()) > 6:
            return [Issue("answer_too_long", "warning", f"answer has {len(item.answer.split())} words")]
        return []


register(AnswerLeak())
register(AnswerForm())
