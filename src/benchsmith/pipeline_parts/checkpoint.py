"""One JSONL checkpoint per stage: a line per finished input, written in one piece.

Each line is ``{"key": ..., "outputs": [...], "rejected": [...]}``. A line is
written with a single `write` and flushed at once, so a process killed at any
moment leaves either the whole line or (at worst, mid-write) a torn last line,
which `load` cuts off before new lines are appended. Lines survive the death of
the process as soon as `write` returns; fsync (against OS crashes) runs
periodically and when the stage ends.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError

FSYNC_INTERVAL_S = 1.0


def read_appended_jsonl(path: str | Path) -> list[tuple[int, Any]]:
    """(line number, value) of an append-only JSONL file written by a process that may have been killed.

    A last line that is unterminated or not JSON is a write cut short by the kill:
    it is cut off the file, so the next append starts on a clean line. Any other
    bad line is corruption.

    Raises:
        InputError: A line other than the last is not valid JSON.
    """
    path = Path(path)
    if not path.exists():
        return []
    data = path.read_bytes()
    values: list[tuple[int, Any]] = []
    good_end = pos = lineno = 0
    while pos < len(data):
        nl = data.find(b"\n", pos)
        lineno += 1
        if nl == -1:
            break
        raw, pos = data[pos:nl], nl + 1
        if raw.strip():
            try:
                values.append((lineno, json.loads(raw)))
            except (ValueError, UnicodeDecodeError) as exc:
                if pos < len(data):
                    raise InputError(
                        f"corrupt line ({exc}); delete the file or start the run with --fresh", path=path, line=lineno
                    ) from exc
                break
        good_end = pos
    if good_end < len(data):
        with path.open("r+b") as fh:
            fh.truncate(good_end)
    return values


class LineAppender:
    """Appends JSON lines, each with one `write` call (whole or torn, never interleaved).

    A line is safe from the death of the process once `write` returns; fsync (against
    OS crashes) runs at most every FSYNC_INTERVAL_S and on close.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._last_sync = 0.0

    def write_line(self, value: Any) -> None:
        data = (json.dumps(value, ensure_ascii=False) + "\n").encode("utf-8")
        if self._fd is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view):]
        if time.monotonic() - self._last_sync >= FSYNC_INTERVAL_S:
            self.sync()

    def sync(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)
            self._last_sync = time.monotonic()

    def close(self) -> None:
        if self._fd is not None:
            self.sync()
            os.close(self._fd)
            self._fd = None


class StageCheckpoint:
    """The checkpoint file of one stage: read what is done, append what finishes."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._file = LineAppender(self.path)

    def load(self) -> dict[str, dict[str, Any]]:
        """Finished entries by key (first line wins); a torn last line is removed from the file.

        Raises:
            InputError: A line other than the last is not a valid checkpoint entry.
        """
        done: dict[str, dict[str, Any]] = {}
        for lineno, entry in read_appended_jsonl(self.path):
            if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
                raise InputError("corrupt checkpoint line: expected an object with a string 'key'", path=self.path,
                                 line=lineno)
            if not isinstance(entry.get("outputs"), list) or not isinstance(entry.get("rejected", []), list):
                raise InputError("corrupt checkpoint line: expected 'outputs' and 'rejected' lists", path=self.path,
                                 line=lineno)
            done.setdefault(entry["key"], entry)
        return done

    def append(self, key: str, outputs: list[Any], rejected: list[Any]) -> None:
        """Append one finished input as a single line."""
        self._file.write_line({"key": key, "outputs": outputs, "rejected": rejected})

    def sync(self) -> None:
        self._file.sync()

    def close(self) -> None:
        self._file.close()
