"""Validators of conversation items (mtRAG-style), and the text checks the conversation generator shares with them.

- `conversation.structure`: turns numbered from 1, mtRAG's multi-turn labels (N/A only on
  the first turn), at most `max_unanswerable` unanswerable turns, relevant passages exactly
  where the answerability says, and a corpus-wide proof on every unanswerable or partial turn.
- `conversation.passages`: every context is the corpus chunk it names, word for word.
- `conversation.faithful`: an extractive (heuristic) response quotes its relevant passages
  sentence by sentence; the fixed "I do not have ..." sentence is covered by the proof.
- `conversation.repetition`: no two turns of one conversation ask near-duplicate questions.
"""

from __future__ import annotations

from dataclasses import dataclass

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.text import STOPWORDS, WORD_RE, shingles
from benchsmith.validators import Issue, register

KINDS = frozenset({"conversation"})
NOT_FOUND_PREFIXES = ("I do not have specific information about", "However, I do not have specific information about")


@dataclass(frozen=True)
class Sentence:
    text: str
    start: int  # offset in the text it was split from


def split_sentences(text: str) -> list[Sentence]:
    """Sentences (and lines) of a passage, stripped, with their offsets.

    The corpus splitter's rules, so "directed by Leo D. Maloney" or "the U.S. Army" stay one sentence.
    """
    return [Sentence(text[s:e], s) for s, e in sentence_offsets(text)]


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


def content_words(text: str) -> set[str]:
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
        words = content_words(rewrite)
        return any(jaccard(words, q) >= self.question_threshold for q in self.questions)

    def response_repeats(self, response: str) -> bool:
        sh = shingles(response)
        return any(jaccard(sh, r) >= self.response_threshold for r in self.responses)

    def add(self, rewrite: str, response: str | None) -> None:
        self.questions.append(content_words(rewrite))
        if response:
            self.responses.append(shingles(response))


class Structure:
    name = "conversation.structure"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        issues = []
        limit = (getattr(ctx, "settings", None) or {}).get("max_unanswerable", 2)
        if [t.turn for t in item.turns] != list(range(1, len(item.turns) + 1)):
            issues.append(Issue("turns_out_of_order", "error", "turns are not numbered 1..n"))
        if sum(t.answerability == "UNANSWERABLE" for t in item.turns) > limit:
            issues.append(Issue("too_many_unanswerable", "error", f"more than {limit} unanswerable turns"))
        for t in item.turns:
            where = f"turn {t.turn}"
            if (t.multi_turn == "N/A") != (t.turn == 1):
                issues.append(Issue("multi_turn_label", "error", f"{where}: multi-turn {t.multi_turn!r}"))
            grounded = t.answerability in ("ANSWERABLE", "PARTIAL")
            if grounded != bool(t.relevant):
                issues.append(Issue("relevance_vs_answerability", "error",
                                    f"{where}: {t.answerability} with {len(t.relevant)} relevant passages"))
            if t.answerability in ("UNANSWERABLE", "PARTIAL") and t.proof is None:
                issues.append(Issue("unproven_unanswerable", "error", f"{where}: {t.answerability} without a proof"))
        return issues


class Passages:
    name = "conversation.passages"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        issues = []
        for t in item.turns:
            for c in t.contexts:
                chunk = ctx.index.chunks_by_id.get(c.chunk_id)
                if chunk is None or chunk.doc_id != c.doc_id or chunk.text != c.text:
                    issues.append(Issue("context_not_in_corpus", "error", f"turn {t.turn}: {c.chunk_id} differs from the corpus"))
        return issues


class Faithful:
    name = "conversation.faithful"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        if item.strategy != "heuristic":
            return []  # model-written responses are checked sentence by sentence by the llm strategy's check step
        issues = []
        for t in item.turns:
            if t.answerability in ("ANSWERABLE", "PARTIAL"):
                missing = unsupported_sentences(t.response, [c.text for c in t.relevant])
                if missing:
                    issues.append(Issue("unsupported_sentence", "error", f"turn {t.turn}: {missing[0][:80]!r}"))
        return issues


class NoRepeatedQuestions:
    name = "conversation.repetition"
    applies_to = KINDS

    def check(self, item, ctx) -> list[Issue]:
        rep = Repetition()
        for t in item.turns:
            if t.answerability != "CONVERSATIONAL" and rep.question_repeats(t.rewrite):
                return [Issue("repeated_question", "error", f"turn {t.turn} repeats an earlier question")]
            rep.add(t.rewrite, None)
        return []


for _validator in (Structure(), Passages(), Faithful(), NoRepeatedQuestions()):
    register(_validator)
