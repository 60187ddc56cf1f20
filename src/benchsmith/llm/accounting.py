"""What LLM calls cost and how they are reported: running totals, ledger lines, Completions.

The client decides *when* to ask; this module only describes the outcome of each
ask (`Ask`), the ledger line it leaves, and the `Completion` a caller gets for a
call made of one or more asks (repair asks included).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from benchsmith.llm.base import Completion, RawResponse, Usage
from benchsmith.types import Rejected


class LLMUsage(BaseModel):
    """Totals over a client's lifetime. `calls` are asks (cache hits included); `requests` reached the backend."""

    model_config = ConfigDict(frozen=True)
    calls: int = 0
    requests: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    retries: int = 0
    errors: int = 0
    rejected: int = 0
    repairs: int = 0
    unpriced_calls: int = 0


@dataclass
class Ask:
    """The outcome of one ask (one message list) after cache and retries."""

    raw: RawResponse | None
    error: str | None = None
    cached: bool = False
    retries: int = 0
    requests: int = 0
    latency_s: float = 0.0
    cost_usd: float = 0.0
    usage: Usage = field(default_factory=Usage)


def estimate_tokens(text: str) -> int:
    """A token count for servers that report none."""
    # About four characters per token for English BPE vocabularies.
    return (len(text) + 3) // 4


def ledger_entry(*, model: str, step: str, input_ref: str | None, repair: int, cache_hit: bool, usage: Usage,
                 estimated: bool, latency: float, retries: int, error: str | None, cost: float,
                 price_known: bool, key: str | None, structured_mode: str | None = None) -> dict[str, Any]:
    """The usage-ledger line for one ask (`structured_mode`: how the schema reached the server)."""
    return {
        "model": model, "step": step, "input_ref": input_ref, "repair": repair,
        "cache_hit": cache_hit, "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens, "tokens_estimated": estimated,
        "latency_s": round(latency, 6), "retries": retries, "error": error,
        "cost_usd": cost, "price_known": price_known, "key": key[:16] if key else None,
        "structured_mode": structured_mode,
    }


def build_completion(model: str, asks: list[Ask], *, parsed: Any = None, rejected: Rejected | None = None) -> Completion:
    """One Completion for a call made of `asks` (the first ask, then any repair asks)."""
    last = asks[-1]
    return Completion(
        text=last.raw.text if last.raw is not None else "",
        model=model,
        usage=Usage(prompt_tokens=sum(a.usage.prompt_tokens for a in asks),
                    completion_tokens=sum(a.usage.completion_tokens for a in asks)),
        latency_s=sum(a.latency_s for a in asks),
        retries=sum(a.retries for a in asks),
        cached=all(a.cached for a in asks),
        parsed=parsed,
        rejected=rejected,
        requests=sum(a.requests for a in asks),
        repairs=len(asks) - 1,
        cost_usd=sum(a.cost_usd for a in asks),
        native_schema=bool(last.raw is not None and last.raw.native_schema),
        structured_mode=last.raw.structured_mode if last.raw is not None else None,
    )
