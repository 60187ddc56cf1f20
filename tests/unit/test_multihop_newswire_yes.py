"""Wire mention comparisons: a Yes asks about a third party both stories name, drawn from another story on the
bridge where the drawn pair shares none (stories written for these tests in 1980s wire style)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from benchsmith.generators.multihop.models import BridgeGroup, Claim, ClaimSet, Draft, Entity, Fact
from benchsmith.generators.multihop.queries.comparison import build_comparison
from benchsmith.generators.multihop.text import contains_phrase
from benchsmith.types import Document

T0 = datetime(1987, 3, 2, 9, 0, tzinfo=UTC)
BRIDGE = Entity("Kestrel Aircraft Corp", "ORG", "kestrel aircraft corp")
STORIES = {
    "w-1": ("HALVORSEN AIR TO BUY SIX JETS",
            "Halvorsen Air Corp has agreed to buy six jets from Kestrel Aircraft Corp, with financing from Castellan Bank Ltd, at Port Halvard.",
            ("Halvorsen Air Corp", "Castellan Bank Ltd")),
    "w-2": ("ARDMORE LEISURE NEGOTIATING JET LEASE",
            "Ardmore Leisure Group Plc said it is negotiating the lease of ten Kestrel Aircraft Corp jets with Brightwater Trust Co at Port Halvard.",
            ("Ardmore Leisure Group Plc", "Brightwater Trust Co")),
    "w-3": ("TOLLAND AIRWAYS TO ACQUIRE FREIGHTERS",
            "Tolland Airways Inc has agreed to acquire two Kestrel Aircraft Corp freighters, and Castellan Bank Ltd arranged the loan.",
            ("Tolland Airways Inc", "Castellan Bank Ltd")),
}

# Both drawn stories are set at Port Halvard: a place is their setting, never what a Yes asks about.
PLACES = {d: (Entity("Port Halvard", "GPE", "port halvard"),) for d in ("w-1", "w-2")}


def _wire() -> dict[str, Document]:
    docs = {d: Document(doc_id=d, title=t, text=f"NEW YORK, March 2 - {s}\n    The company gave no other details.",
                        source="Reuters", published_at=T0 + timedelta(days=i)) for i, (d, (t, s, _)) in enumerate(STORIES.items())}
    for i in range(100):  # unrelated dated stories make it a wire collection
        docs[f"f-{i}"] = Document(doc_id=f"f-{i}", title=f"FILLER {i}", text=f"Story {i} on grain.", source="Reuters",
                                  published_at=T0 + timedelta(days=i))
    return docs


def _claim(doc_id: str) -> Claim:
    _, sentence, names = STORIES[doc_id]
    fact = Fact(f"f-{doc_id}", doc_id, f"{doc_id}#0", 0, len(sentence), sentence)
    ents = (BRIDGE, *(Entity(n, "ORG", n.lower()) for n in names), *PLACES.get(doc_id, ()))
    return Claim(f"c-{doc_id}", fact, sentence, BRIDGE.text, BRIDGE.norm, "ORG", "jets", "jets", ents)


def test_a_yes_takes_another_story_on_the_bridge_that_names_the_same_third_party():
    docs = _wire()
    claims = {d: _claim(d) for d in STORIES}
    group = BridgeGroup("entity", BRIDGE.norm, BRIDGE.text, "ORG", {d: [c] for d, c in claims.items()})
    ents = {d: {**{n.lower(): ("ORG", n) for n in STORIES[d][2]}, **{e.norm: (e.label, e.text) for e in PLACES.get(d, ())}}
            for d in STORIES}
    drawn = ClaimSet(group, (claims["w-1"], claims["w-2"]), (BRIDGE.text,))  # these two share no third party
    drafts = [build_comparison(drawn, docs, random.Random(seed), doc_entities=ents) for seed in range(12)]
    drafts = [d for d in drafts if isinstance(d, Draft)]
    yes = [d for d in drafts if d.answer == "Yes"]
    assert yes and any(d.answer == "No" for d in drafts)
    for d in yes:  # the Yes is over the two stories that both name Castellan Bank, each in its cited sentence
        assert {c.fact.doc_id for c in d.claims} == {"w-1", "w-3"}
        assert d.computation["term"] == "Castellan Bank Ltd" and "Castellan Bank Ltd" in d.query
        assert all(contains_phrase(docs[c.fact.doc_id].text, "Castellan Bank Ltd") for c in d.claims)
    for d in drafts:
        if d.answer == "No":  # a No stays over the drawn pair
            assert {c.fact.doc_id for c in d.claims} == {"w-1", "w-2"}


def test_a_place_one_story_names_in_passing_is_never_asked_about():
    # "Do the reports on French barley stocks and on French wheat exports both mention West Germany?" -> No: a
    # reader guesses the No of a place named in passing, so places give neither answer.
    docs = _wire()
    sentence = STORIES["w-1"][1].replace("at Port Halvard", "at Port Halvard in North Dravia")
    docs["w-1"] = docs["w-1"].model_copy(update={"text": docs["w-1"].text.replace(STORIES["w-1"][1], sentence)})
    north = Entity("North Dravia", "GPE", "north dravia")
    fact = Fact("f-w-1", "w-1", "w-1#0", 0, len(sentence), sentence)
    ents_1 = (*_claim("w-1").entities, north)
    claims = {d: _claim(d) for d in STORIES}
    claims["w-1"] = Claim("c-w-1", fact, sentence, BRIDGE.text, BRIDGE.norm, "ORG", "jets", "jets", ents_1)
    group = BridgeGroup("entity", BRIDGE.norm, BRIDGE.text, "ORG", {d: [c] for d, c in claims.items()})
    ents = {d: {n.lower(): ("ORG", n) for n in STORIES[d][2]} for d in STORIES}
    ents["w-1"]["north dravia"] = ("GPE", "North Dravia")
    drawn = ClaimSet(group, (claims["w-1"], claims["w-2"]), (BRIDGE.text,))
    drafts = [build_comparison(drawn, docs, random.Random(seed), doc_entities=ents) for seed in range(16)]
    drafts = [d for d in drafts if isinstance(d, Draft)]
    assert any(d.answer == "No" for d in drafts)
    assert not [d.query for d in drafts if "Dravia" in d.computation["term"]]


def test_a_yes_needs_the_whole_name_in_both_stories():
    # "the National Association of Securities Dealers Automated Quotation System" is NASDAQ, not the NASD: a story
    # holding the term only inside a longer name gives no Yes.
    docs = _wire()
    longer = STORIES["w-3"][1].replace("Castellan Bank Ltd arranged", "Castellan Bank Ltd Pension Fund arranged")
    docs["w-3"] = docs["w-3"].model_copy(update={"text": docs["w-3"].text.replace(STORIES["w-3"][1], longer)})
    claims = {d: _claim(d) for d in STORIES}
    fact = Fact("f-w-3", "w-3", "w-3#0", 0, len(longer), longer)
    claims["w-3"] = Claim("c-w-3", fact, longer, BRIDGE.text, BRIDGE.norm, "ORG", "jets", "jets", claims["w-3"].entities)
    group = BridgeGroup("entity", BRIDGE.norm, BRIDGE.text, "ORG", {d: [c] for d, c in claims.items()})
    ents = {d: {n.lower(): ("ORG", n) for n in STORIES[d][2]} for d in STORIES}
    drawn = ClaimSet(group, (claims["w-1"], claims["w-2"]), (BRIDGE.text,))
    drafts = [build_comparison(drawn, docs, random.Random(seed), doc_entities=ents) for seed in range(16)]
    drafts = [d for d in drafts if isinstance(d, Draft)]
    assert drafts and not [d.query for d in drafts if d.answer == "Yes" and d.computation["term"] == "Castellan Bank Ltd"]


def test_a_one_word_place_tagged_as_an_organization_gives_no_yes():
    # "Do the reports on Presidential Airways and on the Texas Air suit both mention Florida?": the tagger called
    # Florida an organization; the stories write where ("all in Florida").
    from benchsmith.generators.multihop.queries.comparison import _one_word_terms

    docs = [Document(doc_id="a", title="A", text="Kestrel will serve Tampa and Orlando, all in Florida, from May."),
            Document(doc_id="b", title="B", text="Halvorsen flies to Florida and to Maine, and Kestrel said it leases the jets.")]
    found = [("Florida", "ORG", "florida"), ("Kestrel", "ORG", "kestrel")]
    terms = _one_word_terms(found, "bridge", docs, {d.doc_id: d for d in docs}, ["the jets report"], ["jets"])
    assert "Florida" not in terms and "Kestrel" in terms
