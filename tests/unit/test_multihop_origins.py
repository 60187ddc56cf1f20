"""A work's origin, read from its own article, keeps idle comparisons and guessable choices out."""

from __future__ import annotations

from benchsmith.generators.multihop.compose.links import read_profiles
from benchsmith.generators.multihop.compose.origins import foreign, work_origin
from benchsmith.generators.multihop.compose.profiles import read_profile
from benchsmith.generators.multihop.compose.questions import related
from benchsmith.types import Document


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(doc_id=doc_id, title=title, text=text)


def test_a_works_origin_is_read_before_its_kind_and_from_its_creators_demonym():
    cases = {
        "Summer Skin is a 1961 Argentine film directed by Leo Torres.": {"Argentine"},
        "Jhoothi is a 1985 Bollywood Hindi comedy film directed by Hari Mukherjee.": {"Bollywood", "Hindi"},
        "Peaks is an 1866 landscape oil painting by German-American painter Albert Brandt.": {"German", "American"},
        "Pond is an 1865 painting by Jean Marot.": set(),  # a name is no origin
        "Wife is a 1957 Technicolor film noir crime film directed by Ann Farrow.": set(),  # nor a colour process
        "Sister is a Dutch award-winning drama film released in 1995 and directed by Rob Dijk.": {"Dutch"},
    }
    for text, want in cases.items():
        p = read_profile(_doc("x", text.split(" is ")[0], text))
        assert work_origin(p, text) == want, text
    assert foreign(frozenset({"Latvian"}), frozenset({"Australian"}))
    assert not foreign(frozenset({"German", "American"}), frozenset({"American"})) and not foreign(frozenset(), frozenset({"Dutch"}))


def test_works_of_two_origins_are_never_compared():
    docs = [_doc("a", "Gauja Valley", "Gauja Valley is an 1890 painting by the Latvian painter Janis Rozentals."),
            _doc("b", "Bailed Up", "Bailed Up is an 1895 painting by the Australian artist Tom Roberts."),
            _doc("c", "Golden Summer", "Golden Summer is an 1889 painting by the Australian artist Arthur Streeton.")]
    texts = {d.doc_id: d.text for d in docs}
    p = {x.doc_id: x for x in read_profiles(docs)}
    origins = {d: work_origin(x, texts[d]) for d, x in p.items()}
    assert related(p["b"], p["c"], {}, origins) and not related(p["a"], p["b"], {}, origins)
    assert related(p["a"], p["b"], {})  # without the articles, the years alone pair them
