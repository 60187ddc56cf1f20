"""Temporal queries: order of reports by publication time; answers follow from `published_at`."""

from __future__ import annotations

import random

from benchsmith.types import Document

from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.generators.multihop.queries._phrasing import clause


def _src(doc: Document) -> str:
    return doc.source or (f'the article "{doc.title}"' if doc.title else doc.doc_id)


def _names(c) -> list[str]:
    return [e.text for e in c.entities] + ([c.resolved] if c.resolved else [])


def build_temporal(cs: ClaimSet, documents: dict[str, Document], rng: random.Random) -> Draft | str:
    """A before/after (two claims) or yes/no ordering query (two to four claims)."""
    docs = [documents[c.fact.doc_id] for c in cs.claims]
    dates = [d.published_at for d in docs]
    if any(d is None for d in dates):
        return "missing_published_at"
    if len(set(dates)) < len(dates):
        return "same_publication_time"
    claims = cs.claims
    bridge_entity = cs.group.surface if cs.group.kind == "entity" else None
    bridge_topic = cs.group.surface if cs.group.kind == "topic" else claims[0].topic
    stamps = [d.isoformat() for d in dates]
    if len(claims) == 2 and rng.random() < 0.5:
        a, b = docs
        query = (
            f"Was the {_src(a)} report that {clause(claims[0].text, _names(claims[0]), a.text)} published before or after "
            f"the {_src(b)} report that {clause(claims[1].text, _names(claims[1]), b.text)}?"
        )
        answer = "Before" if dates[0] < dates[1] else "After"
        computation = {"op": "before_after", "published_at": stamps}
        template = "temporal.before_after"
    else:
        parts = [f"{_src(d)} report that {clause(c.text, _names(c), d.text)}" for d, c in zip(docs, claims, strict=True)]
        if len(parts) == 2:
            query = f"Did {parts[0]} before {parts[1].replace(' report that ', ' reported that ', 1)}?"
        else:
            query = "Did " + ", then ".join(parts[:-1]) + ", and then " + parts[-1] + ", in that order?"
        ordered = all(dates[i] < dates[i + 1] for i in range(len(dates) - 1))
        answer = "Yes" if ordered else "No"
        computation = {"op": "in_order", "published_at": stamps}
        template = f"temporal.order.{len(parts)}"
    return Draft(
        query=query, answer=answer, question_type="temporal_query", claims=claims,
        bridge_entity=bridge_entity, bridge_topic=bridge_topic, keywords=cs.keywords,
        computation=computation, template=template,
    )
