"""Stopping a client's requests on time: a consecutive-failure circuit breaker and an overall deadline.

A server that is down answers every request with a refused connection; a hung one
lets every request run into its timeout. Retrying each request alone would go on
for hours, so the client counts failed requests in a row (refused connections,
timeouts, 5xx, broken bodies; any reply from the server resets the count) and
stops everything once they reach the limit. The stop also ends requests already
in flight and backoff sleeps at once, on every event loop the client serves.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from benchsmith.errors import DeadlineExceeded, RunStopped, ServiceUnavailable
from benchsmith.llm.base import TransientError
from benchsmith.llm.sync import for_running_loop

T = TypeVar("T")

DEFAULT_BREAKER_FAILURES = 16


def counts_as_outage(exc: TransientError) -> bool:
    """Refused connections, timeouts, broken bodies and 5xx say the server is unwell; 429 and 408 do not."""
    return exc.status is None or exc.status >= 500


class StopGuard:
    """The circuit breaker and the deadline shared by all requests of one client.

    Args:
        endpoint: what the messages name (the base URL, or the model address).
        breaker_failures: failed requests in a row that stop the client; None disables the breaker.
        deadline_s: seconds from now after which no request is sent and those in flight end.
        clock: monotonic clock (tests pass a fake).
    """

    def __init__(self, endpoint: str, *, breaker_failures: int | None = DEFAULT_BREAKER_FAILURES,
                 deadline_s: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        if breaker_failures is not None and breaker_failures < 1:
            raise ValueError("breaker_failures must be at least 1 (or None to disable the breaker)")
        if deadline_s is not None and not deadline_s > 0:
            raise ValueError("deadline_s must be a positive number of seconds")
        self.endpoint = endpoint
        self.breaker_failures = breaker_failures
        self.deadline_s = deadline_s
        self._clock = clock
        self._started = clock()
        self.consecutive_failures = 0
        self.reason: RunStopped | None = None
        self._lock = threading.Lock()
        self._waiting: dict[asyncio.AbstractEventLoop, set[asyncio.Task[object]]] = {}
        self._stopped_tasks: set[asyncio.Task[object]] = set()

    # -- state ---------------------------------------------------------------
    def time_left(self) -> float | None:
        if self.deadline_s is None:
            return None
        return self.deadline_s - (self._clock() - self._started)

    def check(self) -> None:
        """Raise the stop reason if the client has stopped or the deadline has passed."""
        if self.reason is None:
            left = self.time_left()
            if left is not None and left <= 0:
                self.trip(self._deadline_error())
        if self.reason is not None:
            raise self.reason

    def success(self) -> None:
        self.consecutive_failures = 0

    def failure(self, exc: TransientError) -> None:
        """Count a failed request; raise the stop reason once the breaker opens."""
        if not counts_as_outage(exc):
            self.consecutive_failures = 0  # the server answered: it is alive
            return
        with self._lock:
            self.consecutive_failures += 1
            failures = self.consecutive_failures
        if self.breaker_failures is not None and failures >= self.breaker_failures and self.reason is None:
            self.trip(ServiceUnavailable(
                f"stopped: the model server at {self.endpoint} failed {failures} requests in a row "
                f"(last error: {exc}); start it or fix the address, then re-run the same command to continue"))
        if self.reason is not None:
            raise self.reason from exc

    def trip(self, reason: RunStopped) -> None:
        """Stop: no new request starts, and those in flight or sleeping end with `reason`."""
        with self._lock:
            if self.reason is not None:
                return
            self.reason = reason
            loops = list(self._waiting)
        for loop in loops:
            if not loop.is_closed():
                try:
                    loop.call_soon_threadsafe(self._cancel_waiting, loop)
                except RuntimeError:  # the loop closed in between
                    pass

    def _cancel_waiting(self, loop: asyncio.AbstractEventLoop) -> None:
        for task in list(self._waiting.get(loop, ())):
            self._stopped_tasks.add(task)
            task.cancel()

    def _deadline_error(self) -> DeadlineExceeded:
        return DeadlineExceeded(
            f"stopped: the deadline of {self.deadline_s:g} s passed (requests to {self.endpoint}); "
            "re-run the same command to continue")

    # -- waiting -------------------------------------------------------------
    async def run(self, awaitable: Awaitable[T]) -> T:
        """Await `awaitable` unless the client stops or the deadline passes first (then raise the reason).

        The wait is this task's own (no helper task per request: this sits on every request's path);
        a stop cancels the task and the cancellation is turned into the stop reason here.
        """
        try:
            self.check()
        except RunStopped:
            if asyncio.iscoroutine(awaitable):
                awaitable.close()  # never started: no 'never awaited' warning
            raise
        task = asyncio.current_task()
        assert task is not None
        waiting = for_running_loop(self._waiting, set)
        waiting.add(task)
        try:
            left = self.time_left()
            if left is None:
                return await awaitable
            async with asyncio.timeout(left) as scope:
                return await awaitable
        except asyncio.CancelledError:
            if task not in self._stopped_tasks:
                raise  # cancelled by someone else
            self._stopped_tasks.discard(task)
            if task.uncancel() > 0:
                raise  # cancelled by someone else as well: that wins
            assert self.reason is not None
            raise self.reason from None
        except TimeoutError:
            if left is None or not scope.expired():
                raise
            self.trip(self._deadline_error())
            assert self.reason is not None
            raise self.reason from None
        finally:
            waiting.discard(task)

    async def sleep(self, seconds: float) -> None:
        """A backoff sleep that ends early when the client stops or the deadline passes."""
        left = self.time_left()
        if left is not None:
            seconds = min(seconds, max(0.0, left))
        await self.run(asyncio.sleep(seconds))
        self.check()


