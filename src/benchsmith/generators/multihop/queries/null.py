"""Null queries: about an invented entity, citing invented sources; nothing in the corpus answers them.

Names are built from syllables and kept only when none of their words occurs
in the corpus vocabulary, so neither exact nor fuzzy search can find them.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.generators.multihop.queries._phrasing import type_noun
from benchsmith.generators.multihop.topics import is_topic_phrase

NULL_ANSWER = "Insufficient information."

_ONSETS = ("B", "D", "F", "G", "K", "L", "M", "N", "R", "S", "T", "V", "Z", "Br", "Dr", "Th")
_VOWELS = ("a", "e", "i", "o", "u", "a", "e", "o", "ai", "ei")
_CODAS = ("l", "n", "r", "s", "x", "nd", "rk", "m", "v")
_OUTLETS = ("Courier", "Dispatch", "Gazette", "Sentinel", "Chronicle", "Herald", "Observer", "Bulletin", "Wire", "Monitor")
_KINDS = {
    "PERSON": ("person", "{name}"),
    "ORG": ("organization", "{name} {suffix}"),
}
_ORG_SUFFIXES = ("Holdings", "Group", "Labs", "Partners", "Industries", "Logistics")
_QUESTIONS = (
    "Considering the reports by {src1} and {src2} about {entity}'s {topic}, which {noun} did both of them link to {entity}?",
    "According to {src1} and a later piece in {src2}, what single figure describes {entity}'s {topic}?",
    "Which {noun}, named in both {src1} and {src2} coverage of {entity}, is tied to {entity}'s {topic}?",
)


def _word(rng: random.Random, syllables: int) -> str:
    w = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) + (rng.choice(_CODAS) if rng.random() < 0.4 else "") for _ in range(syllables))
    return w[0].upper() + w[1:].lower()


def invent_name(rng: random.Random, vocabulary: Collection[str], *, words: int = 2, tries: int = 50) -> str:
    """A name none of whose words (lower-cased) is in `vocabulary`."""
    for _ in range(tries):
        parts = [_word(rng, rng.choice((2, 2, 3))) for _ in range(words)]
        if all(p.lower() not in vocabulary for p in parts):
            return " ".join(parts)
    raise RuntimeError("could not invent a name absent from the corpus vocabulary")


def build_null(cs: ClaimSet | None, vocabulary: Collection[str], rng: random.Random) -> Draft:
    """A null query borrowing only a topic phrase from a real claim set, or a generic one."""
    label = rng.choice(("PERSON", "ORG"))
    name = invent_name(rng, vocabulary)
    entity = name if label == "PERSON" else f"{name} {rng.choice(_ORG_SUFFIXES)}"
    sources = []
    while len(sources) < 2:
        s = f"The {invent_name(rng, vocabulary, words=1)} {rng.choice(_OUTLETS)}"
        if s not in sources:
            sources.append(s)
    topic = cs.claims[0].topic if cs is not None and cs.claims[0].topic else ""
    if not is_topic_phrase(topic):
        topic = "latest plans"
    i = rng.randrange(len(_QUESTIONS))
    noun = type_noun("ORG" if label == "PERSON" else "PERSON")
    query = _QUESTIONS[i].format(src1=sources[0], src2=sources[1], entity=entity, topic=topic, noun=noun)
    return Draft(
        query=query, answer=NULL_ANSWER, question_type="null_query", claims=(), bridge_entity=None,
        bridge_topic=topic, keywords=(entity, topic), null_entities=(entity,), null_sources=tuple(sources),
        computation={"op": "null", "invented": [entity, *sources]}, template=f"null.{i}",
    )
