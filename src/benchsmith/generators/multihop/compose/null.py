"""Null queries built from the corpus's own name parts: a first name and a surname that each occur in the
corpus but never together, asked about in the shape the corpus's real questions take.

The name must be absent corpus-wide (`phrase_occurs`), and the null validator also rules out
fuzzy matches and names in the top retrieved chunks. A real source of the corpus is cited
when the corpus has several sources (a newswire); nothing is invented but the pairing.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence

from benchsmith.generators.multihop.models import Draft
from benchsmith.generators.multihop.queries.null import NULL_ANSWER

_NAME_WORD = re.compile(r"^[A-Z][a-z]{2,}$")
_NOT_FIRST_NAMES = frozenset("The Van Von Der Den Saint Sir Lord Lady King Queen Prince Princess Duke Count Pope".split())
PERSON_TEMPLATES = (
    "When was {name} born?",
    "When did {name} die?",
    "What nationality was the father of {name}?",
    "Which {kind} was {made} by {name}?",
    "Who was the wife of {name}?",
    "Was {name} born before {other}?",
)
THING_TEMPLATES = (
    "What is {name} used for?",
    "When was {name} introduced?",
    "Which permissions does {name} require?",
)
SOURCED_TEMPLATES = (
    "According to {source}, which company did {name} join?",
    "What role did {name} take on, as reported by {source}?",
)


def name_parts(names: Sequence[str]) -> tuple[list[str], list[str]]:
    """First names and surnames of two-or-three-word names, most common first (ties alphabetical)."""
    firsts: Counter[str] = Counter()
    lasts: Counter[str] = Counter()
    for n in names:
        parts = n.split()
        if 2 <= len(parts) <= 3 and all(_NAME_WORD.match(p) for p in parts) and parts[0] not in _NOT_FIRST_NAMES:
            firsts[parts[0]] += 1
            lasts[parts[-1]] += 1
    order = lambda c: [w for w, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))]  # noqa: E731
    return order(firsts), order(lasts)


def thing_parts(names: Sequence[str]) -> tuple[list[str], list[str]]:
    """Brand words and the feature names that follow them ("Amazon" / "Deep Archive").

    A brand word leads at least BRAND_MIN_NAMES distinct names (a word leading one or two names,
    "Availability Zones", is part of a term, not a brand); tails are what follows a brand word,
    so an invented pairing reads like a real product ("Amazon Parquet"), not like a fragment.
    """
    split = []
    for n in dict.fromkeys(names):
        parts = n.split()
        if 2 <= len(parts) <= 4 and re.match(r"^[A-Z][A-Za-z0-9]+$", parts[0]) and parts[0] not in _NOT_FIRST_NAMES \
                and all(re.match(r"^[A-Z][\w\-]+$", p) for p in parts):
            split.append((parts[0], " ".join(parts[1:])))
    lead = Counter(h for h, _ in split)
    brands = {h for h, k in lead.items() if k >= BRAND_MIN_NAMES}
    tails = Counter(t for h, t in split if h in brands and t.split()[0] not in brands)
    order = lambda c: [w for w, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))]  # noqa: E731
    return order(Counter({h: lead[h] for h in brands})), order(tails)


BRAND_MIN_NAMES = 3


def build_thing_null(things: Sequence[str], index, rng: random.Random, *, enabled: bool = False) -> Draft | str:
    """A null query about a product or feature whose name pairs a real leading word with a real trailing one.

    Off by default: a brand word with another brand's feature ("Amazon Key Management Service" beside the
    corpus's "AWS Key Management Service") is usually another name of a real, documented product, so the
    corpus does answer it. Without people to build names from, a corpus gets no null queries
    ("no_safe_null_names"), rather than wrong ones.
    """
    if not enabled:
        return "no_safe_null_names"
    heads, tails = thing_parts(things)
    if len(heads) < 2 or len(tails) < 3:
        return "too_few_name_parts"
    name = f"{heads[rng.randrange(min(len(heads), 8))]} {tails[rng.randrange(min(len(tails), 200))]}"
    if index.phrase_occurs(name):
        return "name_occurs"
    i = rng.randrange(len(THING_TEMPLATES))
    return Draft(
        query=THING_TEMPLATES[i].format(name=name), answer=NULL_ANSWER, question_type="null_query", claims=(),
        bridge_entity=None, bridge_topic=None, keywords=(name,), null_entities=(name,), null_sources=(),
        computation={"op": "null", "invented": [name]}, template=f"null.thing.{i}",
    )


def build_corpus_null(names: Sequence[str], sources: Sequence[str], real_people: Sequence[str], index,
                      rng: random.Random, things: Sequence[str] = (), work: tuple[str, str] = ("film", "directed")
                      ) -> Draft | str:
    """One null query, or the reason none could be built this try."""
    firsts, lasts = name_parts(names)
    if len(firsts) < 8 or len(lasts) < 8:
        return build_thing_null(things, index, rng)
    first = firsts[rng.randrange(min(len(firsts), 200))]
    last = lasts[rng.randrange(min(len(lasts), 200))]
    name = f"{first} {last}"
    if first == last or index.phrase_occurs(name) or index.phrase_occurs(f"{last}, {first}"):
        return "name_occurs"
    if any(index.phrase_occurs(f"{w} {last}") for w in ("in", "from")):
        return "surname_is_a_place"  # "Carlo Poland": the corpus writes "in Poland"
    if len(sources) >= 2 and rng.random() < 0.5:
        source = sources[rng.randrange(len(sources))]
        i = rng.randrange(len(SOURCED_TEMPLATES))
        query = SOURCED_TEMPLATES[i].format(name=name, source=source)
        template = f"null.sourced.{i}"
    else:
        i = rng.randrange(len(PERSON_TEMPLATES))
        other = real_people[rng.randrange(len(real_people))] if real_people else ""
        if "{other}" in PERSON_TEMPLATES[i] and not other:
            return "no_real_person"
        query = PERSON_TEMPLATES[i].format(name=name, other=other, kind=work[0], made=work[1])
        template = f"null.person.{i}"
    return Draft(
        query=query, answer=NULL_ANSWER, question_type="null_query", claims=(), bridge_entity=None, bridge_topic=None,
        keywords=(name,), null_entities=(name,), null_sources=(),
        computation={"op": "null", "invented": [name], "from_parts": [first, last]}, template=template,
    )
