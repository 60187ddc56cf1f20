"""Turn a (possibly conversational) EvalQuery into one search string.

Modes, as mtRAG compares them: `last_turn` (the question alone), `all_user_turns`
(every user turn, oldest first), `full_conversation` (every turn, user and agent), and
`rewrite` (a standalone rewrite: the benchmark's own, else one from an LLM rewriter).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol, TypeVar

from benchsmith.errors import InputError

QUERY_MODES = ("last_turn", "all_user_turns", "full_conversation", "rewrite")



class Turn(Protocol):
    """One turn of a conversation (e.g. `benchsmith.evaluation.benchmark.Turn`)."""

    @property
    def role(self) -> str: ...

    @property
    def content(self) -> str: ...


class EvalQuery(Protocol):
    """What a search string is built from; `benchsmith.evaluation.benchmark.EvalQuery` has this shape.

    Declared here rather than imported so that retrieval does not depend on evaluation.
    """

    @property
    def query_id(self) -> str: ...

    @property
    def question(self) -> str: ...

    @property
    def history(self) -> Sequence[Turn]: ...

    @property
    def rewrite(self) -> str | None: ...


Rewriter = Callable[[list[Any], str], Awaitable[str]]
T = TypeVar("T")


def _check_mode(mode: str) -> None:
    if mode not in QUERY_MODES:
        raise InputError(f"unknown query mode {mode!r}; choose one of: {', '.join(QUERY_MODES)}")


def _static_query(q: EvalQuery, mode: str) -> str | None:
    """The query for every mode that needs no model; None when an LLM rewrite is needed."""
    if mode == "last_turn":
        return q.question
    if mode == "all_user_turns":
        return "\n".join([t.content for t in q.history if t.role == "user"] + [q.question])
    if mode == "full_conversation":
        return "\n".join([t.content for t in q.history if t.role != "system"] + [q.question])
    if q.rewrite:
        return q.rewrite
    if not q.history:
        return q.question  # a first turn already stands alone
    return None


async def build_query_async(q: EvalQuery, mode: str = "last_turn", rewriter: Rewriter | None = None) -> str:
    """`build_query` for async code."""
    _check_mode(mode)
    static = _static_query(q, mode)
    if static is not None:
        return static
    if rewriter is None:
        raise InputError(f"query {q.query_id!r} has no rewrite; the rewrite mode needs an LLM rewriter (e.g. --rewriter openai/MODEL)")
    return await rewriter(list(q.history), q.question)


def run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine from sync code, also when an event loop is already running (in a worker thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def build_query(q: EvalQuery, mode: str = "last_turn", rewriter: Rewriter | None = None) -> str:
    """The search string for one query.

    Args:
        q: the query (with its conversation history, if any).
        mode: `last_turn`, `all_user_turns`, `full_conversation` or `rewrite`.
        rewriter: async `(history, question) -> str`, used by `rewrite` when the
            benchmark carries no rewrite for a later turn.

    Raises:
        InputError: unknown mode, or `rewrite` needed but no rewriter given.
    """
    _check_mode(mode)
    static = _static_query(q, mode)
    if static is not None:
        return static
    return run_coroutine(build_query_async(q, mode, rewriter))


def build_queries(queries: Sequence[EvalQuery], mode: str = "last_turn", rewriter: Rewriter | None = None, *, concurrency: int = 8) -> list[str]:
    """Search strings for many queries; LLM rewrites run concurrently (at most `concurrency`)."""
    _check_mode(mode)
    if all(_static_query(q, mode) is not None for q in queries):
        return [_static_query(q, mode) for q in queries]  # type: ignore[misc]

    async def gather() -> list[str]:
        gate = asyncio.Semaphore(concurrency)

        async def one(q: EvalQuery) -> str:
            async with gate:
                return await build_query_async(q, mode, rewriter)

        return list(await asyncio.gather(*(one(q) for q in queries)))

    return run_coroutine(gather())
