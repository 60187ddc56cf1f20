"""Validators of MIRAGE items: title verification, a consistent pool, positives that hold an answer alias."""

from __future__ import annotations

from benchsmith.text import contains_phrase
from benchsmith.validators import Issue, register

KINDS = frozenset({"mirage_item"})


class ReferencePositive:
    """MIRAGE 3.4 step 3: at least one positive chunk comes from the query's reference document."""

    name = "mirage.reference_positive"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if any(c.support == 1 and c.doc_id == item.doc_id for c in item.chunks):
            return []
        return [Issue("no_positive_in_reference_document", "error",
                      f"no positive chunk comes from the reference document {item.doc_id}")]


class PoolConsistency:
    """Each candidate appears once, ranks run 1..k, and `from_reference_document` says what the doc ids say."""

    name = "mirage.pool"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        issues = []
        ids = [c.chunk_id for c in item.chunks]
        if len(set(ids)) != len(ids):
            issues.append(Issue("duplicate_candidate", "error", "a chunk appears twice in the query's pool"))
        if sorted(c.rank for c in item.chunks) != list(range(1, len(item.chunks) + 1)):
            issues.append(Issue("bad_ranks", "error", f"ranks {[c.rank for c in item.chunks]} are not 1..{len(item.chunks)}"))
        wrong = [c.chunk_id for c in item.chunks if c.from_reference_document != (c.doc_id == item.doc_id)]
        if wrong:
            issues.append(Issue("reference_flag_mismatch", "error", f"from_reference_document is wrong for {wrong}"))
        return issues


class PositiveHoldsAlias:
    """A positive chunk with no answer alias in it was labelled by a model only: worth a look, not a drop."""

    name = "mirage.positive_alias"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if not item.answers:
            return []
        positives = [c for c in item.chunks if c.support == 1]
        issues = []
        bare = [c.chunk_id for c in positives if not c.alias_match]
        if bare:
            issues.append(Issue("positive_without_alias", "warning", f"positive chunks without an answer alias: {bare}"))
        # MIRAGE's loose EM is a substring test: the alias "3" matches "1930". Whole words say more.
        lower = [a.lower() for a in item.answers]
        inside = [c.chunk_id for c in positives if any(a in c.text.lower() for a in lower)
                  and not any(contains_phrase(c.text, a) for a in item.answers)]
        if inside:
            issues.append(Issue("alias_only_inside_words", "warning",
                                f"positive chunks whose answer aliases occur only inside longer words: {inside}"))
        return issues


for _v in (ReferencePositive(), PoolConsistency(), PositiveHoldsAlias()):
    register(_v)
