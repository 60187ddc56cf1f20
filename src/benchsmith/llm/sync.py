"""An event loop in a daemon thread, so synchronous code can call async clients.

One long-lived loop (rather than `asyncio.run` per call) keeps connection
pools, concurrency limits and in-flight sharing alive across calls and across
the caller's threads, and works when the caller already runs a loop.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")
V = TypeVar("V")


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
        return asyncio.run_coroutine_threadsafe(make(), loop).result()  # type: ignore[arg-type]

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
