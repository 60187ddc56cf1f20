"""Inverse questions: the answer is a work, reached only through the year another article gives its creator.

    Which 1958 film was directed by someone born in 1900?     -> Fortunella (the film's article names its
                                                                 director; his article gives his birth)

The answer must be the only one the corpus allows: every director of the corpus is a rival, and a bridge whose own
article could date another of their works that year (or answer alone) is not asked.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence

from benchsmith.generators.multihop.compose.links import Link
from benchsmith.generators.multihop.compose.profiles import Value
from benchsmith.generators.multihop.compose.questions import ROLE_VERB, cited_year, role_noun


def _inference_phrase(link: Link, attr: str, value: Value) -> str | None:
    """Only works (a film, a painting) with their own year: "Which 1995 film was directed by someone who died in
    1996?". Kin ("Whose father died in 1524?") have too many answers in the world to ask this way."""
    if link.role not in ROLE_VERB or link.a.kind in (None, "person") or cited_year(link) is None:
        return None  # the question's year must be in the sentence it cites (not elsewhere in the article)
    year, kind, noun = cited_year(link), link.a.kind, role_noun(link) or link.role
    event = "born" if attr == "born" else "who died"
    someone = f"someone born in {value.year}" if attr == "born" else f"someone who died in {value.year}"
    if link.role == "composer":
        return f"Which {year} {kind} has music composed by {someone}?"
    forms = (f"Which {year} {kind} was {ROLE_VERB[link.role]} by {someone}?",
             f"Which {kind} from {year} had a {noun} {event} in {value.year}?")
    return forms[sum(map(ord, link.a.doc_id + link.b.doc_id)) % len(forms)]  # stable for a pair, varied across pairs


def _career_covers(text: str, year: int) -> bool:
    """Whether a person's article states the year, or a span of years holding it ("directed 107 films between 1910
    and 1924"): another of their works may be of that year, and the article alone may name the answer."""
    if re.search(rf"(?<!\d){year}(?!\d)", text):
        return True
    return any(int(a) <= year <= int(b) for a, b in re.findall(r"(?:between|from)\s+(\d{4})\s+(?:and|to)\s+(\d{4})", text))


def inference_candidates(links: Sequence[Link], texts: Mapping[str, str] | None = None) -> list[dict]:
    """Questions whose answer is A, reached only through the year B gives for the bridge.

    The (role, kind, work year, attribute, year) key must be held by one link alone, every link of the corpus
    counting as a rival (a director with several films in the corpus too), and the bridge must have no other work
    in the corpus nor, where `texts` gives the bridge's article, a career that covers the work's year.
    """
    works_of = defaultdict(set)
    for link in links:
        works_of[(link.role, link.b.doc_id)].add(link.a.doc_id)
    keyed: dict[tuple, list[tuple[Link, str, Value]]] = defaultdict(list)
    for link in links:
        for attr in ("born", "died"):
            v = getattr(link.b, attr)
            if v is not None and v.year is not None:
                keyed[(link.role, link.a.kind, link.a.year.year if link.a.year else None, attr, v.year)].append((link, attr, v))
                # A work whose year is not in the cited sentence is still a rival answer for its key: keyed above.
    out = []
    for key in sorted(keyed, key=str):
        group = keyed[key]
        if len(group) != 1:
            continue
        link, attr, value = group[0]
        if len(works_of[(link.role, link.b.doc_id)]) != 1:
            continue
        if texts is not None and link.a.year is not None and link.a.year.year is not None \
                and _career_covers(texts.get(link.b.doc_id, ""), link.a.year.year):
            continue
        query = _inference_phrase(link, attr, value)
        if query is None:
            continue
        out.append({
            "type": "inference_query", "query": query, "answer": link.a.name,
            "evidence": [(link.a, link.evidence), (link.b, value)], "anchors": [str(value.year)], "bridge": link.b.name,
            "template": f"inference.{link.role}.{attr}",
            "computation": {"op": "inverse_bridge", "relation": link.role, "attribute": attr, "year": value.year,
                            "bridge": link.b.name, "answer": link.a.name},
        })
    return out
