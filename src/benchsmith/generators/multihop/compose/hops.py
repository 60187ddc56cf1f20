"""Hop necessity, checked mechanically: no single evidence document may answer the question.

A question names anchors (the entities or values it gives) and has an answer. When one
evidence document holds the answer and every anchor, a reader of that document alone
needs no second hop; for Yes/No answers, one document holding every anchor may state
both compared values. A leave-one-out retrieval record is added per item: the rank of
each gold document for the question, and whether any single document among the top
retrieved ones (other than each gold document in turn) holds answer and anchors together.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from benchsmith.text import contains_phrase, regex

YES_NO = frozenset({"yes", "no"})


def _glued(text: str, phrase: str) -> bool:
    """A capitalised title of two words or more written flush against the word before it, as extracted credit
    lists run ("... MidwayHarperAirport 1975 Damnation Alley"): the title is there, though no word boundary is."""
    words = phrase.split()
    if len(words) < 2 or not words[0][:1].isupper():
        return False
    return regex(r"(?<=[a-z])" + r"\s+".join(re.escape(w) for w in words) + r"(?!\w)").search(text) is not None


def _holds(text: str, phrase: str) -> bool:
    return bool(phrase) and (contains_phrase(text, phrase) or _glued(text, phrase))


def single_document(texts: dict[str, str], answer: str, anchors: Sequence[str]) -> list[str]:
    """The documents (ids) that alone hold the answer and every anchor (for Yes/No: every anchor)."""
    yes_no = answer.strip().lower() in YES_NO
    out = []
    for doc_id, text in texts.items():
        if not all(_holds(text, a) for a in anchors):
            continue
        if yes_no and len(anchors) >= 2 or not yes_no and _holds(text, answer):
            out.append(doc_id)
    return out


def leave_one_out(index, query: str, gold: Sequence[str], answer: str, anchors: Sequence[str]) -> dict:
    """Rank of each gold document for `query` (None past the top) and, per gold document left out,
    the retrieved documents that would answer alone."""
    ranking: list[str] = []
    for chunk in index.top(query):
        if chunk.doc_id not in ranking:
            ranking.append(chunk.doc_id)
    docs = index.documents_by_id
    texts = {d: f"{docs[d].title}\n{docs[d].text}" for d in ranking if d in docs}
    shortcuts = single_document(texts, answer, anchors) if anchors else []
    return {
        "gold_rank": {g: (ranking.index(g) + 1 if g in ranking else None) for g in gold},
        "answerable_without": {g: [d for d in shortcuts if d != g] for g in gold},
    }
