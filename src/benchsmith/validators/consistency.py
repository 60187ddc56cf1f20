"""Temporal and comparison answers re-derived from the evidence itself, not from the generator's word."""

from __future__ import annotations

from benchsmith.validators import Issue, register
from benchsmith.validators._text import contains_phrase


def _computation(item) -> dict:
    return (item.provenance.extra or {}).get("computation", {}) if item.provenance else {}


class TemporalConsistency:
    name = "consistency.temporal"

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "temporal_query":
            return []
        dates = []
        for ev in item.evidence:
            doc = ctx.documents_by_id.get(ev.doc_id)
            if doc is None or doc.published_at is None:
                return [Issue("temporal_missing_date", "error", f"evidence document {ev.doc_id} has no published_at")]
            dates.append(doc.published_at)
        op = _computation(item).get("op")
        if op == "before_after":
            expected = "Before" if dates[0] < dates[1] else "After"
        elif op == "in_order":
            expected = "Yes" if all(dates[i] < dates[i + 1] for i in range(len(dates) - 1)) else "No"
        else:
            return [Issue("temporal_not_computable", "warning", "no computation recorded; answer not re-derived")]
        if item.answer.strip().rstrip(".").lower() != expected.lower():
            return [Issue("temporal_inconsistent", "error", f"answer {item.answer!r} but the publication dates give {expected!r}")]
        return []


class ComparisonConsistency:
    name = "consistency.comparison"

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "comparison_query":
            return []
        from benchsmith.generators.multihop.ner import extract_quantities

        comp = _computation(item)
        op = comp.get("op")
        claims = [ev.claim for ev in item.evidence]
        if op in ("gt", "lt"):
            values = []
            for ev in item.evidence:
                qs = [q.value for q in extract_quantities(ev.fact) if q.unit == comp.get("unit")]
                if not qs:
                    return [Issue("comparison_value_missing", "error", f"no {comp.get('unit')} figure in the evidence of {ev.doc_id}")]
                values.append(qs[0])
            first, others = values[0], values[1:]
            yes = all(first > v for v in others) if op == "gt" else all(first < v for v in others)
        elif op == "all_mention" and str(comp.get("term") or "").strip():
            yes = all(contains_phrase(c, comp["term"]) for c in claims)
        else:
            return [Issue("comparison_not_computable", "warning", "no computation recorded; answer not re-derived")]
        expected = "Yes" if yes else "No"
        if item.answer.strip().rstrip(".").lower() != expected.lower():
            return [Issue("comparison_inconsistent", "error", f"answer {item.answer!r} but the evidence gives {expected!r}")]
        return []


register(TemporalConsistency())
register(ComparisonConsistency())
