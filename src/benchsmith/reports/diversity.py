"""How varied the questions are: distinct n-grams, near-duplicates (MinHash), openings, embedding spread."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.text import WORD_RE
from benchsmith.validators.dedup import QueryDeduplicator

NEAR_DUPLICATE_JACCARD = 0.8  # word 3-gram Jaccard, as the generators' near-duplicate check
EMBEDDING_SAMPLE = 2000  # pairwise spread over at most this many questions (evenly spaced)


def words(text: str) -> list[str]:
    return [w.lower() for w in WORD_RE.findall(text)]


def distinct_ngrams(texts: Sequence[str], n: int) -> tuple[int, int]:
    """(distinct, total) word n-grams over all texts: distinct-n = distinct / total."""
    grams = Counter(tuple(ws[i : i + n]) for ws in map(words, texts) for i in range(len(ws) - n + 1))
    return len(grams), sum(grams.values())


def near_duplicate_pairs(ids: Sequence[str], texts: Sequence[str]) -> list[tuple[str, str]]:
    """(later id, earlier id) for each text that is a near-duplicate of an earlier one."""
    dedup = QueryDeduplicator(threshold=NEAR_DUPLICATE_JACCARD)
    pairs = []
    for key, (item_id, text) in enumerate(zip(ids, texts, strict=True)):
        if not words(text):
            continue
        other = dedup.duplicate_of(f"{key:09d}", text)
        if other is not None:
            pairs.append((item_id, ids[int(other)]))
    return pairs


def openings(texts: Sequence[str], n: int = 3) -> Counter:
    """The first `n` words of each text: templated generators show as a few very common openings."""
    return Counter(" ".join(ws[:n]) for ws in map(words, texts) if len(ws) >= n)


@dataclass
class Spread:
    mean_distance: float  # mean pairwise cosine distance (1 - cosine similarity)
    nearest_distance: float  # median distance of a question to its nearest other question
    sampled: int
    model: str


def embedding_spread(texts: Sequence[str]) -> tuple[Spread | None, str]:
    """Spread of question embeddings with the embedded offline model, or None and the reason it was not computed."""
    if len(texts) < 2:
        return None, "fewer than two questions"
    try:
        import numpy as np

        from benchsmith.embedded import DEFAULT_EMBEDDING_MODEL, MissingModel, load_sentence_transformer
    except ImportError as exc:  # pragma: no cover - numpy ships with the core install
        return None, f"numpy is not installed ({exc})"
    try:
        model = load_sentence_transformer(None)
    except (MissingModel, ImportError) as exc:
        return None, f"no offline embedding model is installed ({exc})"
    step = max(1, len(texts) // EMBEDDING_SAMPLE)
    sample = list(texts)[::step][:EMBEDDING_SAMPLE]
    vectors = np.asarray(model.encode(sample, batch_size=64, normalize_embeddings=True, show_progress_bar=False))
    sims = vectors @ vectors.T
    n = len(sample)
    off_diagonal = sims[~np.eye(n, dtype=bool)].reshape(n, n - 1)
    mean = float(1 - off_diagonal.mean())
    nearest = float(np.median(1 - off_diagonal.max(axis=1)))
    return Spread(round(mean, 3), round(nearest, 3), n, DEFAULT_EMBEDDING_MODEL), ""
