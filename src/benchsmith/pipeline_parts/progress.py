"""Progress bars per stage: counts, rejected, LLM calls, tokens and cost so far, elapsed and ETA; silent off a terminal."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class RunProgress:
    """One rich Progress for the whole run, one bar per stage, with the LLM use so far beside it.

    Args:
        console: where the bars go.
        enabled: show them (only on a terminal, normally).
        usage: a callable giving the LLM use so far as a short text ("calls 12, tokens 3,400, $0.0021").
    """

    def __init__(self, console: Console, enabled: bool, usage: Callable[[], str] | None = None) -> None:
        self.enabled = enabled
        self._progress: Progress | None = None
        self._console = console
        self._usage = usage or (lambda: "")

    def _live(self) -> Progress:
        if self._progress is None:
            self._progress = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("rejected {task.fields[rejected]}"),
                TextColumn("{task.fields[llm]}"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=self._console,
            )
            self._progress.start()
        return self._progress

    def add_stage(self, name: str, total: int, done: int) -> TaskID | None:
        if not self.enabled:
            return None
        return self._live().add_task(name, total=total, completed=done, rejected=0, llm=self._usage())

    def advance(self, task: TaskID | None, rejected: int) -> None:
        if task is not None and self._progress is not None:
            fields = self._progress.tasks[self._progress.task_ids.index(task)].fields
            self._progress.update(task, advance=1, rejected=fields.get("rejected", 0) + rejected, llm=self._usage())

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
