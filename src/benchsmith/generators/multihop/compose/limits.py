"""Typed limits a technical manual states ("You can associate up to 10 tags with an object", "Bucket policies
are limited to 20 KB in size"), and comparisons of one kind of limit between two pages.

A manual has no people, dates or creators to bridge through; what it does state, page by page, are
limits of one kind for different things (tags per object and per job, the size of two kinds of
policy). Two such limits on two pages make a comparison whose answer needs both pages. Only
limits of the same kind are compared (the same counted noun, or the same unit of the same
measure), so no question sets a size against a duration. Each limit is read with strict patterns
from its sentence, and the figure compared is the first figure of its unit in that sentence
(what the comparison validator re-derives).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from benchsmith.corpora.sentences import split_sentences
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.quantities import extract_quantities
from benchsmith.types import Document
from benchsmith.validators.markup import clean, has_markup

_NUM = r"(?P<num>\d{1,3}(?:,\d{3})+|\d+)"
_VERBS = r"create|associate|add|apply|attach|have|specify|store|include|configure|define|assign|tag|upload|delete|list"
_COUNT = re.compile(
    rf"\b[Yy]ou can (?P<verb>{_VERBS}) up to {_NUM} (?P<noun>[a-z]+(?: [a-z]+)?) "
    r"(?P<prep>to|with|per|in|for|on) (?P<obj>[A-Za-z][\w\- ]{1,60}?)(?=[.,;:(]| as long as | if | that | when | by | using |$)"
)
_SIZE_UNITS = r"KB|MB|GB|TB|bytes|characters"
_LIMITED = re.compile(
    rf"^(?:Also,? )?(?P<subj>[A-Z][\w\- ]{{2,50}}?) (?:is|are) limited to {_NUM} ?(?P<unit>{_SIZE_UNITS})\b"
)
_UP_TO = re.compile(
    rf"^(?P<subj>[A-Z][\w\- ]{{2,50}}?) can be (?:up to|at most|no (?:larger|longer|more) than) {_NUM} ?(?P<unit>{_SIZE_UNITS})\b"
)
_MIN_MAX = re.compile(
    rf"^(?P<subj>[A-Z][\w\- ]{{2,60}}?) (?:has|have) a (?P<which>minimum|maximum) (?P<what>[a-z][a-z ]{{2,40}}?) of {_NUM} ?"
    r"(?P<unit>days|hours|minutes|KB|MB|GB|TB|bytes)\b"
)
_CUE = re.compile(r"\b(?:up to|limited to|can be|minimum|maximum) [^.]{0,60}?\d")
_BULLET = re.compile(r"^\s*(?:[+*\-]|\d+\.)\s+")
_LEAD = re.compile(r"^(?:the|a|an|each|every|any)\s+", re.IGNORECASE)
_OBJ_LEAD = re.compile(r"^(?:each of your|each|every|a single|a|an|the|your)\s+", re.IGNORECASE)
_VAGUE = frozenset({"it", "this", "that", "these", "those", "they", "them", "the configuration", "configuration", "one"})
_PAST = {"create": "created", "associate": "associated", "add": "added", "apply": "applied", "attach": "attached",
         "have": "had", "specify": "specified", "store": "stored", "include": "included", "configure": "configured",
         "define": "defined", "assign": "assigned", "tag": "tagged", "upload": "uploaded", "delete": "deleted",
         "list": "listed"}


@dataclass(frozen=True)
class Limit:
    """One stated limit: what is limited (`kind`, the key of comparable limits), for what (`subject`), how much."""

    page: Profile
    kind: tuple[str, ...]  # ("count", verb, noun) | ("size", unit) | ("min", what, unit) ...
    subject: str  # "an object", "access point policies"
    amount: float
    unit: str  # as extract_quantities names it ("tag", "kb", "day"): what the validator compares
    figure: str  # "10 tags", "20 KB"
    sentence: Value
    words: tuple[str, ...] = ()  # verb / noun / prep for counts, the measured property for min/max


def _first(sentence: str, amount: float) -> str | None:
    """The unit extract_quantities gives the first figure of `amount`, when that is how the sentence states it."""
    for q in extract_quantities(sentence):
        if q.value == amount:
            return q.unit
    return None


def _phrase(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text[1:2].isupper() and " " in text else text


def read_limits(documents: Sequence[Document]) -> list[Limit]:
    """Every limit the pages state in the patterns above, one per (kind, subject, amount): a sentence repeated
    on several pages counts once, on the first page that states it."""
    out: dict[tuple, Limit] = {}
    for doc in documents:
        page = Profile(doc.doc_id, doc.title)
        if not _CUE.search(doc.text):
            continue  # most documents state no limit: skip them before splitting and cleaning
        for span in split_sentences(doc.text):
            raw = doc.text[span.start : span.end]
            if not _CUE.search(raw):
                continue
            text = _BULLET.sub("", clean(raw))
            if not text or has_markup(text) or len(text.split()) > 40:
                continue
            value = Value(raw.strip(), span.start, span.start + len(raw.rstrip()))
            for limit in _limits_in(text, page, value):
                key = (limit.kind, limit.subject.lower(), limit.amount)
                out.setdefault(key, limit)
    return list(out.values())


def _limits_in(text: str, page: Profile, value: Value) -> list[Limit]:
    found = []
    m = _COUNT.search(text)
    if m:
        obj = _OBJ_LEAD.sub("", m.group("obj").strip())
        amount = float(m.group("num").replace(",", ""))
        unit = _first(value.text, amount)
        if obj.lower() not in _VAGUE and len(obj.split()) <= 6 and unit:
            obj = re.sub(r"^AWS accounts?$", "AWS account", obj)
            found.append(Limit(page, ("count", m.group("verb"), m.group("noun")), obj, amount, unit,
                               f"{m.group('num')} {m.group('noun')}", value, (m.group("verb"), m.group("noun"), m.group("prep"))))
    for pat in (_LIMITED, _UP_TO):
        m = pat.search(text)
        if m:
            subj = _LEAD.sub("", m.group("subj").strip())
            if re.match(r"^(?:Also|However|Note|But|And)\b", subj):
                subj = subj.split(" ", 1)[-1]
                subj = _LEAD.sub("", subj)
            amount = float(m.group("num").replace(",", ""))
            unit = _first(value.text, amount)
            if unit and subj.lower() not in _VAGUE and len(subj.split()) <= 6:
                measure = "length" if m.group("unit") == "characters" else "size"
                found.append(Limit(page, ("size", measure, m.group("unit")), _phrase(subj), amount, unit,
                                   f"{m.group('num')} {m.group('unit')}", value, (measure,)))
    m = _MIN_MAX.search(text)
    if m:
        subj = re.sub(r"^(?:Data|Objects) stored in ", "", m.group("subj").strip())
        subj = _LEAD.sub("", subj)
        what = re.sub(r"\s+period$", "", m.group("what").strip())
        amount = float(m.group("num").replace(",", ""))
        unit = _first(value.text, amount)
        if unit and len(subj.split()) <= 7:
            found.append(Limit(page, (m.group("which"), what, m.group("unit")), subj, amount, unit,
                               f"{m.group('num')} {m.group('unit')}", value, (m.group("which"), what)))
    return found


def _the(subject: str) -> str:
    """"an object" stays; "AWS account" -> "an AWS account"; "access point policies" stays (a plural)."""
    if re.match(r"^(?:a|an|the|your)\s", subject, re.IGNORECASE) or subject.endswith("s") and not subject.endswith("ss"):
        return subject
    return ("an " if subject[:1].lower() in "aeiou" else "a ") + subject


_MORE = {"size": "larger", "length": "longer", "minimum": "longer", "maximum": "longer"}


def question(x: Limit, y: Limit) -> str:
    """Whether x's limit exceeds y's, asked in the words of its kind."""
    if x.kind[0] == "count":
        verb, noun, prep = x.words
        prep_y = y.words[2]
        return f"Can more {noun} be {_PAST.get(verb, verb)} {prep} {_the(x.subject)} than {prep_y} {_the(y.subject)}?"
    if x.kind[0] == "size":
        measure = x.words[0]
        return f"Is the {measure} limit for {_the(x.subject)} {_MORE[measure]} than the one for {_the(y.subject)}?"
    which, what = x.words
    more = "longer" if x.kind[2] in ("days", "hours", "minutes") else "larger"
    return f"Is the {which} {what} of {x.subject} {more} than that of {y.subject}?"


def _head(subject: str) -> str:
    return subject.split()[-1].lower().rstrip("s")


def related(x: Limit, y: Limit, links: set[frozenset[str]]) -> bool:
    """A natural pair: counts of one noun, or limits on things of one sort ("access point policies" and
    "bucket policies"), or two pages that link to each other. Two sizes of unrelated things (a SQL
    expression and a request header) make an idle question."""
    return x.kind[0] == "count" or _head(x.subject) == _head(y.subject) \
        or frozenset((x.page.doc_id, y.page.doc_id)) in links


def page_links(documents: Sequence[Document]) -> set[frozenset[str]]:
    """Pairs of documents one of which links to the other (links name the target's title)."""
    by_title = {d.title: d.doc_id for d in documents if d.title}
    return {frozenset((d.doc_id, by_title[t])) for d in documents for t in (d.links or []) if t in by_title
            and by_title[t] != d.doc_id}


L = TypeVar("L")  # a limit read by one of the readers: it has .kind and .page


def cross_page_pairs(limits: Sequence[L], keep: Callable[[L, L], bool]) -> list[tuple[L, L]]:
    """Pairs of limits of one kind stated on two different pages that `keep` accepts: kinds in sorted order, each
    pair once, in the order the limits were read."""
    by_kind: dict = defaultdict(list)
    for lim in limits:
        by_kind[lim.kind].append(lim)
    pairs = []
    for kind in sorted(by_kind):
        group = by_kind[kind]
        for i, x in enumerate(group):
            pairs += [(x, y) for y in group[i + 1:] if x.page.doc_id != y.page.doc_id and keep(x, y)]
    return pairs


def limit_comparisons(limits: Sequence[Limit], rng: random.Random, limit: int,
                      links: set[frozenset[str]] = frozenset()) -> list[dict]:
    """Yes/No comparisons of two related limits of one kind stated on two pages, Yes and No alternating."""
    pairs = cross_page_pairs(limits, lambda x, y: x.amount != y.amount and x.subject.lower() != y.subject.lower()
                             and x.unit == y.unit and related(x, y, links))
    rng.shuffle(pairs)
    by_answer: dict[str, list[dict]] = {"Yes": [], "No": []}
    for x, y in pairs:
        want_yes = rng.random() < 0.5
        if (x.amount > y.amount) != want_yes:
            x, y = y, x
        answer = "Yes" if x.amount > y.amount else "No"
        by_answer[answer].append({
            "type": "comparison_query", "query": question(x, y), "answer": answer,
            "evidence": [(x.page, x.sentence), (y.page, y.sentence)], "anchors": [x.figure, y.figure], "bridge": None,
            "template": f"comparison.limit.{x.kind[0]}",
            "computation": {"op": "gt", "unit": x.unit, "values": [x.figure, y.figure], "attribute": " ".join(x.kind),
                            "subjects": [x.subject, y.subject]},
        })
    out: list[dict] = []
    for yes, no in zip(by_answer["Yes"], by_answer["No"], strict=False):
        out += [yes, no] if rng.random() < 0.5 else [no, yes]
    # Left over when one answer runs out: the balancing of the stream decides how many may follow.
    rest = by_answer["Yes"][len(by_answer["No"]) :] + by_answer["No"][len(by_answer["Yes"]) :]
    return (out + rest)[:limit]
