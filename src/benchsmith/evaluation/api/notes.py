"""Plain words in the report where the standard measures and a paper's own measures disagree."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_PREFIX = {"mtrag": "mtRAG", "mirage": "MIRAGE", "multihop-rag": "MultiHop-RAG"}
_STANDARD_NAME = {"R": "Recall", "NDCG": "nDCG"}  # paper spelling -> ours, where they differ

WHY = {
    "mtrag": ("the standard measures average over every judged benchmark query and score one missing from the run "
              "as 0; mtRAG's script averages only over run tasks that are in the qrels, rounds each collection's "
              "mean to 5 decimals and weights collections by the number of run tasks (judged or not)"),
    "mirage": ("MIRAGE's NDCG takes its ideal ranking from the retrieved list itself (so it is 1 whenever the "
               "retrieved relevant chunks lead the list, however many were missed), its recall counts the pool's "
               "supporting chunks (repeats included), and it averages over run records, repeated queries included; "
               "the standard measures use the benchmark's judgements, each query once"),
    "multihop-rag": ("MultiHop-RAG counts a retrieved chunk as a hit when a gold fact string (spaces removed) is "
                     "inside it, keeps duplicate chunks in the ranking, divides MAP by min(#facts, 10) and skips null "
                     "queries; the standard measures match passage ids against the benchmark's relevant ids"),
}


def _standard_twin(paper_metric: str, prefix: str) -> str | None:
    m = re.fullmatch(rf"{re.escape(prefix)} (\w+)@(\d+)", paper_metric)
    if not m:
        return None
    return f"{_STANDARD_NAME.get(m.group(1), m.group(1))}@{m.group(2)}"


def disagreement_note(system: Mapping[str, Any], paper: str, tolerance: float = 5e-5) -> str | None:
    """One sentence naming the measures of `system` that differ from their paper twins, and why; None if none do."""
    prefix = _PREFIX.get(paper)
    if prefix is None:
        return None
    aggregates = system.get("aggregates") or {}
    differing = []
    for name, agg in aggregates.items():
        twin = _standard_twin(name, prefix)
        if twin is None or twin not in aggregates:
            continue
        ours, theirs = aggregates[twin].get("mean"), agg.get("mean")
        if isinstance(ours, (int, float)) and isinstance(theirs, (int, float)) and abs(ours - theirs) > tolerance:
            differing.append(f"{twin} {ours:.4f} vs {name} {theirs:.4f}")
    if not differing:
        return None
    return f"{system['name']}: the standard and {prefix} measures disagree ({'; '.join(differing)}) because {WHY[paper]}."
