"""The client every step calls: one backend wrapped in the shared machinery.

Concurrency limit, retries with backoff, the on-disk cache, the usage ledger,
call/cost budgets and structured output are the same for every backend.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from benchsmith.errors import BudgetExceeded
from benchsmith.llm.accounting import Ask, LLMUsage, build_completion, estimate_tokens, ledger_entry
from benchsmith.llm.base import (
    Backend,
    BackendConfigError,
    Completion,
    GenerationConfig,
    Message,
    PermanentError,
    RawResponse,
    TransientError,
    Usage,
)
from benchsmith.llm.cache import ResponseCache, cache_key
from benchsmith.llm.guard import DEFAULT_BREAKER_FAILURES, StopGuard
from benchsmith.llm.ledger import PriceTable, UsageLedger
from benchsmith.llm.retry import RetryPolicy, with_retries
from benchsmith.llm.structured import (
    REQUEST_FAILED,
    ParseFailure,
    json_schema_for,
    parse_structured,
    repair_prompt,
)
from benchsmith.llm.sync import BackgroundLoop, for_running_loop
from benchsmith.types import Rejected

log = logging.getLogger("benchsmith.llm")
MessagesLike = Sequence[Message] | Sequence[Mapping[str, Any]]


@dataclass
class LLMRequest:
    """One request for `complete_many`; same fields as `LLMClient.complete`'s arguments."""

    messages: MessagesLike
    config: GenerationConfig | None = None
    response_model: Any = None
    step: str | None = None
    input_ref: str | None = None


class _LoopState:
    """Things bound to one event loop: the semaphore and identical requests in flight."""

    def __init__(self, concurrency: int) -> None:
        self.semaphore = asyncio.Semaphore(concurrency)
        self.in_flight: dict[str, asyncio.Future[Ask]] = {}


def normalize_messages(messages: MessagesLike) -> list[Message]:
    """Accept Message objects or {'role', 'content'} dicts (or a bare string as one user message)."""
    if isinstance(messages, str):
        return [Message(role="user", content=messages)]
    return [m if isinstance(m, Message) else Message.model_validate(m) for m in messages]


class LLMClient:
    """A backend with concurrency, retries, cache, ledger, budget and structured output.

    Build one with `get_client`; call `await complete(...)`, `await complete_many(...)`
    or `complete_sync(...)`. `usage` gives running totals.
    """

    def __init__(
        self,
        backend: Backend,
        *,
        concurrency: int = 8,
        retry: RetryPolicy | None = None,
        cache: ResponseCache | None = None,
        ledger: UsageLedger | None = None,
        prices: PriceTable | None = None,
        max_calls: int | None = None,
        max_cost: float | None = None,
        repair_attempts: int = 1,
        breaker_failures: int | None = DEFAULT_BREAKER_FAILURES,
        deadline_s: float | None = None,
    ) -> None:
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.backend = backend
        self.model_id: str = backend.model_id
        self.provider: str = getattr(backend, "provider", self.model_id.split("/", 1)[0])
        self.model: str = getattr(backend, "model", self.model_id.split("/", 1)[-1])
        self.concurrency = concurrency
        self.retry = retry or RetryPolicy()
        self.cache = cache
        self.ledger = ledger
        self.prices = prices or PriceTable()
        self.max_calls = max_calls
        self.max_cost = max_cost
        self.repair_attempts = repair_attempts
        self._totals: dict[str, float] = dict.fromkeys(LLMUsage.model_fields, 0)
        self._loops: dict[asyncio.AbstractEventLoop, _LoopState] = {}
        self._fatal: BackendConfigError | None = None
        endpoint = getattr(backend, "display_url", None) or getattr(backend, "base_url", None) or self.model_id
        self.guard = StopGuard(str(endpoint), breaker_failures=breaker_failures, deadline_s=deadline_s)
        self._logged_mode: str | None = None
        self._sync = BackgroundLoop(f"benchsmith-llm-{self.model_id}", owner=self)

    # -- public API --------------------------------------------------------
    @property
    def usage(self) -> LLMUsage:
        """A snapshot of the totals so far."""
        return LLMUsage(**{k: (v if k == "cost_usd" else int(v)) for k, v in self._totals.items()})

    async def complete(
        self,
        messages: MessagesLike,
        config: GenerationConfig | None = None,
        response_model: Any = None,
        *,
        step: str | None = None,
        input_ref: str | None = None,
    ) -> Completion:
        """Ask the model once (plus retries and repair asks) and return the completion.

        Args:
            messages: chat messages, as `Message` objects or role/content dicts.
            config: sampling parameters; defaults to temperature 0.
            response_model: a pydantic model (or type pydantic can adapt). The reply is
                validated against it: `parsed` holds the instance, or `rejected` says why not.
            step: name of the calling step, for the ledger and Rejected records.
            input_ref: id of the input the step works on, for the ledger and Rejected records.

        Returns:
            A Completion. Request failures and invalid output come back as
            `rejected` (reason request_failed, unparseable_output or schema_validation).

        Raises:
            BudgetExceeded: the call or cost limit was reached before a request.
            ServiceUnavailable: too many requests in a row failed (server down or hung).
            DeadlineExceeded: the client's deadline passed.
            BackendConfigError: the endpoint refuses every request (401/403/404: key or model name).
        """
        config = config or GenerationConfig()
        msgs = normalize_messages(messages)
        schema = json_schema_for(response_model) if response_model is not None else None
        step_name = step or "llm"
        asks: list[Ask] = []
        failure: ParseFailure | None = None
        for repair in range(self.repair_attempts + 1 if schema is not None else 1):
            ask = await self._ask(msgs, config, schema, step_name, input_ref, repair)
            asks.append(ask)
            if ask.raw is None:
                earlier = next((a.raw for a in reversed(asks) if a.raw is not None), None)
                return self._finish(asks, step_name, input_ref, rejected=(REQUEST_FAILED, ask.error, earlier))
            if schema is None:
                return self._finish(asks, step_name, input_ref)
            result = parse_structured(ask.raw.text, response_model)
            if not isinstance(result, ParseFailure):
                return self._finish(asks, step_name, input_ref, parsed=result)
            failure = result
            msgs = [*msgs, Message(role="assistant", content=ask.raw.text),
                    Message(role="user", content=repair_prompt(failure, schema))]
        assert failure is not None
        return self._finish(asks, step_name, input_ref, rejected=(failure.reason, failure.detail, asks[-1].raw))

    async def complete_many(self, requests: Sequence[LLMRequest | Mapping[str, Any] | MessagesLike]) -> list[Completion]:
        """Run many requests concurrently (bounded by `concurrency`), results in input order.

        Each request is an `LLMRequest`, a dict of `complete` keyword arguments, or a message list.
        Requests already in flight when a budget runs out still finish (and are cached)
        before BudgetExceeded is raised.
        """
        tasks = [asyncio.ensure_future(self.complete(**_request_kwargs(r))) for r in requests]
        results = await asyncio.gather(*tasks, return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException):
                raise result
        return results  # type: ignore[return-value]

    def complete_sync(
        self,
        messages: MessagesLike,
        config: GenerationConfig | None = None,
        response_model: Any = None,
        *,
        step: str | None = None,
        input_ref: str | None = None,
    ) -> Completion:
        """`complete` for synchronous code (works inside a running event loop too)."""
        return self._sync.run(lambda: self.complete(messages, config, response_model, step=step, input_ref=input_ref))

    def complete_many_sync(self, requests: Sequence[LLMRequest | Mapping[str, Any] | MessagesLike]) -> list[Completion]:
        """`complete_many` for synchronous code."""
        return self._sync.run(lambda: self.complete_many(requests))

    async def aclose(self) -> None:
        """Close the backend's connections on this loop and the ledger/cache files."""
        closer = getattr(self.backend, "aclose", None)
        if closer is not None:
            await closer()
        self.close_files()

    def close_files(self) -> None:
        """Close the ledger and cache files (connections stay to the caller's loop)."""
        if self.ledger is not None:
            self.ledger.close()
        if self.cache is not None:
            self.cache.close()

    def close(self) -> None:
        """Close connections, files and the background loop that serves the sync wrappers."""
        if self._sync.started:
            self._sync.stop(self.aclose)
        else:
            self.close_files()

    async def __aenter__(self) -> LLMClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals ---------------------------------------------------------
    def _state(self) -> _LoopState:
        return for_running_loop(self._loops, lambda: _LoopState(self.concurrency))

    def _reserve(self) -> None:
        if self._fatal is not None:
            raise self._fatal
        self.guard.check()
        if self.max_calls is not None and self._totals["requests"] >= self.max_calls:
            raise BudgetExceeded(f"LLM call limit reached: {int(self._totals['requests'])} of {self.max_calls} requests")
        if self.max_cost is not None and self._totals["cost_usd"] >= self.max_cost:
            raise BudgetExceeded(f"LLM cost limit reached: ${self._totals['cost_usd']:.4f} of ${self.max_cost:.4f}")
        self._totals["requests"] += 1

    async def _ask(self, msgs: list[Message], config: GenerationConfig, schema: dict[str, Any] | None,
                   step: str, input_ref: str | None, repair: int) -> Ask:
        self._totals["calls"] += 1
        self._totals["repairs"] += repair > 0
        key = None
        if self.cache is not None:
            key = cache_key(self.provider, self.model, msgs, config, schema,
                            extra=str(getattr(self.backend, "cache_identity", "")))
            hit = self.cache.get(key)
            if hit is not None:
                return self._record_hit(hit, step, input_ref, repair, key)
        state = self._state()
        while key is not None and (shared := state.in_flight.get(key)) is not None:
            # An identical request is on its way: share its answer.
            try:
                ask = await asyncio.shield(shared)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not shared.cancelled() or (task is not None and task.cancelling()):
                    raise  # this caller was cancelled
                continue  # only the task we waited on was cancelled: ask again ourselves
            if ask.raw is not None:
                return self._record_hit(ask.raw, step, input_ref, repair, key)
            return ask
        if key is not None:
            future: asyncio.Future[Ask] = asyncio.get_running_loop().create_future()
            state.in_flight[key] = future
        try:
            async with state.semaphore:
                ask = await self._request(msgs, config, schema, step, input_ref, repair, key)
        except BaseException as exc:
            if key is not None:
                state.in_flight.pop(key, None)
                if future.done():
                    pass
                elif isinstance(exc, asyncio.CancelledError):
                    future.cancel()
                else:
                    future.set_exception(exc)
                    future.exception()  # mark retrieved: waiters re-raise it themselves
            raise
        if key is not None:
            state.in_flight.pop(key, None)
            future.set_result(ask)
        return ask

    async def _request(self, msgs: list[Message], config: GenerationConfig, schema: dict[str, Any] | None,
                       step: str, input_ref: str | None, repair: int, key: str | None) -> Ask:
        attempts = 0

        async def attempt() -> RawResponse:
            nonlocal attempts
            self._reserve()
            attempts += 1
            try:
                raw = await self.guard.run(self.backend.generate(msgs, config, schema))
            except TransientError as exc:
                self.guard.failure(exc)  # raises ServiceUnavailable once too many failed in a row
                raise
            except PermanentError:
                self.guard.success()  # a clear refusal: the server is alive
                raise
            self.guard.success()
            return raw

        def on_retry(_n: int, _exc: TransientError) -> None:
            self._totals["retries"] += 1

        started = time.perf_counter()
        try:
            raw, retries = await with_retries(attempt, self.retry, on_retry=on_retry, sleep=self.guard.sleep)
        except (TransientError, PermanentError) as exc:
            if isinstance(exc, BackendConfigError):
                if exc is not self._fatal:  # counted once, when the server said it
                    self._totals["errors"] += 1
                    self._fatal = exc  # every later request would fail the same way
                raise
            latency = time.perf_counter() - started
            retries = max(0, attempts - 1)
            error = f"{type(exc).__name__}: {exc}"
            if isinstance(exc, TransientError):
                error += f" (after {retries} retries)"
            self._totals["errors"] += 1
            self._log(step=step, input_ref=input_ref, repair=repair, cache_hit=False, usage=Usage(),
                      estimated=False, latency=latency, retries=retries, error=error, cost=0.0,
                      price_known=True, key=key)
            return Ask(raw=None, error=error, retries=retries, requests=attempts, latency_s=latency)
        latency = time.perf_counter() - started
        self._totals["requests"] += raw.format_refusals  # the refused tries reached the server too
        usage, estimated = raw.usage, False
        if usage.prompt_tokens == 0 and usage.completion_tokens == 0:
            usage = Usage(prompt_tokens=sum(estimate_tokens(m.content) for m in msgs),
                          completion_tokens=estimate_tokens(raw.text))
            raw = raw.model_copy(update={"usage": usage})
            estimated = True
        if raw.structured_mode is not None and raw.structured_mode != self._logged_mode:
            self._logged_mode = raw.structured_mode
            log.info("%s answers structured output in mode %r", self.model_id, raw.structured_mode)
        if self.cache is not None and key is not None:
            self.cache.put(key, self.model_id, raw)  # at once: a kill right after loses nothing
        cost, price_known = self.prices.cost(self.provider, self.model, usage.prompt_tokens, usage.completion_tokens)
        self._totals["prompt_tokens"] += usage.prompt_tokens
        self._totals["completion_tokens"] += usage.completion_tokens
        self._totals["cost_usd"] += cost
        self._totals["unpriced_calls"] += not price_known
        self._log(step=step, input_ref=input_ref, repair=repair, cache_hit=False, usage=usage, estimated=estimated,
                  latency=latency, retries=retries, error=None, cost=cost, price_known=price_known, key=key,
                  structured_mode=raw.structured_mode)
        return Ask(raw=raw, retries=retries, requests=attempts + raw.format_refusals, latency_s=latency, cost_usd=cost, usage=usage)

    def _record_hit(self, raw: RawResponse, step: str, input_ref: str | None, repair: int, key: str | None) -> Ask:
        self._totals["cache_hits"] += 1
        price_known = self.prices.lookup(self.provider, self.model) is not None
        self._log(step=step, input_ref=input_ref, repair=repair, cache_hit=True, usage=raw.usage, estimated=False,
                  latency=0.0, retries=0, error=None, cost=0.0, price_known=price_known, key=key)
        return Ask(raw=raw, cached=True, usage=raw.usage)

    def _log(self, *, step: str, input_ref: str | None, repair: int, cache_hit: bool, usage: Usage,
             estimated: bool, latency: float, retries: int, error: str | None, cost: float,
             price_known: bool, key: str | None, structured_mode: str | None = None) -> None:
        if self.ledger is not None:
            self.ledger.record(ledger_entry(
                model=self.model_id, step=step, input_ref=input_ref, repair=repair, cache_hit=cache_hit,
                usage=usage, estimated=estimated, latency=latency, retries=retries, error=error, cost=cost,
                price_known=price_known, key=key, structured_mode=structured_mode))

    def _finish(self, asks: list[Ask], step: str, input_ref: str | None, *, parsed: Any = None,
                rejected: tuple[str, str | None, RawResponse | None] | None = None) -> Completion:
        record = None
        if rejected is not None:
            reason, detail, raw = rejected
            self._totals["rejected"] += 1
            record = Rejected(step=step, reason=reason, detail=detail, input_ref=input_ref,
                              raw_output=raw.text if raw is not None else None)
        return build_completion(self.model_id, asks, parsed=parsed, rejected=record)


def _request_kwargs(request: LLMRequest | Mapping[str, Any] | MessagesLike) -> dict[str, Any]:
    if isinstance(request, LLMRequest):
        return {"messages": request.messages, "config": request.config, "response_model": request.response_model,
                "step": request.step, "input_ref": request.input_ref}
    if isinstance(request, Mapping):
        return dict(request)
    return {"messages": request}


def __getattr__(name: str) -> Any:
    # get_client lives in factory.py (it imports every backend); `benchsmith.llm.client.get_client` still works.
    if name == "get_client":
        from benchsmith.llm.factory import get_client

        return get_client
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
