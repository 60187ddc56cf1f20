"""Near-duplicate detection with datasketch MinHash LSH, shared by article selection and query dedup."""

from __future__ import annotations

from collections.abc import Sequence

from datasketch import MinHash, MinHashLSH

from benchsmith.generators.multihop.text import shingles


def near_duplicates(texts: Sequence[str], *, threshold: float = 0.8, num_perm: int = 64, ngram: int = 3) -> dict[int, int]:
    """Map the index of each near-duplicate text to the index of the earlier text it duplicates.

    Texts are processed in order, so the first of a group is always kept; the
    result is deterministic (MinHash uses a fixed seed).
    """
    lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
    dupes: dict[int, int] = {}
    kept: dict[str, MinHash] = {}
    for i, text in enumerate(texts):
        grams = shingles(text, ngram)
        if not grams:
            continue
        mh = MinHash(num_perm=num_perm, seed=1)
        mh.update_batch([g.encode("utf-8") for g in grams])
        # LSH gives candidates; confirm with the estimated Jaccard so a band collision is not a duplicate.
        hits = [int(h) for h in lsh.query(mh) if kept[h].jaccard(mh) >= threshold]
        if hits:
            dupes[i] = min(hits)
            continue
        lsh.insert(str(i), mh)
        kept[str(i)] = mh
    return dupes
