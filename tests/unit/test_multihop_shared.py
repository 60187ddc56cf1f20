"""Inference over an entity two unlinked articles share (a creator, a collection): unique answer, both hops needed."""

from __future__ import annotations

from benchsmith.generators.multihop.compose.hops import single_document
from benchsmith.generators.multihop.compose.links import read_profiles
from benchsmith.generators.multihop.compose.profiles import read_profile
from benchsmith.generators.multihop.compose.shared import shared_entity_candidates
from benchsmith.types import Document

PAINTINGS = {
    "a": ("Aurora (1865 painting)", "Aurora is an 1865 oil painting by the American artist Frederic Edwin Church. "
          "It is in the collection of the Smithsonian American Art Museum."),
    "b": ("The Floes", "The Floes is an 1861 landscape oil painting by American painter Frederic Edwin Church. "
          "It is held by the Dallas Museum of Art."),
    "c": ("Mill Pond", "Mill Pond is an 1848 painting by the French artist, theorist and writer Jules Marrot. "
          "It is in the collection of the Smithsonian American Art Museum."),
    "d": ("Grey Shore", "Grey Shore is an 1861 painting by Anna Velde. It hangs in the Dallas Museum of Art."),
    "f": ("Harbour Light", "Harbour Light is an 1852 painting by Jules Marrot. It hangs in the Dallas Museum of Art."),
}


def _docs(texts: dict) -> dict[str, Document]:
    return {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in texts.items()}


def _candidates(texts: dict) -> list[dict]:
    docs = _docs(texts)
    return shared_entity_candidates(read_profiles(list(docs.values())), docs)


def test_profile_reads_a_creator_after_a_list_of_occupations_and_drops_epithets():
    p = read_profile(_docs(PAINTINGS)["c"])
    assert [(r, n) for r, n, _ in p.links] == [("painter", "Jules Marrot")]
    monet = read_profile(Document(doc_id="m", title="The Magpie", text="The Magpie is an oil-on-canvas landscape "
                                  "painting by the French Impressionist Claude Monet, created in the winter of 1868."))
    assert [(r, n) for r, n, _ in monet.links] == [("painter", "Claude Monet")]
    # A person's "made ... in 1857" is not the work's year; the year in brackets after the title is.
    rio = read_profile(Document(doc_id="r", title="El Rio", text="El Rio (The River) (1887) is an oil on canvas "
                                "landscape by Frederic Edwin Church. It draws on drawings Church made while traveling in 1857."))
    assert rio.kind == "painting" and rio.year.year == 1887


def test_shared_creator_and_shared_collection_questions_cite_both_articles():
    cands = _candidates(PAINTINGS)
    docs = _docs(PAINTINGS)
    by_answer = {(c["computation"]["anchor_work"], c["answer"], c["computation"]["attribute"]): c for c in cands}
    floes = by_answer[("Aurora", "The Floes", "year")]
    assert "1861" in floes["query"] and "Frederic Edwin Church" not in floes["query"] and "The Floes" not in floes["query"]
    # Aurora is described by its year and collection (no other article states both), never by title.
    assert "the 1865 painting held by the Smithsonian American Art Museum" in floes["query"]
    assert "Aurora" not in floes["query"]
    assert {p.doc_id for p, _ in floes["evidence"]} == {"a", "b"}
    texts = {k: d.text for k, d in docs.items() if k in ("a", "b")}
    assert single_document(texts, floes["answer"], floes["anchors"]) == []
    by_museum = [c for c in cands if c["answer"] == "Mill Pond" and c["computation"]["op"] == "shared_entity"
                 and c["computation"]["bridge"] == "Smithsonian American Art Museum"]
    assert by_museum and all({p.doc_id for p, _ in c["evidence"]} == {"a", "c"} for c in by_museum)


def test_no_question_when_another_article_states_the_creator_with_the_asked_year():
    rival = dict(PAINTINGS, e=("Ice Study", "Ice Study is a sketch by Frederic Edwin Church, made public in 1861."))
    assert not [c for c in _candidates(rival) if c["answer"] == "The Floes" and c["computation"]["attribute"] == "year"]


def test_no_question_when_one_article_names_the_other():
    linked = dict(PAINTINGS, b=(PAINTINGS["b"][0], PAINTINGS["b"][1] + " It was painted after Aurora."))
    assert not [c for c in _candidates(linked) if {p.doc_id for p, _ in c["evidence"]} == {"a", "b"}]


def test_bridge_over_a_shared_entity_asks_a_fact_only_the_answer_work_states():
    from benchsmith.generators.multihop.compose.shared import shared_bridge_candidates

    docs = _docs(PAINTINGS)
    cands = shared_bridge_candidates(read_profiles(list(docs.values())), docs)
    museum = [c for c in cands if c["computation"]["via"] == "year" and c["computation"]["bridge"] == "The Floes"]
    assert museum and all(c["answer"] == "Dallas Museum of Art" for c in museum)
    assert all("The Floes" not in c["query"] and "Dallas" not in c["query"] for c in museum)
    for c in cands:
        texts = {p.doc_id: docs[p.doc_id].text for p, _ in c["evidence"]}
        assert len(texts) == 2 and single_document(texts, c["answer"], c["anchors"]) == []
        assert c["answer"] not in docs[c["evidence"][0][0].doc_id].text  # the anchor's article never states it


def test_no_question_when_the_asked_value_alone_picks_the_answer_out():
    # Without Harbour Light, Mill Pond is Marrot's only painting and the only one of 1848: "which painting by
    # Jules Marrot is in the same collection as X" would be answered from Mill Pond's article alone.
    alone = {k: v for k, v in PAINTINGS.items() if k != "f"}
    assert not [c for c in _candidates(alone) if c["answer"] == "Mill Pond"]
    with_rival = [c for c in _candidates(PAINTINGS) if c["answer"] == "Mill Pond"]
    asked = {c["computation"]["attribute"] for c in with_rival}
    assert "creator" in asked and "year" not in asked  # 1848 alone still names Mill Pond


def test_a_compared_work_is_described_by_two_facts_only_its_article_states():
    from benchsmith.generators.multihop.compose.shared import PhraseIndex, describe_for_comparison

    docs = _docs(PAINTINGS)
    index = PhraseIndex({k: d.text for k, d in docs.items()})
    profiles = {p.doc_id: p for p in read_profiles(list(docs.values()))}
    # A year comparison may not describe by the year: creator and collection, together held by one article.
    desc, _values, phrases = describe_for_comparison(profiles["f"], "year", index)
    assert desc == "the Jules Marrot painting held by the Dallas Museum of Art"
    assert phrases == ["Jules Marrot", "Dallas Museum of Art"]
    # Two Church paintings... but only one in Dallas; two Dallas paintings of 1861 (b and d): no year-and-place one.
    assert describe_for_comparison(profiles["b"], "creator", index) is None
    assert describe_for_comparison(profiles["a"], "creator", index)[0] == (
        "the 1865 painting held by the Smithsonian American Art Museum")
