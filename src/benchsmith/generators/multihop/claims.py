"""Step 3 (heuristic): claims with a bridge entity (target) and a bridge topic, checked against evidence.

A claim is the fact sentence made self-contained: a leading pronoun or
demonstrative subject is replaced by the article's main entity. Every claim is
then checked by lexical entailment (its content tokens must come from the
evidence or from the entity that was substituted) and dropped when it drifts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from benchsmith.generators.multihop.models import Claim, Entity, Fact
from benchsmith.generators.multihop.ner import BRIDGE_LABELS, SentenceAnalysis
from benchsmith.generators.multihop.text import content_tokens, normalize_entity
from benchsmith.types import Document, Rejected, content_id

STEP = "multihop.claims"

_SUBJECT_PRONOUN = re.compile(r"^(He|She|It|They)\b")
_POSSESSIVE_PRONOUN = re.compile(r"^(His|Her|Its|Their)\b")
_DEMONSTRATIVE = re.compile(
    r"^(This|That|These|Those|The (?:city|agency|report|study|project|plan|deal|club|team|group|lab|laboratory)"
    r"|(?:During|After|Before|Since|By|Until|At) (?:that|this|then|the time)\b"
    r"|The (?:first|second|third|last|latter|former|rest|others?)\b"
    r"|It (?:is|was|has been|will be)\b)\b"  # "It is the largest acquisition ...": usually the thing, not the firm
)
# Only business nouns are resolved: "the club" or "the team" is too often not the last ORG named.
_ORG_NOUN = re.compile(r"^The (company|firm|startup)\b")
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
    if doc.title and is_headline(doc.title):
        # A wire headline ("RED LION INNS FILES PLANS OFFERING") is a sentence, not a name: the story is about
        # the most mentioned name the headline shares a word with, else the first name of its lead.
        heads = set(title_norm.split())
        in_headline = [n for n in counts if heads & set(n.split())]
        if in_headline:
            return surface[max(in_headline, key=lambda n: (counts[n], -list(surface).index(n)))]
        return next(iter(surface.values()), None)
    if title_norm and doc.title and len(doc.title.split()) <= 5 and doc.title[:1].isupper():
        # Encyclopedic titles ("Teutberga") name the subject even when NER missed it.
        return Entity(doc.title, "ENTITY", title_norm)
    if not counts:
        return None
    norm, _ = max(counts.items(), key=lambda kv: (kv[1], -list(surface).index(kv[0])))
    return surface[norm]


def is_headline(title: str) -> bool:
    """An all-capitals wire headline ("USX <X> DEBT DOWNGRADED BY MOODY'S"), not an article's name."""
    letters = [c for c in title if c.isalpha()]
    return len(title.split()) >= 2 and len(letters) >= 6 and sum(c.isupper() for c in letters) >= 0.9 * len(letters)


PERSON_LABELS = frozenset({"PERSON"})
ORG_LABELS = frozenset({"ORG"})


def resolve_subject(
    sentence: str, main: Entity | None, antecedent: Callable[[frozenset[str]], Entity | None] | None = None
) -> tuple[str, str | None, str | None]:
    """Replace a leading pronoun subject with the entity it refers to.

    Args:
        sentence: the fact sentence.
        main: the article's main entity, used when no `antecedent` resolver is given.
        antecedent: given the labels a pronoun may refer to (PERSON for he/she,
            ORG for it/the company) and its gender ("m", "f" or None), the entity
            it refers to or None when unsure
            (`benchsmith.generators.multihop.coref.resolve_antecedent`).

    Returns:
        (claim text, the entity substituted or None, a drop reason or None).
    """

    def referent(labels: frozenset[str], gender: str | None = None) -> Entity | None:
        if antecedent is not None:
            return antecedent(labels, gender)
        return main

    if _DEMONSTRATIVE.match(sentence):
        return sentence, None, "dangling_reference"
    for pattern, possessive in ((_POSSESSIVE_PRONOUN, True), (_SUBJECT_PRONOUN, False)):
        m = pattern.match(sentence)
        if not m:
            continue
        word = m.group(1)
        if word in ("They", "Their") and antecedent is not None:
            return sentence, None, "unresolved_pronoun"  # a group of people or several firms: too often wrong
        labels = PERSON_LABELS if word in ("He", "She", "His", "Her") else ORG_LABELS
        gender = "m" if word in ("He", "His") else "f" if word in ("She", "Her") else None
        ent = referent(labels, gender)
        if ent is None:
            return sentence, None, "unresolved_pronoun"
        if re.search(r"(?<!\w)" + re.escape(ent.text) + r"(?!\w)", sentence[m.end() :]):
            return sentence, None, "unresolved_pronoun"  # "It values Quillpay at ...": the pronoun is something else
        return (f"{ent.text}'s" if possessive else ent.text) + sentence[m.end() :], ent.text, None
    m = _ORG_NOUN.match(sentence)
    if m:
        ent = referent(ORG_LABELS)
        if ent is None or ent.label not in ("ORG", "ENTITY"):
            return sentence, None, "dangling_reference"
        return ent.text + sentence[m.end() :], ent.text, None
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
    antecedent: Callable[[frozenset[str], str | None], Entity | None] | None = None,
) -> tuple[Claim | None, Rejected | None]:
    """One heuristic claim for one fact, or the reason it was dropped (see `resolve_subject`)."""
    seen: list[Entity] = []

    def remember(labels: frozenset[str], gender: str | None = None) -> Entity | None:
        ent = antecedent(labels, gender) if antecedent is not None else main
        if ent is not None:
            seen.append(ent)
        return ent

    text, resolved, reason = resolve_subject(fact.readable, main, remember)
    entities = list(analysis.entities)
    ref = seen[-1] if seen else None
    if resolved and ref is not None and all(e.norm != ref.norm for e in entities):
        entities.insert(0, Entity(ref.text, ref.label, ref.norm, 0))
    if reason is None:
        target = choose_target(entities, doc_freq)
        if target is None:
            reason = "no_target_entity"
    if reason is None:
        drift = entailed(text, fact.readable, resolved)
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
