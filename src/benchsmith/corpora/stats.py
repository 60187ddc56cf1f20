"""Summary statistics of an ingested corpus (what `benchsmith corpus stats` prints)."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

import numpy as np

from benchsmith.corpora.store import Corpus


def distribution(values: list[int]) -> dict[str, int]:
    """min / p50 / p90 / max (nearest-rank percentiles, so every figure is an observed value)."""
    if not values:
        return {"min": 0, "p50": 0, "p90": 0, "max": 0}
    arr = np.asarray(values)
    p50, p90 = np.percentile(arr, [50, 90], method="inverted_cdf")
    return {"min": int(arr.min()), "p50": int(p50), "p90": int(p90), "max": int(arr.max())}


def corpus_stats(corpus: Corpus) -> dict[str, Any]:
    """Counts, length distributions, date range and documents per source."""
    words = [len(d.text.split()) for d in corpus.documents]
    chunk_tokens = [c.n_tokens for c in corpus.chunks]
    # Loaders always give aware dates, but a hand-written documents.jsonl may mix in naive ones (taken as UTC).
    dates = sorted(_aware(d.published_at) for d in corpus.documents if d.published_at is not None)
    sources = Counter(d.source or "(none)" for d in corpus.documents)
    chunker = corpus.manifest.get("chunker", {})
    return {
        "documents": len(corpus.documents),
        "chunks": len(corpus.chunks),
        "words": sum(words),
        "tokens": sum(chunk_tokens),
        "tokenizer": chunker.get("tokenizer"),
        "chunk_max_tokens": chunker.get("max_tokens"),
        "words_per_document": distribution(words),
        "tokens_per_chunk": distribution(chunk_tokens),
        "chunks_per_document": distribution(list(Counter(c.doc_id for c in corpus.chunks).values())),
        "dated_documents": len(dates),
        "date_range": {"first": dates[0].isoformat(), "last": dates[-1].isoformat()} if dates else None,
        "sources": dict(sources.most_common()),
        "content_sha256": corpus.manifest.get("content_sha256"),
    }


def _aware(d: datetime) -> datetime:
    return d if d.tzinfo is not None else d.replace(tzinfo=UTC)
