"""The review audit trail: one JSONL file of decisions, only ever appended to.

Every accept, reject and edit is one line: who, when, which item, the item's
version before and after, the reason. A line is appended with one `write` on a
file opened with O_APPEND under an exclusive `flock` and synced before the call
returns, so two review servers on one benchmark (two reviewers) interleave whole
lines, and a crash can at worst leave a torn last line, which the next open
cuts off (and keeps, for the record, in `trail.jsonl.torn`).

What the page shows (each item's decisions, its current text, where a reviewer
stopped) is recomputed from the trail alone, so it survives a server restart.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError

ACTIONS = ("accept", "reject", "edit")
REVIEWER_RE = re.compile(r"[^\W_][\w .@-]{0,63}")
TRAIL_FORMAT = 1


def check_reviewer(name: str) -> str:
    """A reviewer name as the trail records it: 1-64 letters, digits, spaces and . _ @ -."""
    if not isinstance(name, str) or not REVIEWER_RE.fullmatch(name):
        raise InputError(f"reviewer name {name!r} must be 1-64 letters, digits, spaces and . _ @ -, "
                         "starting with a letter or digit")
    return name


def item_version(record: dict[str, Any]) -> str:
    """A short content hash of an item (its JSON form): which text a decision was made on."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass
class Decision:
    reviewer: str
    action: str  # accept | reject
    version: str
    time: str
    reason: str | None = None


@dataclass
class ItemState:
    """What the trail says about one item."""

    decisions: dict[str, Decision] = field(default_factory=dict)  # latest accept/reject per reviewer
    edits: list[dict[str, Any]] = field(default_factory=list)  # the edit records, in order
    editors: list[str] = field(default_factory=list)

    def current(self, original: dict[str, Any]) -> dict[str, Any] | None:
        """The item after the edits that chain from `original` (each made on the version before it); None if none.

        An edit made on other text (the benchmark was regenerated since) is not applied.
        """
        version, record = item_version(original), None
        for edit in self.edits:
            if edit.get("before") == version and isinstance(edit.get("item"), dict):
                record, version = edit["item"], edit.get("after")
        return record


class Trail:
    """The append-only decision file of one benchmark (BENCH/review/trail.jsonl)."""

    def __init__(self, path: str | Path, *, repair: bool = True) -> None:
        """Open the trail; `repair` (for the writer) cuts off a torn last line. Readers leave the file alone."""
        self.path = Path(path)
        self._records: list[dict[str, Any]] = []
        self._offset = 0
        self._lines = 0
        if repair:
            self._repair()

    # -- writing -------------------------------------------------------------------------------
    def _repair(self) -> None:
        """Cut a torn last line (a crash mid-append) off the file, keeping it aside for the record."""
        if not self.path.is_file():
            return
        try:
            self._cut_torn_line()
        except OSError as exc:
            raise InputError(f"cannot open the review trail for writing: {exc.strerror or exc}", path=self.path) from None

    def _cut_torn_line(self) -> None:
        with self._locked("r+b") as fh:
            data = fh.read()
            if not data or data.endswith(b"\n"):
                return
            cut = data.rfind(b"\n") + 1
            with open(self.path.with_name(self.path.name + ".torn"), "ab") as torn:
                torn.write(data[cut:] + b"\n")
            fh.truncate(cut)
            os.fsync(fh.fileno())

    def _locked(self, mode: str):
        fh = open(self.path, mode)  # noqa: SIM115 - closed by the context manager below
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        return fh

    def append(self, *, reviewer: str, action: str, item_id: str, before: str | None, after: str | None,
               reason: str | None = None, changes: dict[str, Any] | None = None,
               item: dict[str, Any] | None = None) -> dict[str, Any]:
        """Append one decision; returns the record as written.

        Args:
            before / after: the item's version (see `item_version`) before and after the action.
            changes: for an edit, {field path: {"before": old, "after": new}}.
            item: for an edit, the whole edited item (the trail alone can rebuild the reviewed benchmark).
        """
        if action not in ACTIONS:
            raise InputError(f"unknown review action {action!r}; one of {', '.join(ACTIONS)}")
        record: dict[str, Any] = {
            "format": TRAIL_FORMAT, "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "reviewer": check_reviewer(reviewer), "item_id": item_id, "action": action,
            "before": before, "after": after,
        }
        if reason:
            record["reason"] = reason
        if changes is not None:
            record["changes"] = changes
        if item is not None:
            record["item"] = item
        line = (json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        try:
            self._append_line(line)
        except OSError as exc:  # shown on the page: nothing was recorded
            raise InputError(f"the decision was not recorded: {exc.strerror or exc}", path=self.path) from None
        return record

    def _append_line(self, line: bytes) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            size = os.fstat(fd).st_size
            try:
                written = os.write(fd, line)
                if written != len(line):
                    raise OSError(f"short write ({written} of {len(line)} bytes)")
                os.fsync(fd)
            except OSError:
                os.ftruncate(fd, size)  # a full disk: take the partial line back out
                raise
        finally:
            os.close(fd)

    # -- reading -------------------------------------------------------------------------------
    def records(self) -> list[dict[str, Any]]:
        """Every record so far, including lines other processes appended since the last call."""
        if not self.path.is_file():
            return self._records
        with open(self.path, "rb") as fh:
            fh.seek(self._offset)
            data = fh.read()
        end = data.rfind(b"\n") + 1  # a line still being written is read next time
        for raw in data[:end].split(b"\n")[:-1]:
            self._lines += 1
            line_no = self._lines
            if not raw.strip():
                continue
            try:
                record = json.loads(raw)
            except ValueError as exc:
                raise InputError(f"the review trail has a malformed line: {exc}", path=self.path, line=line_no) from None
            if not isinstance(record, dict) or record.get("action") not in ACTIONS or not record.get("item_id"):
                raise InputError("the review trail has a record without a known action and item_id",
                                 path=self.path, line=line_no)
            self._records.append(record)
        self._offset += end
        return self._records


def replay(records: Iterable[dict[str, Any]]) -> dict[str, ItemState]:
    """Each item's state after the trail's records, in order: the latest decision per reviewer wins."""
    states: dict[str, ItemState] = {}
    for r in records:
        state = states.setdefault(r["item_id"], ItemState())
        if r["action"] == "edit":
            state.edits.append(r)
            if r["reviewer"] not in state.editors:
                state.editors.append(r["reviewer"])
        else:
            state.decisions[r["reviewer"]] = Decision(r["reviewer"], r["action"], r.get("after") or r.get("before") or "",
                                                      r.get("time", ""), r.get("reason"))
    return states


def last_item_of(records: Iterable[dict[str, Any]], reviewer: str) -> str | None:
    """The item the reviewer last acted on (where the page resumes)."""
    last = None
    for r in records:
        if r.get("reviewer") == reviewer:
            last = r["item_id"]
    return last
