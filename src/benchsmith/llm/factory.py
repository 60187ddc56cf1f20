"""`get_client`: an LLM client for a `provider/model` address, with the shared machinery around it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from benchsmith.errors import BenchsmithError
from benchsmith.llm.address import parse_address
from benchsmith.llm.base import Backend
from benchsmith.llm.cache import ResponseCache
from benchsmith.llm.client import LLMClient
from benchsmith.llm.guard import DEFAULT_BREAKER_FAILURES
from benchsmith.llm.ledger import PriceTable, UsageLedger
from benchsmith.llm.retry import RetryPolicy


def get_client(
    spec: str | Backend,
    *,
    cache_dir: str | Path | None = None,
    concurrency: int = 8,
    timeout_s: float = 60.0,
    max_retries: int = 4,
    ledger_path: str | Path | None = None,
    prices: PriceTable | Mapping[str, Any] | str | Path | None = None,
    max_calls: int | None = None,
    max_cost: float | None = None,
    retry_base_delay: float = 0.5,
    retry_max_delay: float = 30.0,
    repair_attempts: int = 1,
    breaker_failures: int | None = DEFAULT_BREAKER_FAILURES,
    deadline_s: float | None = None,
    connect_timeout_s: float = 5.0,
    **backend_options: Any,
) -> LLMClient:
    """Build an LLM client for a `provider/model` address.

    Args:
        spec: `openai/MODEL[@URL]`, `scripted/FILE`, `transformers/PATH`, `llamacpp/GGUF`,
            `vllm/PATH` — or a ready Backend object.
        cache_dir: directory (or .sqlite3 file) of the response cache; None disables it.
        concurrency: most requests in flight at once.
        timeout_s: per-request (read) timeout for backends that talk to a server.
        connect_timeout_s: how long to wait for a server to accept a connection (kept short: a
            server that does not accept within seconds is down, and the breaker should hear of it).
        max_retries: retries of a transient failure (429, 5xx, timeout) before giving up.
        ledger_path: JSONL usage ledger to append to; None disables it.
        prices: price table: {model: {input, output}} in USD per 1M tokens, or a JSON/YAML file;
            defaults to the file named by the environment variable BENCHSMITH_LLM_PRICES, if set.
        max_calls: raise BudgetExceeded instead of sending more than this many requests.
        max_cost: raise BudgetExceeded instead of sending a request once the cost reached this (USD).
        retry_base_delay: backoff base in seconds (small values keep tests fast).
        retry_max_delay: cap on one backoff window in seconds.
        repair_attempts: follow-up asks with the validation error when structured output fails.
        breaker_failures: failed requests in a row (refused connections, timeouts, 5xx) after which
            every request stops with ServiceUnavailable; None disables the circuit breaker.
        deadline_s: seconds from now after which requests stop with DeadlineExceeded; None for no deadline.
        **backend_options: passed to the backend (e.g. base_url=, api_key= for openai; responses= for scripted).

    Raises:
        BenchsmithError: unknown provider or a backend that cannot be set up.
    """
    from benchsmith.llm.backends import BACKENDS

    if isinstance(spec, str):
        address = parse_address(spec)
        try:
            factory = BACKENDS.get(address.provider)
        except KeyError as exc:
            raise BenchsmithError(str(exc.args[0])) from None
        if address.provider == "openai":
            backend_options.setdefault("connect_timeout_s", connect_timeout_s)
        backend = factory(address, timeout_s=timeout_s, concurrency=concurrency, **backend_options)
    else:
        if backend_options:
            raise TypeError(f"backend options {sorted(backend_options)} need a provider/model address, not a backend")
        backend = spec
    return LLMClient(
        backend,
        concurrency=concurrency,
        retry=RetryPolicy(max_retries=max_retries, base_delay=retry_base_delay, max_delay=retry_max_delay),
        cache=ResponseCache(cache_dir) if cache_dir is not None else None,
        ledger=UsageLedger(ledger_path) if ledger_path is not None else None,
        prices=PriceTable.coerce(prices if prices is not None else os.environ.get("BENCHSMITH_LLM_PRICES")),
        max_calls=max_calls,
        max_cost=max_cost,
        repair_attempts=repair_attempts,
        breaker_failures=breaker_failures,
        deadline_s=deadline_s,
    )
