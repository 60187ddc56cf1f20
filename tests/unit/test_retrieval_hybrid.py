"""Reciprocal rank fusion: exact arithmetic on a hand example, and the hybrid retriever around it."""

from __future__ import annotations

import pytest

from benchsmith.retrieval.hybrid import HybridRetriever, reciprocal_rank_fusion


def test_rrf_hand_example():
    lexical = [("a", 12.0), ("b", 9.0), ("c", 1.0)]
    dense = [("c", 0.9), ("a", 0.8), ("d", 0.1)]
    fused = dict(reciprocal_rank_fusion([lexical, dense], k=60))
    assert fused["a"] == 1 / 61 + 1 / 62
    assert fused["c"] == 1 / 63 + 1 / 61
    assert fused["b"] == 1 / 62
    assert fused["d"] == 1 / 63
    assert [pid for pid, _ in reciprocal_rank_fusion([lexical, dense], k=60)] == ["a", "c", "b", "d"]


def test_rrf_weights_and_constant():
    fused = dict(reciprocal_rank_fusion([[("x", 1.0)], [("y", 1.0)]], k=1, weights=[1.0, 3.0]))
    assert fused == {"x": 0.5, "y": 1.5}
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([[("x", 1.0)]], weights=[1.0, 2.0])


def test_rrf_ties_broken_by_id():
    assert [p for p, _ in reciprocal_rank_fusion([[("b", 1.0)], [("a", 1.0)]])] == ["a", "b"]


class Fixed:
    """A stand-in retriever that returns a fixed ranking and records what it was asked."""

    def __init__(self, name, ranking):
        self.name, self.ranking, self.asked_k, self.indexed = name, ranking, None, None

    def index(self, passages):
        self.indexed = list(passages)

    def search(self, queries, k=10):
        self.asked_k = k
        return [self.ranking[:k] for _ in queries]


def test_hybrid_fuses_parts_asks_depth_and_cuts_to_k():
    lex = Fixed("lex", [("a", 3.0), ("b", 2.0), ("c", 1.0)])
    den = Fixed("den", [("c", 0.9), ("a", 0.5)])
    h = HybridRetriever([lex, den], rrf_k=60, depth=50)
    h.index([("a", "x"), ("b", "y"), ("c", "z")])
    assert lex.indexed == den.indexed == [("a", "x"), ("b", "y"), ("c", "z")]
    out = h.search(["q1", "q2"], k=2)
    assert lex.asked_k == den.asked_k == 50
    assert out[0] == out[1] == [("a", 1 / 61 + 1 / 62), ("c", 1 / 63 + 1 / 61)]


def test_hybrid_spec_lists_its_parts():
    from benchsmith.retrieval import get_retriever

    h = get_retriever("hybrid:bm25,bm25", rrf_k=10, weights=[2.0, 1.0])
    assert [p.name for p in h.parts] == ["bm25", "bm25"] and h.rrf_k == 10
    h.index([("a", "red apple"), ("b", "green pear")])
    assert h.search(["apple"], k=5) == [[("a", 2 / 11 + 1 / 11)]]
