"""Hand-written inline SVG charts: horizontal bars for categories, columns for ordered bins.

No script, no external asset: each chart is one <svg> element with a <title> (read by screen
readers) and every label escaped. Values are drawn to scale from zero, with the count written
at the end of each bar so the chart reads without an axis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

BAR_COLOR = "#3b6ea8"
MUTED_COLOR = "#9aa7b4"
FONT = "font-family='system-ui, sans-serif' font-size='12'"
LABEL_CHARS = 28  # what fits in the label column at 11px, wide capitals included


def _fmt(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


def _clip(label: str, limit: int) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def bar_chart(title: str, bars: Sequence[tuple[str, float]], *, width: int = 560, muted: Sequence[str] = ()) -> str:
    """Horizontal bars, one row per category, in the given order (long labels are cut; the full label is the tooltip)."""
    if not bars:
        return ""
    label_w, row_h, top = 210, 22, 8
    plot_w = width - label_w - 60
    peak = max(v for _, v in bars) or 1
    height = top * 2 + row_h * len(bars)
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' role='img' width='{width}' height='{height}' "
             f"viewBox='0 0 {width} {height}' {FONT}><title>{escape(title)}</title>"]
    for k, (label, value) in enumerate(bars):
        y = top + k * row_h
        w = max(1.0, plot_w * value / peak) if value else 0
        color = MUTED_COLOR if label in muted else BAR_COLOR
        parts.append(f"<text x='{label_w - 6}' y='{y + 15}' text-anchor='end' font-size='11'><title>{escape(label)}</title>"
                     f"{escape(_clip(label, LABEL_CHARS))}</text>")
        parts.append(f"<rect x='{label_w}' y='{y + 4}' width='{w:.1f}' height='{row_h - 8}' fill='{color}'/>")
        parts.append(f"<text x='{label_w + w + 5:.1f}' y='{y + 15}' fill='#222'>{_fmt(value)}</text>")
    parts.append("</svg>")
    return "".join(parts)


def histogram(title: str, bins: Sequence[tuple[str, float]], *, width: int = 560, x_label: str = "") -> str:
    """Vertical columns over ordered bins (labels under each column, counts above it)."""
    if not bins:
        return ""
    left, top, bottom, plot_h = 10, 18, 34 if x_label else 22, 120
    plot_w = width - left * 2
    col_w = plot_w / len(bins)
    peak = max(v for _, v in bins) or 1
    height = top + plot_h + bottom
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' role='img' width='{width}' height='{height}' "
             f"viewBox='0 0 {width} {height}' {FONT}><title>{escape(title)}</title>",
             f"<line x1='{left}' y1='{top + plot_h}' x2='{left + plot_w}' y2='{top + plot_h}' stroke='#666'/>"]
    widest = max(len(_clip(label, 10)) for label, _ in bins) * 6 + 6  # px at font-size 10, with a gap
    label_every = max(1, math.ceil(widest / col_w))
    for k, (label, value) in enumerate(bins):
        x = left + k * col_w
        h = plot_h * value / peak
        parts.append(f"<rect x='{x + 2:.1f}' y='{top + plot_h - h:.1f}' width='{max(1.0, col_w - 4):.1f}' "
                     f"height='{h:.1f}' fill='{BAR_COLOR}'><title>{escape(label)}: {_fmt(value)}</title></rect>")
        if value:
            parts.append(f"<text x='{x + col_w / 2:.1f}' y='{top + plot_h - h - 4:.1f}' text-anchor='middle' "
                         f"font-size='10'>{_fmt(value)}</text>")
        if k % label_every == 0:
            parts.append(f"<text x='{x + col_w / 2:.1f}' y='{top + plot_h + 14}' text-anchor='middle' font-size='10'>"
                         f"{escape(_clip(label, 10))}</text>")
    if x_label:
        parts.append(f"<text x='{left + plot_w / 2:.1f}' y='{height - 4}' text-anchor='middle' fill='#444'>"
                     f"{escape(x_label)}</text>")
    parts.append("</svg>")
    return "".join(parts)
