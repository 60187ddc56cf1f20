"""Short and full names of one entity merged into one bridge: "Lumora" and "Lumora Energy".

A short form joins a longer name only when that longer name is the one expansion of it in the
corpus (same kind of entity, the short form its leading words), the two are written in a shared
document, and the short form is not far more widespread than the full name; "Harbor City" (a place) stays apart from "Harbor City Gulls" (a club), and a
short form with two expansions ("Greywater" of two companies) stays its own entity, which the
bridge rules then reject as ambiguous.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from benchsmith.generators.multihop.models import Claim

SHORT_FORM_SPREAD = 3  # a short form in more than this many times its full name's documents names something else
_THING_LABELS = frozenset({"ORG", "PRODUCT", "FAC", "ENTITY"})
# What a company's full name adds to its short form without naming anything else.
LEGAL_SUFFIXES = frozenset("inc co corp corporation ltd plc llc ag nv sa bv gmbh spa and company group holdings".split())


def _kind(label: str) -> str:
    return "thing" if label in _THING_LABELS else label


def alias_map(claims: Sequence[Claim]) -> dict[str, str]:
    """Short norm -> full norm, for short forms with exactly one expansion written beside them."""
    kinds: dict[str, set[str]] = defaultdict(set)
    docs: dict[str, set[str]] = defaultdict(set)
    for c in claims:
        for e in c.entities:
            if e.norm:
                kinds[e.norm].add(_kind(e.label))
                docs[e.norm].add(c.fact.doc_id)
    by_head: dict[str, list[str]] = defaultdict(list)
    for norm in kinds:
        parts = norm.split()
        for i in range(1, len(parts)):
            by_head[" ".join(parts[:i])].append(norm)
    out: dict[str, str] = {}
    for short in kinds:
        longer = by_head.get(short, [])
        if len(longer) != 1:
            continue
        full = longer[0]
        if " " in short and not set(full.split()[len(short.split()) :]) <= LEGAL_SUFFIXES:
            continue  # "Merrill Lynch" is not "Merrill Lynch Capital Markets": a name of two words is already
            # whole; longer, it names a unit of it ("Merrill Lynch Co" would be the same firm)
        # A shorthand is not far more widespread than its full name: "Eastport" (a district, in a dozen
        # stories) is not short for "Eastport Star" (a ferry, in one).
        if kinds[short] & kinds[full] and docs[short] & docs[full] \
                and len(docs[short]) <= SHORT_FORM_SPREAD * len(docs[full]):
            out[short] = full
    return out


def merge_aliases(claims: Sequence[Claim]) -> tuple[list[Claim], dict[str, str]]:
    """The claims with every short form's norm replaced by its full name's, and the map used."""
    mapping = alias_map(claims)
    if not mapping:
        return list(claims), mapping
    out = []
    for c in claims:
        if any(e.norm in mapping for e in c.entities) or c.target_norm in mapping:
            ents = tuple(replace(e, norm=mapping[e.norm]) if e.norm in mapping else e for e in c.entities)
            c = replace(c, entities=ents, target_norm=mapping.get(c.target_norm, c.target_norm))
        out.append(c)
    return out, mapping
