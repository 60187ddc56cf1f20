"""Invented people for null queries: parts of names the corpus writes as people's only, relations the corpus
states, and a distinctive surname (stories and articles written for these tests)."""

from __future__ import annotations

import random

from benchsmith.generators.multihop.compose.null import build_corpus_null, people_only, written_as_person
from benchsmith.text import contains_phrase
from benchsmith.types import Document


class _Index:
    """The corner of CorpusIndex the null builder uses, over a few documents."""

    def __init__(self, texts: list[str]) -> None:
        self.documents = [Document(doc_id=f"d{i}", text=t) for i, t in enumerate(texts)]

    def documents_with_phrase(self, phrase: str) -> list[Document]:
        return [d for d in self.documents if contains_phrase(d.text, phrase)]

    def phrase_occurs(self, phrase: str) -> bool:
        return bool(self.documents_with_phrase(phrase))


WIRE = [
    "Saudi Arabian Oil Minister Hisham Nazer reiterated the kingdom's commitment to the accord.",
    "Other members include Roger Birk, chairman emeritus of Merrill Lynch and Co.",
    "Nobel and Financiere Robur are issuing new shares. Financiere Robur is issuing a convertible.",
    "Thre Wallenbergs paid Nobel Industrier 10 mln crowns. The Wallenbergs were ousted as the largest holders.",
    "Senator Ada Quist (D-Ore.) wants recommendations by April. Mr Quist said more was needed.",
    "Tomas Ekdahl said he would stay on as head of the board.",
]


def test_only_names_the_corpus_writes_as_peoples_give_null_name_parts():
    index = _Index(WIRE)
    assert written_as_person("Hisham Nazer", index)  # a role before the name
    assert written_as_person("Roger Birk", index)  # an apposition after it
    assert written_as_person("Tomas Ekdahl", index)  # "said he"
    assert not written_as_person("Financiere Robur", index)  # a company NER read as a person
    names = ["Hisham Nazer", "Roger Birk", "Financiere Robur", "Thre Wallenbergs", "Ada Quist", "Tomas Ekdahl",
             "Nobel Industrier"]
    kept = people_only(names, [], index)
    assert kept == ["Hisham Nazer", "Roger Birk", "Ada Quist", "Tomas Ekdahl"]  # no firm, no family ("the Wallenbergs")
    assert people_only(["Financiere Robur"], ["Financiere Robur"], index) == ["Financiere Robur"]  # an article's person


FIRSTS = "Anna Bruno Carla Dario Elena Fabio Greta Hugo Irene Jonas".split()
LASTS = "Adler Brandt Castro Duval Engel Fischer Gallo Hahn Ivers Jansen".split()
ONE_OFF = "Achterberg Brookfield Crowther Dunmore Ellery Fothergill Gresham Hollis Ingleby Jessop".split()


def _painting_corpus(states_deaths: bool) -> list[str]:
    texts = [f"The painter {f} {s} was born in 18{10 + i}." for i, (f, s) in enumerate(zip(FIRSTS, LASTS, strict=True))]
    if states_deaths:
        texts += [f"{f} {s} died in Rome." for f, s in zip(FIRSTS[:6], ONE_OFF[:6], strict=True)]
    return texts


def test_null_people_are_asked_only_relations_the_corpus_states_and_never_spouses_or_parents():
    people = ([f"{f} {s}" for f, s in zip(FIRSTS, LASTS, strict=True)]
              + [f"{f} {s}" for f, s in zip(FIRSTS, LASTS[1:] + LASTS[:1], strict=True)]
              + [f"{f} {s}" for f, s in zip(FIRSTS, ONE_OFF, strict=True)])
    for states_deaths in (False, True):
        index = _Index(_painting_corpus(states_deaths))
        queries = []
        for seed in range(80):
            d = build_corpus_null(people, [], people, index, random.Random(seed), work=("painting", "painted"))
            if not isinstance(d, str):
                queries.append(d.query)
                first, last = d.computation["from_parts"]
                # An ordinary given name with a surname one person bears: never two common parts ("Anna Brandt").
                assert first in FIRSTS and last in ONE_OFF, d.query
        assert queries
        assert not any(w in q for q in queries for w in ("wife", "father", "husband", "nationality")), queries
        assert any("die" in q for q in queries) == states_deaths, queries


def test_a_newswire_asks_about_invented_people_in_several_of_its_own_shapes():
    people = [f"{f} {s}" for f, s in zip(FIRSTS, LASTS, strict=True)]
    index = _Index([f"Finance Minister {p} said he would resign." for p in people])
    drafts = [build_corpus_null(people, [], [], index, random.Random(seed), news=True) for seed in range(120)]
    shapes = {d.template for d in drafts if not isinstance(d, str)}
    assert len(shapes) >= 3  # not one question repeated over every invented name
    assert "null.news.2" not in shapes  # "named X its <role>" only where the corpus describes its people


def test_an_invented_person_is_never_set_beside_a_real_one():
    people = [f"{f} {s}" for f, s in zip(FIRSTS, LASTS, strict=True)] + [f"{f} {s}" for f, s in zip(FIRSTS, ONE_OFF, strict=True)]
    index = _Index(_painting_corpus(False))
    queries = [d.query for seed in range(200)
               if not isinstance(d := build_corpus_null(people, [], people[:3], index, random.Random(seed),
                                                        work=("painting", "painted")), str)]
    # "Was Julio Lazaga born before Ryan Tubridy?" pairs two people for no reason a reader has
    assert len(queries) > 20 and not any(p in q for q in queries for p in people)
    assert {q.split()[0] for q in queries} >= {"When", "Where", "Which"}


def test_a_company_word_in_a_name_read_as_a_persons_gives_no_name_part():
    from benchsmith.generators.multihop.compose.null import name_parts

    firsts, lasts = name_parts(["Malcolm Internationale", "Jeffrey Goldie", "Vendome Group"])
    assert firsts == ["Jeffrey"] and lasts == ["Goldie"]


def test_a_wire_null_names_a_person_only_to_an_officers_post():
    from benchsmith.generators.multihop.compose.null import _POSTS

    assert "executive" in _POSTS and "treasurer" in _POSTS
    assert "investor" not in _POSTS and "minister" not in _POSTS
