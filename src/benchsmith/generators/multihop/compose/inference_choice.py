"""Inference questions asked as a choice between two named works, one that fits and one a decoy:

    Which film, Fortunella or Il bidone, had a director born in 1900?
    Which painting, The Cornell Farm or Ville-d'Avray, is by the same artist as The Lackawanna Valley?

Asked without options ("Which 1958 film was directed by someone born in 1900?"), such a question has one answer
in the corpus and many in the world: a director makes several films a year, a museum holds many paintings of
one year, and reviewers reject it as unique only inside the corpus. With two named works, the answer is unique by
construction wherever a reader looks, and both hops stay: the answer's article names its creator, another
article gives the creator's year, and the decoy's own articles show that it does not fit.

The decoy is a work of the same kind and origin (`origins.py`) whose cited facts give a different value, the one
closest in time to the answer, so the two read as a natural pair and neither is guessed. The
drafts name the answer first as often as second (`swapped_options`), so the order tells nothing either.
"""

from __future__ import annotations

import bisect
import heapq
import re
import zlib
from collections.abc import Callable, Sequence
from typing import TypeVar

from benchsmith.generators.multihop.compose.choice import without_kind
from benchsmith.generators.multihop.compose.naming import work_reference
from benchsmith.generators.multihop.compose.origins import Origins, apart
from benchsmith.generators.multihop.compose.profiles import Profile

DECOYS_PER_ANSWER = 2  # a second decoy where the first one's articles are already cited enough
NEAR = 64  # works looked at around an answer's year for its decoys
T = TypeVar("T")


def stable(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def _year(p: Profile) -> int | None:
    return p.year.year if p.year is not None else None


class Decoys:
    """Picks the decoys of answers from pools of works that do not fit, reading each work's origin once."""

    def __init__(self, origin: Origins) -> None:
        self.origin = origin

    def pick(self, answer: Profile, pool: Sequence[T], work_of: Callable[[T], Profile],
             accept: Callable[[T], bool] | None = None) -> list[T]:
        """Up to DECOYS_PER_ANSWER of `pool` that `accept` takes, closest in time first (works without a year
        last), ties broken by a stable hash; never the answer, a work titled like it, a title with a comma (see
        `options`), or a work of another origin (`origins.apart`: "Hindi" of "Bollywood Hindi" pairs with
        "Indian", no origin with no origin). `accept` (a costly text check) is asked of the closest few only."""
        year, home = _year(answer), self.origin(answer)

        def distance(d: T) -> tuple[int, int]:
            work = work_of(d)
            other = _year(work)
            gap = abs(other - year) if year is not None and other is not None else 10_000
            return gap, stable(answer.doc_id + work.doc_id)

        usable = [d for d in pool if work_of(d).doc_id != answer.doc_id and work_of(d).name != answer.name
                  and "," not in work_of(d).name and not apart(home, self.origin(work_of(d)))]
        nearest = heapq.nsmallest(4 * DECOYS_PER_ANSWER, usable, key=distance)
        return [d for d in nearest if accept is None or accept(d)][:DECOYS_PER_ANSWER]


class ByYear:
    """A pool of works in order of their years, for the works nearest an answer's year: a corpus of thousands of
    films is otherwise scanned once for every answer (the decoy is one of the nearest in time anyway)."""

    def __init__(self, pool: Sequence[T], work_of: Callable[[T], Profile]) -> None:
        keyed = sorted(pool, key=lambda d: (_year(work_of(d)) is None, _year(work_of(d)) or 0, work_of(d).doc_id))
        self.items = keyed
        self.years = [(_year(work_of(d)) is None, _year(work_of(d)) or 0) for d in keyed]

    def near(self, year: int | None) -> list:
        if year is None:
            return self.items[:NEAR]
        i = bisect.bisect_left(self.years, (False, year))
        return self.items[max(0, i - NEAR // 2): i + NEAR // 2]


def options(answer: Profile, decoy: Profile, hide: str) -> tuple[str, list[str], list[str]] | None:
    """The two works as the question names them ("Fortunella or Il bidone"), in a stable order, with their names and
    their references in that order (the computation's `choice`, the candidate's `options`); None where either
    needs the hidden fact to be picked out. Both are named bare, or both with what picks them out ("Mutiny (1952)",
    "The Mill by Rembrandt"): a qualifier on one option only points at it."""
    refs = [_reference(p, hide) for p in (answer, decoy)]
    if None in refs or refs[0].lower() == refs[1].lower() or any("," in r for r in refs):
        return None  # "Which painting, May Night or Le Chemin, Paysage à Meudon, ...?" cannot be parsed
    works = [answer, decoy]
    for i in (0, 1):
        if refs[i] == works[i].name and refs[1 - i] != works[1 - i].name:
            if works[i].year is None or works[i].year.year is None:
                return None
            refs[i] = f"{works[i].name} ({works[i].year.year})"
    names = [answer.name, decoy.name]
    if stable(answer.doc_id + "|" + decoy.doc_id) % 2:
        refs, names = refs[::-1], names[::-1]
    return f"{refs[0]} or {refs[1]}", names, refs


def _reference(p: Profile, hide: str) -> str | None:
    """"Mutiny" or, where the title needs its year, "Mutiny (1952)" (not "the 1952 film Mutiny" after "Which film,",
    nor "the 1935 The Rocks of Valpre")."""
    ref = without_kind(work_reference(p, hide, with_kind=False), p.kind)
    if ref is None:
        return None
    dated = re.fullmatch(rf"the (\d{{4}}) {re.escape(p.kind or '')} (.+)", ref)
    return f"{dated.group(2)} ({dated.group(1)})" if dated else ref


def swapped_options(cand: dict) -> dict:
    """A choice asked with its options the other way round ("Y or X" for "X or Y"): the drafts keep the answer
    first and second equally often."""
    first, second = cand["options"]
    comp = cand["computation"]
    return {**cand, "query": cand["query"].replace(f"{first} or {second}", f"{second} or {first}", 1),
            "options": [second, first], "computation": {**comp, "choice": comp["choice"][::-1]}}


def pair_key(what: str, one: Profile, other: Profile) -> str:
    """One question per two works, whichever is the answer: "Which film, X or Y, had a director born in 1900?" and
    "Which film, Y or X, had a director born in 1905?" ask one thing twice, as do "Which painting, A or D, is in the
    same collection as X?" and "Which painting, X or E, is in the same collection as A?"."""
    return f"{what} | " + " | ".join(sorted((one.doc_id, other.doc_id)))


def which(kind: str, choice: str, rest: str) -> str:
    """"Which film, X or Y, had a director born in 1900?": the options right after the kind, so a title of the
    question's own ("the same director as Target Zero") is never read as a third option."""
    return f"Which {kind}, {choice}, {rest}?"
