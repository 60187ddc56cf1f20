"""How the evaluation functions tell their caller what they are doing (the CLI prints it)."""

from __future__ import annotations

from typing import Protocol


class Reporter(Protocol):
    def info(self, message: str) -> None: ...

    def warning(self, message: str) -> None: ...


class _Silent:
    def info(self, message: str) -> None:
        pass

    def warning(self, message: str) -> None:
        pass


silent: Reporter = _Silent()
