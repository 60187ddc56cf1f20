"""Step 3 (heuristic): claims with a bridge entity (target) and a bridge topic, checked against evidence.

A claim is the fact sentence made self-contained: a leading pronoun or
demonstrative subject is replaced by the article's main entity. Every claim is
then checked by lexical entailment (its content tokens must come from the
evidence or from the entity that was substituted) and dropped when it drifts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from benchsmith.types import Document, Rejected, content_id

from benchsmith.generators.multihop.models import Claim, Entity, Fact
from benchsmith.generators.multihop.ner import BRIDGE_LABELS, SentenceAnalysis
from benchsmith.generators.multihop.text import content_tokens, normalize_entity

STEP = "multihop.claims"

_SUBJECT_PRONOUN = re.compile(r"^(He|She|It|They)\b")
_POSSESSIVE_PRONOUN = re.compile(r"^(His|Her|Its|Their)\b")
_DEMONSTRATIVE = re.compile(r"^(This|That|These|Those|The (?:city|agency|report|study|project|plan|deal))\b")
_ORG_NOUN = re.compile(r"^The (company|firm|club|team|group|startup|lab|laboratory)\b")
_MAIN_LABELS = ("PERSON", "ORG", "ENTITY", "GPE", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART")


def singular(word: str) -> str:
    """A crude singular for grouping topic heads ("containers" and "container" meet)."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def main_entity(doc: Document, analyses: Sequence[SentenceAnalysis]) -> Entity | None:
    """The entity an article is mainly about: the title if it is an entity, else the most mentioned one."""
    counts: Counter[str] = Counter()
    surface: dict[str, Entity] = {}
    title_norm = normalize_entity(doc.title) if doc.title else ""
    for a in analyses:
        for e in a.entities:
            if e.label in _MAIN_LABELS:
                counts[e.norm] += 1
                surface.setdefault(e.norm, e)
    if title_norm and title_norm in surface:
        return surface[title_norm]
    if title_norm and doc.title and len(doc.title.split()) <= 5 and doc.title[:1].isupper():
        # Encyclopedic titles ("Teutberga") name the subject even when NER missed it.
        return Entity(doc.title, "ENTITY", title_norm)
    if not counts:
        return None
    norm, _ = max(counts.items(), key=lambda kv: (kv[1], -list(surface).index(kv[0])))
    return surface[norm]


def resolve_subject(sentence: str, main: Entity | None) -> tuple[str, str | None, str | None]:
    """Replace a leading pronoun subject with the main entity.

    Returns:
        (claim text, the entity substituted or None, a drop reason or None).
    """
    m = _POSSESSIVE_PRONOUN.match(sentence)
    if m:
        if main is None:
            return sentence, None, "unresolved_pronoun"
        return f"{main.text}'s" + sentence[m.end() :], main.text, None
    m = _SUBJECT_PRONOUN.match(sentence)
    if m:
        if main is None:
            return sentence, None, "unresolved_pronoun"
        return main.text + sentence[m.end() :], main.text, None
    m = _ORG_NOUN.match(sentence)
    if m:
        if main is None or main.label not in ("ORG", "ENTITY"):
            return sentence, None, "dangling_reference"
        return main.text + sentence[m.end() :], main.text, None
    if _DEMONSTRATIVE.match(sentence):
        return sentence, None, "dangling_reference"
    return sentence, None, None


def entailed(claim: str, evidence: str, resolved: str | None) -> list[str]:
    """Content tokens of the claim that neither the evidence nor the substituted entity supports."""
    allowed = content_tokens(evidence) | (content_tokens(resolved) if resolved else set())
    return sorted(content_tokens(claim) - allowed)


def choose_target(entities: Sequence[Entity], doc_freq: dict[str, int]) -> Entity | None:
    """The claim's target: the bridgeable entity shared by the most documents, earliest on ties."""
    candidates = [e for e in entities if e.label in BRIDGE_LABELS]
    if not candidates:
        return None
    return max(candidates, key=lambda e: (min(doc_freq.get(e.norm, 1), 50), -e.start))


def build_claims(
    fact: Fact,
    analysis: SentenceAnalysis,
    main: Entity | None,
    doc_freq: dict[str, int],
) -> tuple[Claim | None, Rejected | None]:
    """One heuristic claim for one fact, or the reason it was dropped."""
    text, resolved, reason = resolve_subject(fact.text, main)
    entities = list(analysis.entities)
    if resolved and main is not None and all(e.norm != main.norm for e in entities):
        entities.insert(0, Entity(main.text, main.label, main.norm, 0))
    if reason is None:
        target = choose_target(entities, doc_freq)
        if target is None:
            reason = "no_target_entity"
    if reason is None:
        drift = entailed(text, fact.text, resolved)
        if drift:
            reason = "claim_drift"
            return None, Rejected(step=STEP, reason=reason, detail=f"unsupported tokens: {', '.join(drift)}", input_ref=fact.fact_id)
    if reason is not None:
        return None, Rejected(step=STEP, reason=reason, detail=fact.text[:200], input_ref=fact.fact_id)
    topic = analysis.topic or target.text
    claim = Claim(
        claim_id=content_id(fact.fact_id, text, prefix="c-"),
        fact=fact,
        text=text,
        target=target.text,
        target_norm=target.norm,
        target_label=target.label,
        topic=topic,
        topic_norm=singular(normalize_entity(topic.split()[-1])) if topic else "",
        entities=tuple(entities),
        quantities=analysis.quantities,
        resolved=resolved,
    )
    return claim, None


def document_frequency(analyses_by_doc: dict[str, Sequence[SentenceAnalysis]]) -> dict[str, int]:
    """How many documents mention each normalized entity."""
    df: Counter[str] = Counter()
    for analyses in analyses_by_doc.values():
        df.update({e.norm for a in analyses for e in a.entities})
    return dict(df)


def shares_keywords(doc_id: str, analyses: Sequence[SentenceAnalysis], doc_freq: dict[str, int]) -> bool:
    """The paper keeps an article only if its evidence shares keywords (entities) with another article."""
    return any(doc_freq.get(e.norm, 0) >= 2 for a in analyses for e in a.entities if e.label in BRIDGE_LABELS)
