"""The real people an invented person's name is taken from.

"Elizabeth Angel" and "Denise Stevenson" in one benchmark, built from the corpus's "Elizabeth Stevenson" and
"Denise Angel", show the reader the recombination; two parts never reused alone do not prevent it. A null
records the people its parts come from, so a run can refuse a second invented name drawn on any of them.

Only a distinctive part names its source: a part held by at most MAX_BEARERS people ("Stevenson") points at
them, where a given name twenty people hold ("John") points at no one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from benchsmith.generators.multihop.models import Draft

MAX_BEARERS = 2


def part_bearers(people: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Each word of the people's names, with the distinct people whose name holds it in any position: a middle
    name ("Rory Elizabeth Kennedy") is as visible to a reader as a first name."""
    bearers: dict[str, list[str]] = defaultdict(list)
    for person in dict.fromkeys(people):
        for word in dict.fromkeys(person.split()):
            bearers[word].append(person)
    return {word: tuple(held_by) for word, held_by in bearers.items()}


def source_people(parts: Sequence[str], bearers: Mapping[str, Sequence[str]]) -> list[str]:
    """The people the distinctive `parts` of an invented name come from, in the order of the parts."""
    sources: list[str] = []
    for part in parts:
        held_by = bearers.get(part, ())
        if len(held_by) <= MAX_BEARERS:
            sources.extend(p for p in held_by if p not in sources)
    return sources


def invented_parts(draft: Draft) -> set[str]:
    """The invented parts of a person's name (a product name pairs real feature words, few in a manual, and
    repeats none of its pairings: a feature word may recur as a surname may not)."""
    parts = list(draft.computation.get("from_parts") or [])
    return set() if draft.template.startswith(("null.thing", "null.field")) else set(parts)


@dataclass
class DrawnNames:
    """The invented names a run has asked about, with the name parts and real people they were drawn from."""

    names: set[tuple[str, ...]] = field(default_factory=set)
    parts: set[str] = field(default_factory=set)
    people: set[str] = field(default_factory=set)

    def admit(self, draft: Draft) -> bool:
        """Record `draft`'s invented name unless the run asked about it already or it reuses a part or a source
        person: "Dennis Magnus" beside "Olaus Magnus", or "Elizabeth Angel" beside "Denise Stevenson" (from
        "Elizabeth Stevenson" and "Denise Angel"), read as a pattern, not as two people."""
        name, parts = tuple(draft.null_entities), invented_parts(draft)
        people = set(draft.computation.get("from_people") or ())
        if name in self.names or parts & self.parts or people & self.people:
            return False
        self.names.add(name)
        self.parts.update(parts)
        self.people.update(people)
        return True
