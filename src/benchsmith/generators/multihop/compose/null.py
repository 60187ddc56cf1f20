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
PERSON_TEMPLATES = (
    "When was {name} born?",
    "When did {name} die?",
    "What nationality was the father of {name}?",
    "Which film was directed by {name}?",
    "Who was the wife of {name}?",
    "Was {name} born before {other}?",
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
        if 2 <= len(parts) <= 3 and all(_NAME_WORD.match(p) for p in parts):
            firsts[parts[0]] += 1
            lasts[parts[-1]] += 1
    order = lambda c: [w for w, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))]  # noqa: E731
    return order(firsts), order(lasts)


def build_corpus_null(names: Sequence[str], sources: Sequence[str], real_people: Sequence[str], index,
                      rng: random.Random) -> Draft | str:
    """One null query, or the reason none could be built this try."""
    firsts, lasts = name_parts(names)
    if len(firsts) < 3 or len(lasts) < 3:
        return "too_few_name_parts"
    first = firsts[rng.randrange(min(len(firsts), 200))]
    last = lasts[rng.randrange(min(len(lasts), 200))]
    name = f"{first} {last}"
    if first == last or index.phrase_occurs(name) or index.phrase_occurs(f"{last}, {first}"):
        return "name_occurs"
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
        query = PERSON_TEMPLATES[i].format(name=name, other=other)
        template = f"null.person.{i}"
    return Draft(
        query=query, answer=NULL_ANSWER, question_type="null_query", claims=(), bridge_entity=None, bridge_topic=None,
        keywords=(name,), null_entities=(name,), null_sources=(),
        computation={"op": "null", "invented": [name], "from_parts": [first, last]}, template=template,
    )
