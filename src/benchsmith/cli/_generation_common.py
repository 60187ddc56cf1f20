"""Helpers shared by the `evaluate` commands: the LLM cache option, console reporting, progress bars."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

CACHE_NAME = ".llm-cache"

# Evaluation keeps its LLM cache with its outputs: nothing is written into the working directory.
EvalCacheDir = typer.Option(
    None, "--cache-dir", help=f"Directory of the LLM response cache (sqlite) [default: {CACHE_NAME} inside --out]."
)


def resolve_cache_dir(cache_dir: Path | None, out: Path) -> Path:
    return cache_dir if cache_dir is not None else out / CACHE_NAME


class ConsoleReporter:
    """Prints the evaluation functions' progress lines and warnings to a rich console."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def info(self, message: str) -> None:
        self.console.print(message, highlight=False, markup=False)

    def warning(self, message: str) -> None:
        from rich.markup import escape

        self.console.print(f"[yellow]warning:[/] {escape(message)}", highlight=False)


@contextmanager
def progress_bars(console: Console):
    """A rich Progress whose `track(name, total)` returns an advance callback."""
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                        TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(), console=console,
                        transient=True)
    tasks: dict[str, Any] = {}

    def track(name: str, total: int):
        tasks[name] = progress.add_task(name, total=total)
        return lambda n=1: progress.advance(tasks[name], n)

    def metric_progress(total: int):
        def advance(metric: str, n: int) -> None:
            if metric not in tasks:
                tasks[metric] = progress.add_task(f"scoring: {metric}", total=total)
            progress.advance(tasks[metric], n)
        return advance

    with progress:
        yield track, metric_progress
