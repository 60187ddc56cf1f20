"""What a drafted question uses up (its facts, its answer, its shape, its thresholds, its set of values) and the caps
that keep a set from asking one thing many times."""

from __future__ import annotations

import math
from collections import Counter

from benchsmith.generators.frames.assemble import CHOICE_OPS, Draft, fact_kind
from benchsmith.generators.frames.balance import shape_cap
from benchsmith.generators.frames.config import FramesConfig
from benchsmith.generators.frames.derive import base_value


def overused(draft: Draft, used: Counter, caps: tuple[int, int], variety: tuple[int, int]) -> bool:
    """A fact already in caps[0] questions, or a work already the answer of caps[1] (a set that keeps
    returning to the same few figures reads as one question asked many times); or a question shape already
    asked variety[0] times, or a count's threshold ("larger than 30 KB") already used variety[1] times."""
    return (any(used[k] >= caps[0] for k in statements(draft))
            or any(used[k] >= caps[1] for k in answers(draft))
            or used[f"shape:{draft.shape}"] >= variety[0]
            or any(used[k] >= variety[1] for k in thresholds(draft)))


def thresholds(draft: Draft) -> list[str]:
    """The round figures a count or a window is worded with ("larger than 30 KB")."""
    return [f"threshold:{draft.params[k]}" for k in ("shown", "shown_low", "shown_high") if k in draft.params]


def variety_caps(cfg: FramesConfig, n: int | None = None) -> tuple[int, int]:
    """Questions of one shape, and counts over one threshold, a set of n (the request) may hold: they do not
    loosen with the rounds."""
    n = cfg.n if n is None else n
    return shape_cap(cfg.shape_share, n), max(1, math.ceil(cfg.threshold_share * n))


def pair_key(draft: Draft) -> str:
    """Two inputs are one pair of values whatever the operation: two works by one painter are one pair of births."""
    inputs = [f for f in draft.facts if f.fact_id in draft.inputs]
    if draft.op == "same":  # "Which two of these limits are equal" names one pair of twins once, in either order
        values = Counter(base_value(f) for f in inputs)
        return "same:" + "|".join(sorted(f"{fact_kind(f)}={base_value(f):g}" for f in inputs if values[base_value(f)] == 2))
    if inputs and inputs[0].kind != "year":
        # figures of one kind at the same values are one question however the pages word them or the operation
        # asks ("order", "the largest", "larger than 6 GB but ..." over 5 GB, 160 GB and 5 TB read as one)
        return "figures:" + "|".join(sorted(f"{fact_kind(f)}={base_value(f):g}" for f in inputs))
    values = sorted(f"{f.dimension}={base_value(f):g}" for f in inputs)
    return "pair:" + "|".join(values) if len(inputs) == 2 else "set:" + "|".join(sorted(draft.inputs))


def statements(draft: Draft) -> list[str]:
    """A figure counts once however many pages repeat it ("the maximum size of an object" is on two pages)."""
    return [f.fact_id if f.kind == "year" else f"figure:{f.label.lower()}={base_value(f):g}"
            for f in draft.facts if f.fact_id in draft.inputs]


def answers(draft: Draft) -> list[str]:
    """What the question answers with: a work in a role of answer, or the figure a choice question names."""
    return [*(f"answer:{d}" for d, role in draft.roles.items() if role == "answer"),
            *([f"answer:{draft.answer}"] if draft.op in CHOICE_OPS else [])]


def usage(draft: Draft) -> list[str]:
    return [*statements(draft), *answers(draft), f"shape:{draft.shape}",
            *thresholds(draft)]


def reuse_caps(cfg: FramesConfig, round_: int) -> tuple[int, int]:
    """The caps loosen a little each round, so a small corpus still fills its slots, after the spread-out sets."""
    # never past twice the setting: past that, one figure runs through the whole set
    return min(cfg.fact_reuse + 2 * round_, cfg.fact_reuse * 2), min(cfg.answer_reuse + round_, cfg.answer_reuse * 2)
