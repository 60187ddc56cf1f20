"""Grounding: evidence facts are verbatim spans of their documents, inside their chunks, from 2+ documents."""

from __future__ import annotations

from benchsmith.validators import Issue, register


class VerbatimEvidence:
    name = "grounding.verbatim"

    def check(self, item, ctx) -> list[Issue]:
        issues = []
        for i, ev in enumerate(getattr(item, "evidence", [])):
            doc = ctx.documents_by_id.get(ev.doc_id)
            if doc is None:
                issues.append(Issue("unknown_document", "error", f"evidence {i}: no document {ev.doc_id}"))
                continue
            if doc.text[ev.span.start : ev.span.end] != ev.fact:
                where = doc.text.find(ev.fact)
                detail = "occurs elsewhere" if where >= 0 else "does not occur in the document"
                issues.append(Issue("evidence_not_verbatim", "error", f"evidence {i}: fact is not at its span ({detail})"))
            chunk = ctx.chunks_by_id.get(ev.chunk_id)
            if chunk is None or chunk.doc_id != ev.doc_id:
                issues.append(Issue("unknown_chunk", "error", f"evidence {i}: chunk {ev.chunk_id} is not a chunk of {ev.doc_id}"))
            elif ev.fact not in chunk.text:
                issues.append(Issue("fact_not_in_chunk", "error", f"evidence {i}: fact is not inside chunk {ev.chunk_id}"))
        return issues


class DistinctDocuments:
    name = "grounding.documents"

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type == "null_query":
            if item.evidence:
                return [Issue("null_with_evidence", "error", "a null query must have no evidence")]
            return []
        n_docs = len({ev.doc_id for ev in item.evidence})
        lo, hi = ctx.evidence_range
        issues = []
        if n_docs < 2:
            issues.append(Issue("too_few_documents", "error", f"evidence from {n_docs} document(s); a multi-hop query needs 2+"))
        if not lo <= len(item.evidence) <= hi:
            issues.append(Issue("evidence_count_out_of_range", "error", f"{len(item.evidence)} evidence facts, allowed {lo}-{hi}"))
        return issues


register(VerbatimEvidence())
register(DistinctDocuments())
