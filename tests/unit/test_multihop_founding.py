"""Which of two organisations, groups or buildings came first, each year read from its own article's lead (leads
written for these tests in the encyclopedia's style)."""

from __future__ import annotations

from _multihop_item import assert_yes_no_rederived, validator_item

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.generators.multihop.compose.founding import founding_candidates, read_foundings
from benchsmith.generators.multihop.compose.lead_subjects import named_with_the
from benchsmith.types import Document
from benchsmith.validators.multihop import ComparisonConsistency


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(doc_id=doc_id, title=title, text=text)


PAPERS = [
    _doc("n1", "Mesa Sun-News", "Mesa Sun- News, founded in 1881, is a daily newspaper published in Mesa, New Mexico."),
    _doc("n2", "Tularosa Daily News", "Tularosa Daily News is a daily newspaper published in Tularosa. It was founded "
         "in 1898 by the Holt family."),
    _doc("m1", "Field Notes", "Field Notes is an American monthly sports magazine founded in 1948 by two brothers."),
    _doc("m2", "Open Water", "Open Water is an American magazine about sailing. It was founded on March 3, 1960, in Boston."),
    _doc("u1", "Harlow Museum of Clocks", "The Harlow Museum of Clocks is a museum in Leeds. The museum was established "
         "in 1924."),
    _doc("u2", "Velden Geological Museum", "Velden Geological Museum is a museum in Velden, Austria, in the former "
         "palace of the Velden mining society, founded in 1850."),  # the society's year, not the museum's
    _doc("u3", "Norden Museum", "Norden Museum is a museum in Oslo. The museum's collection was established in 1850."),
    _doc("s1", "Osgood Township School", "Osgood Township School is a public school in Ottawa. The school was opened "
         "in 1954."),  # "opened" is not the "founded" a school's question asks
    _doc("s2", "Kirby Academy", "Kirby Academy is a private school in Ottawa. It was founded in 1960."),
    _doc("s3", "Dunmore College", "Dunmore College is a public school in Perth. The school was opened in 1954. It was "
         "founded in 1950 as a night school."),  # the founding, two sentences on
]


def test_a_year_is_read_only_where_the_sentence_ties_it_to_the_subject():
    got = {f.page.name: f for f in read_foundings(PAPERS)}
    assert {n: (f.kind, f.verb, f.year) for n, f in got.items()} == {
        "Mesa Sun-News": ("newspaper", "founded", 1881), "Tularosa Daily News": ("newspaper", "founded", 1898),
        "Field Notes": ("magazine", "founded", 1948), "Open Water": ("magazine", "founded", 1960),
        "Harlow Museum of Clocks": ("museum", "established", 1924), "Kirby Academy": ("school", "founded", 1960),
        "Dunmore College": ("school", "founded", 1950)}
    assert got["Mesa Sun-News"].lead is None and got["Field Notes"].lead is None  # dated in the defining sentence
    tularosa = got["Tularosa Daily News"]
    assert tularosa.lead is not None and PAPERS[1].text[tularosa.cited.start:tularosa.cited.end].startswith("It was")


def test_two_subjects_of_one_kind_are_asked_once_and_the_validator_re_derives_each_answer():
    cands = founding_candidates(read_foundings(PAPERS), seed=0, choice_every=99)
    pairs = {frozenset(c["computation"]["subjects"]): c for c in cands}
    assert set(pairs) == {frozenset({"Mesa Sun-News", "Tularosa Daily News"}), frozenset({"Field Notes", "Open Water"}),
                          frozenset({"Kirby Academy", "Dunmore College"})}
    docs = {d.doc_id: d for d in PAPERS}
    for c in cands:
        for cand in (c, c["flip"]):
            assert_yes_no_rederived(cand, docs.values())
    papers = pairs[frozenset({"Mesa Sun-News", "Tularosa Daily News"})]
    assert papers["query"] in ("Was Mesa Sun-News founded before Tularosa Daily News?",
                               "Was Tularosa Daily News founded before Mesa Sun-News?")
    assert papers["answer"] == ("Yes" if papers["query"].startswith("Was Mesa") else "No")


def test_a_choice_names_the_earlier_and_institutions_take_the():
    (choice,) = founding_candidates(read_foundings(PAPERS[2:4]), seed=0, choice_every=1)
    assert choice["query"] in ("Which magazine was founded first, Field Notes or Open Water?",
                               "Which magazine was founded first, Open Water or Field Notes?")
    assert choice["answer"] == "Field Notes"
    assert named_with_the("The Harlow Museum of Clocks is a museum in Leeds.", "Harlow Museum of Clocks")
    assert named_with_the("Velden Geological Museum is a museum.", "Velden Geological Museum")
    assert not named_with_the("The Chemours Company is an American chemical company.", "Chemours")
    assert not named_with_the("St. Mary's Library is a library in Patiala.", "St. Mary's Library")
    assert not named_with_the("Dunmore College is a school.", "Dunmore College")
    assert named_with_the("University of Leeds is a university.", "University of Leeds")


def test_composed_items_cite_the_defining_sentence_where_the_date_says_it():
    from benchsmith.generators.multihop.compose.drafts import Composer
    from benchsmith.generators.multihop.models import Draft

    docs = {d.doc_id: d for d in PAPERS}
    comp = Composer(docs, {d.doc_id: chunk_documents([d]) for d in PAPERS}, seed=0, n=20)
    drafts = [d for d in comp.drafts("comparison_query", 10) if isinstance(d, Draft)]
    assert {d.template.split(".")[1] for d in drafts} == {"founding"} and len(drafts) == 3
    papers = next(d for d in drafts if "Sun-News" in d.query)
    # Mesa dated in its first sentence; Tularosa's "It was founded in 1898" cited with the sentence that names it
    assert [c.fact.text[:14] for c in papers.claims] == ["Mesa Sun- News", "It was founded", "Tularosa Daily"]


def test_a_choice_whose_name_ends_in_a_period_is_consistent():
    (choice,) = founding_candidates(read_foundings(PAPERS[2:4]), seed=0, choice_every=1)
    names = [n + " U.S.A." for n in choice["computation"]["choice"]]  # "Back in the U.S.A.": a name's own period
    dotted = {**choice, "answer": "Field Notes U.S.A.", "computation": {**choice["computation"], "choice": names}}
    item = validator_item(dotted, PAPERS)
    assert ComparisonConsistency().check(item, None) == []
    item.answer = "Open Water U.S.A."
    assert ComparisonConsistency().check(item, None)


def test_the_kind_is_the_last_kind_word_of_the_definition():
    docs = [_doc("t1", "Leeds Rhinos", "Leeds Rhinos is a professional rugby league team based in Leeds. The club was "
                 "founded in 1890."),
            _doc("t2", "Stax Records", "Stax Records is an American record label founded in 1957 in Memphis.")]
    assert {(f.page.name, f.kind, f.year) for f in read_foundings(docs)} == {("Leeds Rhinos", "team", 1890),
                                                                             ("Stax Records", "label", 1957)}


def test_a_place_between_the_verb_and_the_year_is_read_past():
    docs = [_doc("b1", "Harbor Lights", "Harbor Lights is an American rock band formed in Tacoma, Washington, in 1991."),
            _doc("b2", "Cold Mesa", "Cold Mesa is an American rock band formed in Boston in 1970. It split in 1980."),
            _doc("b3", "Red Arbor", "Red Arbor is a rock band formed in 1988 in Leeds.")]
    assert {(f.page.name, f.kind, f.year) for f in read_foundings(docs)} == {
        ("Harbor Lights", "band", 1991), ("Cold Mesa", "band", 1970), ("Red Arbor", "band", 1988)}


def test_subjects_of_two_different_origins_are_not_compared():
    docs = [_doc("c1", "Kollam Reels", "Kollam Reels is an Indian film production company. It was founded in 2014."),
            _doc("c2", "Chemra", "Chemra is an American chemical company founded in July 2015 as a spin-off."),
            _doc("c3", "Delta Works", "Delta Works is an American engineering company founded in 1990."),
            _doc("c4", "Shiro", "Shiro is a private company. It was founded in 1906.")]  # of nowhere said
    pairs = {frozenset(c["computation"]["subjects"]) for c in founding_candidates(read_foundings(docs), seed=0, choice_every=99)}
    assert pairs == {frozenset({"Chemra", "Delta Works"})}  # never the Indian studio against an American firm
