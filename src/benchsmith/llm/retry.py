"""Retries with exponential backoff and full jitter, honouring Retry-After."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from benchsmith.llm.base import TransientError

T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to wait before retrying a transient failure.

    Attributes:
        max_retries: retries after the first attempt (so at most max_retries + 1 attempts).
        base_delay: backoff base in seconds; attempt n waits uniform(0, base_delay * 2**n).
        max_delay: cap on the backoff window in seconds.
        max_retry_after: cap on a server's Retry-After, so a bogus value cannot stall a run.
    """

    max_retries: int = 4
    base_delay: float = 0.5
    max_delay: float = 30.0
    max_retry_after: float = 120.0

    def delay(self, attempt: int, retry_after: float | None = None, rng: random.Random | None = None) -> float:
        """Seconds to wait before retry number `attempt` (0-based).

        Full jitter (AWS architecture blog, "Exponential Backoff and Jitter"):
        sleep = uniform(0, min(max_delay, base_delay * 2**attempt)). When the
        server sent Retry-After, wait at least that long.
        """
        window = min(self.max_delay, self.base_delay * (2**attempt))
        jitter = (rng or random).uniform(0.0, window)
        if retry_after is not None:
            return min(self.max_retry_after, max(retry_after, 0.0)) + jitter * 0.1
        return jitter


async def with_retries(
    attempt_fn: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    on_retry: Callable[[int, TransientError], None] | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> tuple[T, int]:
    """Run `attempt_fn` until it succeeds or the retries are spent.

    `sleep` waits out a backoff (the client passes one that ends early when it stops).

    Returns:
        (result, number of retries used).

    Raises:
        TransientError: the last transient failure once `policy.max_retries` retries are spent.
        Any other exception from `attempt_fn` immediately.
    """
    retries = 0
    while True:
        try:
            return await attempt_fn(), retries
        except TransientError as exc:
            if retries >= policy.max_retries:
                raise
            if on_retry is not None:
                on_retry(retries, exc)
            await sleep(policy.delay(retries, exc.retry_after))
            retries += 1
