"""Near-duplicate queries, found with datasketch MinHash LSH over word 3-grams."""

from __future__ import annotations

from datasketch import MinHash, MinHashLSH

from benchsmith.text import shingles
from benchsmith.validators import Issue, register


class QueryDeduplicator:
    """Incremental near-duplicate check: `duplicate_of(key, text)` names a kept text near it, else keeps it."""

    def __init__(self, threshold: float = 0.85, num_perm: int = 64) -> None:
        self.threshold = threshold
        self.num_perm = num_perm
        self._lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
        self._hashes: dict[str, MinHash] = {}

    def _minhash(self, text: str) -> MinHash:
        mh = MinHash(num_perm=self.num_perm, seed=1)
        mh.update_batch([g.encode("utf-8") for g in shingles(text, 3)] or [b""])
        return mh

    def duplicate_of(self, key: str, text: str) -> str | None:
        """The key of a kept near-duplicate of `text`, or None (and then `text` is kept under `key`)."""
        mh = self._minhash(text)
        for other in sorted(self._lsh.query(mh)):
            if self._hashes[other].jaccard(mh) >= self.threshold:
                return other
        self._lsh.insert(key, mh)
        self._hashes[key] = mh
        return None


class NearDuplicateQuery:
    """Uses `ctx.dedup` (a QueryDeduplicator shared over a run); a context without one skips the check."""

    name = "dedup.query"
    applies_to = None

    def check(self, item, ctx) -> list[Issue]:
        dedup = getattr(ctx, "dedup", None)
        if dedup is None:
            return []
        # An item kind without a single query (a conversation turn, say) names its text with `dedup_text()`.
        text = item.dedup_text() if hasattr(item, "dedup_text") else item.query
        other = dedup.duplicate_of(item.item_id, text)
        if other is not None:
            return [Issue("near_duplicate_query", "error", f"near-duplicate of {other}")]
        return []


register(NearDuplicateQuery())
