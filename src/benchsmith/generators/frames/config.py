"""Run settings of the frames generator, with FRAMES' defaults (figure 2: articles per question, reasoning types)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date

from benchsmith.errors import InputError
from benchsmith.generators.core import quotas as core_quotas

REASONING_TYPES = ("numerical", "tabular", "constraints", "temporal", "post_processing")
LABELS = {
    "numerical": "Numerical reasoning", "tabular": "Tabular reasoning", "constraints": "Multiple constraints",
    "temporal": "Temporal reasoning", "post_processing": "Post processing",
}
ALIASES = {"multiple_constraints": "constraints", "post-processing": "post_processing", "postprocessing": "post_processing",
           **{t: t for t in REASONING_TYPES}}
# Figure 2 (right): multiple constraints ~36%, numerical ~20%; the rest split from the 824 labels.
DEFAULT_MIX = {"numerical": 0.22, "tabular": 0.14, "constraints": 0.30, "temporal": 0.22, "post_processing": 0.12}
# Figure 2 (left) / section 3: ~36% two articles, ~35% three, ~16% four, the rest five to fifteen.
SIZE_WEIGHTS = {2: 0.36, 3: 0.35, 4: 0.16, 5: 0.06, 6: 0.03, 7: 0.02, 8: 0.01, 10: 0.005, 12: 0.003, 15: 0.002}
FRAMES_SIZE_SHARES = {"2": 0.36, "3": 0.35, "4": 0.16, "5+": 0.13}


@dataclass
class FramesConfig:
    """Settings of one run. `strategy` is 'heuristic' (templates) or 'llm' (the model words the question)."""

    n: int
    strategy: str = "heuristic"
    mix: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_MIX))
    seed: int = 0
    llm: str | None = None
    attempts_per_item: int = 40
    fact_reuse: int = 4  # questions one fact may feed
    answer_reuse: int = 2  # questions one work may answer
    shape_share: float = 0.16  # at most this share of the set in one question shape (8 of 50)
    threshold_share: float = 0.04  # at most this share counting against one threshold (2 of 50)
    hub_max_share: float = 0.25  # a link target shared by more of the corpus than this is too generic to link a set
    dedup_threshold: float = 0.85
    closed_book: bool = True  # llm strategy: ask the model without any article, flag what it answers anyway
    as_of: str | None = None  # ISO date the corpus was captured: pins changeable facts of undated articles

    def __post_init__(self) -> None:
        if self.n < 1:
            raise InputError(f"--n must be at least 1, got {self.n}")
        if self.strategy not in ("heuristic", "llm"):
            raise InputError(f"--strategy must be heuristic or llm, got {self.strategy!r}")
        if self.strategy == "llm" and not self.llm:
            raise InputError("--strategy llm needs --llm MODEL (e.g. openai/NAME@http://127.0.0.1:8000/v1 or scripted/FILE)")
        if self.as_of is not None:
            try:
                date.fromisoformat(self.as_of)
            except ValueError:
                raise InputError(f"--as-of must be a date as YYYY-MM-DD, got {self.as_of!r}") from None
        if self.fact_reuse < 1 or self.answer_reuse < 1:
            raise InputError(f"fact and answer reuse must be at least 1, got {self.fact_reuse} and {self.answer_reuse}")
        if not (0 < self.shape_share <= 1 and 0 < self.threshold_share <= 1):
            raise InputError(f"shape and threshold shares must be in (0, 1], got {self.shape_share} and {self.threshold_share}")
        if self.attempts_per_item < 1:
            raise InputError(f"attempts per item must be at least 1, got {self.attempts_per_item}")

    def as_dict(self) -> dict:
        return asdict(self)


def parse_mix(text: str) -> dict[str, float]:
    """'numerical=0.2,tabular=0.1,constraints=0.4,temporal=0.2,post_processing=0.1' -> shares summing to 1."""
    return core_quotas.parse_mix(text, REASONING_TYPES, ALIASES)


def size_bucket(k: int) -> str:
    return str(k) if k < 5 else "5+"
