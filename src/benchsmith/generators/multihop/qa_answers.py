"""Comparing a model's answer with an item's gold answer, and the mechanical proofs the QA check weighs it against.

The QA check asks the model to answer the question itself (round-trip consistency, not
self-graded booleans that a small model fills at random), so the comparison must accept
the forms a correct answer takes: "Yes, it was higher." for Yes, "earlier" for Before,
"Harrowgate Builders Ltd." for Harrowgate Builders, "Not enough information" for a null
query. It stays strict on the content: a different name or the opposite polarity disagrees.
"""

from __future__ import annotations

import re

from benchsmith.generators.multihop.text import contains_phrase, content_tokens, normalize_entity
from benchsmith.schemas.multihop import MultihopItem

NULL_ANSWER = "insufficient information"
SHARED_ENTITY_OPS = frozenset({"bridge_entity", "shared_creator"})  # the answer is the entity every claim names
_NULL_FORMS = re.compile(
    r"\b(insufficient|not enough|no (?:information|answer|evidence|mention)|unknown|cannot be (?:determined|answered)"
    r"|can ?not (?:tell|say|determine|answer)|not (?:stated|mentioned|given|known|specified|clear)|unclear|n/?a)\b")
_POLES = {"yes": "yes", "true": "yes", "correct": "yes", "no": "no", "false": "no", "incorrect": "no",
          "before": "before", "earlier": "before", "after": "after", "later": "after"}
_POLE_WORD = re.compile(r"\b(" + "|".join(_POLES) + r")\b")
# Single leftover words that say nothing about the entity: "Harrowgate" answers "Harrowgate Builders", "Builders" does not.
_GENERIC = frozenset("company firm group inc ltd llc corp co plc city team club report story article person".split())


def is_null_form(text: str) -> bool:
    """Whether an answer says the text does not settle the question ("unknown", "Not enough information." ...)."""
    return not text.strip() or bool(_NULL_FORMS.search(text.lower()))


def polarity(text: str) -> str | None:
    """yes / no / before / after as the answer's first such word says, else None."""
    m = _POLE_WORD.search(text.lower())
    return _POLES[m.group(1)] if m else None


def answers_agree(given: str, gold: str) -> bool:
    """Whether the model's answer `given` says what the gold answer says."""
    gold_norm = normalize_entity(gold)
    if gold_norm == NULL_ANSWER:
        return is_null_form(given)
    if is_null_form(given):
        return False
    if gold_norm in _POLES:
        return polarity(given) == _POLES[gold_norm]
    given_norm = normalize_entity(given)
    if given_norm == gold_norm or contains_phrase(given, gold):
        return True
    want, got = content_tokens(gold), content_tokens(given)
    if not want or not got:
        return False
    if want <= got:  # the gold name inside a longer answer ("The firm is Harrowgate Builders.")
        return True
    # A shorter form of the gold name that keeps its head ("Harrowgate" for "Harrowgate Builders Ltd"; not
    # "Builders"): every word of it from the gold name, its first word among them.
    head = next((w for w in normalize_entity(gold).split() if w in want), None)
    return got <= want and head in got and bool(got - _GENERIC)


def _computation(item: MultihopItem) -> dict:
    return ((item.provenance.extra or {}) if item.provenance else {}).get("computation") or {}


def answer_proof(item: MultihopItem) -> str | None:
    """How the item's own evidence gives its answer, checked without a model, or None when it cannot be shown.

    Comparison and temporal answers were re-derived from the evidence by the consistency validators (an item
    whose computation could not be re-derived carries their `*_not_computable` warning instead); a null query's
    invented names were searched for across the corpus (null.proof); an entity answer must be named in the
    evidence itself: in every claim when it is the entity the claims share (MultiHop-RAG's inference query,
    "who directed both"), else verbatim in some evidence sentence (a bridge's attribute, "which film was
    directed by someone born in 1954": one hop states the answer, the other the constraint).
    """
    qtype = item.question_type
    if qtype == "null_query":
        return "null query: its invented names occur nowhere in the corpus (null.proof)" \
            if normalize_entity(item.answer) == NULL_ANSWER else None
    if qtype in ("comparison_query", "temporal_query"):
        not_computable = {"comparison_not_computable", "temporal_not_computable"} & set(item.warnings)
        if _computation(item).get("op") and not not_computable:
            return "answer re-derived from the evidence by the consistency validators"
        return None
    if not item.evidence:
        return None
    if _computation(item).get("op") in SHARED_ENTITY_OPS or qtype == "inference_query" and not _computation(item).get("op"):
        named = [contains_phrase(e.fact, item.answer) or contains_phrase(e.claim, item.answer) for e in item.evidence]
        return "the answer is named in every evidence claim" if all(named) else None
    if any(contains_phrase(e.fact, item.answer) for e in item.evidence):
        return "the answer is stated verbatim in an evidence sentence"
    return None


def hop_proof(item: MultihopItem) -> str | None:
    """Why no single evidence document answers the item, checked without a model, or None.

    Comparison and temporal answers combine one value or date per document, across two or more documents;
    other items carry anchors (a term per hop) that no single evidence document holds together with the
    answer (the `single_document` check run before the item was accepted).
    """
    docs = {e.doc_id for e in item.evidence}
    comp = _computation(item)
    if item.question_type in ("comparison_query", "temporal_query") and len(docs) >= 2 and comp.get("op"):
        return "the answer combines one value per document across documents"
    if comp.get("anchors") and len(docs) >= 2:
        return "no single evidence document holds the answer and every anchor of the question"
    return None
