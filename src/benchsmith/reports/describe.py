"""Distributions as charts and as sentences a reader understands without the chart."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Chart:
    """One plot: bars in order, drawn as categories (`bars`) or ordered bins (`histogram`), and its summary."""

    title: str
    bars: list[tuple[str, float]]
    summary: str
    style: str = "bars"
    x_label: str = ""


@dataclass
class Section:
    title: str
    sentences: list[str] = field(default_factory=list)
    lead: str = ""  # the one sentence the card's summary quotes (default: the first sentence or chart summary)
    facts: list[tuple[str, str]] = field(default_factory=list)  # label, value (a small table)
    charts: list[Chart] = field(default_factory=list)


def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def categories(title: str, counts: Counter, noun: str, *, top: int = 12, total: int | None = None) -> Chart | None:
    """Bars of the `top` most frequent categories (the rest summed as "other"), with a sentence naming the leaders."""
    if not counts:
        return None
    total = total or sum(counts.values())
    ranked = counts.most_common()
    bars = [(str(k), float(v)) for k, v in ranked[:top]]
    rest = sum(v for _, v in ranked[top:])
    lead = ", ".join(f"{k} ({pct(v, total)})" for k, v in ranked[:3])
    sentence = (f"All {total} {noun}s share one value: {ranked[0][0]}." if len(ranked) == 1 else
                f"{len(ranked)} distinct values over {total} {noun}s; the most common are {lead}.")
    if rest:
        sentence += f" The chart shows the top {top}; {len(ranked) - top} other values hold {rest:g} more."
    return Chart(title, bars if len(ranked) > 1 else [], sentence)


def _nice_width(span: float, target_bins: int = 12) -> int:
    raw = max(1.0, span / target_bins)
    magnitude = 10 ** math.floor(math.log10(raw))
    for step in (1, 2, 5, 10):
        if step * magnitude >= raw:
            return int(step * magnitude)
    return int(10 * magnitude)


def numbers(title: str, values: Sequence[float], noun: str, unit: str, *, x_label: str = "") -> Chart | None:
    """A histogram over integer-valued bins of equal, round width, with the range, median and middle half in words."""
    if not values:
        return None
    lo, hi = int(min(values)), int(max(values))
    width = _nice_width(hi - lo + 1)
    start = lo - lo % width
    bins: list[tuple[str, float]] = []
    for b in range(start, hi + 1, width):
        label = str(b) if width == 1 else f"{b}–{b + width - 1}"
        bins.append((label, float(sum(1 for v in values if b <= v < b + width))))
    q1, med, q3 = _quartiles(values)
    if lo == hi:
        return Chart(title, [], f"Every {noun} has {_num(lo)} {unit}.", style="histogram")
    sentence = (f"{noun.capitalize()}s have {_num(lo)} to {_num(hi)} {unit} (median {_num(med)}); "
                f"the middle half lies between {_num(q1)} and {_num(q3)}.")
    return Chart(title, bins, sentence, style="histogram", x_label=x_label or unit)


def ordered(title: str, bins: Sequence[tuple[str, float]], sentence: str, x_label: str = "") -> Chart:
    return Chart(title, [(k, float(v)) for k, v in bins], sentence, style="histogram", x_label=x_label)


def _num(v: float) -> str:
    return f"{v:.0f}" if float(v).is_integer() else f"{v:.1f}"


def _quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        v = float(values[0])
        return v, v, v
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], statistics.median(values), q[2]
