"""One typed fact of a text, a value inside a verbatim sentence (or table row) of it, and the builder that
places it: the sentence's chunk, its span, the value's span. Neutral: a generator wraps it in its own schema type."""

from __future__ import annotations

import re
from dataclasses import dataclass

from benchsmith.types import Chunk, Document, Span, content_id

# unit word (as written, lower case) -> (dimension, factor to the dimension's base unit)
UNITS = {
    "second": ("time", 1), "seconds": ("time", 1), "minute": ("time", 60), "minutes": ("time", 60),
    "hour": ("time", 3600), "hours": ("time", 3600), "day": ("time", 86400), "days": ("time", 86400),
    "week": ("time", 604800), "weeks": ("time", 604800),
    "byte": ("data", 1), "bytes": ("data", 1), "kb": ("data", 1024), "mb": ("data", 1024**2),
    "gb": ("data", 1024**3), "tb": ("data", 1024**4),
    "cm": ("length", 1), "mm": ("length", 0.1), "centimetres": ("length", 1), "centimeters": ("length", 1),
    "in": ("length", 2.54), "inches": ("length", 2.54), "metres": ("length", 100), "meters": ("length", 100),
    "%": ("percent", 1), "percent": ("percent", 1),
}


def unit_factor(unit: str) -> float:
    """A unit's factor to its dimension's base unit; a counted noun ("tags") is its own unit."""
    return UNITS[unit.lower()][1] if unit.lower() in UNITS else 1.0


_CHANGEABLE = re.compile(r"\b(currently|now|today|at present|as of|maximum|minimum|up to|limit|default|at least|no more than)\b", re.IGNORECASE)
# A linked name stated as a present holder, place or record ("is currently on display at", "the incumbent",
# "holds the record") can change; "was painted in" cannot.
_CHANGEABLE_NAME = re.compile(
    r"\b(currently|now|today|at present|as of|is (?:held|housed|owned|kept|displayed|exhibited|on (?:display|loan|view)|"
    r"(?:now )?in the (?:permanent )?collection)|hangs|incumbent|(?:holds|held) the record|record)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Fact:
    """A value read from a verbatim sentence of one document (see extract_facts for the kinds)."""

    fact_id: str
    doc_id: str
    chunk_id: str
    kind: str  # year | quantity | name
    dimension: str  # year:made, year:born, year:person_born, time, data, length, percent, count, name
    value: float | int | str
    unit: str
    span: Span  # the evidence sentence
    text: str
    value_span: Span
    value_text: str
    label: str = ""  # what the value is of, in the text's words
    from_table: bool = False
    changeable: bool = False  # a limit or a current holder, which can change over time


def _chunk_for(chunks: tuple[Chunk, ...], start: int, end: int, text: str) -> str | None:
    for c in chunks:
        if c.span.start <= start and end <= c.span.end and text in c.text:
            return c.chunk_id
    return None


def _changeable(kind: str, dimension: str, sentence: str) -> bool:
    if kind == "name":
        return bool(_CHANGEABLE_NAME.search(sentence))
    if dimension == "count":
        return True  # a count is read only from limit wording ("up to 10 tags"), and limits change
    return bool(_CHANGEABLE.search(sentence)) and dimension in ("time", "data", "percent")


class Builder:
    def __init__(self, doc: Document, chunks: tuple[Chunk, ...]) -> None:
        self.doc, self.chunks, self.facts = doc, chunks, []

    def add(self, kind: str, dimension: str, value, unit: str, s: int, e: int, vs: int, ve: int,
            label: str = "", from_table: bool = False) -> bool:
        sentence = self.doc.text[s:e]
        chunk = _chunk_for(self.chunks, s, e, sentence)
        if chunk is None:
            return False
        fid = content_id(self.doc.doc_id, kind, dimension, str(vs), prefix="fact-")
        self.facts.append(Fact(
            fact_id=fid, doc_id=self.doc.doc_id, chunk_id=chunk, kind=kind, dimension=dimension, value=value, unit=unit,
            span=Span(start=s, end=e), text=sentence, value_span=Span(start=vs, end=ve),
            value_text=self.doc.text[vs:ve], label=label, from_table=from_table,
            changeable=_changeable(kind, dimension, sentence)))
        return True
