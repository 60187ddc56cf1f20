"""Going past the paper: how far the labels agree, and how noisy the judge is.

Per chunk, the judge and the alias heuristic each give a support label, and the
inference check confirms or refutes the judge's positives; any disagreement flags
the query for review. A sample of chunks is
judged a second time with the order swapped and other words; the share of flipped
verdicts estimates the judge's label noise, with a Wilson score interval
(Wilson 1927: centre (p + z²/2n) / (1 + z²/n), half-width
z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)), which stays inside [0, 1] for small samples.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def sampled(key: str, fraction: float, seed: int) -> bool:
    """Deterministic sampling by hash: the same chunks are drawn on every resume."""
    if fraction <= 0:
        return False
    digest = hashlib.sha256(f"{seed}|{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction


def cohen_kappa(a: Sequence[bool], b: Sequence[bool]) -> float | None:
    n = len(a)
    if n == 0:
        return None
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    pa, pb = sum(a) / n, sum(b) / n
    expected = pa * pb + (1 - pa) * (1 - pb)
    return None if expected == 1 else round((observed - expected) / (1 - expected), 4)


# The inference check is asked only where the judge said Supported (as the paper validates its positives), so
# judge and inference are not independent raters: their relation is the confirmation rate below, not a kappa.
PAIRS = (("judge", "heuristic"), ("inference", "heuristic"))


def pairwise_agreement(labels: Iterable[dict[str, bool | None]]) -> dict[str, dict[str, Any]]:
    """For each pair of label sources: chunks compared, share agreeing, Cohen's kappa."""
    rows = list(labels)
    out: dict[str, dict[str, Any]] = {}
    for x, y in PAIRS:
        both = [(r[x], r[y]) for r in rows if r.get(x) is not None and r.get(y) is not None]
        if not both:
            continue
        a, b = [bool(p[0]) for p in both], [bool(p[1]) for p in both]
        out[f"{x}_vs_{y}"] = {"chunks": len(both), "agreement": round(sum(p == q for p, q in both) / len(both), 4),
                             "kappa": cohen_kappa(a, b)}
    return out


def inference_confirmation(labels: Iterable[dict[str, bool | None]]) -> dict[str, Any]:
    """Of the chunks the judge supported and the inference check could score, how many it confirmed."""
    checked = [r["inference"] for r in labels if r.get("judge") and r.get("inference") is not None]
    return {"checked": len(checked), "confirmed": sum(checked),
            "rate": round(sum(checked) / len(checked), 4) if checked else None}


def label_noise(pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """(first verdict, second verdict) of the double-judged chunks -> flip rate with its 95% interval."""
    flips = sum(a != b for a, b in pairs)
    low, high = wilson_interval(flips, len(pairs))
    return {"double_judged": len(pairs), "flipped": flips,
            "flip_rate": round(flips / len(pairs), 4) if pairs else None,
            "flip_rate_95ci": [round(low, 4), round(high, 4)] if pairs else None}
