"""Comparisons through two works' creators (2WikiMultihopQA's bridge-comparison type):

    Was the director of the film Hardcase born before the director of Dinner at the Ritz?
    Did the artist of The Icebergs die before the artist of Wivenhoe Park?

Each work's article names its creator; the creator's year of birth (or death) is read from another article: the
creator's own (a link, see `links.py`) or another work's that gives the creator's life ("by Albert Bierstadt
(1830–1902)", see `creator_life.read_lives`). Neither work's article states its creator's year and no article names
both works, so the answer needs every article: a reader or retriever that finds the two works still lacks both years.

The evidence is cited year first (the two compared sentences), then the two sentences naming the creators, so
`consistency.comparison` re-derives the answer from the first two values.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.choice import CHOICE_EVERY
from benchsmith.generators.multihop.compose.creator_life import read_lives
from benchsmith.generators.multihop.compose.inference_choice import options
from benchsmith.generators.multihop.compose.links import Link
from benchsmith.generators.multihop.compose.naming import ROLE_NOUN, creator_link, creator_noun, work_reference
from benchsmith.generators.multihop.compose.origins import Origins, apart
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.generators.multihop.compose.shared import PhraseIndex
from benchsmith.text import contains_phrase
from benchsmith.types import Document

# "the director of X" says what X is: the titles go bare (a disambiguated one keeps what picks it out), and the
# question's few words of its own stay its own ("older", "die"), not the evidence's ("born", "film director").
_QUESTION = {"born": "Was the {a} of {x} older than the {b} of {y}?", "died": "Did the {a} of {x} die before the {b} of {y}?"}
_CHOICE = {"born": "Which {kind} has the older {noun}", "died": "Which {kind} has the {noun} who died first"}
CHOICE_KINDS = ("film", "painting", "novel", "album", "song", "documentary", "book", "play", "opera")


@dataclass(frozen=True)
class CreatorYear:
    """Work `work` by `creator` (named in `credit`), whose year of birth or death `source`'s `sentence` states."""

    work: Profile
    role: str
    creator: str
    credit: Value
    attr: str  # "born" or "died"
    year: int
    year_text: str  # the year as the sentence writes it
    source: Profile
    sentence: Value


def creator_years(profiles: Sequence[Profile], links: Sequence[Link], documents: dict[str, Document]) -> list[CreatorYear]:
    """Every (work, creator's year) whose year another article states and the work's own article does not."""
    out = []
    for link in links:  # the creator has an article of their own
        if link.role not in ROLE_NOUN or link.a.kind in (None, "person") or creator_link(link.a) is None:
            continue
        for attr in ("born", "died"):
            v = getattr(link.b, attr)
            if v is not None and v.year is not None and str(v.year) in v.text:
                out.append(CreatorYear(link.a, link.role, link.b.name, link.evidence, attr, v.year, v.text, link.b, v))
    lives = read_lives(profiles, documents)
    for p in profiles:  # another work's article gives the creator's life
        creator = creator_link(p)
        if creator is None or p.kind in (None, "person") or creator[1] not in lives:
            continue
        role, who, credit = creator
        life = next((lf for lf in lives[who] if lf.source.doc_id != p.doc_id), None)
        if life is None:
            continue
        for attr in ("born", "died"):
            year = getattr(life, attr)
            out.append(CreatorYear(p, role, who, credit, attr, year, str(year), life.source, life.sentence))
    texts = {d: doc.text for d, doc in documents.items()}
    return [c for c in out if not re.search(rf"\b{c.year}\b", texts.get(c.work.doc_id, ""))
            and not contains_phrase(texts.get(c.source.doc_id, ""), c.work.name)]


PERIOD_YEARS = 30  # creators compared are of one generation: Constable against Gleizes asks nothing a reader weighs


def creator_comparison_candidates(profiles: Sequence[Profile], links: Sequence[Link], documents: dict[str, Document],
                                  rng: random.Random, limit: int, index: PhraseIndex, origins: Origins | None = None
                                  ) -> list[dict]:
    """Up to `limit` Yes/No questions comparing two works' creators' years (two creators of one generation, two
    different years, one kind of work), Yes and No alternating; each pair of creators asked once per year."""
    by_key: dict[tuple[str, str], list[CreatorYear]] = defaultdict(list)
    for c in creator_years(profiles, links, documents):
        by_key[(c.work.kind, c.attr)].append(c)
    origin = origins or Origins({d: doc.text for d, doc in documents.items()}, profiles)
    by_answer: dict[str, list[dict]] = {"Yes": [], "No": []}
    asked: set[tuple] = set()
    groups = {k: sorted(g, key=lambda c: c.work.doc_id) for k, g in sorted(by_key.items())}
    for g in groups.values():
        rng.shuffle(g)
    works = [(k, i) for k, g in groups.items() for i in range(len(g))]
    rng.shuffle(works)  # kinds and years mixed: films and documentaries, births and deaths
    for k, i in works:
        if min(len(v) for v in by_answer.values()) >= (limit + 1) // 2:
            break
        x = groups[k][i]
        for y in groups[k][i + 1:] + groups[k][:i]:
            key = (frozenset((x.creator, y.creator)), x.attr)
            if x.creator == y.creator or x.year == y.year or abs(x.year - y.year) > PERIOD_YEARS or key in asked:
                continue
            if len({x.work.doc_id, y.work.doc_id, x.source.doc_id, y.source.doc_id}) < 3:
                continue
            if index.stating(x.work.name, y.work.name):
                continue  # one article names both works
            if apart(origin(x.work), origin(y.work)):
                continue  # a Hindi comedy's director against a Swedish drama's writer: an idle pair
            a, b = (x, y) if (x.year < y.year) == (rng.random() < 0.5) else (y, x)  # Yes and No equally likely
            cand = _candidate(a, b)
            if cand is not None:
                asked.add(key)
                by_answer[cand["answer"]].append(cand)
                break  # one question per work here: its other partners are tried from their side
    # Yes and No alternate while both last; the rest follow (the assembler pairs Yes with No across the type)
    yes, no = by_answer["Yes"], by_answer["No"]
    pairs = min(len(yes), len(no))
    out = [c for pair in zip(yes, no, strict=False) for c in pair] + yes[pairs:] + no[pairs:]
    # every few asked as a choice between the works; the answer is the first work after a Yes, the second after a No
    return [_as_asked(c, choice=i % CHOICE_EVERY == CHOICE_EVERY - 1) for i, c in enumerate(out[:limit])]


def _as_asked(cand: dict, choice: bool) -> dict:
    """The candidate in the form asked: its choice where `choice` and it has one, else its Yes/No question."""
    plain = {k: v for k, v in cand.items() if k != "as_choice"}
    return cand["as_choice"] if choice and cand.get("as_choice") is not None else plain


def _candidate(x: CreatorYear, y: CreatorYear) -> dict | None:
    ref_x = work_reference(x.work, "creator", with_kind=False)
    ref_y = work_reference(y.work, "creator", with_kind=False)
    if ref_x is None or ref_y is None:
        return None
    query = _QUESTION[x.attr].format(a=creator_noun(x.role, x.work.kind), x=ref_x, b=creator_noun(y.role, y.work.kind), y=ref_y)
    cand = {
        "type": "comparison_query", "query": query, "answer": "Yes" if x.year < y.year else "No",
        "evidence": [(x.source, x.sentence), (y.source, y.sentence), (x.work, x.credit), (y.work, y.credit)],
        "anchors": [x.work.name, y.work.name], "bridge": None, "key": f"creators {' | '.join(sorted((x.creator, y.creator)))} | {x.attr}",
        "template": f"comparison.creator_{x.attr}", "facts": [(x.creator, x.attr), (y.creator, y.attr)],
        "computation": {"op": "earlier", "attribute": x.attr, "values": [x.year_text, y.year_text, x.creator, y.creator],
                        "years": [x.year, y.year], "creators": [x.creator, y.creator]},
    }
    if x.role == y.role and x.work.kind == y.work.kind and x.work.kind in CHOICE_KINDS:
        # 2WikiMultihopQA's own shape: "Which film has the director who died first, X or Y?"
        lead = _CHOICE[x.attr].format(kind=x.work.kind, noun=creator_noun(x.role, x.work.kind))
        named = options(x.work, y.work, "creator")  # both bare, or both "Jhoothi (1985)": never one qualified alone
        if named is not None:
            cand["as_choice"] = {**cand, "query": f"{lead}, {named[0]}?", "template": cand["template"] + ".choice",
                                 "answer": x.work.name if x.year < y.year else y.work.name,
                                 "computation": {**cand["computation"], "choice": [x.work.name, y.work.name]}}
    return cand
