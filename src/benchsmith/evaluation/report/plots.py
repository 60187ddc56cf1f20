"""Plots for report.html, rendered with matplotlib's Agg backend to inline SVG."""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

_MAX_GROUPS = 30  # more groups than this make an unreadable bar chart
_MAX_BARS = 6  # metrics per group in a breakdown chart


def _to_svg(fig) -> str:
    buf = io.StringIO()
    with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "benchsmith"}):
        fig.tight_layout()
        fig.savefig(buf, format="svg")
    plt.close(fig)
    text = buf.getvalue()
    start = text.find("<svg")
    return text[start:] if start >= 0 else text


def _finite(x: Any) -> float:
    return float(x) if isinstance(x, (int, float)) and not (isinstance(x, float) and math.isnan(x)) else 0.0


def breakdown_bar_chart(title: str, groups: Mapping[str, Mapping[str, Mapping[str, float]]]) -> str | None:
    """Grouped bars (one group per field value, one bar per metric) with CI error bars."""
    names = list(groups)[:_MAX_GROUPS]
    metrics: list[str] = []
    for g in names:
        for m in groups[g]:
            if m not in metrics:
                metrics.append(m)
    metrics = metrics[:_MAX_BARS]
    if not names or not metrics:
        return None
    width = 0.8 / len(metrics)
    x = np.arange(len(names))
    fig, ax = plt.subplots(figsize=(max(5.0, 0.6 * len(names) * max(1, len(metrics)) ** 0.5 + 2), 3.2))
    for i, metric in enumerate(metrics):
        means = np.array([_finite(groups[g].get(metric, {}).get("mean")) for g in names])
        lows = np.array([_finite(groups[g].get(metric, {}).get("low", groups[g].get(metric, {}).get("mean"))) for g in names])
        highs = np.array([_finite(groups[g].get(metric, {}).get("high", groups[g].get(metric, {}).get("mean"))) for g in names])
        err = np.vstack([np.clip(means - lows, 0, None), np.clip(highs - means, 0, None)])
        ax.bar(x + (i - (len(metrics) - 1) / 2) * width, means, width, yerr=err, capsize=2, label=metric)
    ax.set_xticks(x, [n if len(n) <= 18 else n[:17] + "…" for n in names], rotation=30 if len(names) > 4 else 0, ha="right" if len(names) > 4 else "center")
    ax.set_title(title, fontsize=10)
    ax.set_ylabel("score (95% CI)")
    if len(metrics) > 1:
        ax.legend(fontsize=6, ncols=min(4, len(metrics)), loc="best", framealpha=0.7)
    ax.grid(axis="y", alpha=0.3)
    return _to_svg(fig)


def score_histogram(metric: str, per_system: Mapping[str, Sequence[float]], bins: int = 20) -> str | None:
    """Distribution of one metric's per-item scores, one outline per system."""
    series = {name: np.asarray([v for v in vals if v is not None], dtype=float) for name, vals in per_system.items()}
    series = {k: v[np.isfinite(v)] for k, v in series.items() if v.size}
    if not series:
        return None
    lo = min(float(v.min()) for v in series.values())
    hi = max(float(v.max()) for v in series.values())
    if hi <= lo:
        hi = lo + 1.0
    edges = np.linspace(lo, hi, bins + 1)
    fig, ax = plt.subplots(figsize=(5.0, 2.8))
    for name, vals in series.items():
        ax.hist(vals, bins=edges, histtype="step" if len(series) > 1 else "bar", linewidth=1.5, label=name, alpha=0.9)
    ax.set_title(f"{metric}: per-item scores", fontsize=10)
    ax.set_ylabel("items")
    if len(series) > 1:
        ax.legend(fontsize=7)
    ax.grid(axis="y", alpha=0.3)
    return _to_svg(fig)
