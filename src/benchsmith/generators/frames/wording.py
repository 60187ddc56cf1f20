"""Heuristic question templates, one family per operation: short, natural, naming each article's subject.

The templates never quote an evidence sentence: a subject is named by its article
title (without Wikipedia's parenthetical disambiguation) and a value by what it measures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from benchsmith.generators.frames.derive import conversion, display_unit
from benchsmith.schemas.frames import FramesFact

GENERIC_COLUMNS = {"specification", "value", "values", "item", "details", "description", "limit", "setting", "name"}
MEASURE = {"time": "time period", "data": "size", "percent": "percentage", "length": "measurement"}


def clean_title(title: str) -> str:
    return re.sub(r"\s*\([^()]*\)\s*$", "", title).strip() or title


def listing(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def quoted(title: str) -> str:
    """A work's title in quotes, so titles holding commas or "and" still read as one name in a list."""
    return f"\u201c{clean_title(title)}\u201d"


def subject(fact: FramesFact, title: str) -> str:
    """How the question names the value of one fact."""
    t = clean_title(title)
    if fact.dimension == "year:born":
        return f"the painter of {quoted(t)}"
    if fact.kind == "year":
        return quoted(t)
    if fact.from_table and fact.label:
        column, _, row = fact.label.partition("|")
        if column.lower() in GENERIC_COLUMNS:
            return f"the {row} in the table of \u201c{t}\u201d"
        return f"the {column.lower()} of {row} in the table of \u201c{t}\u201d"
    return f"the {MEASURE.get(fact.dimension, 'figure')} stated in \u201c{t}\u201d"


def question(op: str, facts: Sequence[FramesFact], titles: Sequence[str], hub: str | None = None) -> str:
    subj = [subject(f, t) for f, t in zip(facts, titles)]
    born = facts[0].dimension == "year:born"
    unit = display_unit(facts)[0]
    if op == "gap":
        if facts[0].kind == "year":
            return (f"How many years apart were {listing(subj)} born?" if born
                    else f"How many years passed between the making of {subj[0]} and that of {subj[1]}?")
        return f"What is the difference between {subj[0]} and {subj[1]}, in {unit}?"
    if op == "earliest":
        return (f"Which of these works is by the earliest-born painter: {listing(quoted(t) for t in titles)}?" if born
                else f"Which of these was made first: {listing(subj)}?")
    if op == "largest":
        return f"Which page gives the largest value: {listing(subj)}?"
    if op == "order":
        return (f"Order these works by their painters' birth years, earliest first: {listing(quoted(t) for t in titles)}."
                if born else f"Put these works in the order they were made, oldest first: {listing(subj)}.")
    if op == "mean":
        if facts[0].kind == "year":
            what = "birth year of the painters of" if born else "year of creation of"
            return f"What is the average {what} {listing(quoted(t) for t in titles)}, rounded to the nearest year?"
        return f"What is the average of {listing(subj)}, in {unit}?"
    if op == "sum":
        return f"What do {listing(subj)} add up to, in {unit}?"
    if op == "roman":
        return (f"In Roman numerals, what is the birth year of the earliest-born painter among the painters of "
                f"{listing(quoted(t) for t in titles)}?" if born
                else f"In Roman numerals, in what year was the oldest of {listing(subj)} made?")
    if op == "convert":
        target, rule = conversion(facts)
        return f"Taken together, how many {target} are {listing(subj)}{f' ({rule})' if rule else ''}? Round to two decimals."
    if op == "after":
        if facts[0].kind == "year":
            return f"Of the works whose article mentions {hub}, which was made soonest after {subj[0]}?"
        return (f"Of the pages that mention {hub}, which states the smallest {MEASURE[facts[0].dimension]} "
                f"larger than {subj[0]}? Give its title.")
    if op == "between":
        if facts[0].kind == "year":
            return f"Which work whose article mentions {hub} was made after {subj[0]} but before {subj[1]}?"
        return (f"Which page that mentions {hub} states a {MEASURE[facts[0].dimension]} larger than {subj[0]} "
                f"but smaller than {subj[1]}? Give its title.")
    raise ValueError(f"no template for {op!r}")
