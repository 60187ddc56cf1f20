"""Drafts turned into schema items: evidence spans, provenance, the MultiHop-RAG record, qrels rows."""

from __future__ import annotations

from benchsmith.generators.multihop.models import Claim, Draft
from benchsmith.schemas.multihop import MultihopClaim, MultihopEvidence, MultihopItem, MultihopRagEvidence, MultihopRagQuery
from benchsmith.types import Document, Provenance, Span, content_id


def _iso(doc: Document) -> str | None:
    return doc.published_at.isoformat() if doc.published_at else None


def draft_to_item(draft: Draft, documents: dict[str, Document], *, seed: int) -> MultihopItem:
    """One MultihopItem; the id is derived from the query, answer and evidence."""
    evidence = []
    for c in draft.claims:
        doc = documents[c.fact.doc_id]
        evidence.append(
            MultihopEvidence(
                doc_id=doc.doc_id, chunk_id=c.fact.chunk_id, span=Span(start=c.fact.start, end=c.fact.end),
                fact=c.fact.text, claim=c.text, bridge_entity=draft.bridge_entity or c.target,
                bridge_topic=draft.bridge_topic or c.topic, title=doc.title, source=doc.source,
                published_at=_iso(doc), url=doc.url,
            )
        )
    extra = {
        "template": draft.template,
        "computation": draft.computation,
        "claim_ids": [c.claim_id for c in draft.claims],
        "claim_strategy": sorted({c.strategy for c in draft.claims}),
    }
    if draft.null_entities or draft.null_sources:
        extra["null_entities"] = list(draft.null_entities)
        extra["null_sources"] = list(draft.null_sources)
    prov = Provenance(
        step=f"multihop.query.{draft.question_type.removesuffix('_query')}", step_version="1", strategy=draft.strategy,
        prompt_name=draft.prompt_name, prompt_hash=draft.prompt_hash, model=draft.model, seed=seed,
        raw_output=draft.raw_output, extra=extra,
    )
    item_id = content_id(draft.question_type, draft.query, draft.answer, *(c.claim_id for c in draft.claims), prefix="mh-")
    return MultihopItem(
        item_id=item_id, query=draft.query, answer=draft.answer, question_type=draft.question_type,
        evidence=evidence, keywords=list(draft.keywords), provenance=prov,
    )


def to_multihop_rag(item: MultihopItem, documents: dict[str, Document]) -> MultihopRagQuery:
    """The record in the original MultiHopRAG.json shape (author and category from document metadata)."""
    evs = []
    for ev in item.evidence:
        meta = documents[ev.doc_id].metadata if ev.doc_id in documents else {}
        evs.append(
            MultihopRagEvidence(
                author=str(meta.get("author") or ""), category=str(meta.get("category") or ""), fact=ev.fact,
                published_at=ev.published_at or "", source=ev.source or "", title=ev.title, url=ev.url or "",
            )
        )
    return MultihopRagQuery(query=item.query, answer=item.answer, question_type=item.question_type, evidence_list=evs)


def qrels_rows(item: MultihopItem) -> list[str]:
    """TREC qrels lines `qid 0 chunk_id 1`, one per distinct evidence chunk (none for null queries)."""
    return [f"{item.item_id} 0 {cid} 1" for cid in dict.fromkeys(ev.chunk_id for ev in item.evidence)]


def claim_record(claim: Claim, *, seed: int) -> MultihopClaim:
    """A claim as written to claims.jsonl, for audit."""
    prov = Provenance(step="multihop.claims", strategy=claim.strategy, seed=seed, raw_output=claim.raw_output,
                      extra={"resolved": claim.resolved} if claim.resolved else {})
    return MultihopClaim(
        claim_id=claim.claim_id, doc_id=claim.fact.doc_id, chunk_id=claim.fact.chunk_id,
        span=Span(start=claim.fact.start, end=claim.fact.end), fact=claim.fact.text, claim=claim.text,
        target=claim.target, target_label=claim.target_label, topic=claim.topic, provenance=prov,
    )
