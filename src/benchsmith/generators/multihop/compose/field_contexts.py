"""Yes/No comparisons of where two related entries of a reference manual may be used, each read from its own page's
"Context:" field (Apache httpd's directive blocks, one labelled field per paragraph; `field_facts.blocks` reads them):

    CacheEnable Directive                          CacheFile Directive
    Context: server config, virtual host           Context: server config

    Can both the CacheEnable and CacheFile directives be used in the virtual host context?  -> No

Two entries of one kind and one name family (`same_family`: "CacheEnable" and "CacheFile") on two pages. A context
is asked only where it tells entries apart: one on most entries ("server config") or on a few ("proxy section") is
answered without reading. A Yes needs both context lines to list it, a No one line and not the other. Each side
cites its entry from its heading through its context line (two context lines a value apart, or alike, would be
near-identical evidence; two entries are not); the validator re-derives the answer from the two lines (op
`field_lists`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.field_compare import common_words, same_family
from benchsmith.generators.multihop.compose.field_facts import blocks, kind_word
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.text import field_values
from benchsmith.types import Document

LABEL = "context"
TELLING = (0.1, 0.8)  # the share of entries a context must be listed for to be asked
VALUE_USES = 0.4  # at most this share of the questions ask one context
PHRASINGS = ("Can both the {a} and {b} {kinds} be used in the {value} context?",
             "Are the {a} and {b} {kinds} both allowed in the {value} context?")


@dataclass(frozen=True)
class Placed:
    """An entry and the contexts its page lists for it."""

    page: Profile
    kind: str
    name: str
    block: Value  # the entry from its heading through its context field
    contexts: frozenset[str]


def read_contexts(documents: Sequence[Document]) -> list[Placed]:
    """Every entry whose block gives a context field, with the contexts it lists; an entry two pages place
    differently is left out."""
    bare = kind_word(documents)
    out: list[Placed] = []
    for doc in documents:
        if "Context:" not in doc.text:
            continue
        page = Profile(doc.doc_id, doc.title)
        for entry in blocks(doc, bare):
            if LABEL not in entry.fields:
                continue
            value, _, end = entry.fields[LABEL]
            out.append(Placed(page, entry.kind, entry.name, Value(entry.name, entry.heading.start, end),
                              field_values(f"{LABEL}: {value}")))
    placements: dict[tuple[str, str], set[frozenset[str]]] = {}
    for p in out:
        placements.setdefault((p.kind, p.name), set()).add(p.contexts)
    return [p for p in out if len(placements[(p.kind, p.name)]) == 1]


def _telling(entries: Sequence[Placed]) -> set[str]:
    counts = Counter(c for e in entries for c in e.contexts)
    lo, hi = TELLING
    return {c for c, n in counts.items() if lo * len(entries) <= n <= hi * len(entries)}


def _candidate(x: Placed, y: Placed, value: str, phrasing: str) -> dict:
    both = value in x.contexts and value in y.contexts
    kinds = x.kind + "s"
    return {
        "type": "comparison_query", "query": phrasing.format(a=x.name, b=y.name, kinds=kinds, value=value),
        "answer": "Yes" if both else "No", "page_facts": True,
        "key": "context | " + " | ".join(sorted((f"{x.kind} {x.name}", f"{y.kind} {y.name}"))),
        "evidence": [(x.page, x.block), (y.page, y.block)],
        "anchors": [x.name, y.name], "bridge": None, "template": "comparison.context",
        "computation": {"op": "field_lists", "field": LABEL, "value": value, "subjects": [x.name, y.name],
                        "attribute": LABEL},
    }


def context_candidates(entries: Sequence[Placed], seed: int) -> list[dict]:
    """One question per pair of related entries on two pages, a Yes or a No drawn at random, the other answer as
    `flip` where the pair allows both; the context asked least so far first."""
    rng = random.Random(f"{seed}:composed:contexts")
    telling = _telling(entries)
    common = {kind: common_words([e.name for e in entries if e.kind == kind]) for kind in {e.kind for e in entries}}
    pairs = [(x, y) for i, x in enumerate(entries) for y in entries[i + 1:]
             if x.kind == y.kind and x.page.doc_id != y.page.doc_id and x.name != y.name
             and same_family(x.name, y.name, common[x.kind])]
    rng.shuffle(pairs)
    asked: Counter[str] = Counter()
    seen: set[str] = set()
    out = []
    for x, y in pairs:
        if x.name in seen and y.name in seen:
            continue  # both asked already: a third question on them reads as a pattern
        ask = {True: [], False: []}
        for value in sorted(telling):
            if len(out) >= 10 and asked[value] >= VALUE_USES * len(out):
                continue
            if value in x.contexts and value in y.contexts:
                ask[True].append(value)
            elif value in x.contexts or value in y.contexts:
                first, second = (x, y) if value in x.contexts else (y, x)
                ask[False].append((value, first, second))
        chosen = []
        if ask[True]:
            value = min(rng.sample(ask[True], len(ask[True])), key=asked.__getitem__)
            chosen.append(_candidate(x, y, value, rng.choice(PHRASINGS)))
        if ask[False]:
            value, first, second = min(rng.sample(ask[False], len(ask[False])), key=lambda t: asked[t[0]])
            chosen.append(_candidate(first, second, value, rng.choice(PHRASINGS)))
        if not chosen:
            continue
        rng.shuffle(chosen)
        asked[chosen[0]["computation"]["value"]] += 1
        seen |= {x.name, y.name}
        out.append({**chosen[0], "flip": chosen[1]} if len(chosen) == 2 else chosen[0])
    return out
