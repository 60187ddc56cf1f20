"""Confidence intervals, paired significance tests and per-field breakdowns.

Every aggregate benchsmith reports carries a percentile-bootstrap 95% interval;
`benchsmith compare` uses `paired_test` on the per-item scores of two systems.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, NamedTuple

import numpy as np

PairedMethod = Literal["permutation", "bootstrap", "t"]

# Resampling happens in blocks so 10^5 resamples of 10^4 items stay within memory.
_BLOCK_CELLS = 4_000_000
_CI_RESAMPLES = 5_000  # bootstrap resamples for the interval on a paired difference


class PairedResult(NamedTuple):
    """Difference of means (a - b) with its interval and two-sided p-value."""

    diff: float
    low: float
    high: float
    p_value: float


def _as_array(values: Iterable[float]) -> np.ndarray:
    arr = np.asarray(list(values) if not isinstance(values, np.ndarray) else values, dtype=float)
    if arr.ndim != 1:
        raise ValueError("expected a one-dimensional sequence of numbers")
    return arr


def _bootstrap_means(arr: np.ndarray, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """Means of `n_resamples` resamples with replacement, vectorized in blocks."""
    n = arr.size
    block = max(1, _BLOCK_CELLS // max(n, 1))
    means = np.empty(n_resamples, dtype=float)
    for start in range(0, n_resamples, block):
        stop = min(n_resamples, start + block)
        idx = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = arr[idx].mean(axis=1)
    return means


def bootstrap_ci(
    values: Iterable[float],
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float, float]:
    """Mean of `values` with a percentile-bootstrap confidence interval.

    Args:
        values: Per-item scores.
        n_resamples: Number of bootstrap resamples.
        confidence: Coverage of the interval, e.g. 0.95.
        seed: Seed of the resampling, so reports are reproducible.

    Returns:
        (mean, low, high). An empty input gives three NaNs; constant input gives
        a zero-width interval.
    """
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples}")
    arr = _as_array(values)
    if arr.size == 0:
        return (math.nan, math.nan, math.nan)
    mean = float(arr.mean())
    if arr.size == 1 or np.all(arr == arr[0]):
        return (mean, mean, mean)
    means = _bootstrap_means(arr, n_resamples, np.random.default_rng(seed))
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [alpha, 1.0 - alpha])
    return (mean, float(low), float(high))


def _paired_arrays(a: Sequence[float] | Mapping[str, float], b: Sequence[float] | Mapping[str, float]):
    if isinstance(a, Mapping) or isinstance(b, Mapping):
        if not (isinstance(a, Mapping) and isinstance(b, Mapping)):
            raise ValueError("pass both score sets as mappings (item id -> score) or both as sequences")
        if set(a) != set(b):
            raise ValueError(
                f"paired scores cover different items ({len(set(a) - set(b))} only in a, {len(set(b) - set(a))} only in b)"
            )
        keys = sorted(a)
        return np.array([a[k] for k in keys], dtype=float), np.array([b[k] for k in keys], dtype=float)
    xa, xb = _as_array(a), _as_array(b)
    if xa.size != xb.size:
        raise ValueError(f"paired scores have different lengths ({xa.size} vs {xb.size})")
    return xa, xb


def paired_test(
    a: Sequence[float] | Mapping[str, float],
    b: Sequence[float] | Mapping[str, float],
    method: PairedMethod = "permutation",
    n_resamples: int = 10_000,
    confidence: float = 0.95,
    seed: int = 0,
) -> PairedResult:
    """Paired comparison of two systems scored on the same items.

    Args:
        a: Scores of system A, as a sequence or a mapping item id -> score.
        b: Scores of system B on the same items (same order, or same keys).
        method: "permutation" (paired randomization test: random sign flips of
            the per-item differences; exact when 2^n <= n_resamples),
            "bootstrap" (p-value from the bootstrap distribution of the mean
            difference, centred under the null) or "t" (paired t-test).
        n_resamples: Resamples for the permutation and bootstrap methods.
        confidence: Coverage of the interval on the difference.
        seed: Random seed.

    Returns:
        PairedResult(diff, low, high, p_value) with diff = mean(a) - mean(b).
        The interval is a bootstrap percentile interval for "permutation" and
        "bootstrap" and the t interval for "t".
    """
    if method not in ("permutation", "bootstrap", "t"):
        raise ValueError(f"unknown paired test method {method!r}; use permutation, bootstrap or t")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples}")
    xa, xb = _paired_arrays(a, b)
    if xa.size == 0:
        return PairedResult(math.nan, math.nan, math.nan, math.nan)
    d = xa - xb
    diff = float(d.mean())
    if not np.any(d):
        return PairedResult(0.0, 0.0, 0.0, 1.0)  # identical scores: nothing to test
    if method == "t":
        if np.all(d == d[0]):
            return PairedResult(diff, diff, diff, 0.0)  # a constant shift has no variance to test against
        from scipy import stats as sps

        res = sps.ttest_rel(xa, xb)
        ci = res.confidence_interval(confidence_level=confidence)
        return PairedResult(diff, float(ci.low), float(ci.high), float(res.pvalue))
    rng = np.random.default_rng(seed)
    boot = _bootstrap_means(d, min(n_resamples, _CI_RESAMPLES), rng)
    alpha = (1.0 - confidence) / 2.0
    low, high = (float(x) for x in np.quantile(boot, [alpha, 1.0 - alpha]))
    if method == "bootstrap":
        centred = boot - diff
        p = float((np.sum(np.abs(centred) >= abs(diff) - 1e-12) + 1) / (boot.size + 1))
        return PairedResult(diff, low, high, min(1.0, p))
    return PairedResult(diff, low, high, _sign_flip_p_value(d, n_resamples, rng))


def _sign_flip_p_value(d: np.ndarray, n_resamples: int, rng: np.random.Generator) -> float:
    """Two-sided paired randomization test: under the null each difference's sign is arbitrary.

    Exact (all 2^n sign vectors) when that is no more than `n_resamples`;
    otherwise Monte Carlo with the (count + 1) / (n_resamples + 1) estimate.
    """
    n = d.size
    observed = abs(d.mean()) - 1e-12  # tolerance: float noise must not split ties
    if n <= 20 and 2**n <= n_resamples:
        signs = 1 - 2 * ((np.arange(2**n)[:, None] >> np.arange(n)) & 1)
        return float(np.mean(np.abs((signs * d).mean(axis=1)) >= observed))
    block = max(1, _BLOCK_CELLS // n)
    total = float(d.sum())
    extreme = 0
    for start in range(0, n_resamples, block):
        rows = min(block, n_resamples - start)
        # random bits, 8 per drawn byte; with b in {0, 1}: sum(sign * d) = 2 * (b @ d) - sum(d)
        bits = np.unpackbits(rng.integers(0, 256, size=(rows, (n + 7) // 8), dtype=np.uint8), axis=1)[:, :n]
        flipped = (2.0 * (bits.astype(np.float64) @ d) - total) / n
        extreme += int(np.count_nonzero(np.abs(flipped) >= observed))
    return float((extreme + 1) / (n_resamples + 1))


def summarize(
    per_item: Mapping[str, Mapping[str, float]],
    metrics: Sequence[str] | None = None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, dict[str, float]]:
    """Mean and bootstrap interval of every metric over the items that carry it.

    Returns:
        metric -> {"mean", "low", "high", "n"}; metrics keep the order given
        (or first-seen order). Items without a value (or with None) for a
        metric are left out of that metric.
    """
    if metrics is None:
        seen: dict[str, None] = {}
        for scores in per_item.values():
            for name in scores:
                seen.setdefault(name, None)
        metrics = list(seen)
    out: dict[str, dict[str, float]] = {}
    for name in metrics:
        vals = [s[name] for s in per_item.values() if s.get(name) is not None]
        mean, low, high = bootstrap_ci(vals, n_resamples=n_resamples, confidence=confidence, seed=seed)
        out[name] = {"mean": mean, "low": low, "high": high, "n": len(vals)}
    return out


def _group_values(value: Any) -> list[str]:
    """The groups an item falls in for one field; a list puts it in each of its values."""
    if value is None:
        return []
    if isinstance(value, (list, tuple, set, frozenset)):
        return sorted({str(v) for v in value if v is not None})
    if isinstance(value, bool):
        return [str(value).lower()]
    return [str(value)]


def breakdown(
    per_item: Mapping[str, Mapping[str, float]],
    fields: Mapping[str, Mapping[str, Any]],
    by: Sequence[str],
    metrics: Sequence[str] | None = None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, dict[str, dict[str, dict[str, float]]]]:
    """Aggregate per-item scores within the groups of each field in `by`.

    Multi-valued fields (lists, e.g. reasoning types) put an item in each of
    its values; an item without the field is left out of that field's groups.
    Fields no item carries are omitted, so one call can ask for every field a
    benchmark might have.

    Args:
        per_item: item id -> metric -> score.
        fields: item id -> field name -> value (see `query_fields`).
        by: Field names to break down by.
        metrics: Metrics to include (default: all).
        n_resamples, confidence, seed: Passed to `bootstrap_ci`.

    Returns:
        field -> group value -> metric -> {"mean", "low", "high", "n"}, groups
        sorted by value.
    """
    out: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    for name in by:
        groups: dict[str, dict[str, Mapping[str, float]]] = {}
        for qid, scores in per_item.items():
            for group in _group_values(fields.get(qid, {}).get(name)):
                groups.setdefault(group, {})[qid] = scores
        if not groups:
            continue
        out[name] = {
            g: summarize(groups[g], metrics, n_resamples=n_resamples, confidence=confidence, seed=seed)
            for g in sorted(groups, key=_natural_key)
        }
    return out


def _natural_key(text: str) -> tuple:
    try:
        return (0, float(text), "")
    except ValueError:
        return (1, 0.0, text)


DEFAULT_BREAKDOWN_FIELDS = (
    "question_type",
    "answerability",
    "turn_position",
    "domain",
    "reasoning_types",
    "n_evidence",
)


def query_fields(queries: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """Breakdown fields of `EvalQuery` objects: their `fields` plus derived ones.

    Adds `answerability` (when set), `turn_position` ("first"/"later", from an
    integer `turn` field or the conversation history) and `n_evidence` (from
    the evidence list when the benchmark does not give it).
    """
    out: dict[str, dict[str, Any]] = {}
    for q in queries:
        f = dict(q.fields)
        if q.answerability is not None:
            f.setdefault("answerability", q.answerability)
        turn = f.get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool):
            f.setdefault("turn_position", "first" if turn <= 1 else "later")
        elif q.history:
            f.setdefault("turn_position", "later")
        if "n_evidence" not in f and q.evidence:
            f["n_evidence"] = len(q.evidence)
        if "reasoning_type" in f and "reasoning_types" not in f:
            f["reasoning_types"] = f["reasoning_type"]
        out[q.query_id] = f
    return out
