"""Metric tables shared by the Markdown, HTML and terminal renderers."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any


def fmt_number(value: Any, digits: int = 4) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "–" if math.isnan(value) else f"{value:.{digits}f}"
    return str(value)


def fmt_ci(agg: Mapping[str, Any] | None, digits: int = 4) -> str:
    """"0.4123 [0.3900, 0.4350]", or just the mean when there is no interval."""
    if not agg:
        return "–"
    mean = fmt_number(agg.get("mean"), digits)
    low, high = agg.get("low"), agg.get("high")
    if low is None or high is None or (isinstance(low, float) and math.isnan(low)):
        return mean
    return f"{mean} [{fmt_number(low, digits)}, {fmt_number(high, digits)}]"


def all_metrics(systems: Sequence[Mapping[str, Any]]) -> list[str]:
    """Union of the systems' metric columns, in first-seen order."""
    seen: dict[str, None] = {}
    for system in systems:
        for m in system.get("metrics") or list(system.get("aggregates", {})):
            seen.setdefault(m, None)
    return list(seen)


def aggregate_table(systems: Sequence[Mapping[str, Any]], digits: int = 4) -> tuple[list[str], list[list[str]]]:
    """Header and rows: one row per system, one column per metric (mean [95% CI])."""
    metrics = all_metrics(systems)
    rows = [[s["name"], *(fmt_ci(s.get("aggregates", {}).get(m), digits) for m in metrics)] for s in systems]
    return ["system", *metrics], rows


def counts_table(systems: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[list[str]]]:
    keys: dict[str, None] = {}
    for s in systems:
        for k in s.get("counts", {}):
            keys.setdefault(k, None)
    rows = [[s["name"], *(fmt_number(s.get("counts", {}).get(k)) for k in keys)] for s in systems]
    return ["system", *keys], rows


def breakdown_tables(system: Mapping[str, Any], digits: int = 4) -> list[tuple[str, list[str], list[list[str]]]]:
    """(field, header, rows) for each breakdown field of one system."""
    out = []
    for field, groups in (system.get("breakdowns") or {}).items():
        metrics: dict[str, None] = {}
        for per_metric in groups.values():
            for m in per_metric:
                metrics.setdefault(m, None)
        rows = []
        for group, per_metric in groups.items():
            n = max((int(a.get("n") or 0) for a in per_metric.values()), default=0)
            rows.append([group, str(n), *(fmt_ci(per_metric.get(m), digits) for m in metrics)])
        out.append((field, [field, "n", *metrics], rows))
    return out


def extra_tables(doc: Mapping[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    out = []
    for table in doc.get("tables") or []:
        rows = [[fmt_number(c) for c in row] for row in table.get("rows", [])]
        out.append((str(table.get("title", "")), [str(c) for c in table.get("columns", [])], rows))
    return out
