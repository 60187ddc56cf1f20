"""Inverse questions: the answer is a work, told from a named decoy only through the year another article gives
its creator.

    Which film, Fortunella or Il bidone, had a director born in 1900?     -> Fortunella (its article names its
                                                                            director, his article his birth; the
                                                                            decoy's two articles give another year)

Two named options make the answer unique wherever a reader looks (see `inference_choice.py`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from benchsmith.generators.multihop.compose.inference_choice import ByYear, Decoys, options, pair_key, stable, which
from benchsmith.generators.multihop.compose.links import Link
from benchsmith.generators.multihop.compose.origins import Origins
from benchsmith.generators.multihop.compose.profiles import Value
from benchsmith.generators.multihop.compose.questions import ROLE_VERB, role_noun


def _phrase(link: Link, attr: str, year: int, choice: str) -> str:
    """"Which film, X or Y, had a director born in 1900?". Kin ("Whose father died in 1524?") are not asked: their
    links are no works."""
    kind, noun = link.a.kind, role_noun(link) or link.role
    event = "born" if attr == "born" else "who died"
    if link.role == "composer":
        return which(kind, choice, f"has music by a composer {event} in {year}")
    someone = "someone born" if attr == "born" else "someone who died"
    forms = (f"was {ROLE_VERB[link.role]} by {someone} in {year}", f"had a {noun} {event} in {year}")
    return which(kind, choice, forms[stable(link.a.doc_id + link.b.doc_id) % len(forms)])  # varied across pairs


def _dated(link: Link, attr: str) -> Value | None:
    v = getattr(link.b, attr)
    return v if v is not None and v.year is not None else None


def inference_candidates(links: Sequence[Link], texts: Mapping[str, str], origins: Origins | None = None) -> list[dict]:
    """For each work A linked to its creator B whose article dates B, A against a decoy: a work of the same kind
    whose creator (another person) is dated otherwise. Evidence: A's sentence naming B, B's date, and the same two
    for the decoy. `texts`: the articles by document id; `origins`: their works' origins, read from `texts` if not given."""
    works: dict[tuple[str, str], list[Link]] = defaultdict(list)
    for link in links:
        if link.role in ROLE_VERB and link.a.kind not in (None, "person"):
            works[(link.role, link.a.kind)].append(link)
    finder, by_year = Decoys(origins or Origins(texts)), {k: ByYear(group, lambda d: d.a) for k, group in works.items()}
    out = []
    for link in (link for group in works.values() for link in group):
        near = by_year[(link.role, link.a.kind)].near(link.a.year.year if link.a.year is not None else None)
        for attr in ("born", "died"):
            value = _dated(link, attr)
            if value is None:
                continue
            pool = [d for d in near if d.b.doc_id != link.b.doc_id
                    and d.b.name != link.b.name and (v := _dated(d, attr)) is not None and v.year != value.year]
            for decoy in finder.pick(link.a, pool, lambda d: d.a):
                named = options(link.a, decoy.a, "creator")
                if named is None:
                    continue
                choice, names, refs = named
                other = _dated(decoy, attr)
                out.append({
                    "type": "inference_query", "query": _phrase(link, attr, value.year, choice), "answer": link.a.name,
                    "evidence": [(link.a, link.evidence), (link.b, value), (decoy.a, decoy.evidence), (decoy.b, other)],
                    "anchors": [str(value.year)], "bridge": link.b.name,
                    "options": refs, "key": pair_key(f"inverse {link.role} {attr}", link.a, decoy.a),
                    "facts": [(link.b.name, attr)],
                    "template": f"inference.{link.role}.{attr}.choice",
                    "computation": {"op": "inverse_bridge", "relation": link.role, "attribute": attr, "year": value.year,
                                    "bridge": link.b.name, "answer": link.a.name, "choice": names,
                                    "decoy": {"work": decoy.a.name, "bridge": decoy.b.name, "year": other.year}},
                })
    return out
