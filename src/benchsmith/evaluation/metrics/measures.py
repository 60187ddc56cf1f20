"""Retrieval measure objects: immutable, printable, parsed from `Name@k` strings.

`parse_measures("Recall@5,nDCG@10,MAP@10,MRR@10,P@3,F1@5,Hits@4")` gives the
measures the CLI asks for; each maps onto the ir_measures measures that
compute it (F1 is derived per query from P@k and R@k).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import ir_measures

# Canonical names, with the spellings accepted on the command line (lower-cased).
_ALIASES = {
    "recall": "Recall",
    "r": "Recall",
    "precision": "P",
    "p": "P",
    "f1": "F1",
    "f": "F1",
    "ndcg": "nDCG",
    "map": "MAP",
    "ap": "MAP",
    "mrr": "MRR",
    "rr": "MRR",
    "hits": "Hits",
    "hit": "Hits",
    "success": "Hits",
}
_NEEDS_K = {"Recall", "P", "F1", "Hits"}
_SYNTAX = re.compile(r"^\s*([A-Za-z0-9]+)\s*(?:@\s*(\d+))?\s*$")


@dataclass(frozen=True, order=True)
class Measure:
    """A standard retrieval measure, e.g. `Measure("nDCG", 10)` printed `nDCG@10`.

    `k=None` means no cutoff (nDCG, MAP and MRR over the whole ranking).
    """

    name: str
    k: int | None = None

    def __post_init__(self) -> None:
        if self.name not in set(_ALIASES.values()):
            raise ValueError(f"unknown measure {self.name!r}; known: {', '.join(sorted(set(_ALIASES.values())))}")
        if self.k is not None and self.k < 1:
            raise ValueError(f"cutoff must be >= 1 in {self.name}@{self.k}")
        if self.k is None and self.name in _NEEDS_K:
            raise ValueError(f"{self.name} needs a cutoff, e.g. {self.name}@10")

    def __str__(self) -> str:
        return self.name if self.k is None else f"{self.name}@{self.k}"

    def __repr__(self) -> str:
        return str(self)

    def ir_measures(self) -> list:
        """The ir_measures measures (pytrec_eval provider) this measure is computed from.

        MRR@k is the reciprocal rank of a run truncated to its top k (pytrec_eval's
        recip_rank has no cutoff); see `retrieval.evaluate_retrieval`.
        """
        M = ir_measures.measures
        if self.name == "Recall":
            return [M.R @ self.k]
        if self.name == "P":
            return [M.P @ self.k]
        if self.name == "F1":
            return [M.P @ self.k, M.R @ self.k]
        if self.name == "nDCG":
            return [M.nDCG if self.k is None else M.nDCG @ self.k]
        if self.name == "MAP":
            return [M.AP if self.k is None else M.AP @ self.k]
        if self.name == "MRR":
            return [M.RR]
        if self.name == "Hits":
            return [M.Success @ self.k]
        raise AssertionError(self.name)


def parse_measure(text: str) -> Measure:
    """Parse one measure such as `nDCG@10`, `recall@5`, `MRR` or `Success@4`."""
    m = _SYNTAX.match(text)
    if not m:
        raise ValueError(f"cannot parse measure {text!r}; write Name@k, e.g. nDCG@10")
    name = _ALIASES.get(m.group(1).lower())
    if name is None:
        raise ValueError(f"unknown measure {m.group(1)!r}; known: {', '.join(sorted(set(_ALIASES.values())))}")
    return Measure(name, int(m.group(2)) if m.group(2) else None)


def parse_measures(text: str | Iterable[str]) -> list[Measure]:
    """Parse a comma-separated list (or an iterable of such strings), dropping repeats."""
    parts = [text] if isinstance(text, str) else list(text)
    out: list[Measure] = []
    for part in parts:
        for piece in part.split(","):
            if piece.strip():
                measure = parse_measure(piece)
                if measure not in out:
                    out.append(measure)
    if not out:
        raise ValueError("no measures given")
    return out


def default_measures(ks: Iterable[int]) -> list[Measure]:
    """Recall, P, F1, nDCG, MAP, MRR and Hits at each cutoff in `ks`."""
    out: list[Measure] = []
    for name in ("nDCG", "Recall", "P", "F1", "MAP", "MRR", "Hits"):
        out += [Measure(name, k) for k in ks]
    return out
