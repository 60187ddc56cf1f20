"""Temporal queries: did one source's story on an entity come out before another's? Answers follow `published_at`.

Only claim sets bridged by one entity are used, so both reports are about the same entity; each
report is named by source and topic, never by its sentence, and the order asked is drawn so
that Yes and No are equally likely.
"""

from __future__ import annotations

import random

from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.generators.multihop.queries._phrasing import story_refs, weak_bridge
from benchsmith.generators.multihop.topics import is_story_topic, story_topic
from benchsmith.types import Document


def build_temporal(cs: ClaimSet, documents: dict[str, Document], rng: random.Random) -> Draft | str:
    """A Yes/No ordering query over two reports on one entity."""
    if cs.group.kind != "entity":
        return "temporal_needs_one_entity"
    if weak_bridge(cs.group):
        return "weak_bridge"
    claims = cs.claims[:2]
    docs = [documents[c.fact.doc_id] for c in claims]
    dates = [d.published_at for d in docs]
    if any(d is None for d in dates):
        return "missing_published_at"
    if dates[0] == dates[1]:
        return "same_publication_time"
    topics = [story_topic(c.text) or "" for c in claims]
    if not all(is_story_topic(t) for t in topics) or topics[0].lower() == topics[1].lower():
        return "topic_not_a_noun_phrase"
    if (dates[0] < dates[1]) != (rng.random() < 0.5):
        claims, docs, dates, topics = claims[::-1], docs[::-1], dates[::-1], topics[::-1]
    refs = story_refs(docs, topics)
    if refs is None:
        return "reports_not_distinguishable"
    bridge = cs.group.surface
    query = f"Regarding {bridge}, did {refs[0]} come out before {refs[1]}?"
    answer = "Yes" if dates[0] < dates[1] else "No"
    return Draft(
        query=query, answer=answer, question_type="temporal_query", claims=claims,
        bridge_entity=bridge, bridge_topic=topics[0], keywords=(bridge, *topics),
        computation={"op": "in_order", "published_at": [d.isoformat() for d in dates], "anchors": [bridge, *topics]},
        template="temporal.story_order",
    )
