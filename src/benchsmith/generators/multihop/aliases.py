"""Short and full names of one entity merged into one bridge: "Lumora" and "Lumora Energy"; a misspelt name
and the name it misspells too ("Janney Montgomey" and "Janney Montgomery Scott", `typo_map`).

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


def _census(claims: Sequence[Claim]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Per entity norm: the kinds it is read as, and the documents that name it."""
    kinds: dict[str, set[str]] = defaultdict(set)
    docs: dict[str, set[str]] = defaultdict(set)
    for c in claims:
        for e in c.entities:
            if e.norm:
                kinds[e.norm].add(_kind(e.label))
                docs[e.norm].add(c.fact.doc_id)
    return kinds, docs


def alias_map(claims: Sequence[Claim]) -> dict[str, str]:
    """Short norm -> full norm, for short forms with exactly one expansion written beside them."""
    kinds, docs = _census(claims)
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


MIN_TYPO_TOKEN = 6  # a one-letter slip in a shorter word may be another name ("Hunt" / "Hurt")


def _one_edit(a: str, b: str) -> bool:
    """Whether two different words are one insertion, deletion, substitution or swap of neighbours apart."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[i:] == long_[i + 1:]


def _slip_of(typo: list[str], name: list[str]) -> bool:
    """`typo` is `name` (or its leading words) with one long word misspelt by one letter, the rest equal."""
    if len(typo) < 2 or len(typo) > len(name):
        return False
    diff = [i for i in range(len(typo)) if typo[i] != name[i]]
    return len(diff) == 1 and min(len(typo[diff[0]]), len(name[diff[0]])) >= MIN_TYPO_TOKEN \
        and _one_edit(typo[diff[0]], name[diff[0]])


def typo_map(claims: Sequence[Claim]) -> dict[str, str]:
    """Misspelt norm -> the name it misspells: wire copy's slips ("Janney Montgomey" for "Janney Montgomery
    Scott", "Calrsson" for "Carlsson") would otherwise be read as two entities and bridge nothing or, worse,
    name one story as another's. Only a name of two words or more with one long word one letter off, the same
    kind of entity, and only where that spelling has exactly one such match; the rarer spelling gives way."""
    kinds, docs = _census(claims)
    by_first: dict[str, list[str]] = defaultdict(list)
    for norm in kinds:
        words = norm.split()
        if len(words) >= 2:
            by_first[words[0]].append(norm)
            by_first[words[1]].append(norm)  # a slip in the first word still shares the second
    out: dict[str, str] = {}
    for norm in kinds:
        words = norm.split()
        if len(words) < 2:
            continue
        near = {n for key in words[:2] for n in by_first.get(key, ()) if n != norm and kinds[n] & kinds[norm]
                and (_slip_of(words, n.split()) or _slip_of(n.split(), words))}
        if len(near) != 1:
            continue
        other = near.pop()
        if len(other.split()) > len(words) or (len(other.split()) == len(words) and len(docs[other]) > len(docs[norm])):
            out[norm] = other  # a slip of the longer name, or the rarer of two spellings of one length
    return out


def merge_aliases(claims: Sequence[Claim]) -> tuple[list[Claim], dict[str, str]]:
    """The claims with every misspelt norm replaced by the name it misspells and every short form's by its
    full name's, and the map used."""
    typos = typo_map(claims)
    shorts = alias_map(claims)
    mapping = {k: shorts.get(v, v) for k, v in {**shorts, **typos}.items()}
    if not mapping:
        return list(claims), mapping
    out = []
    for c in claims:
        if any(e.norm in mapping for e in c.entities) or c.target_norm in mapping:
            ents = tuple(replace(e, norm=mapping[e.norm]) if e.norm in mapping else e for e in c.entities)
            c = replace(c, entities=ents, target_norm=mapping.get(c.target_norm, c.target_norm))
        out.append(c)
    return out, mapping
