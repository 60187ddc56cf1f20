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
from collections.abc import Iterable, Mapping

from benchsmith.generators.multihop.compose.naming import creator_link
from benchsmith.generators.multihop.compose.profiles import Profile

_DEMONYM = re.compile(r"^(?:[A-Z][a-z]+(?:an|ese|ish|ch|ic|i|ine)|Dutch|French|Greek|Swiss|Thai)$")
_STYLES = frozenset("Romantic Victorian Gothic Edwardian Elizabethan Classic Catholic Christian Academic".split())  # not places
_TWO_WORDS = ("New Zealand", "South African", "Hong Kong", "Sri Lankan")  # demonyms of two words
# a film industry's language or name says where it comes from as a demonym does ("a 1985 Bollywood Hindi film")
_INDUSTRIES = frozenset("Bollywood Tollywood Kollywood Telugu Tamil Malayalam Kannada Marathi Punjabi Bengali Urdu".split())
# "by the American artist Frederic Edwin Church", "by the English Victorian artist", "by American Impressionist
# Willard Metcalf", "by the English-born American landscape artist": the words between "by" and the maker's noun
_BY = re.compile(r"\bby (?:the )?(?P<origin>(?:[\w'-]+ ){0,5}?)(?:artist|painter|director|filmmaker|writer|"
                 r"author|composer|sculptor|photographer|(?:Post-)?Impressionist|Expressionist)s?\b")
LEAD_CHARS = 500  # the lead, where an article says what its subject is


def origin_words(phrase: str) -> set[str]:
    """The demonyms and film industries' names of a phrase ("German-American landscape" -> German, American)."""
    words = {w for word in phrase.split() for w in word.split("-")
             if (_DEMONYM.match(w) and w not in _STYLES) or w in _INDUSTRIES}
    words |= {two for two in _TWO_WORDS if two in phrase}
    return words | {"Indian"} if words & _INDUSTRIES else words  # a Bollywood film and an Indian film are alike


def creator_origin(text: str) -> frozenset[str]:
    """The demonyms a work's lead gives its maker ("by the German Romantic artist Caspar David Friedrich")."""
    m = _BY.search(text[:LEAD_CHARS])
    return frozenset(origin_words(m.group("origin"))) if m else frozenset()


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
    return frozenset(words) | creator_origin(text)


def apart(x: frozenset[str], y: frozenset[str]) -> bool:
    """Two works a reader would not pair: origins sharing no word, or not both stated ("Home in Indiana is a 1944
    Technicolor film" beside "Jhoothi is a 1985 Bollywood Hindi comedy film"; a Norwegian's view of Stalheim
    beside an unplaced American farm; an electronic album beside a country one)."""
    return not x & y


class Origins:
    """`work_origin` of each work, read once from its article (`texts`: the articles by document id). A work whose
    article gives no origin takes the one other works' articles give its creator (`profiles`): "Cairn in Snow is a
    landscape painting by Caspar David Friedrich" is German because "The Tree of Crows" is "by the German Romantic
    artist Caspar David Friedrich"."""

    def __init__(self, texts: Mapping[str, str], profiles: Iterable[Profile] = ()) -> None:
        self.texts = texts
        self._read: dict[str, frozenset[str]] = {}
        stated: dict[str, frozenset[str]] = {}
        for p in profiles:
            who = creator_link(p)
            origin = creator_origin(texts[p.doc_id]) if who is not None and p.doc_id in texts else frozenset()
            if origin and p.kind not in (None, "person"):
                # what every article says of the creator ("German" and "German-Swiss": German; "German" and "Swiss": none)
                stated[who[1]] = stated[who[1]] & origin if who[1] in stated else origin
        self._by_creator = {who: origin for who, origin in stated.items() if origin}

    def __call__(self, p: Profile) -> frozenset[str]:
        if p.doc_id not in self._read:
            own = work_origin(p, self.texts[p.doc_id])
            if not own and self._by_creator:
                who = creator_link(p)
                own = self._by_creator.get(who[1], own) if who is not None else own
            self._read[p.doc_id] = own
        return self._read[p.doc_id]
