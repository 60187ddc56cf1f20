"""Gather concurrent single requests into batches for engines that prefer batches.

Offline engines (vLLM, transformers) are far faster on a batch than on the same
prompts one by one. The client still sends one request per coroutine; this
collects whatever is waiting (up to `max_batch`, after at most `max_wait_s`)
and runs it in a worker thread, one batch at a time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from benchsmith.llm.sync import for_running_loop

T = TypeVar("T")
R = TypeVar("R")


class _LoopQueue(Generic[T, R]):
    def __init__(self) -> None:
        self.pending: list[tuple[T, asyncio.Future[R]]] = []
        self.wake = asyncio.Event()
        self.worker: asyncio.Task[None] | None = None


class MicroBatcher(Generic[T, R]):
    """`await submit(item)` returns `run_batch([... item ...])[i]` for that item.

    `run_batch` runs in a thread and returns one result per item, in order; a
    result that is an Exception is raised for that item alone. If `run_batch`
    itself raises, every item of the batch gets that error.
    """

    def __init__(self, run_batch: Callable[[Sequence[T]], Sequence[R | BaseException]], *,
                 max_batch: int = 64, max_wait_s: float = 0.005) -> None:
        self.run_batch = run_batch
        self.max_batch = max(1, max_batch)
        self.max_wait_s = max_wait_s
        self._queues: dict[asyncio.AbstractEventLoop, _LoopQueue[T, R]] = {}
        self.batch_sizes: list[int] = []

    def _queue(self) -> _LoopQueue[T, R]:
        queue = for_running_loop(self._queues, _LoopQueue)
        if queue.worker is None or queue.worker.done():
            queue.worker = asyncio.get_running_loop().create_task(self._work(queue))
        return queue

    async def submit(self, item: T) -> R:
        queue = self._queue()
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        queue.pending.append((item, future))
        queue.wake.set()
        return await future

    async def _work(self, queue: _LoopQueue[T, R]) -> None:
        while True:
            await queue.wake.wait()
            queue.wake.clear()
            if not queue.pending:
                continue
            if len(queue.pending) < self.max_batch and self.max_wait_s > 0:
                await asyncio.sleep(self.max_wait_s)  # let the rest of a burst arrive
            batch = queue.pending[: self.max_batch]
            del queue.pending[: self.max_batch]
            self.batch_sizes.append(len(batch))
            try:
                results = await asyncio.to_thread(self.run_batch, [item for item, _ in batch])
                if len(results) != len(batch):
                    raise RuntimeError(f"batch of {len(batch)} returned {len(results)} results")
            except Exception as exc:  # noqa: BLE001 - handed to every waiting caller
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
            else:
                for (_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if isinstance(result, BaseException):
                        future.set_exception(result)
                    else:
                        future.set_result(result)
            if queue.pending:
                queue.wake.set()
