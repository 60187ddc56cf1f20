"""Validators of FRAMES items: the answer re-derived from the cited facts, leave-one-out, answer type, copying.

The re-derivation here is written apart from the generator's (`generators.frames.derive`):
it reads each fact's value back from the document text at its `value_span`, so an
item whose recorded values drifted from its evidence fails.
"""

from __future__ import annotations

import re

from benchsmith.validators import Issue, register

KINDS = frozenset({"frames_item"})
_FACTOR = {"second": 1, "seconds": 1, "minute": 60, "minutes": 60, "hour": 3600, "hours": 3600, "day": 86400,
           "days": 86400, "week": 604800, "weeks": 604800, "byte": 1, "bytes": 1, "kb": 1024, "mb": 1024**2,
           "gb": 1024**3, "tb": 1024**4, "cm": 1, "centimetres": 1, "centimeters": 1, "mm": 0.1, "in": 2.54,
           "inches": 2.54, "metres": 100, "meters": 100, "%": 1, "percent": 1}
_NUM = re.compile(r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?")
_BINARY = {"yes", "no", "true", "false"}


class Missing(Exception):
    pass


def _roman(n: int) -> str:
    table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
             (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for v, s in table:
        while n >= v:
            out, n = out + s, n - v
    return out


def _number(x: float) -> str:
    x = round(x, 2)
    return str(round(x)) if x == int(x) else f"{x:.2f}".rstrip("0").rstrip(".")


def read_value(fact, doc_text: str) -> float:
    """The fact's value read from the document at its value span, in the dimension's base unit."""
    raw = doc_text[fact.value_span.start : fact.value_span.end]
    m = _NUM.search(raw)
    if m is None:
        raise ValueError(f"no number at the value span of {fact.fact_id}: {raw!r}")
    value = float(m.group(0).replace(",", ""))
    if fact.kind == "year" or fact.dimension == "count":  # a count's unit is the noun it counts: no factor
        return value
    return value * _FACTOR[fact.unit.lower()]


AGGREGATES = ("sum", "mean", "convert")  # still computable from fewer articles: leaving one out must change them


def rederive(item, values: dict[str, float], titles: dict[str, str]) -> str:
    """The answer of the item's operation over `values` (fact id -> base value).

    An aggregate is computed over the inputs present; any other operation needs every
    input (the question names each article) and raises Missing without one.
    """
    d = item.derivation
    if d.op in ("gap", "gap_in") and len(values) < len(d.inputs):
        values = {i: values.get(i, 0.0) for i in d.inputs}  # a gap without one side is that side's value alone
    present = [i for i in d.inputs if i in values]
    if not present or (len(present) < len(d.inputs) and d.op not in AGGREGATES):
        raise Missing("an input fact is missing")
    vals = [values[i] for i in present]
    facts = {f.fact_id: f for f in item.facts}
    first = facts[d.inputs[0]]
    # The answer's unit is a declared part of the derivation (the largest unit among the inputs).
    factor = 1 if first.kind == "year" else _FACTOR.get(d.unit.lower(), 1)
    unit = "" if first.kind == "year" else f" {d.unit}"
    if d.op in ("gap", "gap_in"):
        return _number(abs(vals[0] - vals[1]) / factor) + unit
    if d.op == "ratio":
        return _number(max(vals) / min(vals))
    if d.op == "same":
        equal = [v for v in set(vals) if vals.count(v) > 1]
        if len(equal) != 1 or vals.count(equal[0]) != 2:
            raise ValueError("not exactly one pair of equal values")
        return " and ".join(titles[i] for v, i in zip(vals, d.inputs) if v == equal[0])
    if d.op == "second":
        ranked = sorted(zip(vals, d.inputs), reverse=True)
        if len(ranked) < 2 or vals.count(ranked[0][0]) != 1 or vals.count(ranked[1][0]) != 1:
            raise ValueError("tie: no single second-highest")
        return titles[ranked[1][1]]
    if d.op in ("earliest", "largest", "order"):
        ranked = sorted(zip(vals, d.inputs), reverse=d.op == "largest")
        ties = len({v for v, _ in ranked}) != len(ranked) if d.op == "order" else len(ranked) > 1 and ranked[0][0] == ranked[1][0]
        if ties:
            raise ValueError("tie: no single answer")
        return "; ".join(titles[i] for _, i in ranked) if d.op == "order" else titles[ranked[0][1]]
    if d.op == "mean":
        m = sum(vals) / len(vals) / factor
        return _number(round(m)) if first.kind == "year" else _number(m) + unit
    if d.op == "sum":
        return _number(sum(vals) / factor) + unit
    if d.op == "count":
        limit, below = float(d.params["threshold"]), bool(d.params["below"])
        return str(sum((v < limit) if below else (v > limit) for v in vals))
    if d.op == "count_within":
        return str(sum(float(d.params["low"]) < v < float(d.params["high"]) for v in vals))
    if d.op == "within":
        fit = [i for v, i in zip(vals, d.inputs) if float(d.params["low"]) < v < float(d.params["high"])]
        if len(fit) != 1:
            raise Missing("no single figure within the bounds")
        return titles[fit[0]]
    if d.op == "roman":
        return _roman(int(min(vals)))
    if d.op == "convert":
        return f"{_number(sum(vals) / _FACTOR[d.unit.lower()])} {d.unit}"
    if d.op in ("after", "between"):
        nb = 1 if d.op == "after" else 2
        if len(vals) <= nb:
            raise Missing("no candidate")
        lo, hi = (vals[0], float("inf")) if nb == 1 else sorted(vals[:2])
        fit = sorted((v, i) for v, i in zip(vals[nb:], d.inputs[nb:]) if lo < v < hi)
        if d.op == "after":
            fit = [p for p in fit if p[0] == fit[0][0]] if fit else []  # the soonest after the bound
        if len(fit) != 1:
            raise Missing("no single candidate")
        return titles[fit[0][1]]
    raise ValueError(f"unknown operation {d.op!r}")


def _inputs(item, ctx):
    facts = {f.fact_id: f for f in item.facts}
    values, titles = {}, {}
    docs = ctx.index.documents_by_id
    for fid in item.derivation.inputs:
        f = facts.get(fid)
        if f is None:
            raise ValueError(f"input {fid} is not among the item's facts")
        values[fid] = read_value(f, docs[f.doc_id].text)
        # a figure chosen as the answer is named as the question names it; a work by its title
        titles[fid] = item.derivation.params.get("names", {}).get(fid) or re.sub(r"\s*\([^()]*\)\s*$", "", docs[f.doc_id].title).strip() or docs[f.doc_id].title
    return facts, values, titles


class AnswerRederived:
    name = "frames.answer"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        try:
            _, values, titles = _inputs(item, ctx)
            expected = rederive(item, values, titles)
        except (ValueError, KeyError, Missing) as exc:
            return [Issue("answer_not_rederivable", "error", str(exc))]
        if expected != item.answer:
            return [Issue("answer_mismatch", "error", f"answer {item.answer!r}, the cited facts give {expected!r}")]
        return []


class LeaveOneOut:
    """Every article contributes: without its facts the answer cannot be computed, or it changes."""

    name = "frames.leave_one_out"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        try:
            _, values, titles = _inputs(item, ctx)
        except (ValueError, KeyError) as exc:
            return [Issue("answer_not_rederivable", "error", str(exc))]
        issues = []
        for art in item.articles:
            own = {f.fact_id for f in item.facts if f.doc_id == art.doc_id}
            if not own & set(item.derivation.inputs):
                issues.append(Issue("article_unused", "error", f"{art.doc_id} contributes no fact to the derivation"))
                continue
            try:
                without = rederive(item, {k: v for k, v in values.items() if k not in own}, titles)
            except (Missing, ValueError):
                continue
            if without == item.answer:
                issues.append(Issue("article_not_needed", "error", f"the answer stands without {art.doc_id}"))
        return issues


NUMERIC_OPS = ("gap", "gap_in", "mean", "sum", "convert", "count", "count_within", "ratio")
# operations whose answer is one of the works (or figures) the question names
CHOICE_OPS = ("earliest", "largest", "second", "same", "order", "after", "between", "within")


class AnswerType:
    name = "frames.answer_type"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        answer = item.answer.strip().rstrip(".").lower()
        if answer in _BINARY:
            return [Issue("binary_answer", "error", "FRAMES questions have non-binary answers")]
        if item.derivation.op in NUMERIC_OPS and not _NUM.match(answer):
            return [Issue("answer_not_numeric", "error", f"a {item.derivation.op} answer must be a number: {item.answer!r}")]
        # a count ("2") is written in the question only as a number of its own, not inside "S3" or "20 KB"
        written = (re.search(rf"(?<![\w.]){re.escape(answer)}(?![\w.])", item.question.lower()) if item.derivation.op in ("count", "count_within", "ratio")
                   else answer in item.question.lower())
        if item.derivation.op not in CHOICE_OPS and answer and written:
            return [Issue("answer_in_question", "error", "the answer is written in the question")]
        return []


class CopiedWords:
    """No run of 8+ words copied from the evidence into the question (titles aside: they are names)."""

    name = "frames.copy"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        q = item.question.lower()
        for art in item.articles:
            q = q.replace(art.title.lower(), " ")
        qwords = re.findall(r"\w+", q)
        grams = {tuple(qwords[i : i + 8]) for i in range(len(qwords) - 7)}
        for f in item.facts:
            words = re.findall(r"\w+", f.text.lower())
            if any(tuple(words[i : i + 8]) in grams for i in range(len(words) - 7)):
                return [Issue("copied_evidence", "error", f"the question copies 8+ words of {f.fact_id}")]
        return []


for _v in (AnswerRederived(), LeaveOneOut(), AnswerType(), CopiedWords()):
    register(_v)
