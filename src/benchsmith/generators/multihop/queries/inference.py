"""Inference queries over news claim sets: the answer is the bridge entity, which the question never names.

The question names each report by its source and subject, never by its title or sentence: "Which
organization appears in both the Valley Tech Review report on sodium battery materials and the
Harbor City Ledger report on the new ferry terminal?" The assembler checks that no other entity of
the asked type is shared by the two documents.
"""

from __future__ import annotations

import random
import re

from benchsmith.generators.multihop.collection import is_wire
from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.generators.multihop.queries._phrasing import join_and, subject_refs, type_noun, weak_bridge
from benchsmith.generators.multihop.queries.story_subjects import opens_story, prominent_in
from benchsmith.generators.multihop.queries.whole_names import whole_name_in
from benchsmith.types import Document

MIN_LABEL_SHARE = 0.75
PLACE_LABELS = frozenset({"GPE", "LOC", "NORP"})  # a place bridge must be what both stories are about
TEMPLATES = (
    "Which {noun} appears in both {parts}?",
    "Which {noun} do {parts} both name?",
    "Name the {noun} mentioned in both {parts}.",
)


def central_to_both(docs: list[Document], name: str) -> bool:
    """Whether `name` ties two wire stories: it opens one of them (headline and lead, or first sentence) and the
    other gives it a part of its own (opens it too, names it in its lead, or returns to it). "Boeing Co" of the
    Qantas order and of a leasing story's lead is one actor of both; the SEC that a filing story names once is
    not."""
    opens = [opens_story(d, name, as_modifier=True) for d in docs]
    if not any(opens):
        return False
    return all(o or prominent_in(d, name) for o, d in zip(opens, docs, strict=True))


def build_inference(cs: ClaimSet, documents: dict[str, Document], rng: random.Random, doc_entities: dict | None = None) -> Draft | str:
    """An inference query over the first two claims of a set bridged by an entity, or the reason none can be built."""
    g = cs.group
    if g.kind != "entity" or g.label in ("DATE", "CARDINAL", "TOPIC"):
        return "bridge_not_an_entity"
    if weak_bridge(g, documents):
        return "weak_bridge"
    if g.label_share < MIN_LABEL_SHARE:
        return "bridge_type_uncertain"  # "Which organization" must not be answered by a person
    noun = type_noun(g.label)
    if noun == "name":
        return "bridge_type_unknown"  # "Which name ..." reads badly and may not fit the answer
    claims = cs.claims[:2]
    if g.label in PLACE_LABELS and not all(opens_story(documents[c.fact.doc_id], g.surface) for c in claims):
        return "incidental_place"  # "West Germany" named in passing by two unrelated wire stories links nothing
    if g.label in PLACE_LABELS and is_wire(documents):
        return "place_bridge"  # a country in both headlines is the setting of two events, not one actor of both
    if is_wire(documents) and not central_to_both([documents[c.fact.doc_id] for c in claims], g.surface):
        return "bridge_not_central"  # the SEC of two filings, a rating agency quoted once: a setting, not a subject
    answer = re.sub(r"^[Tt]he\s+", "", g.surface)
    if not all(whole_name_in(documents[c.fact.doc_id].text, answer, person=g.label == "PERSON") for c in claims):
        return "partial_name"  # "Accounting Office" read out of "the General Accounting Office"
    named = subject_refs([documents[c.fact.doc_id] for c in claims], claims, documents, [answer, g.surface], doc_entities=doc_entities)
    if named is None:
        return "reports_not_distinguishable"
    refs, subjects = named
    i = rng.randrange(len(TEMPLATES))
    query = TEMPLATES[i].format(noun=noun, parts=join_and(refs))
    return Draft(
        query=query, answer=answer, question_type="inference_query", claims=claims,
        bridge_entity=answer, bridge_topic=None, keywords=(answer, *subjects),
        computation={"op": "bridge_entity", "answer": answer, "anchors": subjects, "label": g.label},
        template=f"inference.story.{i}",
    )
