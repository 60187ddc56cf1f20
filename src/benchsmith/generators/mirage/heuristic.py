"""The heuristic support label: an answer alias in the chunk, as whole words, plus enough of the question's terms.

Whole words, not MIRAGE's loose substring test (which the inference check keeps):
the alias "3" must not count as found in "1930".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.text import STOPWORDS, WORD_RE, contains_phrase

STRATEGY = "heuristic:alias_match+term_coverage"
_QUESTION_WORDS = frozenset({"who", "what", "when", "where", "which", "why", "how", "whom", "whose", "does", "did",
                             "is", "are", "was", "were"})


@dataclass(frozen=True)
class HeuristicLabel:
    alias_match: bool
    term_coverage: float
    supported: bool


def _words(text: str) -> set[str]:
    """Lowercased words with a possessive 's dropped ("Mayne's" counts as "mayne")."""
    out = set()
    for w in WORD_RE.findall(text):
        w = w.lower()
        out.add(w[:-2] if w.endswith(("'s", "’s")) else w)
    return out


def question_terms(question: str) -> set[str]:
    return _words(question) - STOPWORDS - _QUESTION_WORDS


def term_coverage(question: str, text: str) -> float:
    """Share of the question's content words found in the text (1.0 for a question with none)."""
    terms = question_terms(question)
    if not terms:
        return 1.0
    present = _words(text)
    return round(len(terms & present) / len(terms), 4)


def heuristic_label(question: str, answers: Sequence[str], title: str, text: str, *, min_coverage: float = 0.5,
                    min_coverage_without_answers: float = 1.0) -> HeuristicLabel:
    """Supported when an alias occurs and at least `min_coverage` of the question's terms do (title included).

    A query without answer aliases can only be judged on coverage: every content word of the question (at
    least two) must occur. Read on ClapNQ questions, a 0.75 bar labelled 36% of positives right, 1.0 56%: term
    coverage is a weak signal, and such labels want a model judge (the llm strategy).
    """
    coverage = term_coverage(question, f"{title}\n{text}")
    if not answers:  # coverage alone: a question of fewer than two content words ("what did he do?") says nothing
        judged = len(question_terms(question)) >= 2 and coverage >= min_coverage_without_answers
        return HeuristicLabel(False, coverage, judged)
    alias = any(contains_phrase(text, a) for a in answers)
    return HeuristicLabel(alias, coverage, alias and coverage >= min_coverage)
