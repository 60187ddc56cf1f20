"""Composed questions (HotpotQA-style) over profile links: short, written from templates, answers by construction.

- bridge: the bridge entity is described through document A ("the director of Gaby: A True
  Story") and its attribute asked from document B ("When was ... born?").
- inference: the answer is A's entity, found through an attribute of the bridge read in B
  ("Which film was directed by someone born in 1954?"); the attribute must single it out.
- comparison: typed values (years) of two entities, or whether two works share a creator;
  Yes and No are drawn with equal chance before a pair is chosen.

Hop necessity is checked mechanically on every draft (see `hops.py`): the answer and the
question's anchor never both occur in one evidence document.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence

from benchsmith.generators.multihop.compose.links import Link
from benchsmith.generators.multihop.compose.profiles import Profile, Value

WORK_VERBS = {"film": ("released", "directed"), "painting": ("painted", "painted"), "novel": ("published", "written"),
              "album": ("released", "recorded"), "song": ("released", "recorded"), "documentary": ("released", "directed"),
              "book": ("published", "written"), "play": ("first staged", "written"), "opera": ("premiered", "composed")}
ROLE_VERB = {"director": "directed", "painter": "painted", "author": "written", "composer": "composed",
             "producer": "produced", "artist": "made", "founder": "founded"}


def role_noun(link: Link) -> str:
    if link.role == "author" and link.a.kind in ("film", "documentary", "series"):
        return "writer"
    if link.role == "parent":
        return {"m": "father", "f": "mother"}.get(link.b.gender or "", "parent")
    if link.role == "spouse":
        return {"m": "husband", "f": "wife"}.get(link.b.gender or "", "spouse")
    return link.role


def refer(p: Profile) -> str:
    """How a question names an entity: works with their kind ("the film X"), people by name."""
    if p.kind and p.kind != "person":
        return f"the {p.kind} {p.name}"
    return p.name


def bridge_candidates(links: Sequence[Link], rng: random.Random) -> list[dict]:
    """Bridge questions: describe B through A, ask B's attribute (only attributes B states)."""
    out = []
    for link in links:
        role = role_noun(link)
        who = f"the {role} of {refer(link.a)}"
        options = []
        if link.b.born is not None:
            options.append(("born", f"When was {who} born?", link.b.born))
        if link.b.died is not None:
            options.append(("died", f"When did {who} die?", link.b.died))
        if link.b.nationality is not None:
            options.append(("nationality", f"What nationality was {who}?", link.b.nationality))
        if not options:
            continue
        attr, query, value = options[rng.randrange(len(options))]
        out.append({
            "type": "bridge_query", "query": query, "answer": value.text, "evidence": [(link.a, link.evidence), (link.b, value)],
            "anchors": [link.a.name], "bridge": link.b.name, "template": f"bridge.{link.role}.{attr}",
            "computation": {"op": "bridge_attribute", "relation": link.role, "attribute": attr, "bridge": link.b.name,
                            "answer": value.text},
        })
    return out


def _inference_phrase(link: Link, attr: str, value: Value) -> str | None:
    """Only works (a film, a painting) with their own year: "Which 1995 film was directed by someone who died in
    1996?". Kin ("Whose father died in 1524?") have too many answers in the world to ask this way."""
    if link.role not in ROLE_VERB or link.a.kind in (None, "person") or link.a.year is None:
        return None
    someone = f"someone born in {value.year}" if attr == "born" else f"someone who died in {value.year}"
    work = f"{link.a.year.year} {link.a.kind}"
    if link.role == "composer":
        return f"Which {work} has music composed by {someone}?"
    return f"Which {work} was {ROLE_VERB[link.role]} by {someone}?"


def inference_candidates(links: Sequence[Link]) -> list[dict]:
    """Questions whose answer is A, reached only through the year B gives for the bridge.

    The (role, kind, work year, attribute, year) key must be held by one link alone, and the bridge must
    have no other work in the corpus, so the answer is unique among the relations the corpus states.
    """
    works_of = defaultdict(set)
    for link in links:
        works_of[(link.role, link.b.doc_id)].add(link.a.doc_id)
    keyed: dict[tuple, list[tuple[Link, str, Value]]] = defaultdict(list)
    for link in links:
        if len(works_of[(link.role, link.b.doc_id)]) != 1:
            continue
        for attr in ("born", "died"):
            v = getattr(link.b, attr)
            if v is not None and v.year is not None:
                keyed[(link.role, link.a.kind, link.a.year.year if link.a.year else None, attr, v.year)].append((link, attr, v))
    out = []
    for key in sorted(keyed, key=str):
        group = keyed[key]
        if len(group) != 1:
            continue
        link, attr, value = group[0]
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


def comparison_candidates(profiles: Sequence[Profile], links: Sequence[Link], works: dict, rng: random.Random,
                          limit: int) -> list[dict]:
    """Up to `limit` Yes/No comparisons, each answer drawn Yes or No with equal chance before its pair."""
    by_kind: dict[tuple[str, str], list[Profile]] = defaultdict(list)
    for p in profiles:
        for attr in ("born", "died", "year"):
            if _year_value(p, attr) is not None and p.kind:
                by_kind[(p.kind, attr)].append(p)
    keys = sorted(k for k, v in by_kind.items() if len(v) >= 2)
    creators = sorted(k for k, v in works.items() if len({p.doc_id for p, _ in v}) >= 2)
    all_works = sorted({p.doc_id: (p, role, who, val) for (role, who), ws in works.items() for p, val in ws}.values(),
                       key=lambda t: t[0].doc_id)
    by_answer: dict[str, list[dict]] = {"Yes": [], "No": []}
    seen: set[tuple[str, str]] = set()
    for _ in range(limit * 20):
        if min(len(v) for v in by_answer.values()) >= (limit + 1) // 2:
            break
        want_yes = rng.random() < 0.5
        if creators and all_works and rng.random() < 0.3:
            cand = _same_creator(creators, works, all_works, want_yes, rng)
        elif keys:
            cand = _earlier(by_kind, keys, want_yes, rng)
        else:
            break
        if cand is None:
            continue
        pair = tuple(sorted(p.doc_id for p, _ in cand["evidence"]))
        if pair in seen:
            continue
        seen.add(pair)
        by_answer[cand["answer"]].append(cand)
    # Yes and No alternate, so any prefix of the stream is balanced while both last.
    out: list[dict] = []
    for yes, no in zip(by_answer["Yes"], by_answer["No"], strict=False):
        out += [yes, no] if rng.random() < 0.5 else [no, yes]
    return out[:limit]


def _earlier(by_kind, keys, want_yes: bool, rng: random.Random) -> dict | None:
    kind, attr = keys[rng.randrange(len(keys))]
    x, y = rng.sample(by_kind[(kind, attr)], 2)
    vx, vy = _year_value(x, attr), _year_value(y, attr)
    if vx.year == vy.year or x.name == y.name:
        return None
    if (vx.year < vy.year) != want_yes:
        x, y, vx, vy = y, x, vy, vx
    if kind == "person":
        query = _DATE_QUESTIONS[attr].format(x=x.name, y=y.name)
    else:
        made = WORK_VERBS.get(kind, ("made", "made"))[0]
        query = f"Was the {kind} {x.name} {made} before {y.name}?"
    answer = "Yes" if vx.year < vy.year else "No"
    return {
        "type": "comparison_query", "query": query, "answer": answer, "evidence": [(x, vx), (y, vy)],
        "anchors": [x.name, y.name], "bridge": None, "template": f"comparison.earlier.{attr}",
        "computation": {"op": "earlier", "attribute": attr, "values": [vx.text, vy.text], "years": [vx.year, vy.year]},
    }


def _same_creator(creators, works, all_works, want_yes: bool, rng: random.Random) -> dict | None:
    if want_yes:
        role, who = creators[rng.randrange(len(creators))]
        (x, vx), (y, vy) = rng.sample(works[(role, who)], 2)
        wx = wy = who
    else:
        (x, role, wx, vx), (y, role_y, wy, vy) = rng.sample(all_works, 2)
        if role != role_y or wx == wy:
            return None
    if x.kind != y.kind or x.doc_id == y.doc_id or x.name == y.name:
        return None
    verb = ROLE_VERB.get(role, "made")
    noun = {"painter": "artist"}.get(role, "person")
    query = f"Were the {x.kind}s {x.name} and {y.name} {verb} by the same {noun}?"
    return {
        "type": "comparison_query", "query": query, "answer": "Yes" if wx == wy else "No", "evidence": [(x, vx), (y, vy)],
        "anchors": [x.name, y.name], "bridge": wx if wx == wy else None, "template": f"comparison.same_{role}",
        "computation": {"op": "same", "attribute": role, "values": [wx, wy]},
    }
