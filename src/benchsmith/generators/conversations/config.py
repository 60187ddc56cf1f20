"""Settings of the conversation generator, with defaults from the human mtRAG conversations.

The default question-type and multi-turn shares are the label counts of the 10 human
conversations in ../shared/data/mtrag/conversations (78 user turns): Factoid 26,
Explanation 19, Summarization 19, Opinion 10, How-To 6 (+1 Troubleshooting, folded in),
Non-Question 4, Keyword 4, Comparative 4, Composite 2; later turns 56 Follow-up and 12
Clarification. Turns per conversation follow the paper's guidance to annotators (6-9 or
more, mean 7.7). The unanswerable share defaults to the issue's request (about 20%),
above the sample's 9%, with partial and conversational turns near the sample's rate.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from benchsmith.errors import InputError
from benchsmith.generators.core.quotas import parse_mix
from benchsmith.schemas.conversation import ANSWERABILITY, QUESTION_TYPES

DEFAULT_QUESTION_MIX = {"Factoid": 26, "Explanation": 19, "Summarization": 19, "Opinion": 10, "How-To": 7,
                        "Non-Question": 4, "Keyword": 4, "Comparative": 4, "Composite": 2}
DEFAULT_ANSWERABILITY = {"ANSWERABLE": 0.70, "PARTIAL": 0.06, "UNANSWERABLE": 0.20, "CONVERSATIONAL": 0.04}
DEFAULT_CLARIFICATION_SHARE = 12 / 68
MAX_UNANSWERABLE_PER_CONVERSATION = 2


def _normalise(mix: dict[str, float]) -> dict[str, float]:
    total = sum(mix.values())
    return {k: v / total for k, v in mix.items()}


@dataclass
class ConversationConfig:
    """Settings of one run. `strategy` is 'heuristic' (no model, a baseline) or 'llm'."""

    n: int
    strategy: str = "heuristic"
    llm: str | None = None
    seed: int = 0
    turns: tuple[int, int] = (8, 11)
    min_turns: int = 6
    question_mix: dict[str, float] = field(default_factory=lambda: _normalise(DEFAULT_QUESTION_MIX))
    answerability: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_ANSWERABILITY))
    clarification_share: float = DEFAULT_CLARIFICATION_SHARE
    max_unanswerable: int = MAX_UNANSWERABLE_PER_CONVERSATION
    retrieval_k: int = 5
    proof_k: int = 50
    proof_retrievers: tuple[str, ...] = ("bm25", "dense")
    max_response_words: int = 150
    attempts_per_turn: int = 6
    collection: str | None = None
    mtrag_layout: bool = True  # also write OUT/mtrag in mtRAG's own folder layout

    def __post_init__(self) -> None:
        if self.n < 1:
            raise InputError(f"--n must be at least 1, got {self.n}")
        if self.strategy not in ("heuristic", "llm"):
            raise InputError(f"--strategy must be heuristic or llm, got {self.strategy!r}")
        lo, hi = self.turns
        if not 2 <= lo <= hi <= 30:
            raise InputError(f"--turns must be a range within 2-30, got {lo}-{hi}")
        if not 1 <= self.min_turns <= lo:
            raise InputError(f"--min-turns must be between 1 and the lowest turn count {lo}, got {self.min_turns}")
        if not 0 <= self.max_unanswerable:
            raise InputError(f"--max-unanswerable must be 0 or more, got {self.max_unanswerable}")
        unknown = [r for r in self.proof_retrievers if r.split(":", 1)[0] not in ("bm25", "dense", "hybrid", "elasticsearch")]
        if unknown or not self.proof_retrievers:
            raise InputError(f"--proof-retrievers: expected bm25, dense, hybrid or elasticsearch:URL, got {','.join(unknown) or 'none'}")
        share = self.answerability.get("UNANSWERABLE", 0.0)
        reachable = self.max_unanswerable / lo
        if share > reachable + 1e-9:
            raise InputError(f"--answerability asks {share:.0%} unanswerable turns, but at most {self.max_unanswerable} "
                             f"per conversation of {lo}+ turns allows only {reachable:.0%}; raise --max-unanswerable")

    def as_dict(self) -> dict:
        d = asdict(self)
        d["turns"] = list(self.turns)
        d["proof_retrievers"] = list(self.proof_retrievers)
        return d


def parse_question_mix(text: str) -> dict[str, float]:
    aliases = {t.lower(): t for t in QUESTION_TYPES} | {t: t for t in QUESTION_TYPES}
    return parse_mix(text, QUESTION_TYPES, aliases, option="--question-mix")


def parse_answerability(text: str) -> dict[str, float]:
    aliases = {a.lower(): a for a in ANSWERABILITY} | {a: a for a in ANSWERABILITY}
    return parse_mix(text, ANSWERABILITY, aliases, option="--answerability")


def parse_turns(text: str) -> tuple[int, int]:
    lo, sep, hi = text.partition("-")
    try:
        return (int(lo), int(hi if sep else lo))
    except ValueError:
        raise InputError(f"--turns: expected a range like 8-10, got {text!r}") from None
