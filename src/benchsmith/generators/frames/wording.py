"""Heuristic question templates, one family per operation: short, natural, naming each article's subject.

The templates never quote an evidence sentence: a subject is named by its article
title (without Wikipedia's parenthetical disambiguation) and a value by what it measures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from benchsmith.generators.core.figures.builder import unit_factor
from benchsmith.generators.core.figures.measure import MEASURE_NOUNS
from benchsmith.generators.frames.derive import base_value, conversion, display_unit
from benchsmith.schemas.frames import FramesFact

GENERIC_COLUMNS = {"specification", "value", "values", "item", "details", "description", "limit", "setting", "name"}
_PAINTED = re.compile(r"\b(paint|oil on|canvas|watercolou?r|gouache|tempera)", re.IGNORECASE)
# a film or book about a painting mentions paint too: "a 2007 film about ... the creation of his painting"
_OTHER_WORK = re.compile(r"\b(film|movie|documentary|novel|book|album|song|opera|play|series|game)\b", re.IGNORECASE)
MEASURE = {"time": "time period", "data": "size", "percent": "percentage", "length": "measurement", "count": "number"}


# Cached (a pure function of the title): every draft names its articles, tens of thousands of drafts a run.
@lru_cache(maxsize=1 << 14)
def clean_title(title: str) -> str:
    return re.sub(r"\s*\([^()]*\)\s*$", "", title).strip() or title


def listing(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) > 2 and any("," in n and not n.startswith("\u201c") for n in names):  # quotes keep a title whole
        return "; ".join(names[:-1]) + "; and " + names[-1]  # "Mary Bowes, Countess of ...; Thomas Lyon-Bowes, ..."
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def quoted(title: str) -> str:
    """A work's title in quotes, so titles holding commas or "and" still read as one name in a list."""
    return f"\u201c{clean_title(title)}\u201d"


# operations that list limits side by side under "Which of these limits ...": each named by what it counts and per what
LIMIT_LIST_OPS = ("largest", "second", "same", "order", "count", "within", "count_within")


def subject(fact: FramesFact, title: str, op: str | None = None) -> str:
    """How the question names the value of one fact: the work's title, or what the figure measures (a count limit
    in a list of limits by what it counts: "tags per object", the list saying they are limits)."""
    if op in LIMIT_LIST_OPS and fact.dimension == "count":
        return re.sub(r"^the maximum number of ", "", fact.label)
    t = clean_title(title)
    if fact.dimension == "year:born":
        return f"the painter of {quoted(t)}"
    if fact.dimension == "year:person_born":
        return t  # a person is named, not quoted
    if fact.kind == "year":
        return quoted(t)
    if fact.dimension == "count":
        return fact.label  # "the maximum number of tags per object", from prose or a table row alike
    if fact.from_table and fact.label:
        column, _, row = fact.label.partition("|")
        if column.lower() in GENERIC_COLUMNS:
            # a row that names its own measure ("Maximum object size") is the phrase; any other row needs a frame
            if MEASURE_NOUNS.search(row) and len(row.split()) > 1:
                return f"the {row[0].lower() + row[1:] if not row[:2].isupper() else row}"
            return f"the figure given for {row}"
        column = re.sub(r"\bmax\b", "maximum", re.sub(r"\bmin\b", "minimum", column, flags=re.I), flags=re.I)
        return f"the {column[0].lower() + column[1:]} of {row}"
    return fact.label  # the measure phrase of its sentence ("the maximum size of an object"); facts without one are not kept


def answer_name(fact: FramesFact, title: str, op: str | None = None) -> str:
    """A figure as an answer names it: "maximum size of bucket policies" (the question's phrase without "the")."""
    return re.sub(r"^the ", "", subject(fact, title, op))


def made(facts: Sequence[FramesFact]) -> str:
    """"painted" when every cited sentence is about a painting, else "made"."""
    return "painted" if all(_about_painting(f.text) for f in facts) else "made"


# Cached (a pure function of the sentence): a corpus's few hundred dated sentences are drafted over many times a run.
@lru_cache(maxsize=1 << 14)
def _about_painting(sentence: str) -> bool:
    return bool(_PAINTED.search(sentence)) and not _OTHER_WORK.search(sentence)


COMPARATIVE = {"time": "longer", "data": "larger", "percent": "higher", "length": "longer", "count": "higher"}
SMALLER = {"time": "shorter", "data": "smaller", "percent": "lower", "length": "shorter", "count": "lower"}
SUPERLATIVE_LOW = {"time": "shortest", "data": "smallest", "percent": "lowest", "length": "shortest", "count": "lowest"}
SUPERLATIVE = {"time": "longest", "data": "largest", "percent": "highest", "length": "longest", "count": "highest"}


def _rounding(facts: Sequence[FramesFact], unit: str) -> str:
    """" Round to two decimals." when the difference of two figures needs more decimals in the unit asked for."""
    diff = abs(base_value(facts[0]) - base_value(facts[1])) / unit_factor(unit)
    return "" if abs(diff - round(diff, 2)) < 1e-9 else " Round to two decimals."


def _people_question(op: str, people: list[str], ranked: list[str], params: dict | None) -> str | None:
    """Questions over the birth years of the people the articles are about."""
    named = listing(people)
    if op == "gap":
        return f"How many years older is {ranked[0]} than {ranked[1]}?"
    if op == "earliest":
        return f"Who was born first: {named}?"
    if op == "order":
        return f"Order these people by birth year, earliest first: {named}."
    if op == "count":
        return f"How many of {named} were born before {params['shown']}?"
    if op == "roman":
        return f"In what year was the earliest-born of {named} born? Give it in Roman numerals."
    if op in ("after", "between"):
        bounds = int(params["bounds"])
        choices = f"Of {listing(people[bounds:])}, who"
        if op == "after":
            return f"{choices} was born soonest after {people[0]}?"
        earlier, later = sorted(people[:2], key=ranked.index)
        return f"{choices} was born after {earlier} but before {later}?"
    return None


def question(op: str, facts: Sequence[FramesFact], titles: Sequence[str], hub: str | None = None,
             params: dict | None = None) -> str | None:
    """The question, or None when its measures could not be told apart by their names."""
    subj = [subject(f, t, op) for f, t in zip(facts, titles)]
    if len({x.lower() for x in subj}) < len(subj):
        return None
    born = facts[0].dimension == "year:born"
    unit = display_unit(facts)[0]
    verb = made(facts)
    works = listing(quoted(t) for t in titles)
    ranked = [x for _, x in sorted(zip((base_value(f) for f in facts), subj), key=lambda p: p[0])]
    if facts[0].dimension == "year:person_born":
        return _people_question(op, subj, ranked, params)
    these = " limits" if facts[0].dimension == "count" else ""  # "Which of these limits is the highest: ..."
    if op == "gap":
        if facts[0].kind == "year":
            return (f"How many years older is {ranked[0]} than {ranked[1]}?" if born
                    else f"How many years after {ranked[0]} was {ranked[1]} {verb}?")
        if facts[0].dimension == "count":  # "How much higher is the maximum number of tags per job than ... per object?"
            return f"How much higher is {ranked[1]} than {ranked[0]}?"
        return f"How much {COMPARATIVE[facts[0].dimension]} is {ranked[1]} than {ranked[0]}, in {unit}?{_rounding(facts, unit)}"
    if op == "gap_in":
        target = conversion(facts)[0]
        return (f"How much {COMPARATIVE[facts[0].dimension]} is {ranked[1]} than {ranked[0]}? Give the difference in "
                f"{target}.{_rounding(facts, target)}")
    if op == "ratio":
        whole = abs(max(base_value(f) for f in facts) / min(base_value(f) for f in facts) % 1) < 1e-9
        return (f"How many times {COMPARATIVE[facts[0].dimension]} is {ranked[1]} than {ranked[0]}?"
                + ("" if whole else " Round to two decimals."))
    if op == "count_within":
        word, small = COMPARATIVE[facts[0].dimension], SMALLER[facts[0].dimension]
        return (f"How many of these{these} are {word} than {params['shown_low']} but {small} than {params['shown_high']}: "
                f"{listing(subj)}?")
    if op == "within":
        word, small = COMPARATIVE[facts[0].dimension], SMALLER[facts[0].dimension]
        return f"Which of these{these} is {word} than {params['shown_low']} but {small} than {params['shown_high']}: {listing(subj)}?"
    if op == "order" and facts[0].kind != "year":
        return f"Order these{these} from {SUPERLATIVE_LOW[facts[0].dimension]} to {SUPERLATIVE[facts[0].dimension]}: {listing(subj)}."
    if op == "largest":
        return f"Which of these{these} is the {SUPERLATIVE[facts[0].dimension]}: {listing(subj)}?"
    if op == "same":
        return f"Which two of these{these} are equal: {listing(subj)}?"
    if op == "second":
        return f"Which of these{these} is the second {SUPERLATIVE[facts[0].dimension]}: {listing(subj)}?"
    if op == "between" and facts[0].kind != "year":
        bounds = int(params["bounds"])
        lo, hi = sorted(zip((base_value(f) for f in facts[:2]), subj[:2]))
        word = COMPARATIVE[facts[0].dimension]
        return f"Which of {listing(subj[bounds:])} is {word} than {lo[1]} but {SMALLER[facts[0].dimension]} than {hi[1]}?"
    if op == "earliest":
        return (f"Which of these works is by the earliest-born painter: {works}?" if born
                else f"Which of these works was {verb} first: {works}?")
    if op == "order":
        return (f"Order these works by their painters' birth years, earliest first: {works}."
                if born else f"Put these works in the order they were {verb}, oldest first: {works}.")
    if op == "count":
        shown = params["shown"]
        if facts[0].kind == "year":
            return (f"How many of the painters of {works} were born before {shown}?" if born
                    else f"How many of these works were {verb} before {shown}: {works}?")
        return f"How many of these{these} are {COMPARATIVE[facts[0].dimension]} than {shown}: {listing(subj)}?"
    if op == "sum":
        return f"What do {listing(subj)} add up to, in {unit}?"
    if op == "roman":
        two = len(facts) == 2  # "the older of A and B", "the oldest of A, B and C"
        return (f"In what year was the {'earlier' if two else 'earliest'}-born of the painters of {works} born? Give it "
                "in Roman numerals." if born
                else f"In what year was the {'older' if two else 'oldest'} of {works} {verb}? Give it in Roman numerals.")
    if op == "convert":
        target, rule = conversion(facts)
        return f"How many {target} do {listing(subj)} come to together{f' ({rule})' if rule else ''}? Round to two decimals."
    if op in ("after", "between"):
        bounds = int(params["bounds"])
        named = [quoted(t) for t in titles]
        choices = f"Of {listing(named[bounds:])}, which"
        if op == "after":
            return f"{choices} was {verb} soonest after {named[0]}?"
        lo, hi = sorted(zip((base_value(f) for f in facts[:2]), named[:2]))
        return f"{choices} was {verb} after {lo[1]} but before {hi[1]}?"
    raise ValueError(f"no template for {op!r}")
