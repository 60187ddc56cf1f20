"""Errors that the CLI turns into a clear message and a non-zero exit."""

from __future__ import annotations

from pathlib import Path


class BenchsmithError(Exception):
    """Base class for every error benchsmith reports to the user."""


class InputError(BenchsmithError):
    """Bad user input, located by file and (when known) line and JSON path."""

    def __init__(
        self,
        message: str,
        *,
        path: str | Path | None = None,
        line: int | None = None,
        json_path: str | None = None,
    ) -> None:
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.json_path = json_path
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path
            if self.line is not None:
                where += f":{self.line}"
            if self.json_path:
                where += f" at {self.json_path}"
            where += ": "
        return f"{where}{self.message}"


class RunStopped(BenchsmithError):
    """A run stopped cleanly before its end; checkpoints are kept and a re-run continues."""


class BudgetExceeded(RunStopped):
    """A run hit its limit on LLM calls or cost."""


class ServiceUnavailable(RunStopped):
    """A model server kept failing (refused connections, timeouts, 5xx): the circuit breaker opened."""


class DeadlineExceeded(RunStopped):
    """A run's overall deadline passed."""
