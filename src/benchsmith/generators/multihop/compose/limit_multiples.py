"""Inference over a manual's limits: which holder takes a whole multiple of another holder's limit of one kind.

    Which configuration can hold ten times as many rules as a CORS configuration?   -> an S3 Lifecycle configuration

One page states the anchor's limit (100 rules per CORS configuration), another the answer's (1,000 rules in an S3
Lifecycle configuration); the multiple is found only by reading both (`hops.single_document` checks that neither
page names the other holder). Asked only for counts of one noun held by two different holders (each named in
its own words, none a request's page size or a quota the reader may have raised), a multiple with a word for it
("twice", "ten times"), and an answer that no other holder of that kind of limit shares.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from benchsmith.generators.multihop.compose.page_limits import PageLimit, cited, count_holder, limit_side, same_noun

MULTIPLES = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 10: "ten times", 20: "twenty times",
             100: "a hundred times", 1000: "a thousand times"}


def _bare(holder: str) -> str:
    return re.sub(r"^(?:an?|the) ", "", holder)


def _one_holder(limits: Sequence[PageLimit]) -> bool:
    """Whether the limits name one holder, in whatever words each page uses ("S3 Batch Operations job" and "Batch
    Operations job" are one; "an S3 Lifecycle configuration" and "a replication configuration" are two)."""
    names = [set(_bare(count_holder(lim)[0]).lower().split()) for lim in limits]
    return all(a <= b or b <= a for a in names for b in names)


def _candidate(a: PageLimit, b: PageLimit, multiple: int, kind: str) -> dict | None:
    (holder_a, noun_a, _), (holder_b, noun_b, _) = count_holder(a), count_holder(b)
    noun = same_noun(holder_a, noun_a, holder_b, noun_b) or (noun_a if noun_a == noun_b else None)
    if noun is None or _bare(holder_a).lower() == _bare(holder_b).lower():
        return None
    head_a, head_b = holder_a.split()[-1].lower(), holder_b.split()[-1].lower()
    what = f"Which {head_b}" if head_a == head_b else "What"
    return {
        "type": "inference_query", "query": f"{what} can hold {MULTIPLES[multiple]} as many {noun} as {holder_a}?",
        "answer": _bare(holder_b), "evidence": [*cited(a), *cited(b)], "anchors": [_bare(holder_a)],
        "bridge": None, "template": f"inference.limit_multiple.{kind}",
        "computation": {"op": "limit_multiple", "multiple": multiple, "values": [a.figure, b.figure],
                        "subjects": [a.label, b.label], "answer": _bare(holder_b)},
    }


def limit_multiple_candidates(limits: Sequence[PageLimit]) -> list[dict]:
    """Inference questions over pairs of count limits of one kind whose figures are a named whole multiple."""
    by_kind: dict[str, dict[tuple, list[PageLimit]]] = {}
    for lim in limits:
        held = count_holder(lim) if lim.dimension == "count" and not lim.default else None
        if held is not None and not held[2] and held[0].split()[-1] != "request":
            by_kind.setdefault(lim.kind, {}).setdefault(limit_side(lim), []).append(lim)
    out = []
    for kind in sorted(by_kind):
        sides = by_kind[kind]
        for small_side in sorted(sides, key=str):
            for big_side in sorted(sides, key=str):
                small, big = sides[small_side][0], sides[big_side][0]
                if small_side == big_side or small.amount <= 0 or big.amount % small.amount:
                    continue
                multiple = int(big.amount // small.amount)
                if multiple not in MULTIPLES or not _one_holder([lim for ls in sides.values() for lim in ls
                                                                 if lim.amount == big.amount]):
                    continue  # no word for the multiple, or another holder takes as many: two answers
                # every page pair stating the two limits is an alternative; the first that passes the hop check is
                # asked, the rest are refused as the answer already asked
                for a in sides[small_side]:
                    for b in sides[big_side]:
                        if a.page.doc_id != b.page.doc_id and (cand := _candidate(a, b, multiple, kind)) is not None:
                            out.append(cand)
    return out
