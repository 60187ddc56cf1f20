"""Checks every turn passes, whatever wrote it: question type, faithfulness, repetition.

- `classify_question`: mtRAG question types read back from the words of the user turn
  (independent of how the turn was written), so labels are re-checked after generation.
- `unsupported_sentences` and `Repetition` (from `validators.conversation`, shared with the
  validators that re-check every finished conversation).
"""

from __future__ import annotations

import re

from benchsmith.text import WORD_RE
from benchsmith.validators.conversation import Repetition, unsupported_sentences

_WH = r"(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will)"
_COMPARATIVE = re.compile(r"\bdifference between\b|\bdiffer(?:ent)? from\b|\bcompare[ds]?\b|\bversus\b|\bvs\.?\b", re.I)
_HOWTO = re.compile(r"^(?:how (?:do|can|should) (?:i|we|you)\b|what are the steps\b|i need to\b|i want to (?!learn))", re.I)
_SUMMARY = re.compile(r"\boverview\b|\bsummar|\btell me (?:more )?about\b|\bwhat else can you tell me\b|\banything else about\b|\bwhat should i know about\b|\bi want to learn about\b", re.I)
# the agent's advice or view, not what a third party recommends ("Does the Red Cross recommend ...?") or an expectation
# ("How long should I anticipate ...?") or a feature named after best practices ("Can I assess my storage based on data
# protection best practices?"): those are facts
_OPINION = re.compile(r"\b(?:you|anyone|we) recommend\b|\brecommended\b|\b(?:what (?:are|is) the|is there a|any) best "
                      r"practices?\b|(?<!how long )(?<!how much )(?<!how many )\bshould i\b|\bgood idea\b|\bworth it\b|"
                      r"\bopinion\b", re.I)
_EXPLAIN = re.compile(r"^(?:why\b|how (?:does|do|is|are)\b|can you explain\b|explain\b|what do you mean\b|"
                      r"what does .+ mean\b|i'd like to understand\b)", re.I)
_COMPOSITE = re.compile(rf",\s+and\s+{_WH}\b", re.I)


def classify_question(text: str) -> set[str]:
    """mtRAG question types of a user message, by its wording (multi-label; empty when nothing fits)."""
    t = re.sub(r"^(?:(?:wait|so|and|ok|okay|also|then)[,.]?\s+)+", "", text.strip(), flags=re.I)
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


__all__ = ["Repetition", "agree", "classify_question", "unsupported_sentences"]
