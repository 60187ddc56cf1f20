"""Whether two people of one occupation shared a nationality, each read from the first sentence of their article.

    Were Hrishikesh Mukherjee and Ingmar Bergman of the same nationality?     -> No
    Were Mario Bonnard and Carlo Ludovico Bragaglia of the same nationality?  -> Yes

The first sentence gives the nationality before the occupation ("was an Italian actor and film director"). Two
people are paired only where their occupations end on one noun (two directors, two footballers), as the
encyclopedia's comparison questions pair them. A demonym that names part of a state or a state that is gone
("English", "Scottish", "Soviet", "Prussian", "Yugoslav") may or may not be the other's ("British", "Russian",
"German"): a pair with one is never asked. Each person is asked once; Yes and No come in turn. Re-derived by the
comparison validator (op `same`): each nationality in its sentence, Yes exactly when the two are one word.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.naming import person_reference
from benchsmith.generators.multihop.compose.profiles import (
    _NATIONALITIES_RE,
    _PERSON_OCCUPATIONS,
    Profile,
    Value,
    same_generation,
)
from benchsmith.types import Document

# Demonyms whose people another demonym may include or succeed: never compared, never an answer ("English" is
# as right as "British" for Constable).
CONTESTABLE = frozenset("""British English Scottish Welsh Irish Northern Soviet Russian Prussian Bavarian Saxon Austrian
    Hungarian Yugoslav Yugoslavian Czechoslovak Czechoslovakian Ottoman Turkish Persian Flemish Walloon Catalan Basque
    Galician Sicilian Venetian Neapolitan Hawaiian Kurdish Tibetan Taiwanese Jewish Arab Roman Byzantine Bohemian
    Moravian Silesian Frankish Norman Breton Corsican Sardinian Quebecois Acadian Creole Confederate""".split())
# Nationalities whose people's names look alike: a No only between two of one group ("Zoe Levin" and "Ananya
# Panday" tell American from Indian before any article is read; an American and a Canadian name do not).
_NEIGHBOURS = [frozenset(g.split()) for g in (
    "American Canadian Australian New-Zealander South-African",
    "French Belgian Swiss Luxembourgish Monegasque",
    "German Swiss Dutch Belgian Luxembourgish Liechtensteiner",
    "Spanish Mexican Argentine Argentinian Chilean Colombian Peruvian Venezuelan Cuban Uruguayan Ecuadorian "
    "Bolivian Paraguayan Guatemalan Honduran Salvadoran Nicaraguan Panamanian Costa-Rican Dominican Puerto-Rican",
    "Portuguese Brazilian Angolan Mozambican",
    "Italian Sammarinese Maltese Swiss",
    "Swedish Norwegian Danish Finnish Icelandic",
    "Indian Pakistani Bangladeshi Nepali Nepalese Sri-Lankan",
    "Chinese Singaporean Malaysian",
    "Ukrainian Belarusian Polish Czech Slovak Lithuanian Latvian Estonian",
    "Serbian Croatian Bosnian Slovenian Montenegrin Macedonian Bulgarian",
    "Egyptian Lebanese Syrian Jordanian Iraqi Saudi Moroccan Algerian Tunisian Libyan Palestinian Emirati Kuwaiti Qatari",
    "Iranian Afghan Tajik",
    "Greek Cypriot",
    "Nigerian Ghanaian Cameroonian Kenyan Ugandan Tanzanian Zambian Zimbabwean",
)]


def neighbours(a: str, b: str) -> bool:
    """Whether two demonyms are of one `_NEIGHBOURS` group ("New Zealander" written with a hyphen there)."""
    a, b = a.replace(" ", "-"), b.replace(" ", "-")
    return any(a in g and b in g for g in _NEIGHBOURS)


# A plain personal name: never a title with a place ("Princess Elene of Georgia" gives its answer away) nor one with a
# comma ("John Louis I, Prince of Anhalt") that would run into the question's "and".
_PLAIN_NAME = re.compile(r"(?!.*\bof\b)[^\W\d][\w.'’-]*(?: [^\W\d][\w.'’-]*)*[^\W\d]")
PARTNERS_DRAWN = 12  # partners drawn per person: a corpus of thousands of people would otherwise pair each with all
_MODIFIERS = frozenset("film television stage landscape portrait marine tennis".split())  # "film director": not a group
MIN_PEOPLE = 2  # people a demonym must describe: "Norwagian" once is a typo, never set against "Norwegian"


@dataclass(frozen=True)
class Nationality:
    page: Profile
    demonym: str  # "Italian"
    occupation: str  # the occupation's last noun: "director", "footballer"
    cited: Value
    living: bool  # the article says "is an American actress", not "was"


def read_nationalities(profiles: Sequence[Profile], documents: Mapping[str, Document]) -> list[Nationality]:
    """People whose profile states one nationality, with the occupation their first sentence gives after it."""
    out = []
    for p in profiles:
        v = p.nationality
        # a dated person (the pair must be of one generation)
        if (p.kind != "person" or v is None or v.text in CONTESTABLE or not _PLAIN_NAME.fullmatch(p.name)
                or (p.born is None and p.died is None) or person_reference(p) is None):
            continue  # undated (no generation to pair by), or a namesake the title tells apart in words we cannot use
        # the profile's own reading of the sentence, for the occupation after the demonym
        m = _NATIONALITIES_RE.search(documents[p.doc_id].text[v.start:v.end])
        if m is None or m.group("nat") != v.text:
            continue
        # "film director" -> director; "actor and singer" -> actor
        occ, *rest = m.group("occ").split()
        noun = rest[0] if rest and _PERSON_OCCUPATIONS.fullmatch(rest[0]) else occ
        if noun not in _MODIFIERS and _PERSON_OCCUPATIONS.fullmatch(noun):
            out.append(Nationality(p, v.text, noun, v, m.group(0).startswith("is ")))
    described = Counter(n.demonym for n in out)
    # "is an American journalist and academic, Croatian lobbyist, politician and ambassador": two nationalities
    sentences = {n.page.doc_id: documents[n.page.doc_id].text[n.cited.start:n.cited.end] for n in out}
    return [n for n in out if described[n.demonym] >= MIN_PEOPLE
            and not any(re.search(rf"\b{re.escape(d)}\b", sentences[n.page.doc_id]) for d in set(described) - {n.demonym})]


def _question(x: Nationality, y: Nationality) -> dict:
    same = x.demonym == y.demonym
    return {
        "type": "comparison_query",
        "query": f"{'Are' if x.living and y.living else 'Were'} {person_reference(x.page)} and {person_reference(y.page)} "
                 "of the same nationality?",
        "answer": "Yes" if same else "No",
        "key": "nationality | " + " | ".join(sorted((x.page.doc_id, y.page.doc_id))),
        "evidence": [(x.page, x.cited), (y.page, y.cited)], "anchors": [x.page.name, y.page.name], "bridge": None,
        "template": "comparison.same_nationality", "people": [x.page.doc_id, y.page.doc_id],
        "topics": [("occupation", x.page.occupation or x.occupation)],
        "computation": {"op": "same", "attribute": "nationality", "values": [x.demonym, y.demonym],
                        "subjects": [x.page.name, y.page.name]},
    }


def nationality_candidates(people: Sequence[Nationality], seed: int) -> list[dict]:
    """Pairs of two people of one occupation, a shared nationality and two different ones (`neighbours`) in turn,
    each person once (the stream stops where one answer runs out)."""
    groups: dict[str, list[Nationality]] = defaultdict(list)
    for n in people:
        groups[n.occupation].append(n)
    rng = random.Random(f"{seed}:composed:nationality")
    pairs: dict[bool, list[tuple[Nationality, Nationality]]] = {True: [], False: []}
    for occupation in sorted(groups):
        group = sorted(groups[occupation], key=lambda n: n.page.doc_id)
        for x in group:
            for y in rng.sample(group, min(len(group), PARTNERS_DRAWN)):
                if y.page.doc_id > x.page.doc_id and same_generation(x.page, y.page) \
                        and (x.demonym == y.demonym or neighbours(x.demonym, y.demonym)):
                    pairs[x.demonym == y.demonym].append((x, y))
    if not pairs[True] or not pairs[False]:
        return []
    for side in pairs.values():
        rng.shuffle(side)
    used: set[str] = set()
    out, same = [], rng.random() < 0.5
    while True:
        pair = next(((x, y) for x, y in pairs[same] if x.page.doc_id not in used and y.page.doc_id not in used), None)
        if pair is None:
            return out
        used.update(n.page.doc_id for n in pair)
        out.append(_question(*pair))
        same = not same
