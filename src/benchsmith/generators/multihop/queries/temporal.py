"""Temporal queries: did one source's story on an entity come out before another's? Answers follow `published_at`.

Only claim sets bridged by one entity are used, so both reports are about the same entity. Where each
source ran one story naming the entity, the source names it ("Did Harbor City Ledger report on X before
Valley Tech Review did?"); otherwise each story is named by its source and a second entity no other story
of that source names (no month: that would give the order away), never by its sentence. The order asked
is drawn so that Yes and No are equally likely.
"""

from __future__ import annotations

import random
import re

from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.generators.multihop.queries._phrasing import _as_written, subject_refs, weak_bridge
from benchsmith.generators.multihop.queries.story_subjects import may_hold, own_mention
from benchsmith.generators.multihop.queries.whole_names import whole_name_in
from benchsmith.text import contains_phrase
from benchsmith.types import Document

TEMPORAL_LABELS = frozenset({"PERSON", "ORG", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW"})


def _stories_naming(documents: dict[str, Document], source: str, name: str) -> int:
    return sum(d.source == source and may_hold(d.text, name) and contains_phrase(d.text, name) for d in documents.values())


def _with_the(name: str, docs) -> str:
    """"the Old Quarter", "the European Community" where a story writes the name after "the" (lower case: not a
    sentence's "The"), and a company with its legal suffix ("Du Pont Co") never."""
    if name.split()[-1].lower().strip(".,") in _LEGAL:
        return name
    # Where a story writes "the" before the whole name ("the Lumora Energy plant" gives the firm none).
    return next((named for d in docs if (named := _as_written(name, d.text)) != name), name)


_LEGAL = frozenset("inc corp co ltd plc llc nv ag sa corporation incorporated limited cos group".split())


def _owner_words(name: str) -> list[str]:
    """The name as a headline subject may write it: in full, or without its legal suffix ("Du Pont" of "Du Pont
    Co")."""
    words = re.sub(r"^[Tt]he\s+", "", name).split()
    while len(words) > 1 and words[-1].lower().strip(".,") in _LEGAL:
        words = words[:-1]
    return [w for w in dict.fromkeys([name, " ".join(words)]) if w]


def _names_owner(ref: str, name: str) -> bool:
    """Whether a reference names the entity as its own (not "Ford Motor" of "Ford Motor Credit")."""
    return any(own_mention(ref, w, as_modifier=True) for w in _owner_words(name))


def _event(ref: str, owner: str) -> str:
    """What a reference says the story reports, its owner left out: "the Reuters report on Du Pont's aramid
    fibers" -> "aramid fibers"."""
    phrase = ref.split(" on ", 1)[-1]
    for w in sorted(_owner_words(owner), key=len, reverse=True):
        phrase = re.sub(r"(?i)^(?:the\s+)?" + re.escape(w) + r"(?:['’]s?)?\s+", "", phrase)
    phrase = re.sub(r"^(?:the|a|an)\s+", "", phrase)
    return "" if contains_phrase(phrase, owner) else phrase


def _the_one_on(ref: str, owner: str = "") -> str:
    """"the Reuters report on X" -> "the one on X" (a second report of the same source); "the one on its note
    issue" where `owner` (named by the first reference) owns the subject."""
    m = re.match(r"^(?:the .+? report|.+?'s? (?:\w+ \d{4} )?report) on (.+)$", ref)
    if not m:
        return ref
    subject = m.group(1)
    for w in sorted(_owner_words(owner), key=len, reverse=True) if owner else ():
        subject = re.sub(r"^" + re.escape(w) + r"['’]s?\s+", "its ", subject, count=1)
    return f"the one on {subject}"


def build_temporal(cs: ClaimSet, documents: dict[str, Document], rng: random.Random, doc_entities: dict | None = None) -> Draft | str:
    """A Yes/No ordering query over two reports on one entity."""
    if cs.group.kind != "entity":
        return "temporal_needs_one_entity"
    label_ok = cs.group.label in TEMPORAL_LABELS or cs.group.label == "ENTITY" and len(cs.group.surface.split()) >= 2
    if weak_bridge(cs.group, documents) or not label_ok or cs.group.label_share < 0.75:
        return "weak_bridge"  # one event or actor: a person, an organization, a product (not a place)
    claims = cs.claims[:2]
    docs = [documents[c.fact.doc_id] for c in claims]
    dates = [d.published_at for d in docs]
    if any(d is None for d in dates):
        return "missing_published_at"
    name = re.sub(r"^[Tt]he\s+", "", cs.group.surface)
    if not all(whole_name_in(d.text, name, person=cs.group.label == "PERSON") for d in docs):
        return "partial_name"  # "mention the Accounting Office" read out of "the General Accounting Office"
    if dates[0].date() == dates[1].date():
        # Wire stories minutes apart are ordered only by a clock time no reader is told.
        return "same_publication_day"
    if (dates[0] < dates[1]) != (rng.random() < 0.5):
        claims, docs, dates = claims[::-1], docs[::-1], dates[::-1]
    bridge = cs.group.surface
    sources = [d.source for d in docs]
    if all(sources) and sources[0] != sources[1] and all(_stories_naming(documents, s, bridge) == 1 for s in sources):
        # Each source ran one story on the entity: the source and the entity name it.
        query = f"Did {sources[0]} report on {bridge} before {sources[1]} did?"
        topics: list[str] = []
    else:
        # Two stories on one company are best named by what each reports of it ("Du Pont's aramid fibers",
        # "Du Pont's suit against Phillips"): the order asked is not given away by the name. Where a subject does
        # not hold the entity, the question names it ("Did the report on A mention X before the report on B did?").
        named = subject_refs(docs, claims, documents, [], dated=False, doc_entities=doc_entities)
        if named is not None and all(_names_owner(r, bridge) for r in named[0]):
            refs = named[0]
            # The hop check's anchors are the two events ("aramid fibers", "suit against Phillips"): the company
            # both stories name would make either story look like it holds every anchor.
            topics = [_event(r, bridge) or a for r, a in zip(refs, named[1], strict=True)]
            second = refs[1]
            if docs[0].source == docs[1].source:
                second = _the_one_on(refs[1], bridge if cs.group.label != "PERSON" else "")
            query = f"Was {refs[0]} published before {second}?"
        else:
            named = subject_refs(docs, claims, documents, [bridge], dated=False, doc_entities=doc_entities)
            if named is None:
                return "reports_not_distinguishable"
            refs, topics = named  # each reference picks out one story of the corpus
            # "The New York Stock Exchange" as a sentence-initial mention wrote it: the question writes "the"
            query = f"Did {refs[0]} mention {_with_the(re.sub(r'^The (?=[A-Z])', '', bridge), docs)} before {refs[1]} did?"
    answer = "Yes" if dates[0] < dates[1] else "No"
    return Draft(
        query=query, answer=answer, question_type="temporal_query", claims=claims,
        bridge_entity=bridge, bridge_topic=topics[0] if topics else None, keywords=(bridge, *topics),
        computation={"op": "in_order", "published_at": [d.isoformat() for d in dates], "anchors": [bridge, *topics]},
        template="temporal.source_order" if not topics else "temporal.story_order",
    )
