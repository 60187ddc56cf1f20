"""A person is asked about with "Who is ...?", never "What is ...?", and never as "it"."""

from __future__ import annotations

import random

from benchsmith.generators.conversations.passages import Seed, find_seeds
from benchsmith.generators.conversations.wording import word
from benchsmith.types import Chunk, Span


def _seeds(text: str, title: str = "") -> list[Seed]:
    chunk = Chunk(chunk_id="c#0", doc_id="c", text=text, span=Span(start=0, end=len(text)), index=0,
                  n_tokens=len(text.split()), title=title)
    return [s for s in find_seeds(chunk).seeds if s.kind == "definition"]


def test_a_person_defined_by_occupation_is_asked_who_they_are():
    seeds = _seeds("Naila Boss is an English underground rapper from Hackney, London. She released two albums.")
    assert [s.detail for s in seeds] == ["person"]
    assert word(seeds[0], "Factoid", random.Random(0)).user == "Who is Naila Boss?"
    assert word(seeds[0], "Factoid", random.Random(0), pronoun=True) is None


def test_a_thing_is_still_asked_what_it_is():
    seeds = _seeds("Amazon S3 is an object storage service that offers scalability and data availability.")
    assert seeds and seeds[0].detail != "person"
    assert word(seeds[0], "Factoid", random.Random(0)).user == "What is Amazon S3?"


def test_a_person_gets_no_price_or_future_question_and_a_dated_aside_leaves_the_name():
    from benchsmith.generators.conversations.unanswerable import ATTRIBUTES, category
    assert category("Naila Boss", ["Naila Boss is an English underground rapper from Hackney."]) == "H"
    assert category("Amazon S3", ["Amazon S3 is an object storage service."]) != "H"
    asked = {a.question for a in ATTRIBUTES if "H" in a.fits}
    assert not any("cost" in q or "future" in q for q in asked) and asked
    seeds = _seeds("David Bret( born 8 November 1954) is a British author of celebrity biographies.")
    assert [s.term for s in seeds] == ["David Bret"]
