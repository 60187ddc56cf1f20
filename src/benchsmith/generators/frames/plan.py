"""Slots: how many questions of each reasoning type and article count, after FRAMES' distributions."""

from __future__ import annotations

from benchsmith.generators.core.quotas import quotas
from benchsmith.generators.frames.assemble import max_size
from benchsmith.generators.frames.config import REASONING_TYPES, SIZE_WEIGHTS

CONSTRAINT_SIZES = (2, 3)


def plan_slots(n: int, mix: dict[str, float]) -> list[tuple[str, int]]:
    """(reasoning type, article count) per requested item: type quotas from the mix, sizes from FRAMES' figure 2.

    The largest sets go to the types whose operations take them; a type that cannot take a size
    leaves it to the next.
    """
    sizes = sorted(SIZE_WEIGHTS)
    size_quota = quotas(n, {str(k): w for k, w in SIZE_WEIGHTS.items()}, [str(k) for k in sizes])
    wanted = [k for k in sorted(sizes, reverse=True) for _ in range(size_quota[str(k)])]
    left = quotas(n, mix, REASONING_TYPES)
    slots = []
    for k in wanted:
        fits = [t for t in REASONING_TYPES if left[t] > 0 and (k in CONSTRAINT_SIZES if t == "constraints" else k <= max_size(t))]
        if not fits:
            fits = [t for t in REASONING_TYPES if left[t] > 0]
            k = 3 if "constraints" in fits and len(fits) == 1 else min(k, min(max_size(t) for t in fits))
        t = max(fits, key=lambda t: (left[t], -REASONING_TYPES.index(t)))
        left[t] -= 1
        slots.append((t, k))
    return slots
