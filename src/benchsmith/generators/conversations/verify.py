"""Checks every turn passes, whatever wrote it: question type, faithfulness, repetition.

- `classify_question`: mtRAG question types read back from the words of the user turn
  (independent of how the turn was written), so labels are re-checked after generation.
- `unsupported_sentences`: response sentences not found in the turn's relevant passages
  (every sentence of an extractive response must be; the fixed "I do not have ..."
  sentences are checked against the turn's proof instead).
- `Repetition`: near-duplicate questions and responses within one conversation.
"""

from __future__ import annotations

import re

from benchsmith.generators.conversations.passages import split_sentences
from benchsmith.text import STOPWORDS, WORD_RE, shingles

_WH = r"(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will)"
_COMPARATIVE = re.compile(r"\bdifference between\b|\bdiffer(?:ent)? from\b|\bcompare[ds]?\b|\bversus\b|\bvs\.?\b", re.I)
_HOWTO = re.compile(r"^(?:how (?:do|can|should) (?:i|we|you)\b|what are the steps\b|i need to\b|i want to (?!learn))", re.I)
_SUMMARY = re.compile(r"\boverview\b|\bsummar|\btell me about\b|\bwhat should i know about\b|\bi want to learn about\b", re.I)
_OPINION = re.compile(r"\brecommend|\bbest practice|\bshould i\b|\bgood idea\b|\bworth it\b|\bopinion\b", re.I)
_EXPLAIN = re.compile(r"^(?:why\b|how (?:does|do|is|are)\b|can you explain\b|explain\b|what do you mean\b|"
                      r"what does .+ mean\b|i'd like to understand\b)", re.I)
_COMPOSITE = re.compile(rf",\s+and\s+{_WH}\b", re.I)
NOT_FOUND_PREFIXES = ("I do not have specific information about", "However, I do not have specific information about")


def classify_question(text: str) -> set[str]:
    """mtRAG question types of a user message, by its wording (multi-label; empty when nothing fits)."""
    t = re.sub(r"^(?:wait|so|and|ok|okay|also|then),?\s+", "", text.strip(), flags=re.I)
    words = WORD_RE.findall(t)
    labels: set[str] = set()
    if _COMPOSITE.search(t):
        return {"Composite"}
    if _COMPARATIVE.search(t):
        labels.add("Comparative")
    if _HOWTO.search(t):
        labels.add("How-To")
    if _SUMMARY.search(t):
        labels.add("Summarization")
    if _OPINION.search(t):
        labels.add("Opinion")
    if _EXPLAIN.search(t) and not labels:
        labels.add("Explanation")
    is_question = t.endswith("?")
    if not is_question and not labels and len(words) <= 6 and not re.match(rf"^{_WH}\b", t, re.I):
        labels.add("Keyword")
    if not is_question and not re.match(rf"^{_WH}\b", t, re.I) and "Keyword" not in labels:
        labels.add("Non-Question")
    if is_question and len(words) <= 6 and not re.match(rf"^{_WH}\b", t, re.I):
        labels.add("Keyword")
    if is_question and not labels and re.match(rf"^{_WH}\b", t, re.I):
        labels.add("Factoid")
    return labels


def agree(labels: list[str] | tuple[str, ...], text: str) -> tuple[bool, list[str]]:
    """Whether the intended labels are all read back from the text; the labels read back."""
    found = classify_question(text)
    return set(labels) <= found, sorted(found)


def _norm(text: str) -> str:
    return " ".join(text.split())


def unsupported_sentences(response: str, passages: list[str]) -> list[str]:
    """Sentences of `response` that are not verbatim in any of `passages` (whitespace-normalised)."""
    texts = [_norm(p) for p in passages]
    missing = []
    for s in split_sentences(response):
        sent = _norm(s.text)
        if sent.startswith(NOT_FOUND_PREFIXES):
            continue
        if not any(sent in t for t in texts):
            missing.append(sent)
    return missing


def _content(text: str) -> set[str]:
    return {w.lower() for w in WORD_RE.findall(text) if w.lower() not in STOPWORDS}


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


class Repetition:
    """Near-duplicates within one conversation: the same question (rewrites) or the same response."""

    def __init__(self, question_threshold: float = 0.7, response_threshold: float = 0.6) -> None:
        self.question_threshold = question_threshold
        self.response_threshold = response_threshold
        self.questions: list[set[str]] = []
        self.responses: list[set[str]] = []

    def question_repeats(self, rewrite: str) -> bool:
        words = _content(rewrite)
        return any(jaccard(words, q) >= self.question_threshold for q in self.questions)

    def response_repeats(self, response: str) -> bool:
        sh = shingles(response)
        return any(jaccard(sh, r) >= self.response_threshold for r in self.responses)

    def add(self, rewrite: str, response: str | None) -> None:
        self.questions.append(_content(rewrite))
        if response:
            self.responses.append(shingles(response))
