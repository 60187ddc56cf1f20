"""How the multihop streams shape their items: drafts shortened to a readable length, Yes/No answers kept
near an even split, and the corpus's own parts for null questions."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from benchsmith.generators.multihop.compose.questions import WORK_VERBS
from benchsmith.generators.multihop.grouping import keywords_for
from benchsmith.generators.multihop.models import ClaimSet, Draft
from benchsmith.schemas.multihop import MultihopItem
from benchsmith.types import Document

MAX_QUERY_WORDS = 45  # the length aimed at: longer drafts lose their longest claims first
MAX_QUERY_WORDS_HARD = 80  # past this (long encyclopedic sentences) a draft is rejected


def build_short(builder, cs: ClaimSet, documents: dict[str, Document], rng: random.Random, min_claims: int) -> tuple[Draft | str, ClaimSet]:
    """Build a draft; while it runs past MAX_QUERY_WORDS, drop the longest claim and rebuild (down to `min_claims`).

    A draft still longer than MAX_QUERY_WORDS_HARD is rejected as "query_too_long".

    The rebuild uses a copy of `rng` taken before the first build, so the choices
    made for a set do not depend on how often it was shortened.
    """
    state = rng.getstate()
    draft = builder(cs, documents, rng)
    while isinstance(draft, Draft) and len(draft.query.split()) > MAX_QUERY_WORDS and len(cs.claims) > max(2, min_claims):
        longest = max(range(len(cs.claims)), key=lambda i: (len(cs.claims[i].text), -i))
        claims = cs.claims[:longest] + cs.claims[longest + 1 :]
        cs = ClaimSet(group=cs.group, claims=claims, keywords=keywords_for(claims, cs.group.surface))
        rng.setstate(state)
        draft = builder(cs, documents, rng)
    if isinstance(draft, Draft) and len(draft.query.split()) > MAX_QUERY_WORDS_HARD:
        return "query_too_long", cs
    return draft, cs


YES_SHARE_BOUNDS = (0.4, 0.6)
MIN_YES_NO_TO_EVEN = 10  # a share of fewer Yes/No answers says nothing: a 4-item set keeps its two "No"s


def balanced(items: Iterator[MultihopItem]) -> Iterator[MultihopItem]:
    """Items in stream order, except that a Yes (or No) answer waits until its opposite arrives; answers that
    are neither pass at once. Unpaired ones are released at the end only while the Yes share stays in bounds
    (or a single answer off an even split)."""
    waiting: dict[str, list[MultihopItem]] = {"yes": [], "no": []}
    shown = {"yes": 0, "no": 0}
    for item in items:
        key = item.answer.strip().rstrip(".").lower()
        if key not in waiting:
            yield item
            continue
        other = "no" if key == "yes" else "yes"
        if waiting[other]:
            for it in (waiting[other].pop(0), item):
                shown[it.answer.strip().rstrip(".").lower()] += 1
                yield it
        else:
            waiting[key].append(item)
    for key, queue in waiting.items():
        for item in queue:
            total = shown["yes"] + shown["no"] + 1
            yes = shown["yes"] + (key == "yes")
            # Within the bounds, or one answer off an even split (a handful of items cannot be split finer).
            if not (YES_SHARE_BOUNDS[0] <= yes / total <= YES_SHARE_BOUNDS[1] or abs(2 * yes - total) <= 1):
                break
            shown[key] += 1
            yield item


def even_yes_no(produced: dict[str, list[MultihopItem]]) -> int:
    """Drop the last items of the answer in excess (from the type holding most of them) until the Yes share of the
    whole set is within YES_SHARE_BOUNDS; each type's stream is balanced on its own (`balanced`), but a type of a
    few items (one temporal "No") can tip the whole. Returns the number dropped."""
    def answer(item: MultihopItem) -> str:
        return item.answer.strip().rstrip(".").lower()

    dropped = 0
    while True:
        counts = Counter(answer(i) for items in produced.values() for i in items)
        total = counts["yes"] + counts["no"]
        if total < MIN_YES_NO_TO_EVEN or YES_SHARE_BOUNDS[0] <= counts["yes"] / total <= YES_SHARE_BOUNDS[1]:
            return dropped
        excess = "yes" if counts["yes"] * 2 > total else "no"
        kind = max(produced, key=lambda k: (sum(answer(i) == excess for i in produced[k]), k))
        last = max(i for i, item in enumerate(produced[kind]) if answer(item) == excess)
        produced[kind] = produced[kind][:last] + produced[kind][last + 1:]
        dropped += 1


def null_names(composer, person_names, documents) -> tuple[list[str], list[str], list[str]]:
    """(names to take parts from, real sources, real people to compare with), from this corpus."""
    people = sorted({p.name for p in composer.profiles if p.kind == "person"}) if composer else []
    entity = sorted(person_names)
    counts = Counter(d.source for d in documents.values() if d.source)
    sources = sorted(s for s, n in counts.items() if n >= 2)
    # Enough people with articles: their name parts alone (entity names mix in places and groups).
    return (people if len(people) >= 20 else people + entity), sources if len(sources) >= 2 else [], people


def name_origins(composer) -> dict[str, str]:
    """Each person's nationality as their article's first sentence gives it ("Giuseppe Galasso" -> "Italian")."""
    if not composer:
        return {}
    return {p.name: p.nationality.text for p in composer.profiles if p.kind == "person" and p.nationality is not None}


def work_kind(composer) -> tuple[str, str]:
    """The corpus's most common kind of work and how one is made ("painting", "painted"), for null questions."""
    kinds = Counter(p.kind for p in composer.profiles if p.kind not in (None, "person")) if composer else Counter()
    kind = min(kinds, key=lambda k: (-kinds[k], k)) if kinds else "film"
    return kind, WORK_VERBS.get(kind, ("made", "made"))[1]


def computation_of(item: MultihopItem) -> dict:
    return (item.provenance.extra or {}).get("computation", {}) if item.provenance else {}


def claim_set_ref(cs: ClaimSet | None) -> str | None:
    if cs is None:
        return None
    return f"{cs.group.kind}:{cs.group.key}:" + ",".join(c.fact.doc_id for c in cs.claims)
