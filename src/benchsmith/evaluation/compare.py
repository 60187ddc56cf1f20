"""Paired comparison of two systems' per-item scores from two results documents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.stats import paired_test


def pick_system(doc: Mapping[str, Any], name: str | None, path: str | Path) -> Mapping[str, Any]:
    systems = doc["systems"]
    if name is None:
        return systems[0]
    for system in systems:
        if system.get("name") == name:
            return system
    raise InputError(f"no system named {name!r}; it has: {', '.join(str(s.get('name')) for s in systems)}", path=path)


def compare_systems(
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    metrics: Sequence[str] | None = None,
    method: str = "permutation",
    n_resamples: int = 10_000,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """Per-metric paired test between two system entries of results documents.

    Args:
        a, b: System entries (with "per_item").
        metrics: Metrics to compare (default: every metric both systems have).
        method, n_resamples, seed: See `stats.paired_test`.

    Returns:
        One row per metric: metric, n, mean_a, mean_b, diff, low, high, p_value.

    Raises:
        ValueError: the systems were scored on different items for a metric.
    """
    per_a, per_b = a["per_item"], b["per_item"]
    if metrics is None:
        names_b = {m for s in per_b.values() for m in s}
        metrics = [m for m in dict.fromkeys(m for s in per_a.values() for m in s) if m in names_b]
    rows = []
    for metric in metrics:
        xa = {q: s[metric] for q, s in per_a.items() if s.get(metric) is not None}
        xb = {q: s[metric] for q, s in per_b.items() if s.get(metric) is not None}
        if not xa or not xb:
            raise ValueError(f"metric {metric!r} is missing from {'A' if not xa else 'B'}")
        if set(xa) != set(xb):
            only_a, only_b = sorted(set(xa) - set(xb)), sorted(set(xb) - set(xa))
            raise ValueError(
                f"{metric}: the two systems were scored on different items "
                f"({len(only_a)} only in A, e.g. {only_a[:3]}; {len(only_b)} only in B, e.g. {only_b[:3]})"
            )
        res = paired_test(xa, xb, method=method, n_resamples=n_resamples, seed=seed)
        rows.append(
            {
                "metric": metric,
                "n": len(xa),
                "mean_a": sum(xa.values()) / len(xa),
                "mean_b": sum(xb.values()) / len(xb),
                "diff": res.diff,
                "low": res.low,
                "high": res.high,
                "p_value": res.p_value,
            }
        )
    return rows
