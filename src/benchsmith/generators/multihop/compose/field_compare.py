"""Yes/No comparisons of two named things' labelled facts (`field_facts`), each read from its own page:

    Was the mod_proxy_fcgi module introduced before the mod_proxy_hcheck module?
    Does the ReadBufferSize directive default to a larger size than the SSLRenegBufferSize directive?

Only things of one kind are compared (two modules, two directives), and only related ones: names of one family
("mod_proxy_fcgi" and "mod_proxy_hcheck"; "CacheLock" and "CacheSocache") or settings that measure one thing
("ReadBufferSize" and "SSLRenegBufferSize"; the general "TimeOut" and a "...Timeout"). Two versions compare only where they
order plainly (`comparable`), two defaults only where they differ. Answers alternate Yes and No, each candidate
carrying its opposite (`flip`); the validator re-derives them (ops `version_before`, `default_exceeds`).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Sequence

from benchsmith.generators.multihop.compose.field_facts import (
    Default,
    Since,
    comparable,
    version_key,
)

MIN_SUFFIX = 4  # letters a shared name ending must have to say two settings measure one thing
_TOKEN = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_MORE = {"time": "a longer time", "data": "a larger size"}
# at most 12 words: a longer question whose own words are mostly the evidence's is refused as pasted
VERSION_TEMPLATES = ("Was the {a} {kind} added in an earlier release than {b}?",
                     "Was the {a} {kind} introduced before the {b} {kind}?")
# HotpotQA's other comparison shape: the answer is one of the two names, first or second in turn
CHOICE_TEMPLATE = "Which {kind} was introduced first, {a} or {b}?"


def _starts(name: str) -> set[int]:
    """Where the name's words begin: "SSLRenegBufferSize" -> {0, 3, 8, 14}; "mod_proxy_fcgi" -> {0, 4, 10}."""
    return {m.start() for m in _TOKEN.finditer(name)}


def _words(name: str) -> list[str]:
    return [m.group(0).lower() for m in _TOKEN.finditer(name)]


def same_measure(a: str, b: str) -> bool:
    """Whether two setting names end in one measure: a shared ending of two words or more ("BufferSize"), or the
    whole of one name (the general "TimeOut" beside "IdentityCheckTimeout")."""
    x, y = a.lower(), b.lower()
    n = 0
    while n < min(len(x), len(y)) and x[-1 - n] == y[-1 - n]:
        n += 1
    sa, sb = _starts(a), _starts(b)
    while n and not ((len(a) - n) in sa and (len(b) - n) in sb):
        n -= 1
    if n < MIN_SUFFIX or x == y:
        return False
    words = min(sum(1 for s in sa if s >= len(a) - n), sum(1 for s in sb if s >= len(b) - n))
    return n in (len(a), len(b)) or words >= 2


def same_family(a: str, b: str, common: set[str]) -> bool:
    """Whether two names share a word beyond those every name of their kind has ("mod"): "mod_proxy_fcgi" and
    "mod_proxy_hcheck"; or one leading word of two letters or more ("CacheLock", "CacheSocache")."""
    wa, wb = _words(a), _words(b)
    if a.lower() == b.lower():
        return False
    if "_" in a or "_" in b:
        return bool((set(wa) & set(wb)) - common)
    return bool(wa and wb) and wa[0] == wb[0] and len(wa[0]) >= 2 or same_measure(a, b)


COMMON_MIN_NAMES = 5  # names of a kind needed before a word most of them share counts as no family ("mod")


def common_words(names: Sequence[str]) -> set[str]:
    if len(set(names)) < COMMON_MIN_NAMES:
        return set()
    counts: dict[str, int] = defaultdict(int)
    for n in set(names):
        for w in set(_words(n)):
            counts[w] += 1
    return {w for w, c in counts.items() if c > len(set(names)) // 2}


def _unique(facts: Sequence, value) -> dict[tuple[str, str], list]:
    """Facts per (kind, name), dropping a thing whose pages disagree (two versions, two defaults)."""
    by: dict[tuple[str, str], list] = defaultdict(list)
    for f in facts:
        by[(f.kind, f.name)].append(f)
    return {k: fs for k, fs in by.items() if len({value(f) for f in fs}) == 1}


def _pairs(by: dict[tuple[str, str], list], related, rng: random.Random) -> list[tuple[list, list]]:
    keys = sorted(by)
    pairs = [(by[a], by[b]) for i, a in enumerate(keys) for b in keys[i + 1:] if a[0] == b[0] and related(a[1], b[1])]
    rng.shuffle(pairs)
    return pairs


def _spread(pairs: list[tuple[list, list]]) -> list[tuple[list, list]]:
    """Pairs of things not asked yet first: one module in three questions of forty reads as a pattern."""
    first, rest, seen = [], [], set()
    for xs, ys in pairs:
        names = {xs[0].name, ys[0].name}
        (rest if names & seen else first).append((xs, ys))
        seen |= names if not names & seen else set()
    return first + rest


def since_candidates(facts: Sequence[Since], rng: random.Random) -> list[dict]:
    """"Was A available before B?" for two related things of one kind, stated on two pages."""
    by = _unique(facts, lambda f: version_key(f.version))
    common = {kind: common_words([n for k, n in by if k == kind]) for kind, _ in by}
    pairs = _pairs(by, lambda a, b: True, rng)
    pairs = _spread([(xs, ys) for xs, ys in pairs if comparable(xs[0].version, ys[0].version)
                     and same_family(xs[0].name, ys[0].name, common[xs[0].kind])])
    out = []
    first_yes = bool(pairs) and rng.random() < 0.5  # no draw without facts: other corpora keep their seeded order
    for i, (xs, ys) in enumerate(pairs):
        want_yes = first_yes == (i % 2 == 0)
        template = rng.randrange(len(VERSION_TEMPLATES) + 1)  # the last: a choice between the two names
        for x in xs:
            for y in ys:
                if x.page.doc_id == y.page.doc_id:
                    continue
                if template == len(VERSION_TEMPLATES):
                    out.append(_since_choice(x, y, answer_first=want_yes))
                    continue
                cand, flip = (_since(x, y, want, template) for want in (want_yes, not want_yes))
                out.append({**cand, "flip": flip})
    return out


def _since_choice(x: Since, y: Since, answer_first: bool) -> dict:
    """"Which module was introduced first, A or B?": the earlier one, named first or second as `answer_first` says
    (a benchmark whose answer is always the first name is answered without reading)."""
    earlier, later = (x, y) if version_key(x.version) < version_key(y.version) else (y, x)
    first, second = (earlier, later) if answer_first else (later, earlier)
    cand = _since(first, second, want_yes=version_key(first.version) < version_key(second.version), template=0)
    return {**cand, "query": CHOICE_TEMPLATE.format(kind=first.kind, a=first.name, b=second.name),
            "answer": earlier.name, "template": "comparison.since.choice",
            "computation": {**cand["computation"], "choice": [first.name, second.name]}}


def _since(x: Since, y: Since, want_yes: bool, template: int) -> dict:
    earlier = version_key(x.version) < version_key(y.version)
    first, second = (x, y) if earlier == want_yes else (y, x)
    answer = "Yes" if version_key(first.version) < version_key(second.version) else "No"
    query = VERSION_TEMPLATES[template].format(a=first.name, b=second.name, kind=first.kind)
    return {
        "type": "comparison_query", "query": query, "answer": answer, "page_facts": True,
        "key": "since | " + " | ".join(sorted((f"{x.kind} {x.name}", f"{y.kind} {y.name}"))),
        "evidence": [(first.page, first.heading), (first.page, first.field), (second.page, second.heading),
                     (second.page, second.field)],
        "anchors": [first.name, second.name], "bridge": None, "template": f"comparison.since.{template}",
        "computation": {"op": "version_before", "values": [first.version, second.version],
                        "subjects": [first.name, second.name], "attribute": "first version"},
    }


def default_candidates(facts: Sequence[Default], rng: random.Random) -> list[dict]:
    """"Does A default to a longer time than B?" for two settings measuring one thing, on two pages."""
    by = _unique(facts, lambda f: (f.dimension, f.amount))
    pairs = _spread([(xs, ys) for xs, ys in _pairs(by, same_measure, rng)
                     if xs[0].dimension == ys[0].dimension and xs[0].amount != ys[0].amount])
    out = []
    first_yes = bool(pairs) and rng.random() < 0.5
    for i, (xs, ys) in enumerate(pairs):
        want_yes = first_yes == (i % 2 == 0)
        for x in xs:
            for y in ys:
                if x.page.doc_id != y.page.doc_id:
                    cand, flip = (_default(x, y, want) for want in (want_yes, not want_yes))
                    out.append({**cand, "flip": flip})
    return out


def _default(x: Default, y: Default, want_yes: bool) -> dict:
    first, second = (x, y) if (x.amount > y.amount) == want_yes else (y, x)
    answer = "Yes" if first.amount > second.amount else "No"
    query = f"Does the {first.name} {first.kind} default to {_MORE[first.dimension]} than the {second.name} {second.kind}?"
    return {
        "type": "comparison_query", "query": query, "answer": answer, "page_facts": True,
        "key": "default value | " + " | ".join(sorted((x.name, y.name))),
        "evidence": [(d.page, v) for d in (first, second) for v in (d.syntax, d.default) if v is not None],
        "anchors": [first.name, second.name], "bridge": None, "template": "comparison.default_value",
        "computation": {"op": "default_exceeds", "values": [first.number, second.number],
                        "units": [first.unit, second.unit], "subjects": [first.name, second.name],
                        "attribute": "default value"},
    }


def field_candidates(since_facts: Sequence[Since], default_facts: Sequence[Default], seed: int) -> list[dict]:
    """The version and default comparisons of a manual's reference pages (`read_since`, `read_defaults`), in turn
    (their own seeded draw, so a corpus without labelled fields keeps its order)."""
    rng = random.Random(f"{seed}:composed:fields")
    since, defaults = since_candidates(since_facts, rng), default_candidates(default_facts, rng)
    out = []
    for i in range(max(len(since), len(defaults))):
        out += [c[i] for c in (since, defaults) if i < len(c)]
    return out
