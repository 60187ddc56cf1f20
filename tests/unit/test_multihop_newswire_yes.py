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
