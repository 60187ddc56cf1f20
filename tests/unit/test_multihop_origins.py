"""A work's origin, read from its own article, keeps idle comparisons and guessable choices out."""

from __future__ import annotations

from benchsmith.generators.multihop.compose.links import read_profiles
from benchsmith.generators.multihop.compose.origins import Origins, apart, work_origin
from benchsmith.generators.multihop.compose.profiles import read_profile
from benchsmith.generators.multihop.compose.questions import related
from benchsmith.types import Document


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(doc_id=doc_id, title=title, text=text)


def _read(docs: list[Document]) -> tuple[dict, Origins]:
    """The documents' profiles by id, and their works' origins."""
    profiles = read_profiles(docs)
    return {x.doc_id: x for x in profiles}, Origins({d.doc_id: d.text for d in docs}, profiles)


def test_a_works_origin_is_read_before_its_kind_and_from_its_creators_demonym():
    cases = {
        "Summer Skin is a 1961 Argentine film directed by Leo Torres.": {"Argentine"},
        "Jhoothi is a 1985 Bollywood Hindi comedy film directed by Hari Mukherjee.": {"Bollywood", "Hindi", "Indian"},
        "Peaks is an 1866 landscape oil painting by German-American painter Albert Brandt.": {"German", "American"},
        "Pond is an 1865 painting by Jean Marot.": set(),  # a name is no origin
        "Wife is a 1957 Technicolor film noir crime film directed by Ann Farrow.": set(),  # nor a colour process
        "Sister is a Dutch award-winning drama film released in 1995 and directed by Rob Dijk.": {"Dutch"},
    }
    for text, want in cases.items():
        p = read_profile(_doc("x", text.split(" is ")[0], text))
        assert work_origin(p, text) == want, text
    assert apart(frozenset({"Latvian"}), frozenset({"Australian"}))
    assert not apart(frozenset({"German", "American"}), frozenset({"American"}))


def test_works_of_two_origins_are_never_compared():
    docs = [_doc("a", "Gauja Valley", "Gauja Valley is an 1890 painting by the Latvian painter Janis Rozentals."),
            _doc("b", "Bailed Up", "Bailed Up is an 1895 painting by the Australian artist Tom Roberts."),
            _doc("c", "Golden Summer", "Golden Summer is an 1889 painting by the Australian artist Arthur Streeton.")]
    p, origins = _read(docs)
    assert related(p["b"], p["c"], {}, origins) and not related(p["a"], p["b"], {}, origins)
    assert related(p["a"], p["b"], {})  # without the articles, the years alone pair them


def test_a_work_whose_article_gives_no_origin_takes_its_creators_from_other_articles():
    docs = [_doc("a", "Tree of Crows", "Tree of Crows is an 1822 painting by the German Romantic artist Kaspar Fried."),
            _doc("b", "Lonely Tree", "Lonely Tree is an 1822 painting by German painter Kaspar Fried."),
            _doc("c", "Cairn in Snow", "Cairn in Snow is a landscape painting by Kaspar Fried. It was made in 1807."),
            _doc("d", "Evening Dusk", "Evening Dusk is an 1850 painting by Anna Velde.")]
    p, origin = _read(docs)
    # "Romantic" is a movement, not a place: what the two articles agree on is "German"
    assert origin(p["a"]) == {"German"} and origin(p["c"]) == {"German"}
    assert origin(p["d"]) == frozenset()  # no article says where Anna Velde is from
    assert Origins({d.doc_id: d.text for d in docs})(p["c"]) == frozenset()  # without the profiles, only its own article


def test_two_works_pair_only_where_both_articles_place_them_alike():
    italian, french, none = frozenset({"Italian"}), frozenset({"French"}), frozenset()
    assert apart(italian, french) and not apart(italian, frozenset({"Italian", "French"}))
    # one origin stated and one not ("a 1944 Technicolor film" beside "a Bollywood Hindi comedy film"), or neither
    # (a Norwegian's unplaced view of Stalheim beside an unplaced American farm): no pair
    assert apart(frozenset({"Bollywood", "Hindi", "Indian"}), none) and apart(none, none)
    text = "Naram is a 1981 Bollywood film directed by Hari Mukherjee."
    assert not apart(work_origin(read_profile(_doc("x", "Naram", text)), text), frozenset({"Indian"}))
    text = "Harbour Cone is a 1939 oil painting by New Zealand artist Colin McCahon."
    assert work_origin(read_profile(_doc("x", "Harbour Cone", text)), text) == {"New Zealand"}


def test_a_decoy_is_a_work_of_the_answers_own_origin():
    from benchsmith.generators.multihop.compose.inference_choice import Decoys

    docs = [_doc("a", "Fortune Hill", "Fortune Hill is a 1958 Italian film directed by Aldo Ferri."),
            _doc("b", "Tango Night", "Tango Night is a 1958 Argentine film directed by Luis Mora."),
            _doc("c", "Rosa at Ten", "Rosa at Ten is a 1950 Italian crime film directed by Mario Sofi."),
            _doc("d", "Dry Hill", "Dry Hill is a 1958 film directed by Dan Vela.")]
    p, origins = _read(docs)
    # the Argentine and the unplaced film are closer in time, but a choice between them and an Italian film is idle
    assert [w.doc_id for w in Decoys(origins).pick(p["a"], list(p.values()), lambda w: w)] == ["c"]
