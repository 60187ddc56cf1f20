"""Validators of MultiHop-RAG items: evidence count, answers re-derived from the evidence, null proof, leakage.

Temporal and comparison answers are recomputed from the evidence itself, not taken
on the generator's word; a null query's invented names must occur nowhere in the
corpus, exactly, fuzzily, or in the top chunks the search index ranks for it.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from benchsmith.quantities import extract_quantities
from benchsmith.text import contains_phrase, field_values, shingles
from benchsmith.validators import Issue, register
from benchsmith.validators.difficulty import COPY_LIMIT, longest_copied_span, wording_overlap
from benchsmith.validators.markup import has_markup

KINDS = frozenset({"multihop_item"})


class EvidenceCount:
    name = "multihop.evidence_count"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type == "null_query":
            return []
        lo, hi = ctx.evidence_range
        if not lo <= len(item.evidence) <= hi:
            return [Issue("evidence_count_out_of_range", "error", f"{len(item.evidence)} evidence facts, allowed {lo}-{hi}")]
        return []


def _computation(item) -> dict:
    return (item.provenance.extra or {}).get("computation", {}) if item.provenance else {}


class TemporalConsistency:
    name = "consistency.temporal"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "temporal_query":
            return []
        dates = []
        for ev in item.evidence:
            doc = ctx.index.documents_by_id.get(ev.doc_id)
            if doc is None or doc.published_at is None:
                return [Issue("temporal_missing_date", "error", f"evidence document {ev.doc_id} has no published_at")]
            dates.append(doc.published_at)
        op = _computation(item).get("op")
        if op == "before_after":
            expected = "Before" if dates[0] < dates[1] else "After"
        elif op == "in_order":
            expected = "Yes" if all(dates[i] < dates[i + 1] for i in range(len(dates) - 1)) else "No"
        else:
            return [Issue("temporal_not_computable", "warning", "no computation recorded; answer not re-derived")]
        if item.answer.strip().rstrip(".").lower() != expected.lower():
            return [Issue("temporal_inconsistent", "error", f"answer {item.answer!r} but the publication dates give {expected!r}")]
        return []


_LIMIT_UNITS = {
    "data": {"byte": 1, "bytes": 1, "kb": 1024, "mb": 1024**2, "gb": 1024**3, "tb": 1024**4},
    # a wire's earnings table: "807,000", "12.6 mln", "1.59 billion" (dollars)
    "money": {"": 1, "dlrs": 1, "mln": 10**6, "billion": 10**9},
    # an article's elevations and lengths, in metres
    "distance": {"m": 1, "metre": 1, "metres": 1, "meter": 1, "meters": 1, "km": 1000, "kilometre": 1000,
                 "kilometres": 1000, "kilometer": 1000, "kilometers": 1000, "mi": 1609.344, "mile": 1609.344,
                 "miles": 1609.344, "ft": 0.3048, "foot": 0.3048, "feet": 0.3048},
    "time": {"second": 1, "seconds": 1, "minute": 60, "minutes": 60, "hour": 3600, "hours": 3600, "day": 86400,
             "days": 86400, "week": 604800, "weeks": 604800},
}
_LIMIT_FIGURE = re.compile(r"^\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \u00a0-]?(?:Unicode )?([A-Za-z]*)")


def limit_value(figure: str, dimension: str) -> float | None:
    """A limit's figure in its dimension's base unit ("20 KB" -> 20480 bytes, "7 days" -> seconds, "10 tags" -> 10),
    or None when the figure has no unit of that dimension."""
    m = _LIMIT_FIGURE.match(figure)
    if m is None:
        return None
    number = float(m.group(1).replace(",", ""))
    if dimension == "count":
        return number
    if dimension == "length":  # a length in characters ("63 characters")
        return number if m.group(2).lower() in ("character", "characters") else None
    factor = _LIMIT_UNITS.get(dimension, {}).get(m.group(2).lower())
    return number * factor if factor else None


DEFAULT_STATES = {"enabled": "on", "turned on": "on", "on": "on", "disabled": "off", "turned off": "off", "off": "off",
                  "not enabled": "off"}


class ComparisonConsistency:
    name = "consistency.comparison"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "comparison_query":
            return []
        comp = _computation(item)
        op = comp.get("op")
        claims = [ev.claim for ev in item.evidence]
        if op in ("gt", "lt"):
            values = []
            for ev in item.evidence:
                qs = [q.value for q in extract_quantities(ev.fact) if q.unit == comp.get("unit")]
                if not qs:
                    return [Issue("comparison_value_missing", "error", f"no {comp.get('unit')} figure in the evidence of {ev.doc_id}")]
                values.append(qs[0])
            first, others = values[0], values[1:]
            yes = all(first > v for v in others) if op == "gt" else all(first < v for v in others)
        elif op == "exceeds":
            # Two stated limits ("10 tags", "20 KB"): each figure in its sentence, compared in one base unit
            values = comp.get("values") or []
            # one side per evidence document, in order; a side may cite a second sentence (the list lead naming it)
            sides = _facts_by_document(item)
            if len(values) != 2 or len(sides) != 2 or not all(
                    any(str(v) in fact for fact in facts) for v, facts in zip(values, sides.values())):
                return [Issue("comparison_value_missing", "error", "a compared limit is not in its evidence sentence")]
            amounts = [limit_value(str(v), str(comp.get("dimension"))) for v in values]
            if None in amounts:
                return [Issue("comparison_value_missing", "error", f"no {comp.get('dimension')} figure in {values}")]
            yes = amounts[0] > amounts[1] if comp.get("strict", True) else amounts[0] >= amounts[1]
        elif op in ("earlier", "same"):
            values = comp.get("values") or []
            if len(values) != len(item.evidence) or not all(contains_phrase(ev.fact, str(v)) for v, ev in zip(values, item.evidence)):
                return [Issue("comparison_value_missing", "error", "a compared value is not in its evidence sentence")]
            # Values past the first two are the facts that describe a side instead of its title ("the painting
            # held by the Tate"): each must be in its evidence sentence, and only the first two are compared.
            if op == "earlier":
                years = [int(re.findall(r"\d+", str(v))[-1]) for v in values[:2]]
                yes = years[0] < years[1]
            else:
                yes = values[0] == values[1]
        elif op == "default_state":
            # Two features' default states ("disabled", "not enabled", "enabled"), the one asked about first
            values = [str(v) for v in comp.get("values") or []]
            states = [DEFAULT_STATES.get(v.lower()) for v in values]
            if len(values) != 2 or None in states or not all(
                    contains_phrase(ev.fact, v) for v, ev in zip(values, item.evidence[:2])):
                return [Issue("comparison_value_missing", "error", "a compared default state is not in its evidence sentence")]
            if not comp.get("both") and states[0] == states[1]:
                return [Issue("comparison_inconsistent", "error", "'unlike' asked of two features with one default state")]
            yes = states[0] == comp.get("state") and (states[1] == comp.get("state") or not comp.get("both"))
        elif op in ("version_before", "default_exceeds"):
            yes = _field_comparison(item, comp)
            if isinstance(yes, Issue):
                return [yes]
        elif op == "field_lists":  # "Context: server config, virtual host" on each side: both list the value?
            listed = _listed_by_side(item, str(comp.get("field") or ""), str(comp.get("value") or "").lower())
            if isinstance(listed, Issue):
                return [listed]
            yes = all(listed)
        elif op == "all_mention" and str(comp.get("term") or "").strip():
            if comp.get("scope") == "article":
                docs = ctx.index.documents_by_id
                claims = [docs[ev.doc_id].text if ev.doc_id in docs else ev.fact for ev in item.evidence]
            yes = all(contains_phrase(c, comp["term"]) for c in claims)
        else:
            return [Issue("comparison_not_computable", "warning", "no computation recorded; answer not re-derived")]
        expected = "Yes" if yes else "No"
        choice = comp.get("choice") or []
        if len(choice) == 2:  # "Which ... first, A or B?": the relation holding for A makes A the answer
            expected = str(choice[0] if yes else choice[1])
        # "Back in the U.S.A." is a name ending in a period: both sides lose a final period before they are compared
        if item.answer.strip().rstrip(".").lower() != expected.strip().rstrip(".").lower():
            return [Issue("comparison_inconsistent", "error", f"answer {item.answer!r} but the evidence gives {expected!r}")]
        return []


_VERSION = re.compile(r"^\d+(?:\.\d+)+$")
_UNIT_FACTORS = {"seconds": ("time", 1.0), "second": ("time", 1.0), "milliseconds": ("time", 0.001),
                 "minutes": ("time", 60.0), "bytes": ("data", 1.0), "kilobytes": ("data", 1024.0)}


def _listed_by_side(item, field: str, value: str) -> list[bool] | Issue:
    """Whether each side's one cited `field` paragraph ("Context: server config, virtual host") lists `value`."""
    sides = _facts_by_document(item)
    pattern = re.compile(rf"^[ \t]*{re.escape(field)}:.*(?:\n[ \t]*\S.*)*", re.IGNORECASE | re.MULTILINE)
    lines = [[m.group(0) for f in facts for m in pattern.finditer(f)] for facts in sides.values()]
    if not field or not value or len(sides) != 2 or any(len(found) != 1 for found in lines):
        return Issue("comparison_value_missing", "error", f"no one {field or 'field'} line cited on each side")
    return [value in field_values(found[0]) for found in lines]


def _facts_by_document(item) -> dict[str, list[str]]:
    """The cited facts of each evidence document, in citation order: one side of a two-page comparison each."""
    sides: dict[str, list[str]] = {}
    for ev in item.evidence:
        sides.setdefault(ev.doc_id, []).append(ev.fact)
    return sides


def _field_comparison(item, comp: dict) -> bool | Issue:
    """Two named things' labelled facts, one side per evidence document (its heading or syntax line naming the
    thing, its field giving the value): "available since" versions compared part by part (2.4.9 < 2.4.11; a series
    and a release of it, "2.3" and "2.3.6", do not order), or numeric defaults compared in one unit."""
    values = [str(v) for v in comp.get("values") or []]
    subjects = [str(v) for v in comp.get("subjects") or []]
    sides = _facts_by_document(item)
    if len(values) != 2 or len(subjects) != 2 or len(sides) != 2:
        return Issue("comparison_value_missing", "error", "two sides, each with its subject and value, are needed")
    for value, subject, facts in zip(values, subjects, sides.values()):
        # a version or number as a whole ("2.4" is not read out of "2.4.10")
        whole = re.compile(rf"(?<![\w.]){re.escape(value)}(?!\.?\d)")
        if not any(contains_phrase(f, subject) for f in facts) or not any(whole.search(f) for f in facts):
            return Issue("comparison_value_missing", "error", f"{subject!r} or {value!r} is not in its evidence")
    if comp.get("op") == "version_before":
        if not all(_VERSION.match(v) for v in values):
            return Issue("comparison_value_missing", "error", f"not versions: {values}")
        x, y = (tuple(int(p) for p in v.split(".")) for v in values)
        if x[:min(len(x), len(y))] == y[:min(len(x), len(y))]:
            return Issue("comparison_inconsistent", "error", f"versions {values} do not order")
        return x < y
    units = [str(u).lower() for u in comp.get("units") or []]
    if len(units) != 2 or any(u not in _UNIT_FACTORS for u in units):
        return Issue("comparison_value_missing", "error", f"no unit for the defaults: {units}")
    for value, subject, unit, facts in zip(values, subjects, units, sides.values()):
        stated = re.compile(rf"(?<![\w.]){re.escape(subject)}\s+{re.escape(value)}(?![\w.])")
        if not any(stated.search(f) for f in facts) or not any(contains_phrase(f, unit) for f in facts):
            return Issue("comparison_value_missing", "error", f"{subject} {value} ({unit}) is not in its evidence")
    (dx, fx), (dy, fy) = (_UNIT_FACTORS[u] for u in units)
    if dx != dy:
        return Issue("comparison_inconsistent", "error", f"defaults in {units} do not compare")
    return float(values[0]) * fx > float(values[1]) * fy


class InferenceConsistency:
    """Inference answers a computation proves, re-derived from the cited facts: a default borrowed from another
    setting ("Default: Value of Timeout" on one page, "Default: TimeOut 60" on another) is that setting's number."""

    name = "consistency.inference"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        comp = _computation(item)
        if item.question_type != "inference_query" or comp.get("op") != "inherited_default":
            return []
        subjects = [str(v) for v in comp.get("subjects") or []]
        values = [str(v) for v in comp.get("values") or []]
        sides = _facts_by_document(item)
        if len(subjects) != 2 or len(values) != 2 or len(sides) != 2:
            return [Issue("inference_value_missing", "error", "a borrowing and a lending side are needed")]
        borrower, lender = sides.values()
        borrows = re.compile(rf"\bvalue of (?:the )?{re.escape(values[0])}\b", re.IGNORECASE)
        if not any(contains_phrase(f, subjects[0]) for f in borrower) or not any(borrows.search(f) for f in borrower):
            return [Issue("inference_value_missing", "error", f"{subjects[0]!r} borrowing {values[0]!r} is not in its evidence")]
        stated = re.compile(rf"(?<![\w.]){re.escape(subjects[1])}\s+(\d+(?:\.\d+)?)(?![\w.])")
        numbers = {m.group(1) for f in lender for m in stated.finditer(f)}
        if subjects[1].lower() != values[0].lower() or len(numbers) != 1:
            return [Issue("inference_value_missing", "error", f"no one default of {values[0]!r} in the evidence")]
        if item.answer.strip().rstrip(".") != numbers.pop():
            return [Issue("inference_inconsistent", "error", f"answer {item.answer!r} is not the borrowed default")]
        return []


NEAR_IDENTICAL = 0.8  # Jaccard of word 3-grams at or above which two evidence sentences say the same thing


def _resemblance(a: str, b: str) -> float:
    sa, sb = shingles(a), shingles(b)
    return len(sa & sb) / len(sa | sb) if sa and sb else float(a.strip().lower() == b.strip().lower())


class DistinctEvidence:
    """No item cites two near-identical sentences (a re-sent story, one fact copied between articles):
    the second hop would add nothing a reader does not already have."""

    name = "multihop.distinct_evidence"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        facts = [ev.fact for ev in item.evidence]
        for i in range(len(facts)):
            for j in range(i + 1, len(facts)):
                r = _resemblance(facts[i], facts[j])
                if r >= NEAR_IDENTICAL:
                    return [Issue("near_identical_evidence", "error",
                                  f"evidence {i + 1} and {j + 1} are near-identical (3-gram Jaccard {r:.2f})")]
        return []


NULL_ANSWERS = frozenset({"insufficient information.", "insufficient information"})
FUZZY_CUTOFF = 90


def _key_entities(item) -> list[str]:
    extra = item.provenance.extra or {}
    return [e for e in extra.get("null_entities", []) + extra.get("null_sources", []) if e]


class NullProof:
    name = "null.proof"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "null_query":
            return []
        issues = []
        if item.answer.strip().lower() not in NULL_ANSWERS:
            issues.append(Issue("null_answer", "error", f"a null query must answer 'Insufficient information.', not {item.answer!r}"))
        keys = _key_entities(item)
        if not keys:
            return [*issues, Issue("null_no_entities", "error", "no invented entities recorded for the null query")]
        top = ctx.index.top(item.query)
        for key in keys:
            low = key.lower()
            if ctx.index.phrase_occurs(key):
                issues.append(Issue("null_entity_in_corpus", "error", f"{key!r} occurs in the corpus"))
                continue
            hit = process.extractOne(low, ctx.names, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if hit is not None:
                issues.append(Issue("null_entity_fuzzy_match", "error", f"{key!r} is close to corpus name {hit[0]!r} ({hit[1]:.0f})"))
                continue
            for chunk in top:
                if contains_phrase(chunk.text, key) or fuzz.partial_ratio(low, chunk.text.lower()) >= 95:
                    issues.append(Issue("null_entity_in_bm25_top", "error", f"{key!r} appears in top BM25 chunk {chunk.chunk_id}"))
                    break
        return issues


_GENERIC = frozenset({"the", "of", "and", "city", "new", "company", "group", "inc", "ltd"})


class AnswerLeak:
    name = "leakage.answer_in_query"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if item.question_type != "inference_query":
            return []
        answer = item.answer.strip().rstrip(".")
        choice = [str(c) for c in _computation(item).get("choice") or []]
        if len(choice) == 2 and answer in choice:
            # "Which film, X or Y, had a director born in 1900?": the answer is named beside a decoy by design; the
            # decoy must be named too, or the question gives its answer away
            decoy = choice[1 - choice.index(answer)]
            return [] if contains_phrase(item.query, decoy) else [
                Issue("answer_leak", "error", f"the answer {answer!r} is named without its decoy {decoy!r}")]
        if contains_phrase(item.query, answer):
            return [Issue("answer_leak", "error", f"the answer {answer!r} appears in the query")]
        # A distinctive part of a multi-word name ("Voss" of "Mara Voss") leaks it too.
        for word in answer.split():
            if len(word) > 3 and word.lower() not in _GENERIC and word[:1].isupper() and contains_phrase(item.query, word):
                return [Issue("answer_leak_partial", "error", f"the answer's word {word!r} appears in the query")]
        return []


class AnswerForm:
    """The paper's third criterion: the answer is a single word or entity."""

    applies_to = KINDS
    name = "answer.form"

    def check(self, item, ctx) -> list[Issue]:
        if len(item.answer.split()) > 6:
            return [Issue("answer_too_long", "warning", f"answer has {len(item.answer.split())} words")]
        return []




MAX_QUESTION_WORDS = 30
# The MultiHop-RAG sample (../shared/data/multihop-rag, 42 answerable queries) reuses at most 53% of its
# non-name wording from the evidence (median 27%); template questions must repeat a relation word or two
# ("born", "directed"), so the cap is set above that maximum, where pasted sentences (near 100%) still fail.
MAX_WORDING_OVERLAP = 0.75
_QUOTED = re.compile(r"[\"“]([^\"”]{3,})[\"”]")


class Surface:
    """A question reads as a question, not as pasted evidence: short, no 8-word copy, no quoted title, no markup."""

    name = "multihop.surface"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        issues = []
        words = len(item.query.split())
        if words > MAX_QUESTION_WORDS:
            issues.append(Issue("question_too_long", "error", f"{words} words, at most {MAX_QUESTION_WORDS}"))
        if has_markup(item.query) or has_markup(item.answer):
            issues.append(Issue("markup", "error", "markup (link, URL, code span or tag) in the question or answer"))
        facts = [ev.fact for ev in item.evidence]
        copied = longest_copied_span(item.query, facts)
        if copied >= COPY_LIMIT:
            issues.append(Issue("copied_span", "error", f"{copied} consecutive words copied from the evidence"))
        overlap = wording_overlap(item.query, facts, _computation(item).get("anchors") or ())
        if facts and overlap > MAX_WORDING_OVERLAP and len(item.query.split()) > 12:
            issues.append(Issue("wording_overlap", "error", f"{overlap:.0%} of the question's wording is in the evidence"))
        for m in _QUOTED.finditer(item.query):
            if any(m.group(1).strip().lower() == (ev.title or "").strip().lower() for ev in item.evidence):
                issues.append(Issue("title_quoted", "error", f"the question quotes the article title {m.group(1)!r}"))
        facts_norm = [re.sub(r"\W+", " ", f).strip().lower() for f in facts]
        if len(set(facts_norm)) < len(facts_norm):
            issues.append(Issue("duplicated_evidence", "error", "two evidence sentences are the same"))
        return issues


for _validator in (EvidenceCount(), TemporalConsistency(), ComparisonConsistency(), InferenceConsistency(), NullProof(),
                   AnswerLeak(), AnswerForm(), Surface(), DistinctEvidence()):
    register(_validator)
