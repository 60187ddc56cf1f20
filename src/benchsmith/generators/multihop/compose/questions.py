"""Composed questions (HotpotQA-style) over profile links: short, written from templates, answers by construction.

- bridge: the bridge entity is described through document A ("the director of Gaby: A True
  Story") and its attribute asked from document B ("When was ... born?").
- inference: the answer is A's entity, told from a named decoy through an attribute of the bridge read in B
  ("Which film, Gaby Days or River Song, was directed by someone born in 1954?"; `inverse.py`).
- comparison: typed values (years) of two entities, or whether two works share a creator;
  Yes and No are drawn with equal chance before a pair is chosen.

Hop necessity is checked mechanically on every draft (see `hops.py`): the answer and the
question's anchor never both occur in one evidence document.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence

from benchsmith.generators.multihop.compose.choice import CHOICE_EVERY, as_choice
from benchsmith.generators.multihop.compose.countries import born_where
from benchsmith.generators.multihop.compose.links import Link
from benchsmith.generators.multihop.compose.naming import person_reference, work_reference
from benchsmith.generators.multihop.compose.nationality import CONTESTABLE
from benchsmith.generators.multihop.compose.origins import apart
from benchsmith.generators.multihop.compose.profiles import Profile, Value, same_generation

WORK_VERBS = {"film": ("released", "directed"), "painting": ("painted", "painted"), "mural": ("painted", "painted"), "novel": ("published", "written"),
              "album": ("released", "recorded"), "song": ("released", "recorded"), "documentary": ("released", "directed"),
              "book": ("published", "written"), "play": ("first staged", "written"), "opera": ("premiered", "composed"),
              "television play": ("first broadcast", "written"), "radio play": ("first broadcast", "written"),
              "series": ("first shown", "made")}
MUSICAL_KINDS = ("song", "album", "opera", "single", "EP", "musical", "soundtrack")
ROLE_VERB = {"director": "directed", "painter": "painted", "author": "written", "composer": "composed",
             "producer": "produced", "artist": "recorded", "founder": "founded"}


def plural(noun: str) -> str:
    return noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"


def role_noun(link: Link) -> str | None:
    if link.role == "author" and link.a.kind in ("film", "documentary", "series"):
        return "writer"
    if link.role == "parent":
        return {"m": "father", "f": "mother"}.get(link.b.gender or "")  # "the parent of X": which of two?
    if link.role == "spouse":
        return {"m": "husband", "f": "wife"}.get(link.b.gender or "", "spouse")
    return link.role


def refer(p: Profile, hide: str = "creator") -> str | None:
    """How a question names an entity: works with their kind ("the film X"), a title shared outside the corpus
    with what picks it out, never the `hide` fact (see `naming.py`); people by name."""
    if p.kind and p.kind != "person":
        return work_reference(p, hide)
    return person_reference(p, hide)


def bridge_candidates(links: Sequence[Link], rng: random.Random) -> list[dict]:
    """Bridge questions: describe B through A, ask B's attribute (only attributes B states). The work is named,
    never described by its facts: "the 1865 painting held by the National Gallery of Art" is one of many there."""
    out = []
    for link in links:
        role = role_noun(link)
        if role is None:
            continue
        ref = refer(link.a)
        if ref is None:
            continue
        who = f"the {role} of {ref}"
        options = []
        if link.b.born is not None:
            options.append(("born", f"When was {who} born?", link.b.born))
        if link.b.died is not None:
            options.append(("died", f"When did {who} die?", link.b.died))
        if link.b.nationality is not None and link.b.nationality.text not in CONTESTABLE:
            options.append(("nationality", f"What nationality was {who}?", link.b.nationality))
        asked = born_where(who, link.b.birthplace.text, _years(link.b, "born")) if link.b.birthplace is not None else None
        if asked is not None and link.b.kind == "person":
            options.append(("birthplace", asked, link.b.birthplace))
        if not options:
            continue
        attr, query, value = options[rng.randrange(len(options))]
        out.append({
            "type": "bridge_query", "query": query, "answer": value.text,
            "evidence": [(link.a, link.evidence), (link.b, value)], "anchors": [link.a.name], "facts": [(link.b.name, attr)],
            "bridge": link.b.name, "template": f"bridge.{link.role}.{attr}",
            "computation": {"op": "bridge_attribute", "relation": link.role, "attribute": attr, "bridge": link.b.name,
                            "answer": value.text},
        })
    return out


def cited_year(link: Link) -> int | None:
    """The work's year when the cited sentence (the one naming the bridge) states it; else None."""
    y = link.a.year
    return y.year if y is not None and y.start == link.evidence.start and str(y.year) in y.text else None


_CREATOR_VERBS = {"director": "directed", "painter": "painted", "author": "wrote", "composer": "composed"}


def shared_creator_candidates(works: dict, rng: random.Random) -> list[dict]:
    """Which creator made both of two works: the answer is the bridge, each document names it for one work."""
    out = []
    for (role, who), ws in sorted(works.items()):
        if role not in _CREATOR_VERBS:
            continue
        distinct = list({p.doc_id: (p, v) for p, v in ws}.values())
        if len(distinct) < 2:
            continue
        (x, vx), (y, vy) = rng.sample(distinct, 2)
        if x.name == y.name or x.kind != y.kind:
            continue
        out.append({
            "type": "inference_query", "query": f"Who {_CREATOR_VERBS[role]} both {x.name} and {y.name}?", "answer": who,
            "evidence": [(x, vx), (y, vy)], "anchors": [x.name, y.name], "bridge": who,
            "template": f"inference.shared_{role}",
            "computation": {"op": "shared_creator", "relation": role, "answer": who},
        })
    return out


_DATE_QUESTIONS = {
    "born": "Was {x} born before {y}?",
    "died": "Did {x} die before {y}?",
}


def _year_value(p: Profile, attr: str) -> Value | None:
    v = getattr(p, attr)
    return v if v is not None and v.year is not None else None


PERIOD_YEARS = 20  # works this close in time are of one period


def _years(p: Profile, attr: str) -> int | None:
    v = getattr(p, attr)
    return v.year if v is not None else None


def related(x: Profile, y: Profile, creators: dict[str, str], origins: Callable[[Profile], frozenset[str]] | None = None) -> bool:
    """Whether two entities make a natural pair to compare: works of one creator or one period (years within
    PERIOD_YEARS); people of one generation (`same_generation`) and one occupation (two cricketers, never a cricketer
    and a zoologist) or, where an article gives no occupation, one nationality; never two stated nationalities (a
    West Indian and a Nepalese cricketer). Two people who share only a decade (a radiation biologist and an air force general) make an
    arbitrary pair, as do two works of different origins (`origins`: a work's, `origins.Origins`)."""
    if x.kind != y.kind:
        return False
    cx, cy = creators.get(x.doc_id), creators.get(y.doc_id)
    if cx and cx == cy:
        return True  # (creators of one nationality alone are no pair: a 1648 Poussin against a 1912 Gleizes is guessed)
    if x.kind == "person":
        if not same_generation(x, y):
            return False
        nx, ny = (p.nationality.text if p.nationality is not None else None for p in (x, y))
        if nx and ny and nx != ny:
            return False
        if x.occupation and y.occupation:
            return x.occupation == y.occupation
        return nx is not None and nx == ny
    a, b = _years(x, "year"), _years(y, "year")
    if origins is not None and apart(origins(x), origins(y)):
        return False
    return a is not None and b is not None and abs(a - b) <= PERIOD_YEARS


def comparison_candidates(profiles: Sequence[Profile], links: Sequence[Link], works: dict, rng: random.Random,
                          limit: int, origins: Callable[[Profile], frozenset[str]] | None = None) -> list[dict]:
    """Up to `limit` Yes/No comparisons of related entities (see `related`), each answer drawn Yes or No
    with equal chance before its pair."""
    by_kind: dict[tuple[str, str], list[Profile]] = defaultdict(list)
    for p in profiles:
        for attr in ("born", "died", "year"):
            if _year_value(p, attr) is not None and p.kind:
                by_kind[(p.kind, attr)].append(p)
    keys = sorted(k for k, v in by_kind.items() if len(v) >= 2)
    creators: dict[str, str] = {}  # a work's document -> its creator
    for (_role, who), ws in sorted(works.items()):
        for p, _ in ws:
            creators.setdefault(p.doc_id, who)
    all_works = sorted({p.doc_id: (p, role, who, val) for (role, who), ws in works.items() for p, val in ws}.values(),
                       key=lambda t: t[0].doc_id)
    same = sorted(k for k, v in works.items() if len({p.doc_id for p, _ in v}) >= 2)
    by_answer: dict[str, list[dict]] = {"Yes": [], "No": []}
    seen: set[tuple[str, str]] = set()
    seen_companions: set[tuple] = set()
    for _ in range(limit * 20):
        if min(len(v) for v in by_answer.values()) >= (limit + 1) // 2:
            break
        want_yes = rng.random() < 0.5
        if all_works and rng.random() < 0.3:
            cand = _same_creator(same, works, all_works, creators, want_yes, rng, origins)
        elif keys:
            cand = _earlier(by_kind, keys, creators, want_yes, rng, origins)
        else:
            break
        if cand is None:
            continue
        pair = tuple(sorted(p.doc_id for p, _ in cand["evidence"]))
        companions = _companion_keys(cand, creators)
        if pair in seen or companions & seen_companions:
            continue
        seen.add(pair)
        seen_companions.update(companions)
        by_answer[cand["answer"]].append(cand)
    # Yes and No alternate, so any prefix of the stream is balanced while both last.
    out: list[dict] = []
    for yes, no in zip(by_answer["Yes"], by_answer["No"], strict=False):
        out += [yes, no] if rng.random() < 0.5 else [no, yes]
    # Every few a choice ("Which film was released first, X or Y?"): its answer is the first name after a Yes, the
    # second after a No, so the names' order tells nothing either
    return [(as_choice(c, WORK_VERBS) or c) if i % CHOICE_EVERY == CHOICE_EVERY - 1 else c for i, c in enumerate(out[:limit])]


def _companion_keys(cand: dict, creators: dict[str, str]) -> set[tuple]:
    """(one work, the other's creator and year) for both sides of a pair: a work compared with two companion
    pieces (one artist, one year: Poussin's two Phocion paintings of 1648) makes one question asked twice."""
    (x, _), (y, _) = cand["evidence"][:2]
    out = set()
    comp = cand["computation"]
    if comp["op"] == "same" and cand["answer"] == "Yes":
        # one Yes per creator: with three of one artist's albums, a third pair follows from the other two
        out.add(("same", comp["attribute"], comp["values"][0]))
    for a, b in ((x, y), (y, x)):
        if b.year is not None:  # without a known creator, one year stands for the pair
            out.add((a.doc_id, creators.get(b.doc_id), b.year.year))
    return out


def _topics(x: Profile, y: Profile, creators: dict[str, str]) -> list[tuple[str, str]]:
    """What a comparison is about beyond its two sides, capped per benchmark (`drafts.TOPIC_SHARE`): two people's
    one occupation, or the works' creators."""
    if x.kind == "person":
        return [("occupation", x.occupation)] if x.occupation and x.occupation == y.occupation else []
    return [("creator", c) for c in dict.fromkeys((creators.get(x.doc_id), creators.get(y.doc_id))) if c]


def _earlier(by_kind, keys, creators, want_yes: bool, rng: random.Random, origins=None) -> dict | None:
    kind, attr = keys[rng.randrange(len(keys))]
    pool = by_kind[(kind, attr)]
    x = pool[rng.randrange(len(pool))]
    vx = _year_value(x, attr)
    partners = [y for y in pool if y.name != x.name and _year_value(y, attr).year != vx.year and related(x, y, creators, origins)]
    if not partners:
        return None
    y = partners[rng.randrange(len(partners))]
    vy = _year_value(y, attr)
    if (vx.year < vy.year) != want_yes:
        x, y, vx, vy = y, x, vy, vx
    if kind == "person":
        ref_x, ref_y = person_reference(x, attr), person_reference(y, attr)
        if ref_x is None or ref_y is None:
            return None
        query = _DATE_QUESTIONS[attr].format(x=ref_x, y=ref_y)
    else:
        made = WORK_VERBS.get(kind, ("made", "made"))[0]
        ref_x, ref_y = work_reference(x, "year"), work_reference(y, "year", with_kind=False)
        if ref_x is None or ref_y is None:
            return None
        query = f"Was {ref_x} {made} before {ref_y}?"
    answer = "Yes" if vx.year < vy.year else "No"
    cand = {
        "type": "comparison_query", "query": query, "answer": answer, "evidence": [(x, vx), (y, vy)],
        "anchors": [x.name, y.name], "bridge": None, "template": f"comparison.earlier.{attr}",
        "computation": {"op": "earlier", "attribute": attr, "values": [vx.text, vy.text], "years": [vx.year, vy.year]},
        **({"people": [x.doc_id, y.doc_id]} if kind == "person" else {}),
        "topics": _topics(x, y, creators),
    }
    return cand


def _same_creator(same, works, all_works, creators, want_yes: bool, rng: random.Random, origins=None) -> dict | None:
    if want_yes:
        if not same:
            return None
        role, who = same[rng.randrange(len(same))]
        (x, vx), (y, vy) = rng.sample(works[(role, who)], 2)
        wx = wy = who
    else:
        x, role, wx, vx = all_works[rng.randrange(len(all_works))]
        # A "No" only between works of one nationality or period: two random works make an idle question.
        partners = [w for w in all_works if w[1] == role and w[2] != wx and related(x, w[0], creators, origins)]
        if not partners:
            return None
        y, _role, wy, vy = partners[rng.randrange(len(partners))]
    if x.kind != y.kind or x.doc_id == y.doc_id or x.name == y.name:
        return None
    verb = ROLE_VERB.get(role, "made")
    noun = {"painter": "artist"}.get(role, "person")
    ref_x, ref_y = (work_reference(p, "creator") for p in (x, y))
    if ref_x is None or ref_y is None:
        return None
    both = f"the {plural(x.kind)} {x.name} and {y.name}" if ref_x == f"the {x.kind} {x.name}" and ref_y == f"the {y.kind} {y.name}" \
        else f"{ref_x} and {ref_y}"  # a title that needs its year to be picked out is named whole on both sides
    if role == "composer" and x.kind not in MUSICAL_KINDS:
        query = f"Did {both} have the same composer?"  # a film's music is composed, not the film
    else:
        query = f"Were {both} {verb} by the same {noun}?"
    cand = {
        "type": "comparison_query", "query": query, "answer": "Yes" if wx == wy else "No", "evidence": [(x, vx), (y, vy)],
        "anchors": [x.name, y.name], "bridge": wx if wx == wy else None, "template": f"comparison.same_{role}",
        "computation": {"op": "same", "attribute": role, "values": [wx, wy]},
        "topics": _topics(x, y, creators),
    }
    return cand
