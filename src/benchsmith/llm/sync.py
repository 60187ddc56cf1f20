"""An event loop in a daemon thread, so synchronous code can call async clients.

One long-lived loop (rather than `asyncio.run` per call) keeps connection
pools, concurrency limits and in-flight sharing alive across calls and across
the caller's threads, and works when the caller already runs a loop.

Ctrl-C must stop a run even while worker threads wait here on requests in
flight (issue 9: a run kept sending requests for minutes after SIGINT). A wait
interrupted in the calling thread cancels its own request; and at interpreter
exit, before Python joins the worker threads of thread pools, every request
still pending on a background loop is cancelled, so those threads return at
once instead of finishing their retries.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.thread  # registers the pool-joining exit hook first, so ours runs before it
import threading
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")
V = TypeVar("V")

_pending: set[concurrent.futures.Future[Any]] = set()
_pending_lock = threading.Lock()
_shutting_down = False


def cancel_pending() -> int:
    """Cancel every request waited on through a background loop; returns how many were pending.

    Later calls of `BackgroundLoop.run` raise CancelledError at once: the process is stopping.
    """
    global _shutting_down
    _shutting_down = True
    with _pending_lock:
        futures = list(_pending)
    for future in futures:
        future.cancel()
    return len(futures)


# threading's exit hooks run in reverse order of registration, before non-daemon threads
# (thread-pool workers) are joined: this one runs before concurrent.futures' join.
if hasattr(threading, "_register_atexit"):
    threading._register_atexit(cancel_pending)


def for_running_loop(store: dict[asyncio.AbstractEventLoop, V], make: Callable[[], V]) -> V:
    """The value `store` keeps for the running event loop, made on first use.

    Semaphores, futures and httpx pools belong to the loop that made them; entries
    of loops that have since closed are dropped when a new loop first asks.
    """
    loop = asyncio.get_running_loop()
    value = store.get(loop)
    if value is None:
        for old in [lp for lp in store if lp.is_closed()]:
            del store[old]
        value = store[loop] = make()
    return value


def _serve_forever(loop: asyncio.AbstractEventLoop) -> None:
    asyncio.set_event_loop(loop)
    try:
        loop.run_forever()
    finally:
        loop.close()


def _stop(loop: asyncio.AbstractEventLoop) -> None:
    if not loop.is_closed():
        try:
            loop.call_soon_threadsafe(loop.stop)
        except RuntimeError:  # closed in between
            pass


class BackgroundLoop:
    """Runs coroutines on a private loop thread, started on first use."""

    def __init__(self, name: str, owner: Any = None) -> None:
        self.name = name
        self._owner = owner
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    @property
    def started(self) -> bool:
        return self._loop is not None

    def run(self, make: Callable[[], Awaitable[T]]) -> T:
        """Run `make()` on the background loop and wait for its result."""
        loop = self._ensure()
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            raise RuntimeError("a sync wrapper was called from its own background loop; await the async method")
        if _shutting_down:
            raise concurrent.futures.CancelledError("the process is stopping")
        future = asyncio.run_coroutine_threadsafe(make(), loop)  # type: ignore[arg-type]
        with _pending_lock:
            _pending.add(future)
        try:
            return future.result()
        except BaseException:
            future.cancel()  # Ctrl-C in this thread, or a cancel from cancel_pending(): end the request too
            raise
        finally:
            with _pending_lock:
                _pending.discard(future)

    def stop(self, cleanup: Callable[[], Awaitable[Any]] | None = None, timeout_s: float = 30.0) -> None:
        """Run `cleanup()` on the loop (if started), then stop the thread."""
        with self._lock:
            loop, thread = self._loop, self._thread
            self._loop = self._thread = None
        if loop is None:
            return
        try:
            if cleanup is not None:
                asyncio.run_coroutine_threadsafe(cleanup(), loop).result(timeout=timeout_s)  # type: ignore[arg-type]
        finally:
            _stop(loop)
            if thread is not None:
                thread.join(timeout=10)

    def _ensure(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(target=_serve_forever, args=(loop,), daemon=True, name=self.name)
                thread.start()
                self._loop, self._thread = loop, thread
                # An owner dropped without stop() still ends the thread.
                weakref.finalize(self._owner if self._owner is not None else self, _stop, loop)
            return self._loop
