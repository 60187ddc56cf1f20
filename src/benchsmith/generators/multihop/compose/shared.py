"""Inference over an entity two articles share: the answer is a work found only through a fact of another work.

Collections of articles that never name each other (one article per painting) still share
entities: two paintings by one artist, two films by one director. The question identifies
the answer by two constraints read from two documents (MultiHop-RAG's inference type):

    Which painting did the artist of the 1865 painting held by the Smithsonian American Art Museum
    complete in 1864?

- The shared entity (the creator) is read from the anchor work's document X; the answer's own
  attribute (its year, or the collection that holds it) from the answer's document A.
- The anchor is described by its year and collection, never by title, where that description picks
  it out corpus-wide; otherwise it is named.
- The answer is unique corpus-wide: no other document states the creator with that attribute.
- Neither article names the other, and the anchor's article does not state the asked value, so the
  answer's article alone does not tell that it shares the entity with the anchor: the hop through X is needed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.naming import creator_link, creator_noun, work_reference
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.text import contains_phrase
from benchsmith.types import Document

# What the creator did in a year: a director makes a film (a studio releases it); a band releases its album
YEAR_VERBS = {"painting": "paint", "film": "make", "novel": "publish", "book": "publish", "album": "release",
              "song": "release", "opera": "compose", "documentary": "make", "poem": "write", "play": "write"}
# Kinds of work a museum holds as the work itself: an archive "holding" a film keeps a print, one of many.
COLLECTED_KINDS = frozenset({"painting", "sculpture", "drawing", "etching", "watercolour", "watercolor"})
HOME_VERBS = ("is held by the {home}", "hangs in the {home}", "belongs to the {home}")


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


def _unique(index: PhraseIndex, doc_id: str, phrases: Sequence[str], kind: str) -> bool:
    """Whether `doc_id` is the only document of this kind stating every phrase."""
    return {d for d in index.stating(*phrases) if re.search(rf"\b{kind}", index.texts[d])} == {doc_id}



def describe_work(x: Profile, shared: str, texts: PhraseIndex) -> tuple[str, list[Value], list[str]] | None:
    """The anchor work described without its title, by two facts other than the shared one, when only its
    document states them together: "the 1865 painting held by the National Gallery of Art" (shared creator),
    "the 1865 painting by Jean-Baptiste-Camille Corot" (shared collection); else None (the work is named)."""
    if x.year is None or x.year.year is None or x.kind in (None, "person"):
        return None
    year = str(x.year.year)
    if shared == "creator" and x.home is not None:
        if _unique(texts, x.doc_id, [year, x.home.text], x.kind):
            return f"the {year} {x.kind} held by the {x.home.text}", [x.year, x.home], [year, x.home.text]
    creator = creator_link(x)
    if shared == "home" and creator is not None:
        _role, who, value = creator
        if _unique(texts, x.doc_id, [year, _surname(who)], x.kind):
            return f"the {year} {x.kind} by {who}", [x.year, value], [year, who]
    return None


def describe_for_comparison(y: Profile, compared: str, texts: PhraseIndex) -> tuple[str, list[Value], list[str]] | None:
    """A compared work described by two facts the question does not ask about, when only its document states
    them together: "the 1848 painting held by the Tate" (a same-creator question), "the Thomas Cole painting
    held by the Tate" (a year comparison); else None (the work is named by its title). One fact alone ("the
    painting held by the Tate") would be unique in the corpus but not in the world. Titles on both sides of
    a comparison make retrieval trivial."""
    if y.kind in (None, "person"):
        return None
    if compared == "creator":
        return describe_work(y, "creator", texts)
    creator = creator_link(y)
    if y.home is None or creator is None or len(y.home.text.split()) < 2 or _ambiguous_home(y.home.text, texts):
        return None
    _role, who, value = creator
    if not _unique(texts, y.doc_id, [y.home.text, _surname(who)], y.kind):
        return None
    return f"the {who} {y.kind} held by the {y.home.text}", [value, y.home], [who, y.home.text]


def _phrase(kind: str, shared: str, role: str, ref: str, attr: str, value: str, variant: int) -> str:
    """The question for answer attribute `attr` = `value`, the answer sharing `shared` with the anchor `ref`."""
    if shared == "creator":
        noun = creator_noun(role, kind)
        who = f"the {noun} of {ref}"
        if attr == "year":
            verb = YEAR_VERBS.get(kind, "make")
            forms = (f"Which {kind} did {who} {verb} in {value}?",
                     f"Which {value} {kind} is by the same {noun} as {ref}?")
        else:
            where = HOME_VERBS[variant % len(HOME_VERBS)].format(home=value)
            forms = (f"Which {kind} by {who} {where}?",
                     f"Which {kind} {where} and shares its {noun} with {ref}?")
    elif attr == "creator":
        forms = (f"Which {kind} by {value} is in the same collection as {ref}?",
                 f"Which work by {value} is held by the museum that owns {ref}?")
    else:
        forms = (f"Which {value} {kind} is in the same collection as {ref}?",
                 f"The museum that holds {ref} also holds which {kind} from {value}?")
    return forms[variant % len(forms)]


def _reference(x: Profile, shared: str) -> str | None:
    """A work named in a question: a painting by its title after "the artist of", other works with their kind;
    a title shared outside the corpus with what picks it out, never the shared entity (see `naming.py`)."""
    hide = "creator" if shared == "creator" else ""
    return work_reference(x, hide, with_kind=(x.kind, shared) != ("painting", "creator"))


def _options(a: Profile, shared: str) -> list[tuple[str, str, list[str], Value]]:
    """The answer's own facts a question may ask by: (attribute, value as written, phrases that state it, sentence)."""
    out = []
    if a.year is not None and a.year.year is not None and str(a.year.year) in a.year.text:
        out.append(("year", str(a.year.year), [str(a.year.year)], a.year))
    if shared == "creator" and a.home is not None and len(a.home.text.split()) >= 3 and a.kind in COLLECTED_KINDS:
        out.append(("home", a.home.text, [a.home.text], a.home))
    creator = creator_link(a)
    if shared == "home" and creator is not None:
        out.append(("creator", creator[1], [_surname(creator[1])], creator[2]))
    return out


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


@dataclass(frozen=True)
class Route:
    """Anchor work X and answer work A sharing `entity`; A picked out by its `attr` = `value` among the works
    sharing it. X is named by `ref` (a description or its name) with the sentences and anchors that state it."""

    x: Profile
    a: Profile
    shared: str  # "creator" or "home"
    role: str
    entity: str
    attr: str
    value: str
    evidence: tuple  # ((profile, Value), ...): X's sentences, then A's
    ref: str
    anchors: tuple[str, ...]
    described: bool


def shared_routes(profiles: Sequence[Profile], documents: dict[str, Document]) -> list[Route]:
    """Every route that passes the checks in the module doc, in a stable order (callers shuffle)."""
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
        key = _surname(entity) if shared == "creator" else entity
        for x, x_link in works:
            described = describe_work(x, shared, index)
            for a, a_link in works:
                if a.doc_id == x.doc_id or a.kind != x.kind or a.name == x.name:
                    continue
                if _has(texts[x.doc_id], a.name) or _has(texts[a.doc_id], x.name):
                    continue  # one article names the other: not the shared-entity hop
                for attr, value, stated, value_src in _options(a, shared):
                    if attr == "home" and _ambiguous_home(value, index):
                        continue
                    if all(_has(texts[x.doc_id], ph) for ph in stated):
                        continue  # the anchor's article states the asked value too: two answers
                    # Unique corpus-wide: no other document states the shared entity with this value.
                    if any(not _has(texts[d], a.name) for d in index.stating(key, *stated) - {a.doc_id, x.doc_id}):
                        continue
                    if _unique(index, a.doc_id, stated, a.kind):
                        continue  # the asked value alone picks the answer out: the hop through X adds nothing
                    ref, x_cited, anchors = (described if described is not None
                                             else (_reference(x, shared), [], [x.name]))
                    if ref is None:
                        continue
                    x_values = [x_link, *(v for v in x_cited if v.start != x_link.start)]
                    a_values = [a_link, *([value_src] if value_src.start != a_link.start else [])]
                    evidence = (*((x, v) for v in {v.start: v for v in x_values}.values()),
                                *((a, v) for v in {v.start: v for v in a_values}.values()))
                    out.append(Route(x, a, shared, role, entity, attr, value, evidence, ref, tuple(anchors),
                                     described is not None))
    return out


def shared_entity_candidates(profiles: Sequence[Profile], documents: dict[str, Document],
                             routes: Sequence[Route] | None = None) -> list[dict]:
    """Inference questions whose answer is the work A of each route."""
    out = []
    for r in shared_routes(profiles, documents) if routes is None else routes:
        variant = sum(map(ord, r.x.doc_id + r.a.doc_id + r.attr))
        out.append({
            "type": "inference_query", "query": _phrase(r.a.kind, r.shared, r.role, r.ref, r.attr, r.value, variant),
            "answer": r.a.name, "evidence": list(r.evidence), "anchors": [*r.anchors, r.value], "bridge": r.entity,
            "template": f"inference.shared_{r.role}.{r.attr}" + (".described" if r.described else ""),
            "computation": {"op": "shared_entity", "relation": r.role, "attribute": r.attr, "value": r.value,
                            "bridge": r.entity, "anchor_work": r.x.name, "answer": r.a.name},
        })
    return out


def _bridge_phrase(r: Route, asked: str) -> str:
    """The question for A's `asked` fact, A described through X and its own `attr`."""
    kind, verb = r.a.kind, YEAR_VERBS.get(r.a.kind, "make")
    if r.shared == "creator":
        who = f"the {creator_noun(r.role, r.x.kind)} of {r.ref}"
        if r.attr == "year":  # asked: home
            return f"Which museum holds the {kind} that {who} made in {r.value}?"
        return f"In what year did {who} {verb} the {kind} now held by the {r.value}?"
    if r.attr == "year":  # asked: creator
        return f"Who painted the {r.value} {kind} in the same collection as {r.ref}?" if kind == "painting" else \
            f"Who made the {r.value} {kind} in the same collection as {r.ref}?"
    return f"In what year was the {kind} by {r.value} that shares a collection with {r.ref} made?"


def shared_bridge_candidates(profiles: Sequence[Profile], documents: dict[str, Document],
                             routes: Sequence[Route] | None = None) -> list[dict]:
    """HotpotQA-style bridge questions over each route: A is described through X (the shared entity) and its own
    fact `attr`, and another fact of A is asked (its collection, year or creator), which only A's article states."""
    out = []
    for r in shared_routes(profiles, documents) if routes is None else routes:
        for asked, answer, _stated, source in _options(r.a, r.shared):
            if asked == r.attr or asked == "home" and r.shared == "home":
                continue
            x_text = documents[r.x.doc_id].text
            if _has(x_text, answer) or answer in r.anchors:
                continue  # the anchor's article states the answer: one document would do
            evidence = [*r.evidence, *([(r.a, source)] if all(source.start != v.start for _, v in r.evidence) else [])]
            out.append({
                "type": "bridge_query", "query": _bridge_phrase(r, asked), "answer": answer, "evidence": evidence,
                "anchors": [*r.anchors, r.value], "bridge": r.a.name,
                "template": f"bridge.shared_{r.role}.{r.attr}.{asked}" + (".described" if r.described else ""),
                "computation": {"op": "shared_bridge", "relation": r.role, "attribute": asked, "via": r.attr,
                                "value": r.value, "shared": r.entity, "anchor_work": r.x.name, "bridge": r.a.name,
                                "answer": answer},
            })
    return out
