"""Step 2: fact-sentence extraction (heuristic rules, or a local text classifier given by path).

A fact is a declarative sentence that carries a named entity, a number or a date,
kept only when it lies wholly inside one chunk so that retrieval can find it verbatim.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from benchsmith.corpora.sentences import split_sentences
from benchsmith.corpora.wire import dateline_end, unwrapped
from benchsmith.generators.multihop.models import Fact
from benchsmith.generators.multihop.text import one_line, wire_words
from benchsmith.types import Chunk, Document, content_id
from benchsmith.validators.markup import clean, has_markup

STEP = "multihop.facts"

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_SIGNAL = re.compile(rf"\d|\b(?:{_MONTHS})\b")
_CAPITALISED = re.compile(r"(?<=\s)[A-Z][a-zA-Z]")
_QUOTE = re.compile(r"[\"“”]")
_OPINION = re.compile(
    r"\b(?:I|we|I'm|we're|my|our)\b|\b(?:should|must|ought|believes?|thinks?|feels?|hopes?|probably|perhaps|maybe|seems?)\b",
    re.IGNORECASE,
)
_LEADING_NOISE = re.compile(r"^[\s#*>\-•]+")


def fact_filter_reason(sentence: str, *, min_words: int = 6, max_words: int = 60) -> str | None:
    """Why a sentence is not a usable fact, or None when it is.

    Rules: length bounds; no questions or exclamations; no quoted speech or
    first-person / modal opinion; must carry a number, a month name or a
    capitalised word after the first token (a likely named entity).
    """
    n = len(sentence.split())
    if n < min_words:
        return "too_short"
    if n > max_words:
        return "too_long"
    stripped = sentence.rstrip()
    if stripped.endswith("?") or stripped.endswith("!"):
        return "not_declarative"
    if not stripped.endswith((".", ".\"", ".”", ")")):
        return "not_a_sentence"  # headings, list fragments
    if _QUOTE.search(sentence):
        return "quoted_opinion"
    if _OPINION.search(sentence):
        return "opinion"
    if not (_SIGNAL.search(sentence) or _CAPITALISED.search(sentence)):
        return "no_entity_number_or_date"
    if has_markup(sentence):
        return "markup"  # markup left after cleaning (tables, stray brackets): no readable sentence to ask from
    return None


def _chunk_for(span_start: int, span_end: int, starts: list[int], chunks: list[Chunk]) -> Chunk | None:
    i = bisect_right(starts, span_start) - 1
    # Overlapping chunks: the sentence may start in chunk i but only fit wholly in an earlier one.
    for j in range(max(i, 0), -1, -1):
        c = chunks[j]
        if c.span.start <= span_start and span_end <= c.span.end:
            return c
        if c.span.end < span_start:
            break
    return None


def candidate_sentences(doc: Document, chunks: Sequence[Chunk]) -> list[tuple[Fact, str | None]]:
    """Every sentence of a document as a Fact, with the reason it is not usable (None if usable)."""
    ordered = sorted(chunks, key=lambda c: (c.span.start, c.span.end))
    starts = [c.span.start for c in ordered]
    out: list[tuple[Fact, str | None]] = []
    # Hard-wrapped copy is split on its sentences, not its lines (same offsets); a wire dateline is where the
    # story was filed, not part of its first sentence.
    for span in split_sentences(unwrapped(doc.text)):
        raw = doc.text[span.start : span.end]
        lead = len(raw) - len(_LEADING_NOISE.sub("", raw))
        start, end = dateline_end(doc.text, span.start + lead), span.end
        text = doc.text[start:end].rstrip()
        end = start + len(text)
        if not text:
            continue
        # Markup is cleaned, not dropped: the fact keeps its span into the original document (evidence stays
        # verbatim) and carries the readable text that entities, claims and questions are taken from.
        flat = wire_words(one_line(text) if "\n" in text else text)
        readable = clean(flat) if has_markup(flat) else (flat if flat != text else None)
        reason = fact_filter_reason(readable or text)
        chunk = _chunk_for(start, end, starts, ordered)
        if chunk is None:
            reason = reason or "crosses_chunk_boundary"
            chunk_id = ""
        else:
            chunk_id = chunk.chunk_id
        fact = Fact(content_id(doc.doc_id, str(start), str(end), prefix="f-"), doc.doc_id, chunk_id, start, end, text, readable)
        out.append((fact, reason))
    return out


class FactClassifier:
    """A local transformers text classifier (e.g. a fact-vs-opinion model) loaded from a path.

    Sentences whose predicted label contains one of `fact_labels` (case-insensitive) are facts.
    """

    def __init__(self, path: str, *, fact_labels: Sequence[str] = ("fact", "objective"), batch_size: int = 32) -> None:
        from benchsmith.embedded import offline_env

        offline_env()
        from transformers import pipeline

        self.pipe = pipeline("text-classification", model=path, tokenizer=path, device=-1)
        self.fact_labels = tuple(label.lower() for label in fact_labels)
        self.batch_size = batch_size

    def is_fact(self, sentences: Sequence[str]) -> list[bool]:
        preds = self.pipe(list(sentences), batch_size=self.batch_size, truncation=True)
        return [any(lbl in p["label"].lower() for lbl in self.fact_labels) for p in preds]


def extract_facts(
    documents: Sequence[Document],
    chunks_by_doc: dict[str, list[Chunk]],
    *,
    classifier: FactClassifier | None = None,
) -> tuple[dict[str, list[Fact]], dict[str, int]]:
    """Usable fact sentences per document, and counts of skipped sentences by reason."""
    facts: dict[str, list[Fact]] = {}
    skipped: dict[str, int] = {}
    for doc in documents:
        kept = []
        for fact, reason in candidate_sentences(doc, chunks_by_doc.get(doc.doc_id, [])):
            if reason is None:
                kept.append(fact)
            else:
                skipped[reason] = skipped.get(reason, 0) + 1
        facts[doc.doc_id] = kept
    if classifier is not None:
        flat = [f for fs in facts.values() for f in fs]
        verdicts = dict(zip([f.fact_id for f in flat], classifier.is_fact([f.readable for f in flat]), strict=True)) if flat else {}
        for doc_id, fs in facts.items():
            keep = [f for f in fs if verdicts[f.fact_id]]
            skipped["classifier_not_fact"] = skipped.get("classifier_not_fact", 0) + len(fs) - len(keep)
            facts[doc_id] = keep
    return facts, skipped
