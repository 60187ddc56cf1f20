"""Inference over a manual's limits: which holder takes a named multiple, a named fraction, or exactly the figure of
another holder's limit of one kind.

    Which configuration can hold ten times as many rules as a CORS configuration?   -> S3 Lifecycle configuration
    Which configuration can hold a tenth as many rules as an S3 Lifecycle configuration?  -> CORS configuration
    What else has the same maximum size as bucket policies?                          -> access point policies
    What can be twice as long as an access point name?                               -> ...

One page states the anchor's limit (100 rules per CORS configuration), another the answer's (1,000 rules in an S3
Lifecycle configuration); the relation is found only by reading both. The anchors recorded for the hop check are the
anchor holder and both figures, so a page that states both limits itself (and could answer alone) refuses the
question (`hops.single_document`). Asked only for limits of one kind held by two different holders, each named in
its own words (a count's holder with nothing after it, none a request's page size or a quota the reader may have
raised; a size or length's subject), a relation with a word for it ("twice", "a tenth", the same), and an answer
that no other holder of that kind of limit shares. Two holders of one figure that are one limit in two wordings,
or a general limit and a narrower holder of it (`page_limits.same_limit`), never make an "exactly as" question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.core.figures.counts import singular
from benchsmith.generators.multihop.compose.page_limits import (
    PageLimit,
    _one,
    _subject,
    cited,
    count_holder,
    limit_side,
    same_limit,
    same_noun,
)
from benchsmith.types import Document

MULTIPLES = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 10: "ten times", 20: "twenty times",
             100: "a hundred times", 1000: "a thousand times"}
FRACTIONS = {2: "half", 3: "a third", 4: "a quarter", 5: "a fifth", 10: "a tenth", 100: "a hundredth"}


def _bare(holder: str) -> str:
    return re.sub(r"^(?:an?|the) ", "", holder)


@dataclass(frozen=True)
class Held:
    """A limit seen as what a holder takes: the holder with its article ("a CORS configuration"), the thing counted or
    measured ("rules", "maximum size"), and the head word of the holder ("configuration")."""

    limit: PageLimit
    holder: str
    noun: str  # the counted noun of a count; "" for a size or length
    head: str

    @property
    def answer(self) -> str:
        return _bare(self.holder)


def held(lim: PageLimit) -> Held | None:
    """The limit as a holder's, or None where the holder has no name of its own to ask with."""
    if lim.dimension == "count":
        h = count_holder(lim)
        if lim.default or h is None or h[2] or h[0].split()[-1] == "request":
            return None
        return Held(lim, h[0], h[1], h[0].split()[-1].lower())
    subject = _subject(lim)
    if subject is None or lim.dimension not in ("data", "length"):
        return None
    of = subject[1]
    if lim.dimension == "length":
        one = _one(of)
        return Held(lim, one, "", singular(one.split()[-1].lower()))
    if not re.fullmatch(r"(?:an? |the )?[\w-]+(?: [\w-]+){0,3}", of):
        return None  # "an object copied in a single atomic operation": a way of using a thing, no holder to name
    return Held(lim, of, "", singular(of.split()[-1].lower()))


def _one_holder(names: Sequence[str]) -> bool:
    """Whether the names name one holder, in whatever words each page uses ("S3 Batch Operations job" and "Batch
    Operations job" are one; "an S3 Lifecycle configuration" and "a replication configuration" are two)."""
    words = [set(_bare(n).lower().split()) for n in names]
    return all(a <= b or b <= a for a in words for b in words)


def _query(a: Held, b: Held, relation: str, word: str) -> str | None:
    """The question whose answer is b's holder, given a's limit and the relation of b's figure to it."""
    what = f"Which {b.head}" if a.head == b.head else "What"
    dim = a.limit.dimension
    if dim == "count":
        noun = same_noun(a.holder, a.noun, b.holder, b.noun) or (a.noun if a.noun == b.noun else None)
        if noun is None:
            return None
        if relation == "same":
            return f"{'Which other ' + b.head if a.head == b.head else 'What else'} can hold exactly as many {noun} as {a.holder}?"
        return f"{what} can hold {word} as many {noun} as {a.holder}?"
    if dim == "length":
        if relation == "same":
            return f"{'Which other ' + b.head if a.head == b.head else 'What else'} has the same maximum length as {a.holder}?"
        return f"{what} can be {word} as long as {a.holder}?"
    # sizes: only "the same" reads naturally (binary units make other multiples rare), and only of things named by one
    # plural kind ("Which other policies ..."): "What else is 20 KB?" would also be answered by form data
    last = a.holder.split()[-1]
    if relation == "same" and last.endswith("s") and last == b.holder.split()[-1]:
        return f"Which other {last} have the same maximum size as {a.holder}?"
    return None


def _candidate(a: Held, b: Held, relation: str, word: str) -> dict | None:
    query = _query(a, b, relation, word)
    if query is None or _bare(a.holder).lower() == b.answer.lower():
        return None
    return {
        "type": "inference_query", "query": query, "answer": b.answer,
        "evidence": [*cited(a.limit), *cited(b.limit)], "anchors": [_bare(a.holder), a.limit.figure, b.limit.figure],
        # one question per pair of limits, whichever type asks it (the comparisons key their pairs alike)
        "key": " | ".join(sorted(map(str, {limit_side(a.limit), limit_side(b.limit)}))),
        "page_facts": True, "bridge": None, "template": f"inference.limit_{'multiple' if relation == 'times' else relation}.{a.limit.kind}",
        "computation": {"op": "limit_multiple", "relation": relation, "ratio": b.limit.amount / a.limit.amount,
                        "values": [a.limit.figure, b.limit.figure], "subjects": [a.limit.label, b.limit.label],
                        "answer": b.answer},
    }


def _relation(small: float, big: float) -> tuple[str, int] | None:
    if small <= 0 or big % small:
        return None
    return ("same", 1) if big == small else ("times", int(big // small))


def _clusters(group: Sequence[Held]) -> list[list[Held]]:
    """The limits of one kind grouped by holder and figure: one holder's limit restated on several pages, or named in
    several wordings ("Batch Operations job", "S3 Batch Operations job"), is one side, in the order read."""
    out: list[list[Held]] = []
    for h in sorted(group, key=lambda h: (h.limit.amount, h.answer.lower(), h.limit.page.doc_id)):
        for cluster in out:
            if cluster[0].limit.amount == h.limit.amount and _one_holder([cluster[0].holder, h.holder]):
                cluster.append(h)
                break
        else:
            out.append([h])
    return out


def _figure_pattern(lim: PageLimit, noun: str) -> re.Pattern | None:
    """The limit's figure as any page may write it of the counted or measured thing: "50 tags", "50 job tags",
    "as many as 50 tags"; "20 KB"."""
    number = re.match(r"\d[\d,.]*", lim.figure)
    if number is None:
        return None
    digits = re.escape(number.group(0)).replace(",", ",?")
    if lim.dimension == "count":
        thing = re.escape(singular(noun.split()[-1].lower()))
        return re.compile(rf"(?<![\w.,]){digits}\s+(?:[\w-]+\s+){{0,2}}?{thing}s?\b", re.IGNORECASE)
    unit = re.escape(lim.figure[number.end():].strip())
    if not unit:
        return None
    # a size of the same kind of thing: "20 KB" in a sentence that names policies
    figure = rf"(?<![\w.,]){digits}\s*{unit}\b"
    head = re.escape(singular(noun.split()[-1].lower())[:-1])
    return re.compile(rf"\b{head}[^.\n]{{0,120}}?{figure}|{figure}[^.\n]{{0,120}}?\b{head}", re.IGNORECASE)


def _stated_elsewhere(b_side: Sequence[Held], a_side: Sequence[Held], documents: Sequence[Document]) -> bool:
    """Whether a page other than those of the two limits states b's figure of the same thing: "A tag set can
    contain as many as 50 tags" (a bucket's) beside a job's 50 tags makes "What can hold five times as many tags as
    an object?" a question with two answers, though no limit reader named that holder."""
    b = b_side[0]
    pattern = _figure_pattern(b.limit, b.noun or b.head)
    if pattern is None:
        return True
    own = {h.limit.page.doc_id for h in [*b_side, *a_side]}
    return any(d.doc_id not in own and pattern.search(d.text) for d in documents)


def limit_multiple_candidates(limits: Sequence[PageLimit], documents: Sequence[Document] = ()) -> list[dict]:
    """Inference questions over pairs of limits of one kind whose figures are equal or a named whole multiple
    (asked both ways: "ten times as many as" the smaller, "a tenth as many as" the larger). With the corpus's
    `documents`, an answer whose figure another page states of the same thing is not asked."""
    by_kind: dict[str, list[Held]] = {}
    for lim in limits:
        h = held(lim)
        if h is not None:
            by_kind.setdefault(lim.kind, []).append(h)
    out = []
    for kind in sorted(by_kind):
        group = by_kind[kind]
        sides = _clusters(group)
        for a_side in sides:
            for b_side in sides:
                a0, b0 = a_side[0], b_side[0]
                if a_side is b_side:
                    continue
                lo, hi = sorted((a0.limit.amount, b0.limit.amount))
                rel = _relation(lo, hi)
                if rel is None:
                    continue
                relation, ratio = rel
                if relation == "same":
                    if same_limit(a0.limit, b0.limit):
                        continue  # one limit in two wordings, or a general limit and a narrower holder of it
                    word = "the same"
                elif b0.limit.amount > a0.limit.amount:
                    word = MULTIPLES.get(ratio)
                else:
                    word, relation = FRACTIONS.get(ratio), "fraction"
                if word is None:
                    continue
                # b's figure must pick out b's holder alone: no other holder of this kind takes it
                rivals = [h.holder for h in group if h.limit.amount == b0.limit.amount
                          and not (relation == "same" and _one_holder([h.holder, a0.holder]))]
                if not _one_holder(rivals) or _stated_elsewhere(b_side, a_side, documents):
                    continue
                # every page pair stating the two limits is an alternative; the first that passes the hop check is
                # asked, the rest are refused as the answer already asked
                for a in a_side:
                    for b in b_side:
                        if a.limit.page.doc_id != b.limit.page.doc_id and (cand := _candidate(a, b, relation, word)):
                            out.append(cand)
    return out
