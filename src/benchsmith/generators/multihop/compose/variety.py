"""Candidates taken by turns across their relations, so the commonest relation does not fill a type.

2Wiki's film articles give about 440 "director of film X" bridges and 40 through a parent, a spouse, a writer, a
producer or a composer; drawn in shuffled order, 9 of 10 bridges asked about a director. Taking one candidate of
each relation in turn asks about each relation the corpus has before any is asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import zip_longest


def relation(cand: dict) -> str:
    """The relation a composed candidate goes through: "director" in "bridge.director.born"."""
    parts = cand["template"].split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def by_turns(cands: Iterable[dict], key: Callable[[dict], str] = relation) -> list[dict]:
    """The candidates, one of each `key` in turn (keys in order of first appearance, order kept within a key)."""
    groups: dict[str, list[dict]] = {}
    for c in cands:
        groups.setdefault(key(c), []).append(c)
    return [c for turn in zip_longest(*groups.values()) for c in turn if c is not None]

