"""Inference queries: the answer is the bridge entity, which the question never names."""

from __future__ import annotations

import random

from benchsmith.types import Document

from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.generators.multihop.queries._phrasing import clause, mask, placeholder_problem, report_refs, type_noun
from benchsmith.generators.multihop.text import contains_phrase

TEMPLATES = (
    "Which {noun} do these reports have in common: {parts}?",
    "Which {noun} is meant in all of the following: {parts}?",
    "Name the one {noun} that links these reports: {parts}?",
)

NEUTRAL_TEMPLATE = "Which name does X stand for in all of the following: {parts}?"


def build_inference(cs: ClaimSet, documents: dict[str, Document], rng: random.Random) -> Draft | str:
    """An inference query over a claim set bridged by an entity, or the reason none can be built."""
    g = cs.group
    if g.kind != "entity" or g.label in ("DATE", "CARDINAL", "TOPIC"):
        return "bridge_not_an_entity"
    answer = g.surface
    noun = type_noun(g.label)
    # A weak type vote leaves the label neutral: no "Which person" guess, a blank X instead.
    placeholder = f"this {noun}" if noun != "name" else "X"
    # Every surface form of the bridge in the claims, longest first, so "Mara Voss" goes before "Voss".
    surfaces = sorted({e.text for c in cs.claims for e in c.entities if e.norm == g.key} | {answer}, key=len, reverse=True)
    refs = report_refs([documents[c.fact.doc_id] for c in cs.claims], avoid=answer)
    parts = []
    for c, ref in zip(cs.claims, refs, strict=True):
        text = c.text
        for s in surfaces:
            text = mask(text, s, placeholder)
        if not contains_phrase(text, placeholder):
            return "bridge_not_in_claim"
        problem = placeholder_problem(text, placeholder)
        if problem is not None:
            return problem
        names = [e.text for e in c.entities] + [placeholder]
        parts.append(f"{ref} says that {clause(text, names, documents[c.fact.doc_id].text)}")
    i = rng.randrange(len(TEMPLATES))
    if noun == "name":
        query, i = NEUTRAL_TEMPLATE.format(parts="; ".join(parts)), -1
    else:
        query = TEMPLATES[i].format(noun=noun, parts="; ".join(parts))
    if any(contains_phrase(query, s) for s in surfaces):
        return "answer_leak"
    return Draft(
        query=query, answer=answer, question_type="inference_query", claims=cs.claims,
        bridge_entity=answer, bridge_topic=None, keywords=cs.keywords,
        computation={"op": "bridge_entity", "answer": answer}, template=f"inference.{i}" if i >= 0 else "inference.neutral",
    )
