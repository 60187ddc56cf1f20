"""Run settings of the multihop generator, with the paper's defaults (MultiHop-RAG tables 3 and 4)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from benchsmith.errors import InputError
from benchsmith.generators.core import quotas as core_quotas

QUERY_TYPES = ("inference_query", "comparison_query", "bridge_query", "temporal_query", "null_query")
# Table 3: 816 inference, 856 comparison, 583 temporal, 301 null of 2,556 queries; scaled to 80% to give the
# HotpotQA-style bridge type (absent from the paper) a fifth of the items.
DEFAULT_MIX = {"inference_query": 0.256, "comparison_query": 0.264, "bridge_query": 0.2, "temporal_query": 0.184,
               "null_query": 0.096}
# Table 4: of the 2,255 non-null queries, 1,078 need 2 facts, 779 need 3, 398 need 4.
EVIDENCE_WEIGHTS = {2: 1078, 3: 779, 4: 398}
_SHORT = {"inference": "inference_query", "comparison": "comparison_query", "bridge": "bridge_query", "temporal": "temporal_query", "null": "null_query"}


@dataclass
class MultihopConfig:
    """Settings of one generation run. `strategy` is 'heuristic' (no model) or 'llm'."""

    n: int
    strategy: str = "heuristic"
    mix: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_MIX))
    evidence: tuple[int, int] = (2, 4)
    seed: int = 0
    min_tokens: int = 150
    article_dedup_threshold: float = 0.8
    query_dedup_threshold: float = 0.85
    ner: str = "auto"  # auto | spacy | rules
    classifier: str | None = None
    llm: str | None = None
    qa_check: bool = True  # the paper's four criteria as an LLM check (llm strategy only)
    qa_inconclusive: str = "keep"  # keep | drop: an item the model's QA answer doubts but the mechanics prove
    claim_judge: bool = True  # the model's check of each claim against its evidence (llm strategy only)
    hop_check: bool = True  # the model must fail to answer from each evidence document alone (llm strategy only)
    max_sets_per_group: int = 4
    spacy_batch_size: int = 256
    spacy_processes: int = 1

    def __post_init__(self) -> None:
        if self.n < 1:
            raise InputError(f"--n must be at least 1, got {self.n}")
        if self.strategy not in ("heuristic", "llm"):
            raise InputError(f"--strategy must be heuristic or llm, got {self.strategy!r}")
        if self.strategy == "llm" and not self.llm:
            raise InputError("--strategy llm needs --llm MODEL (e.g. openai/NAME@http://127.0.0.1:8000/v1 or scripted/FILE)")
        lo, hi = self.evidence
        if not 2 <= lo <= hi <= 4:
            raise InputError(f"--evidence must be a range within 2-4, got {lo}-{hi}")
        if self.qa_inconclusive not in ("keep", "drop"):
            raise InputError(f"--qa-inconclusive must be keep or drop, got {self.qa_inconclusive!r}")
        if self.ner not in ("auto", "spacy", "rules"):
            raise InputError(f"--ner must be auto, spacy or rules, got {self.ner!r}")
        if self.spacy_processes < 1:
            raise InputError(f"--ner-processes must be at least 1, got {self.spacy_processes}")
        if self.min_tokens < 0:
            raise InputError(f"--min-tokens must be 0 or more, got {self.min_tokens}")

    def as_dict(self) -> dict:
        d = asdict(self)
        d["evidence"] = list(self.evidence)
        return d


def parse_mix(text: str) -> dict[str, float]:
    """'inference=0.32,comparison=0.33,temporal=0.23,null=0.12' -> shares that sum to 1."""
    return core_quotas.parse_mix(text, QUERY_TYPES, _SHORT)


def parse_evidence(text: str) -> tuple[int, int]:
    """'2-4' -> (2, 4); '3' -> (3, 3)."""
    lo, _, hi = text.partition("-")
    try:
        return int(lo), int(hi or lo)
    except ValueError:
        raise InputError(f"--evidence: expected a range like 2-4, got {text!r}") from None


def quotas(n: int, mix: dict[str, float]) -> dict[str, int]:
    """Whole counts per type summing to n (largest remainder, ties in QUERY_TYPES order)."""
    return core_quotas.quotas(n, mix, QUERY_TYPES)


def evidence_weights(lo: int, hi: int) -> dict[int, int]:
    return {k: w for k, w in EVIDENCE_WEIGHTS.items() if lo <= k <= hi}
