"""Inference over an entity two articles share, asked as a choice: the answer is a work found only through its
creator (or collection) read from another work's article, named beside a decoy that does not share it.

Collections of articles that never name each other (one article per painting) still share entities: two
paintings by one artist, two films by one director:

    Which film, A Day of Fury or The Kettles in the Ozarks, is by the same director as Target Zero?

- The shared entity is read from the anchor work X's article and from the answer A's; the decoy's article names
  another creator (or collection) and never the shared one.
- Neither X's nor A's article names the other, so A's article alone does not tell that it shares the entity with X.
- Asked without options ("Which 1956 film is by the same director as Target Zero?"), the answer is unique only
  inside the corpus: a director makes several films a year, a museum holds many paintings of one year
  (`inference_choice.py`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.inference_choice import ByYear, Decoys, options, pair_key, stable, which
from benchsmith.generators.multihop.compose.naming import creator_link, creator_noun, work_reference
from benchsmith.generators.multihop.compose.origins import Origins
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.text import contains_phrase
from benchsmith.types import Document

# Kinds of work a museum holds as the work itself: an archive "holding" a film keeps a print, one of many.
COLLECTED_KINDS = frozenset({"painting", "sculpture", "drawing", "etching", "watercolour", "watercolor"})


def _surname(name: str) -> str:
    return name.split()[-1]


def _has(text: str, phrase: str) -> bool:
    return contains_phrase(text, phrase)


class PhraseIndex:
    """The documents stating every one of some phrases (whole words, any case), through a word index: the
    rival checks run once per candidate pair, and a scan of a 6,000-article corpus each time is too slow."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts
        self.by_word: dict[str, set[str]] = {}
        for d, t in texts.items():
            for w in set(re.findall(r"\w+", t.lower())):
                self.by_word.setdefault(w, set()).add(d)

    def stating(self, *phrases: str) -> set[str]:
        words = [w for ph in phrases for w in re.findall(r"\w+", ph.lower())]
        if not words:
            return set()
        docs = set.intersection(*(self.by_word.get(w, set()) for w in words))
        return {d for d in docs if all(_has(self.texts[d], ph) for ph in phrases)}


def _groups(profiles: Sequence[Profile], texts: dict[str, str]) -> dict[tuple[str, str, str], list[tuple[Profile, Value]]]:
    """(shared kind, role, value) -> the works stating it, with the sentence that does."""
    out: dict[tuple[str, str, str], list[tuple[Profile, Value]]] = {}
    for p in profiles:
        if p.kind in (None, "person"):
            continue
        creator = creator_link(p)
        if creator is not None and creator[1][:1].isupper() and _has(texts.get(p.doc_id, ""), creator[1]):
            out.setdefault(("creator", creator[0], creator[1]), []).append((p, creator[2]))
        if p.home is not None and len(p.home.text.split()) >= 3 and p.kind in COLLECTED_KINDS:
            out.setdefault(("home", "home", p.home.text), []).append((p, p.home))
    return out


def _ambiguous_home(home: str, index: PhraseIndex) -> bool:
    """"National Gallery" when the corpus also names "National Gallery of Art": a collection named by the
    beginning of another's name is not one place."""
    return any(re.search(re.escape(home) + r"\s+of\s+[A-Z]", index.texts[d]) for d in index.stating(home))


def _reference(x: Profile, shared: str) -> str | None:
    """A work named in a question: a painting by its title after "the artist of", other works with their kind;
    a title shared outside the corpus with what picks it out, never the shared entity (see `naming.py`)."""
    hide = "creator" if shared == "creator" else ""
    return work_reference(x, hide, with_kind=(x.kind, shared) != ("painting", "creator"))


@dataclass(frozen=True)
class Route:
    """Anchor work X and answer work A sharing `entity` (a creator of `role`, or a collection), with the sentence
    of each article that states it."""

    x: Profile
    a: Profile
    shared: str  # "creator" or "home"
    role: str
    entity: str
    x_said: Value
    a_said: Value


def shared_routes(profiles: Sequence[Profile], documents: dict[str, Document]) -> list[Route]:
    """Every pair of works of one kind sharing a creator or a collection whose articles do not name each other,
    in a stable order (callers shuffle)."""
    texts = {d: doc.text for d, doc in documents.items()}
    groups = {k: list({p.doc_id: (p, v) for p, v in ws}.values()) for k, ws in sorted(_groups(profiles, texts).items())}
    groups = {k: ws for k, ws in groups.items() if len(ws) >= 2}
    if not groups:
        return []
    index = PhraseIndex(texts)
    out = []
    for (shared, role, entity), works in groups.items():
        if shared == "home" and _ambiguous_home(entity, index):
            continue
        for x, x_said in works:
            for a, a_said in works:
                if a.doc_id == x.doc_id or a.kind != x.kind or a.name == x.name:
                    continue
                if _has(texts[x.doc_id], a.name) or _has(texts[a.doc_id], x.name):
                    continue  # one article names the other: not the shared-entity hop
                out.append(Route(x, a, shared, role, entity, x_said, a_said))
    return out


def _phrase(r: Route, ref: str, choice: str) -> str:
    if r.shared == "creator":
        noun = creator_noun(r.role, r.a.kind)
        forms = (f"is by the same {noun} as {ref}", f"shares its {noun} with {ref}")
    else:
        hangs = "hangs" if r.a.kind == "painting" else "is held"  # a sculpture stands
        forms = (f"is in the same collection as {ref}", f"{hangs} in the same museum as {ref}")
    return which(r.a.kind, choice, forms[stable(r.x.doc_id + r.a.doc_id) % len(forms)])


def shared_entity_candidates(profiles: Sequence[Profile], documents: dict[str, Document],
                             routes: Sequence[Route] | None = None, origins: Origins | None = None) -> list[dict]:
    """Inference questions whose answer is the work A of each route, named beside a decoy of A's kind that another
    creator made (or another collection holds) and whose article never names the shared entity nor X."""
    texts = {d: doc.text for d, doc in documents.items()}
    works: dict[tuple[str, str, str | None], list[tuple[Profile, tuple, Value]]] = {}
    for k, ws in sorted(_groups(profiles, texts).items()):
        for p, v in ws:
            works.setdefault((k[0], k[1], p.kind), []).append((p, k, v))
    finder, by_year = Decoys(origins or Origins(texts, profiles)), {k: ByYear(ws, lambda w: w[0]) for k, ws in works.items()}
    out = []
    for r in shared_routes(profiles, documents) if routes is None else routes:
        ref = _reference(r.x, r.shared)
        if ref is None:
            continue
        key = _surname(r.entity) if r.shared == "creator" else r.entity
        near = by_year[(r.shared, r.role, r.a.kind)].near(r.a.year.year if r.a.year is not None else None)
        pool = [w for w in near if w[1][2] != r.entity and w[0].doc_id != r.x.doc_id]

        def unrelated(w: tuple, r: Route = r, key: str = key) -> bool:
            p = w[0]
            return not (_has(texts[p.doc_id], key) or _has(texts[p.doc_id], r.x.name) or _has(texts[r.x.doc_id], p.name))

        for decoy, (_s, _role, other), said in finder.pick(r.a, pool, lambda d: d[0], unrelated):
            named = options(r.a, decoy, "creator" if r.shared == "creator" else "")
            if named is None:
                continue
            choice, names, refs = named
            out.append({
                "type": "inference_query", "query": _phrase(r, ref, choice), "answer": r.a.name,
                "evidence": [(r.x, r.x_said), (r.a, r.a_said), (decoy, said)], "anchors": [r.x.name], "bridge": r.entity,
                "options": refs, "key": pair_key(f"shared {r.entity}", r.x, r.a), "hop": ("shared", r.x.doc_id, r.entity),
                "template": f"inference.shared_{r.role}.choice",
                "computation": {"op": "shared_entity", "relation": r.role, "bridge": r.entity, "anchor_work": r.x.name,
                                "answer": r.a.name, "choice": names, "decoy": {"work": decoy.name, "entity": other}},
            })
    return out
