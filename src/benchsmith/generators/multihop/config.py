"""Run settings of the multihop generator, with the paper's defaults (MultiHop-RAG tables 3 and 4)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from benchsmith.errors import InputError

QUERY_TYPES = ("inference_query", "comparison_query", "temporal_query", "null_query")
# Table 3: 816 inference, 856 comparison, 583 temporal, 301 null of 2,556 queries.
DEFAULT_MIX = {"inference_query": 0.32, "comparison_query": 0.33, "temporal_query": 0.23, "null_query": 0.12}
# Table 4: of the 2,255 non-null queries, 1,078 need 2 facts, 779 need 3, 398 need 4.
EVIDENCE_WEIGHTS = {2: 1078, 3: 779, 4: 398}
_SHORT = {"inference": "inference_query", "comparison": "comparison_query", "temporal": "temporal_query", "null": "null_query"}


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
        if self.ner not in ("auto", "spacy", "rules"):
            raise InputError(f"--ner must be auto, spacy or rules, got {self.ner!r}")

    def as_dict(self) -> dict:
        d = asdict(self)
        d["evidence"] = list(self.evidence)
        return d


def parse_mix(text: str) -> dict[str, float]:
    """'inference=0.32,comparison=0.33,temporal=0.23,null=0.12' -> shares that sum to 1."""
    mix = dict.fromkeys(QUERY_TYPES, 0.0)
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        key = _SHORT.get(name.strip(), name.strip())
        if not sep or key not in mix:
            raise InputError(f"--mix: expected TYPE=SHARE with TYPE one of {', '.join(_SHORT)}; got {part!r}")
        try:
            mix[key] = float(value)
        except ValueError:
            raise InputError(f"--mix: {value!r} is not a number") from None
        if mix[key] < 0:
            raise InputError(f"--mix: share of {name} is negative")
    total = sum(mix.values())
    if total <= 0:
        raise InputError("--mix: shares sum to zero")
    return {k: v / total for k, v in mix.items()}


def parse_evidence(text: str) -> tuple[int, int]:
    """'2-4' -> (2, 4); '3' -> (3, 3)."""
    lo, _, hi = text.partition("-")
    try:
        return int(lo), int(hi or lo)
    except ValueError:
        raise InputError(f"--evidence: expected a range like 2-4, got {text!r}") from None


def quotas(n: int, mix: dict[str, float]) -> dict[str, int]:
    """Whole counts per type summing to n (largest remainder, ties in QUERY_TYPES order)."""
    raw = {t: n * mix.get(t, 0.0) for t in QUERY_TYPES}
    out = {t: int(v) for t, v in raw.items()}
    for t in sorted(QUERY_TYPES, key=lambda t: (-(raw[t] - out[t]), QUERY_TYPES.index(t)))[: n - sum(out.values())]:
        out[t] += 1
    return out


def evidence_weights(lo: int, hi: int) -> dict[int, int]:
    return {k: w for k, w in EVIDENCE_WEIGHTS.items() if lo <= k <= hi}
