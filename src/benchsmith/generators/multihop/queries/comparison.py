"""Comparison queries: yes/no over quantities stated in the claims, or over what the claims mention."""

from __future__ import annotations

import random

from benchsmith.types import Document

from benchsmith.generators.multihop.models import Claim, ClaimSet, Draft, Quantity
from benchsmith.generators.multihop.queries._phrasing import join_and, report_ref
from benchsmith.generators.multihop.text import contains_phrase


def _common_unit(claims: tuple[Claim, ...]) -> str | None:
    units = [{q.unit for q in c.quantities} for c in claims]
    common = set.intersection(*units) if units else set()
    return min(common) if common else None


def _value(c: Claim, unit: str) -> Quantity:
    return next(q for q in c.quantities if q.unit == unit)


def _numeric(cs: ClaimSet, documents: dict[str, Document], rng: random.Random, unit: str) -> Draft | str:
    claims = cs.claims
    values = [_value(c, unit).value for c in claims]
    first, others = values[0], values[1:]
    if any(v == first for v in others):
        return "tied_quantities"
    refs = [report_ref(documents[c.fact.doc_id]) for c in claims]
    topic = cs.group.surface
    if unit == "year":
        ask_higher = rng.random() < 0.5
        word = "later" if ask_higher else "earlier"
        others_txt = "each of " + join_and(refs[1:]) if len(refs) > 2 else refs[1]
        query = f"Regarding {topic}, is the year given in {refs[0]} {word} than the year given in {others_txt}?"
    else:
        ask_higher = rng.random() < 0.5
        word = "higher" if ask_higher else "lower"
        others_txt = "each of " + join_and(refs[1:]) if len(refs) > 2 else refs[1]
        query = f"Regarding {topic}, does {refs[0]} report a {word} {unit} figure than {others_txt}?"
    yes = all(first > v for v in others) if ask_higher else all(first < v for v in others)
    return Draft(
        query=query, answer="Yes" if yes else "No", question_type="comparison_query", claims=claims,
        bridge_entity=cs.group.surface if cs.group.kind == "entity" else None,
        bridge_topic=cs.group.surface if cs.group.kind == "topic" else claims[0].topic,
        keywords=cs.keywords,
        computation={"op": "gt" if ask_higher else "lt", "unit": unit, "values": values},
        template=f"comparison.numeric.{unit == 'year'}",
    )


def _mention(cs: ClaimSet, documents: dict[str, Document], rng: random.Random) -> Draft | str:
    claims = cs.claims
    bridge = cs.group.surface
    if cs.group.kind != "entity":
        return "topic_bridge_not_comparable"
    # Candidate terms: other entities and the topic of the first claim (not the bridge itself).
    terms = [e.text for e in claims[0].entities if e.norm != cs.group.key and len(e.text) > 2]
    if claims[0].topic and not contains_phrase(claims[0].topic, bridge):
        terms.append(claims[0].topic)
    terms = [t for t in dict.fromkeys(terms) if not contains_phrase(bridge, t)]
    if not terms:
        return "nothing_to_compare"
    want_yes = rng.random() < 0.5
    shared = [t for t in terms if all(contains_phrase(c.text, t) for c in claims)]
    unshared = [t for t in terms if t not in shared]
    pool = shared if (want_yes and shared) or not unshared else unshared
    term = pool[rng.randrange(len(pool))]
    present = [contains_phrase(c.text, term) for c in claims]
    refs = [report_ref(documents[c.fact.doc_id]) for c in claims]
    both = "both" if len(refs) == 2 else "all"
    query = f"Do {join_and(refs)} {both} mention {term} when they report on {bridge}?"
    return Draft(
        query=query, answer="Yes" if all(present) else "No", question_type="comparison_query", claims=claims,
        bridge_entity=bridge if cs.group.kind == "entity" else None,
        bridge_topic=bridge if cs.group.kind == "topic" else claims[0].topic,
        keywords=cs.keywords,
        computation={"op": "all_mention", "term": term, "present": present},
        template="comparison.mention",
    )


def build_comparison(cs: ClaimSet, documents: dict[str, Document], rng: random.Random) -> Draft | str:
    """A comparison query: numeric when every claim states a quantity of one unit, else a mention check."""
    unit = _common_unit(cs.claims)
    if unit is not None:
        draft = _numeric(cs, documents, rng, unit)
        if isinstance(draft, Draft):
            return draft
    return _mention(cs, documents, rng)
