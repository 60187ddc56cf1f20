"""A verified set held to FRAMES' article-count mix and to the shape cap when the corpus runs short, and the
drafting order that spreads each article count over a pass."""

from __future__ import annotations

import math
from collections import Counter

from benchsmith.generators.frames.assemble import shape_of
from benchsmith.generators.frames.config import FRAMES_SIZE_SHARES, size_bucket
from benchsmith.schemas.frames import FramesItem
from benchsmith.types import Rejected


def interleaved(slots: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The slots in turns across article counts, each size spread evenly over the drafting order."""
    seen: Counter = Counter()
    sizes = Counter(size_bucket(k) for _, k in slots)
    ranked = []
    for n, (t, k) in enumerate(slots):
        b = size_bucket(k)
        ranked.append(((seen[b] + 0.5) / sizes[b], n, (t, k)))
        seen[b] += 1
    return [slot for *_, slot in sorted(ranked)]


MIX_TOLERANCE = 0.05  # points off FRAMES' article-count shares a set may be


def balance_sizes(accepted: list, planned: Counter) -> tuple[list, list[Rejected]]:
    """When some article counts could not be filled, the other sizes are trimmed (latest first) until every share
    is within MIX_TOLERANCE of FRAMES' (or of the plan, where a small request cannot come that close): a short set
    keeps FRAMES' mix rather than lean on two-article items. A size with no item at all is left to the shortfall
    note (the shares are then those of the sizes present), not made up by trimming the rest away."""
    total = sum(planned.values())
    tolerance = {b: max(MIX_TOLERANCE, abs(planned[b] / total - share)) + 1e-9 for b, share in FRAMES_SIZE_SHARES.items()}
    kept = list(accepted)
    dropped: list[Rejected] = []
    while len(kept) > 1:  # a full set too: slots widened to k+1 may have pushed a size past FRAMES
        counts = Counter(size_bucket(len(i.articles)) for _, _, i in kept)
        present = [b for b in FRAMES_SIZE_SHARES if counts[b]]
        whole = sum(FRAMES_SIZE_SHARES[b] for b in present)
        off = {b: counts[b] / len(kept) - FRAMES_SIZE_SHARES[b] / whole for b in present}
        # within tolerance, or less than one item from the share (3 items cannot be 36/35/16/13)
        if all(abs(off[b]) <= tolerance[b] or abs(off[b]) * len(kept) < 1 for b in present):
            break
        worst = max(present, key=off.get)  # trimming the most over-filled size raises every other share
        # of that size, a question of the shape the set holds most (so the shape cap, a share of a smaller set,
        # trims less next), the latest of them
        shapes = Counter(item_shape(item) for _, _, item in kept)
        n = max((i for i, (_, _, item) in enumerate(kept) if size_bucket(len(item.articles)) == worst),
                key=lambda i: (shapes[item_shape(kept[i][2])], i))
        item = kept.pop(n)[2]
        dropped.append(Rejected(step="frames.balance", reason="article_mix", input_ref=item.item_id,
                                raw_output=item.question, detail=f"{worst}-article questions were {off[worst]:+.0%} "
                                "off FRAMES' share while other sizes ran short"))
    return kept, dropped


def item_shape(item: FramesItem) -> str:
    """Draft.shape for an accepted item."""
    return shape_of(item.derivation.op, item.facts[0])


def shape_cap(share: float, size: int) -> int:
    """Questions of one shape a set of `size` may hold: the share rounded down (never above it), at least 2."""
    return max(2, math.floor(share * size + 1e-9))


def settle(accepted: list, planned: Counter, shape_share: float) -> tuple[list, list[Rejected]]:
    """A short set held to the shape cap as a share of what it holds (the cap while drafting is a share of the
    request), then to FRAMES' article mix, in turns until neither drops anything."""
    kept, dropped = list(accepted), []
    while True:
        cap = shape_cap(shape_share, len(kept))
        by_shape: dict[str, list[int]] = {}
        for n, (_, _, item) in enumerate(kept):
            by_shape.setdefault(item_shape(item), []).append(n)
        sizes = Counter(size_bucket(len(item.articles)) for _, _, item in kept)
        over = []
        for ns in by_shape.values():
            # past the cap, the questions of the sizes the set holds most of go first (the latest of a size first),
            # so the mix trim that follows has less to take
            ns = sorted(ns, key=lambda i: (sizes[size_bucket(len(kept[i][2].articles))] / len(kept)
                                           - FRAMES_SIZE_SHARES[size_bucket(len(kept[i][2].articles))], i))
            over += ns[len(ns) - max(0, len(ns) - cap):] if len(ns) > cap else []
        for n in sorted(over, reverse=True):
            item = kept.pop(n)[2]
            dropped.append(Rejected(step="frames.balance", reason="shape_share", input_ref=item.item_id,
                                    raw_output=item.question, detail=f"more than {cap} questions of the shape "
                                    f"{item_shape(item)} in a set of {len(kept) + len(over)}"))
        kept, trimmed = balance_sizes(kept, planned)
        dropped += trimmed
        if not over and not trimmed:
            return kept, dropped
