"""corpus_stats: counts, distributions and date range of an ingested corpus."""

from __future__ import annotations

from datetime import UTC, datetime

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.corpora.stats import corpus_stats, distribution
from benchsmith.corpora.store import Corpus
from benchsmith.types import Document


def test_naive_and_aware_dates_mix_in_the_date_range() -> None:
    docs = [
        Document(doc_id="a", text="one two three", source="X", published_at=datetime(2024, 3, 1, tzinfo=UTC)),
        Document(doc_id="b", text="four five", published_at=datetime(2023, 1, 1)),  # naive, as pydantic reads "2023-01-01T00:00:00"
        Document(doc_id="c", text="six"),
    ]
    s = corpus_stats(Corpus(documents=docs, chunks=chunk_documents(docs), manifest={"chunker": {"tokenizer": "whitespace"}}))
    assert s["date_range"] == {"first": "2023-01-01T00:00:00+00:00", "last": "2024-03-01T00:00:00+00:00"}
    assert (s["documents"], s["chunks"], s["words"], s["dated_documents"]) == (3, 3, 6, 2)
    assert s["sources"] == {"X": 1, "(none)": 2}


def test_distribution_uses_observed_values() -> None:
    assert distribution([5, 1, 3, 2, 4]) == {"min": 1, "p50": 3, "p90": 5, "max": 5}
    assert distribution([]) == {"min": 0, "p50": 0, "p90": 0, "max": 0}
