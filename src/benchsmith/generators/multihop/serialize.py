"""Facts, sentence analyses and claims as JSON values: what the run's stage checkpoints hold."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from benchsmith.generators.multihop.models import Claim, Entity, Fact, Quantity
from benchsmith.generators.multihop.ner import SentenceAnalysis


def fact_to_json(f: Fact) -> dict[str, Any]:
    return asdict(f)


def fact_from_json(d: dict[str, Any]) -> Fact:
    return Fact(**d)


def analysis_to_json(a: SentenceAnalysis) -> dict[str, Any]:
    return {"entities": [asdict(e) for e in a.entities], "topic": a.topic, "quantities": [asdict(q) for q in a.quantities]}


def analysis_from_json(d: dict[str, Any]) -> SentenceAnalysis:
    return SentenceAnalysis(
        tuple(Entity(**e) for e in d["entities"]), d["topic"], tuple(Quantity(**q) for q in d["quantities"])
    )


def claim_to_json(c: Claim) -> dict[str, Any]:
    return asdict(c)


def claim_from_json(d: dict[str, Any]) -> Claim:
    d = dict(d)
    d["fact"] = Fact(**d["fact"])
    d["entities"] = tuple(Entity(**e) for e in d["entities"])
    d["quantities"] = tuple(Quantity(**q) for q in d["quantities"])
    return Claim(**d)
