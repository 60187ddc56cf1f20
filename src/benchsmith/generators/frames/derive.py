"""Answers computed by code from fact values: differences, extremes, orderings, means, sums, conversions, constraints.

Every operation reads exactly one value fact per input article (plus, for the
constraint operations, a bound or membership) and raises `MissingInput` when one
is absent, so an answer can never be produced from fewer articles than the question names.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from benchsmith.generators.core.figures.builder import UNITS, unit_factor
from benchsmith.schemas.frames import FramesFact

# label sets of each operation (FRAMES table 2 names, see config.LABELS)
OP_TYPES = {
    "gap": ("numerical", "temporal"), "earliest": ("temporal",), "largest": ("numerical",), "order": ("temporal",),
    "mean": ("numerical",), "sum": ("numerical",), "roman": ("temporal", "post_processing"),
    "convert": ("numerical", "post_processing"), "after": ("constraints", "temporal"), "between": ("constraints", "temporal"),
    "count": ("numerical",), "ratio": ("numerical",), "second": ("numerical",), "same": ("numerical",), "within": ("constraints",), "count_within": ("constraints", "numerical"), "gap_in": ("numerical", "post_processing"),
}
# A conversion goes one step down from the largest input unit: TB -> GB, days -> hours, cm -> mm.
STEP_DOWN = {"tb": ("GB", "1 TB = 1,024 GB"), "gb": ("MB", "1 GB = 1,024 MB"), "mb": ("KB", "1 MB = 1,024 KB"),
             "kb": ("bytes", "1 KB = 1,024 bytes"), "week": ("days", ""), "weeks": ("days", ""), "day": ("hours", ""),
             "days": ("hours", ""), "hour": ("minutes", ""), "hours": ("minutes", ""), "minute": ("seconds", ""),
             "minutes": ("seconds", ""), "metres": ("cm", ""), "meters": ("cm", ""), "cm": ("mm", "")}


def conversion(facts: Sequence[FramesFact]) -> tuple[str, str] | None:
    """The unit a conversion question asks for (with the rule it may state), or None when there is none."""
    return STEP_DOWN.get(display_unit(facts)[0].lower())


MAX_GAP_RATIO = 100  # "14 days longer than 15 minutes" asks for 13.99 days: no one compares such figures
# Figures of one kind may still differ by a binary step ("how many times larger is the maximum object size than the
# largest object one copy can make": 5 TB / 5 GB = 1024); past that the ratio stops reading as a comparison.
MAX_RATIO = 1024


class MissingInput(ValueError):
    """A value the operation needs is not among the facts."""


def base_value(fact: FramesFact) -> float:
    """A fact's value in its dimension's base unit (years stay years)."""
    if fact.kind == "year":
        return float(fact.value)
    return float(fact.value) * unit_factor(fact.unit)


def fmt(x: float) -> str:
    """A number as an answer: whole numbers without decimals, others to two places."""
    r = round(x, 2)
    return str(round(r)) if abs(r - round(r)) < 1e-9 else f"{r:.2f}".rstrip("0").rstrip(".")


def roman(n: int) -> str:
    if not 0 < n < 4000:
        raise ValueError(f"{n} has no Roman numeral")
    out = []
    for value, sym in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                       (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        count, n = divmod(n, value)
        out.append(sym * count)
    return "".join(out)


def display_unit(facts: Sequence[FramesFact]) -> tuple[str, float]:
    """The unit an answer over these facts is given in (the first fact's), with its factor to the base unit."""
    if facts[0].kind == "year":
        return "years", 1.0
    if facts[0].dimension == "count":
        return facts[0].unit.split()[-1], 1.0  # "job tags" and "tags" are both counted in tags
    # The largest unit among the inputs (ties: the first), so a sum of GB and bytes is given in GB.
    unit = max((f.unit for f in facts), key=unit_factor)
    return unit, unit_factor(unit)


def _round_between(lo: float, hi: float) -> float | None:
    """The roundest number strictly between lo and hi (1800 before 1850 before 1843), or None."""
    for exp in range(6, -3, -1):
        for step in (10**exp, 5 * 10**exp, 2 * 10**exp):
            t = (lo // step + 1) * step
            if lo < t < hi:
                return float(t)
    return None


# The one-digit figures _one_digit_above picks from, ascending, and the leading digit of each (a constant table: the
# threshold search runs for every drafted count and window)
_ONE_DIGIT = sorted(d * 10.0**e for e in range(-2, 8) for d in range(1, 10))
_LEADING = [int(f"{t:e}"[0]) for t in _ONE_DIGIT]


def _one_digit_above(lo: float, hi: float, rng=None) -> float | None:
    """A one-digit figure (2, 50, 300) strictly between lo and hi: "larger than 2 MB", not "1000000 KB". The smallest
    without `rng`; with it, one of the roundest (leading 1, 2, 3 or 5) at random, so a set over a manual's few values
    (10, 50, 100, 1,000 limits) is not asked against the same four thresholds again and again."""
    first, end = bisect_right(_ONE_DIGIT, lo), bisect_left(_ONE_DIGIT, hi)  # the figures strictly between
    if first >= end:
        return None
    if rng is None:
        return _ONE_DIGIT[first]
    options = _ONE_DIGIT[first:end]
    roundest = [t for t, lead in zip(options, _LEADING[first:end]) if lead in (1, 2, 3, 5)] or options
    return rng.choice(roundest)


def count_threshold(facts: Sequence[FramesFact], rng) -> dict | None:
    """A round threshold between two neighbouring values, so "how many of these ..." counts some but not all.

    Returns the count operation's params: threshold (base unit), below (years count "before"), shown (as worded).
    """
    ranked = sorted(facts, key=base_value)
    splits = list(range(1, len(ranked)))
    rng.shuffle(splits)
    year = facts[0].kind == "year"
    for i in splits:
        if not year:
            found = _threshold(ranked[i - 1], ranked[i], facts, rng)
            if found:
                return {"threshold": found[0], "below": False, "shown": found[1]}
            continue
        t = _round_between(base_value(ranked[i - 1]), base_value(ranked[i]))
        if t is not None:
            return {"threshold": t, "below": True, "shown": fmt(t)}
    return None


def window(facts: Sequence[FramesFact], rng) -> dict | None:
    """Two round bounds around one value only, with another value outside each: "larger than 10 KB but smaller than
    1 MB" picks one figure of the set, and both constraints rule one out. Params as count_threshold's, twice."""
    ranked = sorted(facts, key=base_value)
    middles = list(range(1, len(ranked) - 1))
    rng.shuffle(middles)
    for i in middles:
        lo = _threshold(ranked[i - 1], ranked[i], facts, rng)
        hi = _threshold(ranked[i], ranked[i + 1], facts, rng)
        if lo and hi:
            return {"low": lo[0], "high": hi[0], "shown_low": lo[1], "shown_high": hi[1]}
    return None


def count_window(facts: Sequence[FramesFact], rng) -> dict | None:
    """Two round bounds with figures of the set inside and on both sides: "How many of these are higher than 20 but
    lower than 500" counts some, and each bound rules one out. Params as window's."""
    ranked = sorted(facts, key=base_value)
    spans = [(i, j) for i in range(1, len(ranked) - 1) for j in range(i, len(ranked) - 1)]
    rng.shuffle(spans)
    for i, j in spans:
        lo = _threshold(ranked[i - 1], ranked[i], facts, rng)
        hi = _threshold(ranked[j], ranked[j + 1], facts, rng)
        if lo and hi:
            return {"low": lo[0], "high": hi[0], "shown_low": lo[1], "shown_high": hi[1]}
    return None


def _threshold(below: FramesFact, above: FramesFact, facts: Sequence[FramesFact], rng=None) -> tuple[float, str] | None:
    """A round figure between two neighbours, in the upper one's unit where it is a whole one there ("2 TB" between
    160 GB and 5 TB), else in the lower one's ("60 MB" between 40 MB and 1 GB; never "0.2 MB" or "2000 GB")."""
    for fact in (above, below) if above.unit != below.unit else (below,):
        factor = unit_factor(fact.unit)
        t = _one_digit_above(max(base_value(below) / factor, 1 - 1e-9 if fact is above else 0), base_value(above) / factor, rng)
        if t is not None:
            return t * factor, f"{fmt(t)} {_shown_unit(fact, facts)}".rstrip()
    return None


def _shown_unit(fact: FramesFact, facts: Sequence[FramesFact] = ()) -> str:
    """A threshold's unit: a count's head noun ("60 rules", whether the figure below counted "routing rules"), or
    none where the limits compared count different things ("higher than 75": tags, rules and grants)."""
    if fact.dimension != "count":
        return fact.unit
    nouns = {f.unit.split()[-1] for f in facts} | {fact.unit.split()[-1]}
    return fact.unit.split()[-1] if len(nouns) == 1 else ""


def _need(values: dict[str, float], ids: Sequence[str]) -> list[float]:
    missing = [i for i in ids if i not in values]
    if missing:
        raise MissingInput(f"no value for {', '.join(missing)}")
    return [values[i] for i in ids]


def gap(vals: Sequence[float]) -> None:
    """Raises ValueError when the difference of two figures makes no question."""
    if vals[0] == vals[1]:
        raise ValueError("equal values: a zero gap makes no question")
    if max(vals) > MAX_GAP_RATIO * min(vals):
        raise ValueError("one value dwarfs the other: the difference is the larger value restated")


def compute(op: str, inputs: Sequence[str], facts: dict[str, FramesFact], params: dict, titles: dict[str, str]) -> str:
    """The answer of `op` over the facts named by `inputs` (fact ids); `titles` maps fact id to the article named."""
    values = {fid: base_value(f) for fid, f in facts.items() if f.kind != "name"}
    vals = _need(values, inputs)
    unit, factor = display_unit([facts[i] for i in inputs])
    if op == "gap":
        if facts[inputs[0]].kind != "year":
            gap(vals)
        elif vals[0] == vals[1]:
            raise ValueError("equal values: a zero gap makes no question")
        diff = abs(vals[0] - vals[1]) / factor
        if fmt(diff) in (fmt(vals[0] / factor), fmt(vals[1] / factor)):
            raise ValueError("one value is negligible at the answer's precision")
        return fmt(diff) + ("" if facts[inputs[0]].kind == "year" else f" {unit}")
    if op == "gap_in":
        # a difference given one unit down ("how much larger ..., in KB?"): the conversion is the post-processing
        step = conversion([facts[i] for i in inputs])
        if step is None:
            raise ValueError(f"no smaller unit than {unit}")
        gap(vals)
        return f"{fmt(abs(vals[0] - vals[1]) / UNITS[step[0].lower()][1])} {step[0]}"
    if op == "ratio":
        small, large = sorted(vals)
        if small <= 0 or large / small > MAX_RATIO or large == small:
            raise ValueError("no telling ratio: equal values, or one dwarfs the other")
        return fmt(large / small)
    if op in ("earliest", "largest"):
        pick = min(vals) if op == "earliest" else max(vals)
        if vals.count(pick) != 1:
            raise ValueError("tie: no single answer")
        return titles[inputs[vals.index(pick)]]
    if op == "same":
        # "Which two of these limits are equal": exactly one pair shares a value, every other value stands alone
        shared = [v for v in set(vals) if vals.count(v) > 1]
        if len(shared) != 1 or vals.count(shared[0]) != 2:
            raise ValueError("not exactly one pair of equal values")
        return " and ".join(titles[i] for v, i in zip(vals, inputs) if v == shared[0])
    if op == "second":
        ranked = sorted(set(vals), reverse=True)
        if len(ranked) < 2 or vals.count(ranked[0]) != 1 or vals.count(ranked[1]) != 1:
            raise ValueError("tie: no single second-highest")
        return titles[inputs[vals.index(ranked[1])]]
    if op == "order":
        if len(set(vals)) != len(vals):
            raise ValueError("tie: no single order")
        return "; ".join(titles[i] for _, i in sorted(zip(vals, inputs)))  # titles may hold commas
    if op == "mean":
        mean = sum(vals) / len(vals) / factor
        return fmt(round(mean)) if facts[inputs[0]].kind == "year" else f"{fmt(mean)} {unit}"
    if op == "sum":
        return f"{fmt(sum(vals) / factor)} {unit}"
    if op == "count":
        # params: threshold (base unit) and side; "how many of these were made before 1850" counts strictly
        threshold, below = float(params["threshold"]), bool(params["below"])
        if threshold in vals:
            raise ValueError("a value equals the threshold: before/after is unclear")
        n = sum((v < threshold) if below else (v > threshold) for v in vals)
        if not 0 < n < len(vals):
            raise ValueError("none or all fit: the count needs no article")
        return str(n)
    if op == "count_within":
        low, high = float(params["low"]), float(params["high"])
        n = sum(low < v < high for v in vals)
        if low in vals or high in vals or not 0 < n < len(vals) or min(vals) > low or max(vals) < high:
            raise ValueError("the bounds do not split the figures with each bound ruling one out")
        return str(n)
    if op == "within":
        low, high = float(params["low"]), float(params["high"])
        winners = [i for v, i in zip(vals, inputs) if low < v < high]
        if len(winners) != 1 or not any(v <= low for v in vals) or not any(v >= high for v in vals):
            raise ValueError("the bounds do not single out one figure with each bound ruling one out")
        return titles[winners[0]]
    if op == "roman":
        if vals.count(min(vals)) != 1:
            raise ValueError("tie: the oldest is not one article")
        return roman(int(min(vals)))
    if op == "convert":
        step = conversion([facts[i] for i in inputs])
        if step is None:
            raise ValueError(f"no smaller unit than {unit}")
        return f"{fmt(sum(vals) / UNITS[step[0].lower()][1])} {step[0]}"
    if op in ("after", "between"):
        # inputs: bound fact(s) first, then the candidates the corpus offers; answer = the single one that fits.
        n_bounds = 1 if op == "after" else 2
        if len(inputs) <= n_bounds:
            raise MissingInput("no candidate")
        bounds, cands = vals[:n_bounds], list(zip(vals[n_bounds:], inputs[n_bounds:]))
        if op == "after":
            fitting = [(v, i) for v, i in cands if v > bounds[0]]
            if not fitting:
                raise MissingInput("no candidate after the bound")
            best = min(v for v, _ in fitting)
            winners = [i for v, i in fitting if v == best]
        else:
            lo, hi = sorted(bounds)
            winners = [i for v, i in cands if lo < v < hi]
        if len(winners) != 1:
            raise ValueError(f"{len(winners)} candidates fit the constraints")
        return titles[winners[0]]
    raise ValueError(f"unknown operation {op!r}")
