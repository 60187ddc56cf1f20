"""What a fact measures, as far as putting facts side by side goes, and when two facts state one thing.

Only like with like is compared or combined: a figure shares a kind with figures of the same bound and thing
bounded (measure.measure_kind); a count limit with counts of the same noun, or, in questions that only name and
rank limits, with every count limit (FAMILY_OPS).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache

from benchsmith.generators.core.figures.counts import count_kind
from benchsmith.generators.core.figures.measure import measure_key, measure_kind
from benchsmith.generators.frames.derive import base_value
from benchsmith.generators.frames.wording import GENERIC_COLUMNS
from benchsmith.schemas.frames import FramesFact

# Choice and threshold questions name every limit they set side by side, so limits on how many of different things
# one holder takes may meet there ("Which of these limits is the highest: the maximum number of tags per object, the
# maximum number of rules per CORS configuration, ...?"); a difference or a ratio only ever combines counts of one noun.
FAMILY_OPS = ("largest", "second", "same", "order", "count", "within", "count_within")


def fact_kind(f: FramesFact) -> str | None:
    """What a value fact measures, as far as comparing it goes (see measure.measure_kind): every year of one
    dimension is one kind (works are dated alike); a figure only shares a kind with figures of the same thing."""
    return _kind_of(f.kind, f.dimension, f.unit, f.from_table, f.label)


# Cached (a pure function of the fields it reads): drafting asks for the kinds of the same few hundred facts
# hundreds of thousands of times a run, and measure_kind runs a dozen regular expressions.
@lru_cache(maxsize=1 << 16)
def _kind_of(kind: str, dimension: str, unit: str, from_table: bool, label: str) -> str | None:
    if kind == "year":
        return dimension
    if dimension == "count":
        return count_kind(unit)
    if from_table:
        column, _, row = label.partition("|")
        if column.lower() in GENERIC_COLUMNS:
            return measure_kind(row, dimension)
        return measure_kind(column, dimension, row)
    return measure_kind(label, dimension)


def family_kind(f: FramesFact, op: str) -> str | None:
    """The kind a question of `op` groups figures by: every count limit for the FAMILY_OPS, else fact_kind."""
    if op in FAMILY_OPS and f.dimension == "count":
        return "count:max:limit"
    return fact_kind(f)


_STEM_STOP = {"the", "and", "with", "your", "maxim", "minim", "numbe", "size", "objec", "amazo", "using", "for", "from"}


# Cached: a draft weighs every candidate page's title against its figure's measure, tens of thousands of times a run.
@lru_cache(maxsize=1 << 16)
def stems(text: str) -> frozenset[str]:
    return frozenset({w[:5] for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2} - _STEM_STOP)


def about(f: FramesFact, title: str) -> int:
    """How many words the figure's measure shares with the page title (word stems: "copied" meets "Copying")."""
    return len(stems(f.label.replace("|", " ")) & stems(title))


_LINKS = {"per", "returned", "each", "with", "can", "be", "up", "maximum", "minimum"}


def same_measure(f: FramesFact, g: FramesFact) -> bool:
    """Two facts of one kind and value that state one measure: the same phrase, or a table row ("Min storage
    duration|S3 Glacier") whose row the other's phrase names ("... for the S3 Glacier storage class")."""
    return _same_phrase((f.label, f.from_table), (g.label, g.from_table))


# Cached (a pure function of the two labels and where each was read): page_not_needed weighs every draft's figures
# against the same figures on the other pages of its set.
@lru_cache(maxsize=1 << 16)
def _same_phrase(f: tuple[str, bool], g: tuple[str, bool]) -> bool:
    (f_label, f_table), (g_label, g_table) = f, g
    if f_label.lower() == g_label.lower() or (not f_table and not g_table and measure_key(f_label) == measure_key(g_label)):
        return True
    # "parts per list parts request" and the table row "parts returned for a list parts request"; "tags per job" and
    # "job tags per Batch Operations job": one phrase's words all in the other's
    words = [set(measure_key(label.partition("|")[0] if table and "|" in label else label)) - _LINKS
             for label, table in (f, g)]
    small, large = sorted(words, key=len)
    if len(small) >= 2 and small <= large:
        return True
    rows = [label.partition("|")[2].strip().lower() for label, table in (f, g) if table]
    return any(r and re.search(rf"(?<!\w){re.escape(r)}(?![\w-])", label.lower()) for r in rows for label, _ in (f, g))


def around(f: FramesFact) -> str:
    """The words around a fact's value in its sentence (30 characters each side), lowered."""
    return _around(f.text, f.value_span.start - f.span.start, f.value_span.end - f.span.start)


# Cached (a pure function of the sentence and the value's place in it): every draft compares its facts' wording.
@lru_cache(maxsize=1 << 16)
def _around(text: str, start: int, end: int) -> str:
    return " ".join(text[max(0, start - 30): end + 30].split()).lower()


def repeated_statement(facts: list[FramesFact]) -> str | None:
    """The wording shared by two facts that state one thing (one painter's life span, one limit copied on two pages)."""
    seen: set[tuple[object, str]] = set()
    for f in facts:
        if f.kind == "name":
            continue
        words = around(f)
        if (f.value, words) in seen:
            return words
        seen.add((f.value, words))
    return None


def figure_key(f: FramesFact) -> tuple[str | None, float]:
    """A figure's kind and its value in the base unit (to six places): two facts stating one figure share it."""
    return fact_kind(f), round(base_value(f), 6)


def pages_by_statement(pool: Mapping[str, FramesFact], titles: Mapping[str, str]) -> list[list[str]]:
    """The pool's pages (article -> its fact) by the statement they give, each with the pages that may stand for it:
    those whose title is most about the figure ("Copying objects" for a copy's limit, not "What's new")."""
    # one statement: the same measure phrase and value, or the same words around the same value
    parent = {d: d for d in pool}

    def root(d: str) -> str:
        while parent[d] != d:
            d = parent[d]
        return d

    first: dict[tuple, str] = {}
    for d, f in sorted(pool.items()):
        # the same kind of measure at the same value too: "the maximum object size" in a table, "the maximum size of
        # an object" in prose
        for key in (("label", f.label.lower(), round(base_value(f), 6)), ("text", f.value, around(f)),
                    ("kind", fact_kind(f) if f.kind != "year" else f.fact_id, round(base_value(f), 6))):
            if key in first:
                parent[root(d)] = root(first[key])
            else:
                first[key] = d
    groups: dict[str, list[str]] = defaultdict(list)
    for d in sorted(pool):
        groups[root(d)].append(d)
    out = []
    for ds in groups.values():
        best = max(about(pool[d], titles[d]) for d in ds)
        out.append([d for d in ds if about(pool[d], titles[d]) == best])
    return out


def pages_by_value(pool: Mapping[str, FramesFact]) -> list[list[str]]:
    """The pool's pages (article -> its fact) by the value of their fact in the base unit."""
    by_value: dict[float, list[str]] = defaultdict(list)
    for d, f in sorted(pool.items()):
        by_value[round(base_value(f), 6)].append(d)
    return list(by_value.values())
