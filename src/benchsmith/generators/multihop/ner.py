"""Entities, topics and quantities of fact sentences: spaCy when installed, rules otherwise.

spaCy runs once over all sentences with `nlp.pipe`, with everything but
tok2vec and ner disabled: on a 2-core machine the tagger and parser would add
60-80% to the dominant cost of the generator. Topics are read as the longest
run of lower-case content words (a rule-based noun phrase); pass
`topics="tagger"` to read noun phrases from spaCy part-of-speech tags instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.models import Entity, Quantity
from benchsmith.generators.multihop.text import STOPWORDS, normalize_entity
from benchsmith.quantities import extract_quantities

# Labels that can be a bridge entity (numbers and dates cannot).
BRIDGE_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "ENTITY"})
_SKIP_PIPES = ("tagger", "attribute_ruler", "parser", "lemmatizer", "senter")

_MONTHS = frozenset("january february march april may june july august september october november december".split())
_RULE_ENTITY = re.compile(r"\b[A-Z][a-zA-Z’'\-]*(?:\s+(?:of|the|de|van|von|and|&)?\s*[A-Z][a-zA-Z’'\-]*)*")
_TITLES = frozenset(
    """mayor mr mrs ms dr prof professor president chief councillor senator minister founder coach captain sir lord
    executive ceo chairman chairwoman director manager partner striker goalkeeper defender midfielder""".split()
)


@dataclass(frozen=True)
class SentenceAnalysis:
    entities: tuple[Entity, ...]
    topic: str
    quantities: tuple[Quantity, ...]


def _rule_entities(sentence: str) -> tuple[Entity, ...]:
    out = []
    for m in _RULE_ENTITY.finditer(sentence):
        text = m.group(0).strip()
        if m.start() == 0 and len(text.split()) == 1:
            continue  # a sentence-initial capitalised word is usually not a name
        # Drop leading stopwords, months and titles by slicing, so `text` stays the exact suffix of the match.
        while text:
            first = text.split()[0]
            if first.lower() not in STOPWORDS and first.lower() not in _MONTHS and first.lower() not in _TITLES:
                break
            text = text[len(first) :].lstrip()
        if not text:
            continue
        if text.lower() in _MONTHS:
            continue
        norm = normalize_entity(text)
        if norm and norm not in STOPWORDS:
            # The match's own offset: `sentence.find(text)` would point at an earlier, longer name.
            out.append(Entity(text, "ENTITY", norm, m.start() + len(m.group(0).rstrip()) - len(text)))
    return tuple(out)


def _rule_topic(sentence: str, entities: Sequence[Entity]) -> str:
    ent_words = {w for e in entities for w in e.norm.split()}
    best: list[str] = []
    run: list[str] = []
    for tok in re.findall(r"[A-Za-z][a-z\-]+|\S", sentence) + ["."]:
        low = tok.lower()
        if tok[0].islower() and low not in STOPWORDS and low not in ent_words and len(low) > 2 and not low.endswith(("ed", "ly")):
            run.append(low)
        else:
            if len(run) > len(best):
                best = run
            run = []
    return " ".join(best[-3:])


def _spacy_topic(doc, entity_tokens: set[int]) -> str:
    """The first noun phrase (ADJ/NOUN run ending in a NOUN) outside the entities, from tagger output."""
    best = ""
    run: list = []
    for tok in list(doc) + [None]:
        ok = tok is not None and tok.i not in entity_tokens and tok.pos_ in ("NOUN", "ADJ", "PROPN") and tok.is_alpha and not tok.is_stop
        if ok:
            run.append(tok)
            continue
        while run and run[-1].pos_ != "NOUN":
            run.pop()
        if run:
            phrase = " ".join(t.lower_ for t in run[-3:])
            if not best:
                best = phrase
        run = []
    return best


def analyze_sentences(
    sentences: Sequence[str], *, nlp=None, batch_size: int = 256, topics: str = "rules", n_process: int = 1
) -> list[SentenceAnalysis]:
    """Entities, a topic phrase and quantities for each sentence.

    Args:
        sentences: fact sentences.
        nlp: a loaded spaCy pipeline (e.g. `benchsmith.embedded.load_spacy()`), or None for rules.
        batch_size: spaCy `nlp.pipe` batch size.
        topics: "rules" (lower-case content-word runs) or "tagger" (spaCy POS noun phrases; slower).
        n_process: spaCy worker processes; more than 1 only pays off on an otherwise idle multi-core machine.
    """
    if nlp is None:
        out = []
        for s in sentences:
            ents = _rule_entities(s)
            out.append(SentenceAnalysis(ents, _rule_topic(s, ents), extract_quantities(s)))
        return out
    skip = [p for p in _SKIP_PIPES if not (topics == "tagger" and p in ("tagger", "attribute_ruler"))]
    disable = [p for p in skip if p in nlp.pipe_names]
    out = []
    for s, doc in zip(sentences, nlp.pipe(sentences, batch_size=batch_size, disable=disable, n_process=n_process), strict=True):
        ents = []
        ent_tokens: set[int] = set()
        for e in doc.ents:
            ent_tokens.update(range(e.start, e.end))
            text, start = e.text, e.start_char
            # spaCy often keeps a job title in a PERSON span ("Founder Jonah Kettering").
            while len(text.split()) > 1 and text.split()[0].lower() in _TITLES:
                head = text.split()[0]
                start += len(head) + 1
                text = text[len(head) :].lstrip()
            norm = normalize_entity(text)
            if norm:
                ents.append(Entity(text, e.label_, norm, start))
        topic = _spacy_topic(doc, ent_tokens) if topics == "tagger" and "tagger" in nlp.pipe_names else _rule_topic(s, ents)
        out.append(SentenceAnalysis(tuple(ents), topic, extract_quantities(s)))
    return out
