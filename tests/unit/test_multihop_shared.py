"""Inference over an entity two unlinked articles share (a creator, a collection): unique answer, both hops needed."""

from __future__ import annotations

from benchsmith.generators.multihop.compose.drafts import Composer
from benchsmith.generators.multihop.compose.hops import single_document
from benchsmith.generators.multihop.compose.links import read_profiles
from benchsmith.generators.multihop.compose.profiles import read_profile
from benchsmith.generators.multihop.compose.shared import shared_entity_candidates
from benchsmith.types import Chunk, Document, Span

PAINTINGS = {
    "a": ("Aurora (1865 painting)", "Aurora is an 1865 oil painting by the American artist Frederic Edwin Church. "
          "It is in the collection of the Smithsonian American Art Museum."),
    "b": ("The Floes", "The Floes is an 1861 landscape oil painting by American painter Frederic Edwin Church. "
          "It is held by the Dallas Museum of Art."),
    "c": ("Mill Pond", "Mill Pond is an 1848 painting by the American artist, theorist and writer Jules Marrot. "
          "It is in the collection of the Smithsonian American Art Museum."),
    "d": ("Grey Shore", "Grey Shore is an 1861 painting by the American painter Anna Velde. It hangs in the Dallas Museum of Art."),
    "f": ("Harbour Light", "Harbour Light is an 1852 painting by Jules Marrot. It hangs in the Dallas Museum of Art."),
}


def _docs(texts: dict) -> dict[str, Document]:
    return {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in texts.items()}


def _composer(docs: dict[str, Document]) -> Composer:
    chunks = {d: [Chunk(chunk_id=f"{d}#0", doc_id=d, index=0, n_tokens=len(x.text.split()), text=x.text,
                        span=Span(start=0, end=len(x.text)))] for d, x in docs.items()}
    return Composer(docs, chunks, seed=1, n=400)


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


def test_shared_creator_and_shared_collection_questions_name_the_answer_beside_a_decoy():
    cands = _candidates(PAINTINGS)
    docs = _docs(PAINTINGS)
    by_route = {}
    for c in cands:
        by_route.setdefault((c["computation"]["anchor_work"], c["answer"], c["computation"]["bridge"]), []).append(c)
    floes = by_route[("Aurora", "The Floes", "Frederic Edwin Church")]
    for c in floes:
        decoy = c["computation"]["decoy"]["work"]
        assert c["query"].startswith("Which painting, ") and "Aurora" in c["query"] and decoy in c["query"]
        assert "Frederic Edwin Church" not in c["query"]
        assert sorted(c["computation"]["choice"]) == sorted(["The Floes", decoy])
        assert [p.doc_id for p, _ in c["evidence"]][:2] == ["a", "b"]
        texts = {p.doc_id: docs[p.doc_id].text for p, _ in c["evidence"]}
        assert len(texts) == 3 and single_document(texts, c["answer"], c["anchors"]) == []
    # the decoys are the other artists' paintings, the one closest in time first (Grey Shore is of 1861 too)
    assert [c["computation"]["decoy"]["work"] for c in floes] == ["Grey Shore", "Harbour Light"]
    by_museum = by_route[("Aurora", "Mill Pond", "Smithsonian American Art Museum")]
    assert by_museum and all("same collection" in c["query"] or "same museum" in c["query"] for c in by_museum)
    assert {c["computation"]["decoy"]["entity"] for c in by_museum} == {"Dallas Museum of Art"}


def test_a_decoy_whose_article_names_the_shared_creator_is_not_used():
    # Harbour Light's article names Church: a reader could take it for his; the next closest in time stands instead
    named = dict(PAINTINGS, f=(PAINTINGS["f"][0], PAINTINGS["f"][1] + " Marrot admired Church."))
    floes = [c for c in _candidates(named) if c["answer"] == "The Floes" and c["computation"]["anchor_work"] == "Aurora"]
    assert [c["computation"]["decoy"]["work"] for c in floes] == ["Grey Shore", "Mill Pond"]


def test_no_question_when_one_article_names_the_other():
    linked = dict(PAINTINGS, b=(PAINTINGS["b"][0], PAINTINGS["b"][1] + " It was painted after Aurora."))
    assert not [c for c in _candidates(linked) if {p.doc_id for p, _ in c["evidence"][:2]} == {"a", "b"}]


def test_two_works_sharing_an_entity_are_asked_about_once_whichever_is_the_answer():
    docs = _docs(PAINTINGS)
    comp = _composer(docs)
    church = [c for c in _candidates(PAINTINGS) if c["computation"]["bridge"] == "Frederic Edwin Church"]
    floes = next(c for c in church if c["answer"] == "The Floes")
    aurora = next(c for c in church if c["answer"] == "Aurora" and "Grey Shore" not in c["query"])  # other documents
    assert not isinstance(comp.to_draft(floes), str)
    assert comp.to_draft(aurora) == "question_already_asked"  # "..., Aurora or ..., shares its artist with The Floes?"


def test_one_anchor_work_is_asked_about_once_per_shared_entity():
    more = dict(PAINTINGS, e=("Cold Falls", "Cold Falls is an 1867 painting by Frederic Edwin Church. It shows ice."))
    docs = _docs(more)
    comp = _composer(docs)
    from_aurora = [c for c in _candidates(more) if c["computation"]["anchor_work"] == "Aurora"
                   and c["computation"]["bridge"] == "Frederic Edwin Church"]
    floes = next(c for c in from_aurora if c["answer"] == "The Floes")
    falls = next(c for c in from_aurora if c["answer"] == "Cold Falls")
    assert not isinstance(comp.to_draft(floes), str)
    assert comp.to_draft(falls) == "hop_already_asked"  # "..., shares its artist with Aurora?" once is enough
