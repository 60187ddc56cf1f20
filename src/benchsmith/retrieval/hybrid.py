"""Hybrid retrieval: reciprocal rank fusion (Cormack et al., 2009) of bm25 and dense rankings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from benchsmith.retrieval.base import RETRIEVERS, PassageLike, Ranking, Retriever, get_retriever


def reciprocal_rank_fusion(rankings: Sequence[Ranking], *, k: int = 60, weights: Sequence[float] | None = None) -> Ranking:
    """Fuse best-first rankings: score(d) = sum_i w_i / (k + rank_i(d)), ranks from 1.

    Ties are broken by passage id so the result does not depend on dict order.
    """
    weights = list(weights) if weights is not None else [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError(f"{len(weights)} weights for {len(rankings)} rankings")
    fused: dict[str, float] = {}
    for ranking, weight in zip(rankings, weights):
        for rank, (pid, _score) in enumerate(ranking, start=1):
            fused[pid] = fused.get(pid, 0.0) + weight / (k + rank)
    return sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))


class HybridRetriever:
    """RRF over several retrievers (default bm25 + dense), each asked for `depth` candidates.

    Args:
        retrievers: specs or built retrievers (default ["bm25", "dense"]).
        rrf_k: the RRF constant (60).
        weights: one weight per retriever (default all 1).
        depth: candidates taken from each retriever before fusing (default max(100, k)).
        model: passed to the dense retriever when it is built from the default spec.
    """

    name = "hybrid"

    def __init__(self, retrievers: Sequence[str | Retriever] | None = None, *, rrf_k: int = 60, weights: Sequence[float] | None = None, depth: int = 100, model: str | None = None, **options: Any) -> None:
        specs = list(retrievers or ["bm25", f"dense:{model}" if model else "dense"])
        self.parts: list[Retriever] = [get_retriever(s, **options) if isinstance(s, str) else s for s in specs]
        self.rrf_k, self.depth = int(rrf_k), int(depth)
        self.weights = [float(w) for w in weights] if weights is not None else [1.0] * len(self.parts)
        if len(self.weights) != len(self.parts):
            raise ValueError(f"{len(self.weights)} weights for {len(self.parts)} retrievers")

    def settings(self) -> dict[str, Any]:
        return {
            "retriever": self.name,
            "rrf_k": self.rrf_k,
            "weights": self.weights,
            "depth": self.depth,
            "parts": [p.settings() if hasattr(p, "settings") else {"retriever": p.name} for p in self.parts],
        }

    def index(self, passages: Sequence[PassageLike]) -> None:
        for part in self.parts:
            part.index(passages)

    def search(self, queries: Sequence[str], k: int = 10) -> list[Ranking]:
        depth = max(self.depth, k)
        per_part = [part.search(queries, depth) for part in self.parts]
        return [reciprocal_rank_fusion([rankings[i] for rankings in per_part], k=self.rrf_k, weights=self.weights)[:k] for i in range(len(queries))]


@RETRIEVERS.register("hybrid")
def make_hybrid(arg: str | None = None, **options: Any) -> HybridRetriever:
    if arg is not None:  # hybrid:bm25,dense:/path ("+" is taken: the CLI writes RETRIEVER+MODEL)
        options["retrievers"] = [part.strip() for part in arg.split(",") if part.strip()]
    return HybridRetriever(**options)
