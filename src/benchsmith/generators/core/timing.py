"""Seconds spent per step, for the run summary and benchmark.json."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class StepTimer:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - t0
