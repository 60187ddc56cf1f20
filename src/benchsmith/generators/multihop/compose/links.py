"""Bridges between profiles: document A names, in a typed relation, the entity whose own document is B.

Two mentions count as one entity only by a title match whose contexts agree: the name A gives is exactly
the entity name of B's title, that name is held by no other document, and it is a
full name (two words or more): a first name, a country, a nationality or a source
name is never a bridge. The bridge's type must match the relation (a director, a
painter, a parent or a spouse is a person), and B's own article must give B an occupation
that fits it (a director's article speaks of films).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.profiles import Profile, Value, read_profile
from benchsmith.types import Document

PERSON_ROLES = frozenset({"director", "painter", "author", "composer", "producer", "parent", "spouse", "artist", "founder",
                          "designer", "creator"})


@dataclass(frozen=True)
class Link:
    a: Profile  # the document that names the bridge
    role: str  # what the bridge is to A: "director", "parent", ...
    b: Profile  # the bridge entity's own document
    evidence: Value  # the sentence of A that names the bridge


# What a person's own article must call them for a role to be theirs: the Joseph Lerner who directed a 1949
# film noir is not the Joseph Lerner "Canadian composer and political analyst" of another article.
ROLE_WORDS = {
    "director": r"direct|film|cinema|movie|screen|documentar|televis|produc|actor|actress",
    "producer": r"produc|film|televis|music|record",
    "painter": r"paint|artist|art\b|draughts|engrav|print",
    "author": r"writ|author|novel|poet|playwright|journalist|screen",
    "composer": r"compos|music|song",
}


def plays_role(person: Profile, role: str, documents: dict[str, Document]) -> bool:
    """Whether the person's own article, in its opening, names an occupation that fits `role`."""
    words = ROLE_WORDS.get(role)
    if words is None:
        return True
    doc = documents.get(person.doc_id)
    return doc is not None and re.search(words, doc.text[:400], re.IGNORECASE) is not None


PARENT_GAP = 12  # a parent is born at least this many years before the child
SPOUSE_GAP = 45  # spouses born further apart than this are taken for two other people
MAKER_AGE = 10  # a work's maker is at least this old when it is made
POSTHUMOUS_YEARS = 2  # a film may be released this long after its director's death
_MADE_IN_LIFE = frozenset({"director", "painter", "producer"})  # a writer's or composer's work is often adapted later


def _year(v: Value | None) -> int | None:
    return v.year if v is not None else None


def dates_agree(a: Profile, role: str, b: Profile) -> bool:
    """Whether B's life fits being A's `role` where both articles give the years: a name shared by two people of
    different eras links the wrong one."""
    born, died = _year(b.born), _year(b.died)
    if role == "parent":
        child, child_died = _year(a.born), _year(a.died)
        if child is None:  # "(c. 1690 – 28 January 1723)": the parent was born before the child died, at least
            return child_died is None or born is None or born <= child_died - PARENT_GAP
        return (born is None or born <= child - PARENT_GAP) and (died is None or died >= child - 1)
    if role == "spouse":
        other = _year(a.born)
        return other is None or born is None or abs(other - born) <= SPOUSE_GAP
    made = _year(a.year)
    if made is None:
        return True
    if born is not None and born > made - MAKER_AGE:
        return False
    return role not in _MADE_IN_LIFE or died is None or died >= made - POSTHUMOUS_YEARS


def read_profiles(documents: Sequence[Document]) -> list[Profile]:
    """The profiles of the documents; a work whose title another work of the corpus shares without a
    disambiguation ("Ek Hi Bhool" beside "Ek Hi Bhool (1940 film)") is given its year as one, so questions date it."""
    profiles = [p for p in (read_profile(d) for d in documents) if p is not None]
    works = Counter(p.name for p in profiles if p.kind not in (None, "person"))
    for p in profiles:
        if works[p.name] > 1 and p.kind not in (None, "person") and not p.qualifier and p.year is not None \
                and p.year.year is not None:
            p.qualifier = f"{p.year.year} {p.kind}"
    return profiles


def _bridgeable_names(profiles: Sequence[Profile], sources: set[str]) -> dict[str, Profile]:
    by_name: dict[str, list[Profile]] = defaultdict(list)
    for p in profiles:
        by_name[p.name].append(p)
    return {
        name: ps[0] for name, ps in by_name.items()
        if len(ps) == 1 and len(name.split()) >= 2 and name.lower() not in sources
    }


def find_links(profiles: Sequence[Profile], documents: dict[str, Document]) -> list[Link]:
    """Every relation of a profile whose named entity is another document's title entity of the right type."""
    sources = {(d.source or "").lower() for d in documents.values() if d.source}
    names = _bridgeable_names(profiles, sources)
    out = []
    for a in profiles:
        for role, who, value in a.links:
            b = names.get(who)
            if b is None or b.doc_id == a.doc_id:
                continue
            if role in PERSON_ROLES and b.kind != "person":
                continue
            if not plays_role(b, role, documents):
                continue  # same name, another person: the contexts disagree
            if role not in ("parent", "spouse") and a.kind in (None, "person"):
                continue  # "directed by" in a person's article is about one of their films, not about them
            if not dates_agree(a, role, b):
                continue  # same name, another person: "James Stuart, 2nd Earl of Bute" is not the son of a rugby player born in 1988
            out.append(Link(a, role, b, value))
    return out


def works_by_creator(profiles: Sequence[Profile]) -> dict[tuple[str, str], list[tuple[Profile, Value]]]:
    """(role, creator name) -> the works that name that creator (whether or not the creator has a document)."""
    out: dict[tuple[str, str], list[tuple[Profile, Value]]] = defaultdict(list)
    for p in profiles:
        if p.kind in (None, "person"):
            continue
        for role, who, value in p.links:
            if role in ("director", "painter", "author", "composer", "artist") and len(who.split()) >= 2:
                out[(role, who)].append((p, value))
    return dict(out)
