"""Type mixes: parsing a requested mix, whole quotas per type, and topping up short types from lazy streams."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import TypeVar

from benchsmith.errors import InputError

T = TypeVar("T")
MIX_TOLERANCE = 0.05  # how far a type's share may drift from the request when others top it up


def parse_mix(text: str, types: Sequence[str], aliases: Mapping[str, str] | None = None,
              option: str = "--mix") -> dict[str, float]:
    """'a=0.3,b=0.7' -> shares over `types` that sum to 1 (unnamed types get 0).

    Raises:
        InputError: an unknown type, a share that is not a finite non-negative number, or all zero.
    """
    aliases = aliases or {}
    mix = dict.fromkeys(types, 0.0)
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        key = aliases.get(name.strip(), name.strip())
        if not sep or key not in mix:
            names = ", ".join(aliases) if aliases else ", ".join(types)
            raise InputError(f"{option}: expected TYPE=SHARE with TYPE one of {names}; got {part!r}")
        try:
            share = float(value)
        except ValueError:
            raise InputError(f"{option}: {value.strip()!r} is not a number") from None
        if not math.isfinite(share) or share < 0:
            raise InputError(f"{option}: the share of {name.strip()} must be a finite number >= 0, got {value.strip()!r}")
        mix[key] = share
    total = sum(mix.values())
    if total <= 0:
        raise InputError(f"{option}: shares sum to zero")
    return {k: v / total for k, v in mix.items()}


def quotas(n: int, mix: Mapping[str, float], order: Sequence[str]) -> dict[str, int]:
    """Whole counts per type summing to n (largest remainder; ties in `order`)."""
    raw = {t: n * mix.get(t, 0.0) for t in order}
    out = {t: int(v) for t, v in raw.items()}
    for t in sorted(order, key=lambda t: (-(raw[t] - out[t]), list(order).index(t)))[: n - sum(out.values())]:
        out[t] += 1
    return out


def capacity(n: int, share: float, tolerance: float = MIX_TOLERANCE) -> int:
    """The most items of a type that keep its share within `tolerance` of the request."""
    return max(0, math.floor((share + tolerance) * n - 1e-9))


def take(stream: Iterator[T], n: int) -> list[T]:
    """Up to n items from a lazy stream (nothing is drawn past the n-th)."""
    out: list[T] = []
    if n <= 0:
        return out
    for item in stream:
        out.append(item)
        if len(out) >= n:
            break
    return out


def fill(streams: Mapping[str, Iterator[T]], quota: Mapping[str, int], mix: Mapping[str, float], n: int,
         tolerance: float = MIX_TOLERANCE, ceilings: Mapping[str, float] | None = None) -> dict[str, list[T]]:
    """Draw each type's quota from its stream, then top up a shortfall from the types that met theirs.

    Types are topped up in order of their share, each only as far as `tolerance` allows,
    so a corpus that cannot give one type still yields the requested total when it can.
    `ceilings` (type -> share of n) lets a type the generator trusts to carry more of the set top up
    further, after every type has had its tolerance: a set somewhat heavier in one well-made type
    rather than a short one. A ceiling at or below a type's share + tolerance changes nothing.
    """
    produced: dict[str, list[T]] = {t: take(s, quota[t]) for t, s in streams.items()}
    deficit = n - sum(len(v) for v in produced.values())
    limits = [{t: capacity(n, mix[t], tolerance) for t in streams}]
    if ceilings:
        limits.append({t: max(limits[0][t], math.floor(ceilings.get(t, 0.0) * n + 1e-9)) for t in streams})
    for limit in limits:
        for t in sorted(streams, key=lambda t: -mix[t]):
            if deficit <= 0:
                break
            room = limit[t] - len(produced[t])
            if room > 0 and len(produced[t]) >= quota[t]:
                extra = take(streams[t], min(room, deficit))
                produced[t] += extra
                deficit -= len(extra)
    return produced


def cap_share(produced: dict[str, list[T]], kind: str, share: float, tolerance: float = MIX_TOLERANCE) -> int:
    """Trim `produced[kind]` so its share of the whole set stays within `tolerance` of `share`; returns the number dropped.

    For a filler type (null queries) on a corpus that falls short: what tops the set up must not
    become most of it.
    """
    items = produced.get(kind, [])
    limit = share + tolerance
    if not items or limit >= 1:
        return 0
    others = sum(len(v) for k, v in produced.items() if k != kind)
    keep = math.floor(limit * others / (1 - limit) + 1e-9)
    dropped = max(0, len(items) - keep)
    produced[kind] = items[:keep] if dropped else items
    return dropped
