"""Null proof: a null query's invented entities occur nowhere in the corpus, exactly, fuzzily, or in BM25's top 10."""

from __future__ import annotations

from rapidfuzz import fuzz, process

from benchsmith.validators import Issue, register
from benchsmith.validators._text import contains_phrase

NULL_ANSWERS = frozenset({"insufficient information.", "insufficient information"})
FUZZY_CUTOFF = 90


def _key_entities(item) -> list[str]:
    extra = item.provenance.extra or {}
    return [e for e in extra.get("null_entities", []) + extra.get("null_sources", []) if e]


class NullProof:
    name = "null.proof"

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "null_query":
            return []
        issues = []
        if item.answer.strip().lower() not in NULL_ANSWERS:
            issues.append(Issue("null_answer", "error", f"a null query must answer 'Insufficient information.', not {item.answer!r}"))
        keys = _key_entities(item)
        if not keys:
            return [*issues, Issue("null_no_entities", "error", "no invented entities recorded for the null query")]
        top = ctx.bm25_top(item.query)
        for key in keys:
            low = key.lower()
            if low in ctx.corpus_text_lower:
                issues.append(Issue("null_entity_in_corpus", "error", f"{key!r} occurs in the corpus"))
                continue
            hit = process.extractOne(low, ctx.names, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if hit is not None:
                issues.append(Issue("null_entity_fuzzy_match", "error", f"{key!r} is close to corpus name {hit[0]!r} ({hit[1]:.0f})"))
                continue
            for chunk in top:
                if contains_phrase(chunk.text, key) or fuzz.partial_ratio(low, chunk.text.lower()) >= 95:
                    issues.append(Issue("null_entity_in_bm25_top", "error", f"{key!r} appears in top BM25 chunk {chunk.chunk_id}"))
                    break
        return issues


register(NullProof())
