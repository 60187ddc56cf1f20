"""Inference queries over news claim sets: the answer is the bridge entity, which the question never names.

The question names each report by its source and what it was about (its topic phrase), never
by pasting its sentence: "Which organization links the Harbor City Ledger story on the ferry
terminal and the Valley Tech Review story on the main pier?"
"""

from __future__ import annotations

import random
import re

from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.generators.multihop.queries._phrasing import join_and, story_refs, type_noun, weak_bridge
from benchsmith.generators.multihop.text import contains_phrase
from benchsmith.generators.multihop.topics import is_story_topic, story_topic
from benchsmith.types import Document

TEMPLATES = (
    "Which {noun} links {parts}?",
    "Which {noun} figures in both {parts}?",
    "Name the {noun} that connects {parts}.",
)


def build_inference(cs: ClaimSet, documents: dict[str, Document], rng: random.Random) -> Draft | str:
    """An inference query over the first two claims of a set bridged by an entity, or the reason none can be built."""
    g = cs.group
    if g.kind != "entity" or g.label in ("DATE", "CARDINAL", "TOPIC"):
        return "bridge_not_an_entity"
    if weak_bridge(g):
        return "weak_bridge"
    noun = type_noun(g.label)
    if noun == "name":
        return "bridge_type_unknown"  # "Which name ..." reads badly and may not fit the answer
    claims = cs.claims[:2]
    topics = [story_topic(c.text) or "" for c in claims]
    if not all(is_story_topic(t) for t in topics) or len({t.lower() for t in topics}) < len(topics):
        return "topic_not_a_noun_phrase"
    answer = re.sub(r"^[Tt]he\s+", "", g.surface)
    if any(contains_phrase(t, w) for t in topics for w in answer.split() if len(w) > 3):
        return "answer_leak"
    refs = story_refs([documents[c.fact.doc_id] for c in claims], topics)
    if refs is None:
        return "reports_not_distinguishable"
    i = rng.randrange(len(TEMPLATES))
    parts = join_and(refs)
    if all(r.startswith("the passage on ") for r in refs):
        return "reports_not_distinguishable"  # one undated source: "the passages on X and Y" name nothing a reader can find
    query = TEMPLATES[i].format(noun=noun, parts=parts)
    return Draft(
        query=query, answer=answer, question_type="inference_query", claims=claims,
        bridge_entity=answer, bridge_topic=None, keywords=(answer, *topics),
        computation={"op": "bridge_entity", "answer": answer, "anchors": topics}, template=f"inference.story.{i}",
    )
