"""Calling a stage function over pending inputs with bounded concurrency.

Each input's result is handed to `on_done` as soon as it finishes (so it can be
checkpointed at once); callers put results back in input order themselves. On
the first exception no new input starts, the ones in flight finish (and are
checkpointed: they may have paid for LLM calls), and the exception is returned.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Sequence
from typing import Any

from benchsmith.errors import RunStopped

StageFn = Callable[[Any], Any]


def is_async_callable(fn: Any) -> bool:
    # An object whose class defines `async def __call__` is awaited like a coroutine function.
    return inspect.iscoroutinefunction(fn) or (callable(fn) and inspect.iscoroutinefunction(type(fn).__call__))


async def call_stage_fn(fn: StageFn, item: Any, *, in_thread: bool) -> Any:
    """Call `fn(item)`: async functions are awaited, sync ones run in a worker thread when `in_thread`."""
    if in_thread and not is_async_callable(fn):
        result = await asyncio.to_thread(fn, item)
    else:
        result = fn(item)
    if inspect.isawaitable(result):
        result = await result
    return result


async def run_pending(
    pending: Sequence[tuple[str, Any]],
    fn: StageFn,
    *,
    concurrency: int,
    on_done: Callable[[str, Any], None],
    on_exception: Callable[[str, Exception], Any] | None = None,
) -> BaseException | None:
    """Run `fn` over `(key, input)` pairs, at most `concurrency` at a time.

    Args:
        pending: Inputs still to compute, with their keys.
        fn: The stage function (sync or async).
        concurrency: How many inputs may be in flight at once.
        on_done: Called with (key, result) in the event-loop thread as each input finishes.
        on_exception: When given, turns an exception raised for one input into that input's
            result (e.g. a Rejected record); RunStopped (budget, breaker, deadline) is never turned.

    Returns:
        The first exception that stopped the run, or None when every input finished.
    """
    queue = iter(pending)
    failure: BaseException | None = None
    in_thread = concurrency > 1

    async def worker() -> None:
        nonlocal failure
        while failure is None:
            try:
                key, item = next(queue)
            except StopIteration:
                return
            try:
                result = await call_stage_fn(fn, item, in_thread=in_thread)
            except Exception as exc:
                if on_exception is None or isinstance(exc, RunStopped):
                    if failure is None:
                        failure = exc
                    return
                result = on_exception(key, exc)
            on_done(key, result)

    workers = [asyncio.create_task(worker()) for _ in range(max(1, min(concurrency, len(pending))))]
    try:
        await asyncio.gather(*workers)
    except BaseException:
        for task in workers:
            task.cancel()
        raise
    return failure
