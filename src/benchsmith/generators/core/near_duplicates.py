"""Near-duplicate texts (articles, passages), with the same MinHash LSH check as query dedup (`validators.dedup`)."""

from __future__ import annotations

from collections.abc import Sequence

from benchsmith.text import shingles
from benchsmith.validators.dedup import QueryDeduplicator


def near_duplicates(texts: Sequence[str], *, threshold: float = 0.8, num_perm: int = 64) -> dict[int, int]:
    """Map the index of each near-duplicate text to the index of the earlier text it duplicates.

    Texts are processed in order, so the first of a group is always kept (texts with
    no words are never duplicates); the result is deterministic (MinHash uses a fixed seed).
    """
    dedup = QueryDeduplicator(threshold=threshold, num_perm=num_perm)
    dupes: dict[int, int] = {}
    for i, text in enumerate(texts):
        if not shingles(text):
            continue
        # Zero-padded keys sort like the indices, so the earliest kept duplicate is reported.
        other = dedup.duplicate_of(f"{i:09d}", text)
        if other is not None:
            dupes[i] = int(other)
    return dupes
