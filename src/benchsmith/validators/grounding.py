"""Grounding, for every item kind: evidence spans are verbatim in their documents and chunks, from enough documents."""

from __future__ import annotations

from benchsmith.validators import Issue, register


class VerbatimEvidence:
    name = "grounding.verbatim"
    applies_to = None

    def check(self, item, ctx) -> list[Issue]:
        issues = []
        for i, ev in enumerate(item.evidence_refs()):
            doc = ctx.index.documents_by_id.get(ev.doc_id)
            if doc is None:
                issues.append(Issue("unknown_document", "error", f"evidence {i}: no document {ev.doc_id}"))
                continue
            if doc.text[ev.span.start : ev.span.end] != ev.text:
                where = doc.text.find(ev.text)
                detail = "occurs elsewhere" if where >= 0 else "does not occur in the document"
                issues.append(Issue("evidence_not_verbatim", "error", f"evidence {i}: text is not at its span ({detail})"))
            chunk = ctx.index.chunks_by_id.get(ev.chunk_id)
            if chunk is None or chunk.doc_id != ev.doc_id:
                issues.append(Issue("unknown_chunk", "error", f"evidence {i}: chunk {ev.chunk_id} is not a chunk of {ev.doc_id}"))
            elif ev.text not in chunk.text:
                issues.append(Issue("fact_not_in_chunk", "error", f"evidence {i}: text is not inside chunk {ev.chunk_id}"))
        return issues


class DistinctDocuments:
    """An item cites at least `item.required_documents` distinct documents; an item that needs none cites none."""

    name = "grounding.documents"
    applies_to = None

    def check(self, item, ctx) -> list[Issue]:
        needed = getattr(item, "required_documents", 1)
        refs = item.evidence_refs()
        if needed == 0:
            return [Issue("unanswerable_with_evidence", "error", "an unanswerable item must cite no evidence")] if refs else []
        n_docs = len({ev.doc_id for ev in refs})
        if n_docs < needed:
            return [Issue("too_few_documents", "error", f"evidence from {n_docs} document(s); this item needs {needed}+")]
        return []


register(VerbatimEvidence())
register(DistinctDocuments())
