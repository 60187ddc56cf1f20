"""Inter-annotator agreement over accept/reject: Cohen's kappa for each pair of reviewers.

kappa = (p_o - p_e) / (1 - p_e), where p_o is the share of items both reviewers
labelled the same and p_e = sum over labels of (share A gave it) x (share B gave
it) (Cohen 1960). Only items both reviewers decided count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float | None:
    """Cohen's kappa of two equally long label sequences; None when it is undefined.

    Undefined: no items, or chance agreement of 1 (both reviewers gave one and the same
    label to every item, so there is no variation to agree on beyond chance).
    """
    if len(a) != len(b):
        raise ValueError(f"label sequences differ in length: {len(a)} and {len(b)}")
    n = len(a)
    if n == 0:
        return None
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[label] * cb[label] for label in ca.keys() | cb.keys()) / (n * n)
    if expected == 1.0:
        return None
    return (observed - expected) / (1.0 - expected)


@dataclass(frozen=True)
class PairAgreement:
    reviewers: tuple[str, str]
    items: int  # decided by both
    agreed: int
    observed: float | None
    kappa: float | None
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def pairwise(decisions: Mapping[str, Mapping[str, str]]) -> list[PairAgreement]:
    """Agreement of every pair of reviewers, from {item_id: {reviewer: "accept" | "reject"}}."""
    reviewers = sorted({r for per_item in decisions.values() for r in per_item})
    out = []
    for ra, rb in combinations(reviewers, 2):
        both = [(d[ra], d[rb]) for d in decisions.values() if ra in d and rb in d]
        a, b = [x for x, _ in both], [y for _, y in both]
        agreed = sum(x == y for x, y in both)
        kappa = cohen_kappa(a, b)
        note = ""
        if not both:
            note = "no item decided by both"
        elif kappa is None:
            note = f"undefined: both gave every shared item the same label ({a[0]})"
        out.append(PairAgreement((ra, rb), len(both), agreed, round(agreed / len(both), 4) if both else None,
                                 round(kappa, 4) if kappa is not None else None, note))
    return out
