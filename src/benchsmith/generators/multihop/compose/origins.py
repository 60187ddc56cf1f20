"""Where a work comes from, as its own article says it: the words a reader would pair works by, and guess by.

    "Summer Skin is a 1961 Argentine film directed by ..."                  -> {"Argentine"}
    "Jhoothi is a 1985 Bollywood Hindi comedy film ..."                     -> {"Bollywood", "Hindi"}
    "... a landscape oil painting by German-American painter Albert Bierstadt" -> {"German", "American"}

Two works of different origins make an idle comparison ("Was The Gauja Valley painted before Bailed Up?", a
Latvian and an Australian painting), and a choice between them gives its answer away ("Which film, a Swedish drama
or an American western, is by the same director as another American western?").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from benchsmith.generators.multihop.compose.profiles import Profile

_DEMONYM = re.compile(r"^(?:[A-Z][a-z]+(?:an|ese|ish|ch|ic|i|ine)|Dutch|French|Greek|Swiss|Thai)$")
# a film industry's language or name says where it comes from as a demonym does ("a 1985 Bollywood Hindi film")
_INDUSTRIES = frozenset("Bollywood Tollywood Kollywood Telugu Tamil Malayalam Kannada Marathi Punjabi Bengali Urdu".split())
# "by the American artist Frederic Edwin Church", "by French painter Jean Marot"
_BY = re.compile(r"\bby (?:the )?(?:[a-z-]+ )*?(?P<origin>[A-Z][a-z]+(?:-[A-Z][a-z]+)?) (?:[a-z-]+ ){0,3}?"
                 r"(?:artist|painter|director|filmmaker|writer|author|composer|sculptor|photographer)s?\b")
LEAD_CHARS = 500  # the lead, where an article says what its subject is


def origin_words(phrase: str) -> set[str]:
    """The demonyms and film industries' names of a phrase ("German-American landscape" -> German, American)."""
    return {w for word in phrase.split() for w in word.split("-") if _DEMONYM.match(w) or w in _INDUSTRIES}


def work_origin(p: Profile, text: str) -> frozenset[str]:
    """The demonyms (or a film industry's name) between a work's year and its kind in the sentence giving its year or
    in the lead's "is a ... <kind>", and the demonym its lead gives its creator; empty where the article says none."""
    words: set[str] = set()
    if p.year is not None and p.kind is not None:
        m = re.search(rf"\b{p.year.year}\s+((?:[\w-]+\s+){{0,4}}?){re.escape(p.kind)}\b", text[p.year.start:p.year.end])
        if m:
            words |= origin_words(m.group(1))  # "a 1957 Technicolor film noir", "a 1950 American Western film": American
    if p.kind is not None:  # "Little Sister is a Dutch award-winning drama film released in 1995"
        m = re.search(rf"\b(?:is|was) an? ((?:[\w'-]+ ){{0,6}}?){re.escape(p.kind)}\b", text[:LEAD_CHARS])
        if m:
            words |= origin_words(m.group(1))
    m = _BY.search(text[:LEAD_CHARS])
    if m:
        words |= origin_words(m.group("origin"))
    return frozenset(words)


def foreign(x: frozenset[str], y: frozenset[str]) -> bool:
    """Two origins both stated and sharing no word."""
    return bool(x) and bool(y) and not x & y


class Origins:
    """`work_origin` of each work, read once from its article (`texts`: the articles by document id)."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = texts
        self._read: dict[str, frozenset[str]] = {}

    def __call__(self, p: Profile) -> frozenset[str]:
        if p.doc_id not in self._read:
            self._read[p.doc_id] = work_origin(p, self.texts[p.doc_id])
        return self._read[p.doc_id]
