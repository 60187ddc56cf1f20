"""Frames validators on hand-made items: re-derivation from the document text, leave-one-out, answer type, copying."""

from __future__ import annotations

import pytest

from benchsmith.schemas.frames import (
    FramesArticle,
    FramesDerivation,
    FramesFact,
    FramesItem,
)
from benchsmith.types import Chunk, Document, Provenance, Span
from benchsmith.validators import CorpusIndex, ValidationContext, run_validators

TEXTS = {
    "a": "The Hay Wain is an 1821 oil painting by John Constable.",
    "b": "Wivenhoe Park is an 1816 oil painting by John Constable.",
    "c": "Flatford Mill is an 1817 oil painting by John Constable.",
}
TITLES = {"a": "The Hay Wain", "b": "Wivenhoe Park", "c": "Flatford Mill"}


def _ctx(texts=TEXTS):
    docs = [Document(doc_id=k, title=TITLES[k], text=v) for k, v in texts.items()]
    chunks = [Chunk(chunk_id=k + "-0", doc_id=k, text=v, span=Span(start=0, end=len(v)), index=0, n_tokens=9)
              for k, v in texts.items()]
    return ValidationContext(CorpusIndex(docs, chunks))


def _fact(doc: str, kind="year") -> FramesFact:
    text = TEXTS[doc]
    if kind == "year":
        start = text.index("18")
        value, dim, end = int(text[start:start + 4]), "year:made", start + 4
    else:
        start = text.index("John Constable")
        value, dim, end = "John Constable", "name", start + len("John Constable")
    return FramesFact(fact_id=f"{doc}-{kind}", doc_id=doc, chunk_id=doc + "-0", kind=kind, dimension=dim, value=value,
                      span=Span(start=0, end=len(text)), text=text, value_span=Span(start=start, end=end),
                      value_text=text[start:end])


def _item(op: str, docs: list[str], answer: str, question: str, extra_docs=(), facts=None) -> FramesItem:
    facts = facts or [_fact(d) for d in docs] + [_fact(d, "name") for d in extra_docs]
    return FramesItem(
        item_id="q1", question=question, answer=answer, reasoning_types=["Temporal reasoning"],
        articles=[FramesArticle(doc_id=d, title=TITLES[d]) for d in list(docs) + list(extra_docs)],
        facts=facts, derivation=FramesDerivation(op=op, inputs=[f"{d}-year" for d in docs], dimension="year:made"),
        provenance=Provenance(step="test"))


CHECKS = ["frames.answer", "frames.leave_one_out", "frames.answer_type", "frames.copy"]


def test_a_correct_item_passes():
    item = _item("earliest", ["a", "b", "c"], "Wivenhoe Park", "Which was made first: The Hay Wain, Wivenhoe Park or Flatford Mill?")
    assert run_validators(item, _ctx(), CHECKS) == []


def test_a_wrong_answer_is_caught():
    item = _item("gap", ["a", "b"], "4", "How many years passed between the making of The Hay Wain and Wivenhoe Park?")
    assert [i.code for i in run_validators(item, _ctx(), CHECKS)] == ["answer_mismatch"]


def test_values_are_read_from_the_document_not_the_item():
    item = _item("gap", ["a", "b"], "5", "How many years passed between the making of The Hay Wain and Wivenhoe Park?")
    drifted = dict(TEXTS, b=TEXTS["b"].replace("1816", "1818"))
    assert [i.code for i in run_validators(item, _ctx(drifted), ["frames.answer"])] == ["answer_mismatch"]


def test_an_article_that_contributes_nothing_fails_leave_one_out():
    item = _item("gap", ["a", "b"], "5", "How many years passed between the making of The Hay Wain and Wivenhoe Park?",
                 extra_docs=["c"])
    issues = run_validators(item, _ctx(), ["frames.leave_one_out"])
    assert [(i.code, "c" in i.message) for i in issues] == [("article_unused", True)]


@pytest.mark.parametrize(("answer", "question", "code"), [
    ("No", "Was The Hay Wain made before Wivenhoe Park and Flatford Mill?", "binary_answer"),
    ("five", "How many years passed between the making of The Hay Wain and Wivenhoe Park?", "answer_not_numeric"),
])
def test_answer_type(answer, question, code):
    item = _item("gap", ["a", "b"], answer, question)
    assert code in [i.code for i in run_validators(item, _ctx(), ["frames.answer_type"])]


def test_copied_evidence_is_caught_but_titles_are_not_copying():
    copied = _item("gap", ["a", "b"], "5", "Given that it is an 1821 oil painting by John Constable, how many years "
                   "separate The Hay Wain and Wivenhoe Park?")
    assert "copied_evidence" in [i.code for i in run_validators(copied, _ctx(), ["frames.copy"])]
