"""Wire copy bridges: whole company names, no date or generic-body bridges, comparisons only between stories about
one subject, items spread over stories (stories written for these tests in 1980s wire style)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchsmith.generators.multihop.aliases import alias_map
from benchsmith.generators.multihop.bridge_checks import _mentions, headline_names
from benchsmith.generators.multihop.entity_types import EntityTypes, generic_institution
from benchsmith.generators.multihop.models import Claim, Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, _joined_company_names, is_date_like, split_conjoined
from benchsmith.generators.multihop.selection import short_story_threshold
from benchsmith.generators.multihop.spread import StorySpread
from benchsmith.generators.multihop.topics import is_topic_phrase
from benchsmith.types import Document


def _ent(sentence: str, text: str, label: str) -> Entity:
    return Entity(text, label, text.lower(), sentence.index(text))


def test_a_company_named_x_and_y_co_ltd_is_one_name_not_two():
    s = "Merrill Lynch will be the dealer and Kessler Trust and Banking Co Ltd will provide the letter of credit."
    ents = [_ent(s, "Merrill Lynch", "ORG"), _ent(s, "Kessler Trust", "ORG"), _ent(s, "Banking Co Ltd", "ORG")]
    joined = _joined_company_names(s, ents)
    assert [e.text for e in joined] == ["Merrill Lynch", "Kessler Trust and Banking Co Ltd"]
    assert s[joined[1].start : joined[1].start + len(joined[1].text)] == joined[1].text
    s2 = "British and Caledonian Shipping Co Plc said it raised its stake."
    nation = [_ent(s2, "British", "NORP"), _ent(s2, "Caledonian Shipping Co Plc", "ORG")]
    assert [e.text for e in _joined_company_names(s2, nation)] == ["British and Caledonian Shipping Co Plc"]
    # Two companies, or a person and a company, stay two.
    s3 = "Talbot Steel Corp and Orwell Mining Co Ltd agreed to merge, said Peter Hale and Orwell Mining Co Ltd."
    two = [_ent(s3, "Talbot Steel Corp", "ORG"), Entity("Orwell Mining Co Ltd", "ORG", "orwell mining co ltd", s3.index("Orwell"))]
    assert len(_joined_company_names(s3, two)) == 2
    person = [_ent(s3, "Peter Hale", "PERSON"), Entity("Orwell Mining Co Ltd", "ORG", "orwell mining co ltd", s3.rindex("Orwell"))]
    assert len(_joined_company_names(s3, person)) == 2


def test_the_and_splitter_never_cuts_a_company_before_its_suffix():
    name = "Kessler Trust and Banking Co Ltd"
    analyses = {
        "a": [SentenceAnalysis((Entity(name, "ORG", name.lower(), 0),), "", ())],
        "b": [SentenceAnalysis((Entity("Kessler Trust", "ORG", "kessler trust", 0),
                                Entity("Banking Co Ltd", "ORG", "banking co ltd", 20)), "", ())],
    }
    out = split_conjoined(analyses)
    assert [e.text for e in out["a"][0].entities] == [name]


def test_dates_and_bodies_every_country_has_are_no_bridges():
    assert is_date_like("Feb 25") and is_date_like("February 27-July 7") and is_date_like("Sept 26, 1987")
    assert not is_date_like("May Department Stores") and not is_date_like("March Resources Inc")
    for body in ("parliament", "government", "district court", "court of appeals", "finance ministry"):
        assert generic_institution(body), body
    assert not generic_institution("world bank") and not generic_institution("bank of japan")
    assert generic_institution("new china news agency")  # the story's source, not its subject


def test_a_nationality_never_takes_the_type_of_a_company_it_opens():
    pairs = []
    for i in range(3):
        s = f"Investments are spurred by the profits of British companies, fund manager number {i} said."
        pairs.append((s, SentenceAnalysis((Entity("British", "NORP", "british", s.index("British")),), "", ())))
    s = "British Printing and Communications Corp plc said it bought the stake."
    pairs.append((s, SentenceAnalysis((Entity("British Printing and Communications Corp plc", "ORG",
                                              "british printing and communications corp plc", 0),), "", ())))
    types = EntityTypes.from_analyses(pairs)
    assert types.label("british") == "NORP"


def test_a_name_only_ever_written_before_a_noun_has_no_type_to_ask_by():
    pairs = []
    for s in ("The agency has yet to recover from the Challenger disaster, officials said.",
              "The program lost the Challenger shuttle in 1986, officials said."):
        pairs.append((s, SentenceAnalysis((Entity("Challenger", "ORG", "challenger", s.index("Challenger")),), "", ())))
    s = "Boeing said it delivered the jets."
    pairs.append((s, SentenceAnalysis((Entity("Boeing", "ORG", "boeing", 0),), "", ())))
    types = EntityTypes.from_analyses(pairs)
    assert types.label("challenger") == "ENTITY" and types.label("boeing") == "ORG"


def _claim(doc_id: str, *names: tuple[str, str]) -> Claim:
    fact = Fact(f"f-{doc_id}", doc_id, f"{doc_id}#0", 0, 10, "x")
    ents = tuple(Entity(t, label, t.lower()) for t, label in names)
    return Claim(f"c-{doc_id}", fact, "x", ents[0].text, ents[0].norm, ents[0].label, "", "", ents)


def test_a_two_word_name_is_not_short_for_a_unit_of_it():
    claims = [_claim("a", ("Harlow Lynch", "ORG"), ("Harlow Lynch Capital Markets", "ORG")),
              _claim("b", ("Harlow Lynch", "ORG")),
              _claim("c", ("Quarry", "ORG"), ("Quarry Holdings Inc", "ORG")),
              _claim("d", ("Tessel Shipping", "ORG"), ("Tessel Shipping Co", "ORG"))]
    mapping = alias_map(claims)
    assert "harlow lynch" not in mapping  # the brokerage is not its capital-markets unit
    assert mapping["quarry"] == "quarry holdings inc" and mapping["tessel shipping"] == "tessel shipping co"


def _docs(lengths: list[int]) -> list[Document]:
    return [Document(doc_id=f"d{i}", text="word " * n) for i, n in enumerate(lengths)]


def test_a_collection_of_short_stories_lowers_the_default_length_threshold():
    wire = _docs([40, 70, 80, 90, 95, 100, 110, 120, 200, 400])  # most stories under 150 tokens
    assert short_story_threshold(wire, 150) == 80  # its lower quartile
    assert short_story_threshold(_docs([30, 35, 40, 45, 50, 55, 200, 300]), 150) == 60  # never below the floor
    assert short_story_threshold(_docs([160, 170, 180, 100]), 150) is None  # the default suits a newspaper


def test_an_adjective_is_never_what_a_figure_measures():
    assert not is_topic_phrase("foreign") and not is_topic_phrase("economic")
    assert is_topic_phrase("foreign debt")


def test_a_headline_names_a_subject_in_full_by_initials_or_by_a_distinctive_word():
    lower = {"credit", "world", "bank"}
    assert headline_names("CCC CREDITS FOR HONDURAS SWITCHED TO WHITE CORN", {"Commodity Credit Corporation"}, lower)
    assert headline_names("Tessel Picks Eastport for Its Biggest Plant", {"Tessel Shipping Co"}, lower)
    assert not headline_names("U.S. FARM CREDIT RESCUE BILL SEEN BEFORE EASTER", {"Commodity Credit Corporation"}, lower)
    assert not headline_names("RED LION INNS FILES PLANS OFFERING", {"Securities and Exchange Commission"}, lower)
    assert _mentions("The World Bank said ... a World Bank loan ... the world bank", {"World Bank"}) == 3


def _dated(n: int) -> dict[str, Document]:
    start = datetime(1987, 2, 26, tzinfo=UTC)
    return {f"s{i}": Document(doc_id=f"s{i}", text="x", source="Wire", published_at=start + timedelta(hours=i))
            for i in range(n)}


def test_items_are_spread_over_a_wire_collections_stories():
    spread = StorySpread(_dated(120))
    assert spread.admit("comparison_query", ["s1", "s2"], "Tessel Shipping Co")
    assert not spread.admit("temporal_query", ["s2", "s1"], "Harlow Lynch")  # the same two stories again
    assert spread.admit("temporal_query", ["s1", "s3"], "Harlow Lynch")
    assert not spread.admit("inference_query", ["s1", "s4"], "Quarry Holdings Inc")  # s1 cited twice already
    assert not spread.admit("temporal_query", ["s5", "s6"], "Harlow Lynch")  # one bridge once per type
    assert spread.admit("comparison_query", ["s5", "s6"], "Harlow Lynch")
    assert spread.admit("null_query", [], None)
    small = StorySpread(_dated(40))  # a few dozen stories cannot spread a request: not held to it
    assert small.admit("comparison_query", ["s1", "s2"], "X") and small.admit("comparison_query", ["s1", "s2"], "Y")
