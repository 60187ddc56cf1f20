"""Slots: how many questions of each reasoning type and article count, after FRAMES' distributions."""

from __future__ import annotations

from benchsmith.generators.core.quotas import quotas
from benchsmith.generators.frames.assemble import max_size, min_size
from benchsmith.generators.frames.config import REASONING_TYPES, SIZE_WEIGHTS


def plan_slots(n: int, mix: dict[str, float]) -> list[tuple[str, int]]:
    """(reasoning type, article count) per requested item: type quotas from the mix, sizes from FRAMES' figure 2.

    The largest sets go to the types whose operations take them; a type that cannot take a size
    leaves it to the next.
    """
    sizes = sorted(SIZE_WEIGHTS)
    size_quota = quotas(n, {str(k): w for k, w in SIZE_WEIGHTS.items()}, [str(k) for k in sizes])
    # The smallest sets first (only some types take two articles), then the largest (only some take many).
    order = [min(sizes)] + sorted(sizes[1:], reverse=True)
    wanted = [k for k in order for _ in range(size_quota[str(k)])]
    left = quotas(n, mix, REASONING_TYPES)
    slots = []
    for k in wanted:
        fits = [t for t in REASONING_TYPES if left[t] > 0 and min_size(t) <= k <= max_size(t)]
        if not fits:
            fits = [t for t in REASONING_TYPES if left[t] > 0]
            k = max(min(k, min(max_size(t) for t in fits)), max(min_size(t) for t in fits))
        t = max(fits, key=lambda t: (left[t], -REASONING_TYPES.index(t)))
        left[t] -= 1
        slots.append((t, k))
    return slots
