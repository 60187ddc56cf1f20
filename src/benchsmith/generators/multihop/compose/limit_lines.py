"""Limit lines of a manual the shared figure reader (`generators/core/figures/`) leaves out: restriction lists and name-length rules.

- "+ Maximum number of Outposts buckets per Outpost is 100." (a count, holder after "per");
- "Bucket names must be between 3 and 63 characters long.", "A tag key can be up to 128 Unicode characters
  in length, and tag values can be up to 256 Unicode characters in length." (a length in characters, of a
  named thing);
- a list item with no subject ("+ Must be between 3 and 50 characters long") under a lead that names it
  ("Access point names must meet the following conditions:").

Each gives a `PageLimit` like the fact reader's, so the same pairing and wording apply. A length in characters
compares with any other length in characters: names, tag keys and values are all strings a user writes within
the manual's limits ("Can a tag key be longer than a bucket name?"), whatever the thing is named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.generators.core.figures.counts import count_kind
from benchsmith.generators.multihop.compose.page_limits import PageLimit
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document

_N = r"(?P<num>\d{1,3}(?:,\d{3})+|\d+)"
_ITEM = r"^\s*(?:[+*-]\s+)?"
_MAX_NUMBER = re.compile(_ITEM + rf"(?:The )?[Mm]aximum number of (?P<noun>[A-Za-z][A-Za-z -]*?s) per (?P<holder>[A-Za-z][\w -]*?) is {_N}\.?\s*$")
_SUBJ = r"(?P<subj>[A-Za-z][\w -]{2,40}?)"
_LENGTH = [
    re.compile(rf"(?:^|, and |; |^\s*[+*-]\s+){_SUBJ} (?:must|should|can|may) be between \d+ and {_N} characters long\b"),
    re.compile(rf"(?:^|, and |; |^\s*[+*-]\s+){_SUBJ} can be up to {_N} (?:Unicode )?characters (?:in length|long)\b"),
]
_SUBJECTLESS = re.compile(_ITEM + rf"(?:Must|Can) be between \d+ and {_N} characters long\b")
_LEAD = re.compile(r"^(?P<subj>[A-Z][\w -]{2,40}?) must (?:meet|follow|comply with|satisfy) (?:the following|these)\b[^\n]*:\s*$")
_BAD_SUBJECT = re.compile(r"^(?:it|they|this|that|these|those|you|each|all|both)\b", re.IGNORECASE)


def _line_limits(doc: Document, page: Profile) -> list[PageLimit]:
    out = []
    text = doc.text
    lead: str | None = None
    lead_value: Value | None = None
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        stripped = line.strip()
        if not stripped:
            continue
        m = _LEAD.match(stripped)
        if m:
            lead = m.group("subj")
            lead_at = start + (len(line) - len(line.lstrip()))
            lead_value = Value("", lead_at, lead_at + len(stripped))
            continue
        if not re.match(r"[+*-]\s", stripped):
            lead = None
        offset = start + (len(line) - len(line.lstrip()))
        sentence = Value("", offset, offset + len(stripped))
        m = _MAX_NUMBER.match(stripped)
        if m:
            noun, holder = m.group("noun"), m.group("holder")
            figure = m.group("num")
            out.append(PageLimit(page, count_kind(noun), "count", f"the maximum number of {noun} per {holder}",
                                 float(figure.replace(",", "")), figure, Value(figure, sentence.start, sentence.end),
                                 doc.title))
        m = _SUBJECTLESS.match(stripped)
        if m and lead:
            out.append(replace(_length(page, doc.title, lead, m.group("num"), sentence), context=lead_value))
    return out


def _length(page: Profile, title: str, subject: str, num: str, sentence: Value, figure: str = "") -> PageLimit:
    bare = re.sub(r"^(?:an?|the) ", "", " ".join(subject.split()), flags=re.IGNORECASE)
    bare = bare if bare[:2].isupper() else bare[:1].lower() + bare[1:]  # "Bucket names" -> "bucket names"; "S3 ..." stays
    figure = figure or f"{num} characters"
    return PageLimit(page, "length:max:characters", "length", f"the maximum length of {bare}",
                     float(num.replace(",", "")), figure, Value(figure, sentence.start, sentence.end), title)


def read_limit_lines(documents: Sequence[Document]) -> list[PageLimit]:
    """The restriction-list counts and name lengths of every page (see the module text)."""
    out: list[PageLimit] = []
    for doc in documents:
        if "characters" not in doc.text and "aximum number of" not in doc.text:
            continue
        page = Profile(doc.doc_id, doc.title)
        out += _line_limits(doc, page)
        if "characters" not in doc.text:
            continue
        for s, e in sentence_offsets(doc.text):
            sentence = doc.text[s:e]
            if "characters" not in sentence or "`" in sentence:
                continue
            for pattern in _LENGTH:
                for m in pattern.finditer(sentence):
                    subj = m.group("subj").strip()
                    figure = re.search(rf"{m.group('num')} (?:Unicode )?characters", m.group(0))
                    if _BAD_SUBJECT.match(subj) or figure is None:
                        continue
                    out.append(_length(page, doc.title, subj, m.group("num"), Value("", s, e), figure.group(0)))
    return out
