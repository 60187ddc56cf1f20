"""dense: the real embedded MiniLM ranks a paraphrase first; the embedding cache avoids re-encoding."""

from __future__ import annotations

import numpy as np
import pytest

from benchsmith.errors import BenchsmithError
from benchsmith.retrieval import get_retriever
from benchsmith.retrieval.dense import DenseRetriever, EmbeddingCache


def _minilm_or_skip():
    try:
        from benchsmith.embedded import minilm_path

        minilm_path()
        import sentence_transformers  # noqa: F401
    except (ImportError, BenchsmithError) as exc:
        pytest.skip(f"embedded MiniLM not installed: {exc}")


PASSAGES = [
    ("cars", "The automobile would not start because its battery had run down."),
    ("bake", "Preheat the oven before you put the bread dough in to bake."),
    ("rain", "Heavy rainfall caused the river to overflow its banks."),
]


def test_paraphrase_ranks_first():
    _minilm_or_skip()
    r = get_retriever("dense")
    r.index(PASSAGES)
    results = r.search(["my car is dead, the battery is flat", "flooding after a storm", "how to cook a loaf"], k=3)
    assert [ranking[0][0] for ranking in results] == ["cars", "rain", "bake"]
    top = results[0][0][1]
    assert 0 < top <= 1.0 + 1e-5  # cosine of unit vectors


def test_cache_reuses_vectors(tmp_path, monkeypatch):
    _minilm_or_skip()
    first = DenseRetriever(cache_dir=tmp_path)
    first.index(PASSAGES)
    second = DenseRetriever(cache_dir=tmp_path)
    calls = []
    real = DenseRetriever.encode
    monkeypatch.setattr(DenseRetriever, "encode", lambda self, texts: calls.append(list(texts)) or real(self, texts))
    second.index(PASSAGES + [("new", "A brand new passage.")])
    assert calls == [["A brand new passage."]]  # only the unseen text was encoded
    assert np.allclose(second._matrix[:3], first._matrix, atol=1e-6)


def test_embedding_cache_is_keyed_by_model(tmp_path):
    a, b = EmbeddingCache(tmp_path, "model-a"), EmbeddingCache(tmp_path, "model-b")
    a.put_many(["x"], np.array([[1.0, 0.0]], dtype=np.float32))
    assert set(a.get_many(["x"])) == {EmbeddingCache.text_hash("x")}
    assert b.get_many(["x"]) == {}


def test_unknown_model_path_is_a_clear_error(tmp_path):
    with pytest.raises(BenchsmithError, match="never downloads"):
        get_retriever(f"dense:{tmp_path / 'missing-model'}")
