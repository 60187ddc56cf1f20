"""Stages over items, with a checkpoint per stage, a failure ledger, progress, budget and resume.

A run lives in one directory::

    run_dir/run.json            name, config, stage versions (a changed version recomputes that stage)
    run_dir/stages/<stage>.jsonl one line per finished input: {"key", "outputs", "rejected"}
    run_dir/rejected.jsonl      every item dropped / call failed in this invocation (Rejected records, once each)
    run_dir/summary.json        RunSummary, written at the end (also when stopped by a budget)
    run_dir/llm-cache/          response cache of clients made with `Run.llm_client`
    run_dir/llm-usage.jsonl     their usage ledger

Typical use::

    with Run(out_dir, name="multihop", requested=n, config={"seed": seed, "llm": spec}) as run:
        client = run.llm_client(spec, max_calls=max_calls)
        claims = run.stage("claims", chunks, extract_claims, key=lambda c: c.chunk_id,
                           out_model=Claim, concurrency=8)
        items = run.stage("questions", groups, write_question, key=lambda g: g.id, out_model=Item)
        write_jsonl_atomic(out_dir / "items.jsonl", items)
        summary = run.finish(produced=len(items))
    raise SystemExit(summary.exit_code)

Inside an event loop use ``await run.astage(...)`` the same way, then ``run.finish(...)``
and ``await run.aclose()``. One directory serves one run at a time (a lock that the OS
drops when the process dies).

A stage function takes one input and returns its outputs: a list (or one item,
or None) of output items and `Rejected` records. Inputs already in the stage's
checkpoint are not recomputed; their outputs are read back. Outputs come back
in input order whatever the concurrency. A run killed at any point (even with
SIGKILL) and started again with the same command ends with the same items: LLM
calls answered before the kill come from the response cache, finished inputs
from the checkpoints. When the run stops early (RunStopped: the LLM budget is spent,
the model server keeps failing, the deadline passed), the stage stops after the
inputs in flight, the run writes summary.json with status "stopped" and the
reason, and a re-run (with a higher limit, or once the server is back) continues.
Requests that failed after their retries are ledgered but not checkpointed, so
the same command asks them again.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from pydantic import BaseModel
from rich.console import Console
from typing_extensions import Unpack

from benchsmith.errors import BudgetExceeded, RunStopped
from benchsmith.fileio import write_json_atomic
from benchsmith.pipeline_parts.execute import StageFn
from benchsmith.pipeline_parts.ledger import RejectedLedger
from benchsmith.pipeline_parts.progress import RunProgress
from benchsmith.pipeline_parts.stages import StageOptions, StageRunner
from benchsmith.pipeline_parts.state import REJECTED_FILE, SUMMARY_FILE, RunConfigMismatch, RunLock, RunState, wipe
from benchsmith.pipeline_parts.summary import LLMTotals, RunStatus, RunSummary, StageStats, render_summary, status_for
from benchsmith.types import Rejected

__all__ = ["Run", "RunSummary", "StageStats", "LLMTotals", "RunConfigMismatch", "Rejected"]

LLM_CACHE_DIR = "llm-cache"
LLM_LEDGER_FILE = "llm-usage.jsonl"


class Run:
    """One pipeline run in one directory; see the module docstring for the layout.

    Args:
        run_dir: The run's directory (created if missing).
        name: The pipeline's name; resuming a directory made by another pipeline is an error.
        requested: How many items the run is asked for; `finish` exits non-zero below it.
        config: JSON-able settings that decide the outputs (seed, model, options). Resuming with
            a different config raises RunConfigMismatch unless `fresh`.
        fresh: Discard the directory's checkpoints, ledger and summary first (the LLM cache,
            keyed by the full request, is kept).
        progress: Show progress bars; None shows them only on a terminal.
        console: Where progress and the summary table go (stderr by default).
    """

    def __init__(
        self,
        run_dir: str | Path,
        *,
        name: str,
        requested: int | None = None,
        config: dict[str, Any] | None = None,
        fresh: bool = False,
        progress: bool | None = None,
        console: Console | None = None,
    ) -> None:
        self.run_dir = Path(run_dir)
        self.name = name
        self.requested = requested
        self.console = console or Console(stderr=True)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self._lock = RunLock(self.run_dir)
        try:
            if fresh:
                wipe(self.run_dir)
            self.state = RunState(self.run_dir, name, config or {}, requested)
            # The ledger counts this invocation: resumed stages re-add their rejections from the checkpoints.
            (self.run_dir / REJECTED_FILE).unlink(missing_ok=True)
            self.ledger = RejectedLedger(self.run_dir / REJECTED_FILE)
        except BaseException:
            self._lock.release()
            raise
        self._progress = RunProgress(self.console, self.console.is_terminal if progress is None else progress,
                                     usage=self._usage_text)
        self._stages = StageRunner(self.run_dir, self.state, self.ledger, self._progress)
        self._llm_clients: list[Any] = []
        self._owned_clients: list[Any] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._started = datetime.now(UTC)
        self._t0 = time.monotonic()
        self.summary: RunSummary | None = None

    # -- paths -------------------------------------------------------------
    @property
    def resumed(self) -> bool:
        """True when the directory already held this run (with the same config)."""
        return self.state.resumed

    @property
    def cache_dir(self) -> Path:
        """Where `llm_client` keeps the response cache (inside the run directory)."""
        return self.run_dir / LLM_CACHE_DIR

    @property
    def llm_ledger_path(self) -> Path:
        return self.run_dir / LLM_LEDGER_FILE

    def stage_path(self, stage: str) -> Path:
        return self._stages.path(stage)

    @property
    def stages(self) -> dict[str, StageStats]:
        return self._stages.stats

    # -- LLM ---------------------------------------------------------------
    def attach_llm(self, client: Any) -> Any:
        """Count this client's usage (calls, cache hits, tokens, cost) in the summary; returns it."""
        if client not in self._llm_clients:
            self._llm_clients.append(client)
        return client

    def llm_client(self, spec: str, **options: Any) -> Any:
        """An LLM client with its cache and usage ledger in the run directory, attached to the run.

        Args:
            spec: The model address, e.g. ``openai/gpt-4o-mini``.
            **options: Passed to `benchsmith.llm.get_client` (max_calls, max_cost, ...).
        """
        from benchsmith.llm import get_client

        options.setdefault("cache_dir", self.cache_dir)
        options.setdefault("ledger_path", self.llm_ledger_path)
        client = get_client(spec, **options)
        self._owned_clients.append(client)
        return self.attach_llm(client)

    # -- stages ------------------------------------------------------------
    def stage(
        self,
        name: str,
        inputs: Iterable[Any],
        fn: StageFn,
        *,
        key: Callable[[Any], str],
        **options: Unpack[StageOptions],
    ) -> list[Any]:
        """Run `fn` over `inputs`, resuming from the stage's checkpoint; outputs in input order.

        Args:
            name: Stage name (also the checkpoint's file name).
            inputs: The stage's inputs; each needs a distinct key.
            fn: ``fn(input) -> list[output | Rejected]`` (or one item, or None); sync or async.
                Sync functions run in worker threads when `concurrency` > 1.
            key: A stable string id of an input (e.g. its chunk id), used to find it in the checkpoint.
            **options: `StageOptions`: out_model, concurrency, version, on_error, per_input.

        Returns:
            The outputs of every input, in input order (Rejected records are not included:
            they go to rejected.jsonl).

        Raises:
            RunStopped: The LLM client's limit was reached, its server kept failing or the deadline
                passed; finished inputs are checkpointed.
        """
        if _loop_running():
            raise RuntimeError("Run.stage() was called inside a running event loop; use `await run.astage(...)`")
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
        task = self._loop.create_task(self.astage(name, inputs, fn, key=key, **options))
        try:
            return self._loop.run_until_complete(task)
        except BaseException:
            if task.done() and not task.cancelled():
                task.exception()  # raised here already; keep asyncio from logging it again
            raise

    async def astage(
        self,
        name: str,
        inputs: Iterable[Any],
        fn: StageFn,
        *,
        key: Callable[[Any], str],
        **options: Unpack[StageOptions],
    ) -> list[Any]:
        """The async form of `stage`, for callers already inside an event loop."""
        return await self._stages.run(name, inputs, fn, key=key, **options)

    # -- ledger --------------------------------------------------------------
    def reject(self, records: Rejected | Iterable[Rejected]) -> int:
        """Add programmatic drops (e.g. from validators) to rejected.jsonl; returns how many were new."""
        batch = [records] if isinstance(records, Rejected) else list(records)
        return self.ledger.add(batch)

    # -- end -----------------------------------------------------------------
    def finish(self, produced: int | None = None, *, summary: RunSummary | None = None) -> RunSummary:
        """Write summary.json, print the summary table, release resources; returns the summary.

        Args:
            produced: How many items the run wrote; the status is "short" (exit code 1) when
                it is below `requested`.
            summary: A summary already built with `summarize` (e.g. to copy into an output folder first).
        """
        summary = summary or self.summarize(produced)
        return self._conclude(summary)

    def summarize(self, produced: int | None = None, *, stop_reason: str | None = None,
                  status: RunStatus | None = None) -> RunSummary:
        """The run's summary as of now (counts from the ledger and the stages), without ending the run."""
        status = status or status_for(self.requested, produced)
        return RunSummary(
            name=self.name,
            run_dir=str(self.run_dir),
            status=status,
            stop_reason=stop_reason,
            requested=self.requested,
            produced=produced,
            rejected=len(self.ledger),
            rejected_by_reason=dict(sorted(self.ledger.by_reason.items())),
            rejected_by_step=dict(sorted(self.ledger.by_step.items())),
            retryable_failures=self._stages.retryable_failures,
            stages=list(self.stages.values()),
            llm=self._llm_totals(),
            started_at=self._started,
            finished_at=datetime.now(UTC),
            elapsed_s=round(time.monotonic() - self._t0, 3),
            exit_code=0 if status == "complete" else 1,
        )

    def _conclude(self, summary: RunSummary) -> RunSummary:
        self._progress.stop()
        write_json_atomic(self.run_dir / SUMMARY_FILE, summary)
        render_summary(summary, self.console)
        self.summary = summary
        self.close()
        return summary

    def _usage_text(self) -> str:
        totals = self._llm_totals()
        if totals is None:
            return ""
        return (f"LLM calls {totals.requests}, tokens {totals.prompt_tokens + totals.completion_tokens:,}, "
                f"${totals.cost_usd:.4f}")

    def _llm_totals(self) -> LLMTotals | None:
        if not self._llm_clients:
            return None
        totals = LLMTotals()
        for client in self._llm_clients:
            usage = getattr(client, "usage", None)
            if usage is None:
                continue
            data = usage.model_dump() if isinstance(usage, BaseModel) else dict(getattr(usage, "__dict__", {}))
            for field in LLMTotals.model_fields:
                if isinstance(data.get(field), (int, float)):
                    setattr(totals, field, getattr(totals, field) + data[field])
        return totals

    def close(self) -> None:
        """Stop progress, close the ledger, the clients this run made, and its event loop. Idempotent.

        Releases the run directory's lock. `finish` and leaving a `with` block call it.
        """
        self._progress.stop()
        self._stages.close()
        self.ledger.close()
        loop, self._loop = self._loop, None
        if loop is not None and not loop.is_closed():
            # After Ctrl-C the stage's workers are still pending on the loop; cancel them
            # rather than let them run on while the clients close.
            leftover = asyncio.all_tasks(loop)
            for task in leftover:
                task.cancel()
            if leftover:
                with contextlib.suppress(KeyboardInterrupt):  # the interrupt being handled, raised again
                    loop.run_until_complete(asyncio.gather(*leftover, return_exceptions=True))
                for task in leftover:
                    if task.done() and not task.cancelled():
                        task.exception()
        # Inside a running loop (an `astage` caller) clients are left for `await run.aclose()`.
        if loop is not None or not _loop_running():
            owned, self._owned_clients = self._owned_clients, []
            for client in owned:
                aclose = getattr(client, "aclose", None)
                if aclose is None:
                    client.close()
                elif loop is not None:
                    loop.run_until_complete(aclose())
                else:
                    asyncio.run(aclose())
        if loop is not None and not loop.is_closed():
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()
        self._lock.release()

    async def aclose(self) -> None:
        """`close` for async callers (those using `astage`); call it last, after `finish`."""
        owned, self._owned_clients = self._owned_clients, []
        for client in owned:
            aclose = getattr(client, "aclose", None)
            if aclose is not None:
                await aclose()
            else:
                client.close()
        self.close()

    def __enter__(self) -> Run:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc is None:
            if self.summary is None:
                self.close()
            return
        if self.summary is not None:
            self.close()
            return
        if isinstance(exc, RunStopped):
            status: RunStatus = "stopped"
            reason = f"{exc}; checkpoints kept in {self.run_dir}"
            if isinstance(exc, BudgetExceeded):
                reason += ", re-run with a higher limit to continue"
        elif isinstance(exc, KeyboardInterrupt):
            status, reason = "interrupted", "interrupted; re-run the same command to continue"
        else:
            status, reason = "failed", f"{type(exc).__name__}: {exc}"
        try:
            self._conclude(self.summarize(None, stop_reason=reason, status=status))
        except Exception:  # never hide the original error behind a summary failure
            self.close()


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
