"""A creator's life read from another work's article: bridge and inference questions through a shared creator.

In a collection of one article per work (paintings, films), no article names another's subject, but several
name one creator, and some give that creator's life span ("by Albert Bierstadt (1830–1902)"). A work whose own
article names its creator and not that life is joined, through the creator, to the article that states it:

    When was the artist of Valley of the Yosemite born?                 (bridge: answer 1830)
    Which painting, Valley of the Yosemite or The Icebergs, is by an artist born in 1830?
                                                                        (inference: answer Valley of the Yosemite)

- The life is read only right after the creator's full name or surname in a work's article whose own creator
  is that person ("by the American artist Albert Bierstadt (1830–1902)"); two articles giving one creator two
  different lives give none.
- The asked work's article never states the asked year, and the life's article never names the asked work,
  so neither article alone answers (checked again on every draft by `hops.single_document`).
- Inference answers are unique by construction: the question names the answer and a decoy whose creator's life
  the corpus states otherwise (`inference_choice.py`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from benchsmith.corpora.sentences import split_sentences
from benchsmith.generators.multihop.compose.countries import born_where
from benchsmith.generators.multihop.compose.inference_choice import Decoys, options, pair_key, which
from benchsmith.generators.multihop.compose.naming import creator_link, creator_noun, work_reference
from benchsmith.generators.multihop.compose.nationality import CONTESTABLE
from benchsmith.generators.multihop.compose.origins import Origins
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.text import contains_phrase
from benchsmith.types import Document

_SPAN = r"\s*\(\s*(?:born\s+)?(?P<born>1[0-9]{3}|20[0-2][0-9])\s*[–-]\s*(?P<died>1[0-9]{3}|20[0-2][0-9])\s*\)"


@dataclass(frozen=True)
class Life:
    creator: str
    born: int
    died: int
    source: Profile  # the work whose article states the life
    sentence: Value  # that sentence


def read_nationalities(profiles: Sequence[Profile]) -> dict[str, list[tuple[str, Profile, Value]]]:
    """Creator name -> (demonym, work, sentence) where a work's article calls its creator by a nationality
    ("by the American artist Frederic Edwin Church"); creators given two nationalities get none."""
    found: dict[str, list[tuple[str, Profile, Value]]] = defaultdict(list)
    for p in profiles:
        creator = creator_link(p)
        if creator is None or p.kind in (None, "person"):
            continue
        m = re.search(r"\bby (?:the )?(?:[a-z-]+ )*?(?P<nat>[A-Z][a-z]+(?:-[A-Z][a-z]+)?) (?:[A-Za-z-]+ ){0,3}?"
                      r"(?:artist|painter|director|writer|author|composer|filmmaker)s?,? (?:[a-z, ]+ )?" + re.escape(creator[1]),
                      creator[2].text)
        if m and _DEMONYM.match(m.group("nat")):
            found[creator[1]].append((m.group("nat"), p, creator[2]))
    return {who: fs for who, fs in found.items() if len({f[0] for f in fs}) == 1}


_DEMONYM = re.compile(r"^(?:[A-Z][a-z]+(?:an|ese|ish|ch|ic|i)|Dutch|French|Greek|Swiss|Thai)$")


@dataclass(frozen=True)
class LifeRoute:
    """Work X by `creator`, whose life `life` another work's article states."""

    x: Profile
    role: str
    creator: str
    x_creator: Value  # X's sentence naming the creator
    life: Life



def _own_creator_sentences(profiles: Sequence[Profile], documents: dict[str, Document], pattern: str, accept
                           ) -> Iterator[tuple[str, Profile, re.Match, Value]]:
    """For each work with a named creator, the first sentence of the work's own article where `pattern` (with
    `{names}` standing for the creator's full name or surname) matches and `accept(match)` holds."""
    for p in profiles:
        creator = creator_link(p)
        doc = documents.get(p.doc_id)
        if creator is None or doc is None or p.kind in (None, "person"):
            continue
        who = creator[1]
        names = "|".join(re.escape(n) for n in dict.fromkeys((who, who.split()[-1])))
        for span in split_sentences(doc.text):
            m = re.search(pattern.replace("{names}", names), doc.text[span.start:span.end])
            if m and accept(m):
                yield who, p, m, Value(m.group(0), span.start, span.end)
                break


def read_lives(profiles: Sequence[Profile], documents: dict[str, Document]) -> dict[str, list[Life]]:
    """Creator name -> the lives works' articles state for them (one life per creator; conflicting lives dropped)."""
    found: dict[str, list[Life]] = defaultdict(list)
    for who, p, m, value in _own_creator_sentences(profiles, documents, rf"(?<![\w-])(?:{{names}}){_SPAN}",
                                                   lambda m: int(m.group("born")) < int(m.group("died"))):
        found[who].append(Life(who, int(m.group("born")), int(m.group("died")), p, value))
    return {who: lives for who, lives in found.items() if len({(lf.born, lf.died) for lf in lives}) == 1}


def _works_by_known_creator(profiles: Sequence[Profile], known) -> Iterator[tuple[Profile, str, str, Value]]:
    """(work, role, creator, sentence) for each work whose named creator is a key of `known`."""
    for x in profiles:
        creator = creator_link(x)
        if creator is not None and x.kind not in (None, "person") and creator[1] in known:
            yield x, *creator


def life_routes(profiles: Sequence[Profile], documents: dict[str, Document]) -> list[LifeRoute]:
    """Every (work, life stated elsewhere) pair whose two articles each hold one half (see the module doc)."""
    lives = read_lives(profiles, documents)
    out = []
    for x, role, who, value in _works_by_known_creator(profiles, lives):
        text = documents[x.doc_id].text
        if re.search(rf"\b(?:{lives[who][0].born}|{lives[who][0].died})\b", text):
            continue  # the work's own article gives the life (or one of its years): one article would do
        # Every article stating the life is a route: one may already be cited as often as a document may be.
        out += [LifeRoute(x, role, who, value, life) for life in lives[who]
                if life.source.doc_id != x.doc_id and not contains_phrase(documents[life.source.doc_id].text, x.name)]
    return out


_PLACE = r"[A-Z][\w'’\-]*(?:\s+(?:upon\s+|on\s+|de\s+|am\s+)?[A-Z][\w'’\-]*){0,2}"
_MONTHS = re.compile(r"^(?:January|February|March|April|May|June|July|August|September|October|November|December)\b")


def read_birthplaces(profiles: Sequence[Profile], documents: dict[str, Document]
                     ) -> dict[str, list[tuple[str, Profile, Value, int | None]]]:
    """Creator name -> (place, work, sentence, birth year where the sentence gives it) where a work's article says
    where its own creator was born ("Albert Bierstadt (1830–1902) was born in Germany", "John Constable was born in
    Suffolk"); creators given two birthplaces get none."""
    found: dict[str, list[tuple[str, Profile, Value, int | None]]] = defaultdict(list)
    pattern = (rf"(?<![\w-])(?:{{names}})(?:{_SPAN})?,? was born (?:in \d{{4}} )?in (?P<place>{_PLACE}(?:, {_PLACE})?)"
               r"(?![\w'’-])")
    for who, p, m, value in _own_creator_sentences(profiles, documents, pattern,
                                                   lambda m: not _MONTHS.match(m.group("place"))):
        born = int(m.group("born")) if m.group("born") else None
        found[who].append((m.group("place"), p, value, born))
    return {who: fs for who, fs in found.items() if len({f[0] for f in fs}) == 1}


def birthplace_bridge_candidates(profiles: Sequence[Profile], documents: dict[str, Document]) -> list[dict]:
    """"Where was the artist of X born?": X's article names the artist and not the place; another work's article
    says where the same artist was born (HotpotQA's most common bridge)."""
    places = read_birthplaces(profiles, documents)
    out = []
    for x, role, who, value in _works_by_known_creator(profiles, places):
        place = places[who][0][0]
        if contains_phrase(documents[x.doc_id].text, place.split(",")[0]):
            continue
        anchor = anchor_work(x, value)
        born = next((b for *_, b in places[who] if b), None)
        asked = born_where(f"the {creator_noun(role, x.kind)} of {anchor.ref}", place, born) if anchor else None
        for _place, p, sentence, _born in places[who]:
            if p.doc_id == x.doc_id or contains_phrase(documents[p.doc_id].text, x.name) or asked is None:
                continue
            out.append({
                "type": "bridge_query", "query": asked, "answer": place,
                "evidence": [*anchor.evidence, (p, sentence)], "anchors": list(anchor.anchors), "bridge": who,
                "hop": (x.doc_id, who),
                "template": "bridge.creator_elsewhere.birthplace",
                "computation": {"op": "bridge_attribute", "relation": role, "attribute": "birthplace", "bridge": who,
                                "via": p.name, "answer": place},
            })
    return out


def nationality_bridge_candidates(profiles: Sequence[Profile], documents: dict[str, Document]) -> list[dict]:
    """"What nationality was the artist of X?": X's article names the artist and no nationality at all; another
    work's article calls the same artist by one."""
    nationalities = read_nationalities(profiles)
    out = []
    for x, role, who, value in _works_by_known_creator(profiles, nationalities):
        nat = nationalities[who][0][0]
        if nat in CONTESTABLE or re.search(rf"\b{nat}\b", documents[x.doc_id].text):
            continue  # "English" for Constable is answered "British" as rightly
        source = next(((p, v) for _n, p, v in nationalities[who] if p.doc_id != x.doc_id
                       and not contains_phrase(documents[p.doc_id].text, x.name)), None)
        anchor = anchor_work(x, value)
        if source is None or anchor is None:
            continue
        out.append({
            "type": "bridge_query", "query": f"What nationality was the {creator_noun(role, x.kind)} of {anchor.ref}?", "answer": nat,
            "evidence": [*anchor.evidence, source], "anchors": list(anchor.anchors), "bridge": who, "hop": (x.doc_id, who),
            "template": "bridge.creator_elsewhere.nationality",
            "computation": {"op": "bridge_attribute", "relation": role, "attribute": "nationality", "bridge": who,
                            "via": source[0].name, "answer": nat},
        })
    return out


@dataclass(frozen=True)
class Anchor:
    """How a question names work X, with X's sentence naming its creator and the phrases that name X."""

    ref: str
    evidence: tuple  # ((profile, Value), ...)
    anchors: tuple[str, ...]


def anchor_work(x: Profile, creator_sentence: Value) -> Anchor | None:
    """X named by its title (with what picks it out where the title is shared, never its creator). A description
    by its facts ("the 1861 painting held by the Dallas Museum of Art") is unique in the corpus, not in the world."""
    ref = work_reference(x, "creator", with_kind=x.kind != "painting")
    return Anchor(ref, ((x, creator_sentence),), (x.name,)) if ref is not None else None


def life_bridge_candidates(routes: Sequence[LifeRoute]) -> list[dict]:
    """"When was the artist of X born?": X's article names the artist, another work's article gives the life.
    X is named as `anchor_work` names it ("the artist of Valley of the Yosemite", a painting reading as one; "the
    director of the film Hardcase")."""
    out = []
    for r in routes:
        anchor = anchor_work(r.x, r.x_creator)
        if anchor is None:
            continue
        noun, ref = creator_noun(r.role, r.x.kind), anchor.ref
        for attr, year in (("born", r.life.born), ("died", r.life.died)):
            query = f"When was the {noun} of {ref} born?" if attr == "born" else f"When did the {noun} of {ref} die?"
            out.append({
                "type": "bridge_query", "query": query, "answer": str(year),
                "evidence": [*anchor.evidence, (r.life.source, r.life.sentence)], "anchors": list(anchor.anchors),
                "bridge": r.creator, "template": f"bridge.creator_life.{attr}", "hop": (r.x.doc_id, r.creator),
                "facts": [(r.creator, attr)],
                "life": (r.creator, attr),
                "computation": {"op": "bridge_attribute", "relation": r.role, "attribute": attr, "bridge": r.creator,
                                "via": r.life.source.name, "answer": str(year)},
            })
    return out


def life_inference_candidates(routes: Sequence[LifeRoute], profiles: Sequence[Profile],
                              documents: dict[str, Document], origins: Origins | None = None) -> list[dict]:
    """"Which painting, A Storm in the Rocky Mountains or The Heart of the Andes, is by an artist born in 1830?": the
    answer's creator from its article, the creator's life from another; the decoy, a work of the same kind by
    another creator whose life the corpus states otherwise, with its creator's sentence and life (see
    `inference_choice.py`: without options, "Which 1866 painting is by an artist born in 1830?" has many answers)."""
    lives = read_lives(profiles, documents)
    finder = Decoys(origins or Origins({d: doc.text for d, doc in documents.items()}, profiles))
    # a decoy whose own article gives its creator's life: one article more, not two (a small collection's articles
    # are cited only so often)
    others = [(p, c, lives[c[1]][0]) for p in profiles if p.kind not in (None, "person")
              and (c := creator_link(p)) is not None and c[1] in lives and lives[c[1]][0].source.doc_id == p.doc_id]
    out = []
    for i, r in enumerate(routes):
        x = r.x
        noun = creator_noun(r.role, x.kind)
        for attr, life_year in (("born", r.life.born), ("died", r.life.died)):
            pool = [(p, c, life) for p, c, life in others if p.kind == x.kind and c[1] != r.creator
                    and getattr(life, attr) != life_year]
            for decoy, (_role, who, said), life in finder.pick(x, pool, lambda d: d[0]):
                named = options(x, decoy, "creator")
                if named is None:
                    continue
                choice, names, refs = named
                a = "an" if noun[0] in "aeiou" else "a"
                someone = f"{a} {noun} born in {life_year}" if attr == "born" else f"{a} {noun} who died in {life_year}"
                made = "painted" if x.kind == "painting" else "made"
                forms = (which(x.kind, choice, f"is by {someone}"), which(x.kind, choice, f"was {made} by {someone}"))
                decoy_evidence = {(decoy.doc_id, said.start): (decoy, said),
                                  (life.source.doc_id, life.sentence.start): (life.source, life.sentence)}
                out.append({
                    "type": "inference_query", "query": forms[(i + (attr == "died")) % len(forms)], "answer": x.name,
                    "evidence": [(x, r.x_creator), (r.life.source, r.life.sentence), *decoy_evidence.values()],
                    "anchors": [str(life_year)], "bridge": r.creator, "hop": (x.doc_id, r.creator),
                    "options": refs, "key": pair_key(f"life {attr}", x, decoy),
                    "life": (r.creator, attr), "facts": [(r.creator, attr)], "template": f"inference.creator_life.{attr}.choice",
                    "computation": {"op": "inverse_bridge", "relation": r.role, "attribute": attr, "year": life_year,
                                    "bridge": r.creator, "answer": x.name, "choice": names,
                                    "decoy": {"work": decoy.name, "bridge": who, "year": getattr(life, attr)}},
                })
    return out
