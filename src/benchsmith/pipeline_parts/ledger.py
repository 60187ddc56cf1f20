"""The failure ledger, rejected.jsonl: every dropped item or failed call, once.

Records are `Rejected` models, one JSON line each. A record is identified by its
step, reason, detail, input reference and raw output; adding a record that is
already in the file does nothing, so a resumed run that rejects the same input
again (or repairs a ledger line lost to a kill) never writes a duplicate.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

from pydantic import ValidationError

from benchsmith.errors import InputError
from benchsmith.pipeline_parts.checkpoint import LineAppender, read_appended_jsonl
from benchsmith.types import Rejected


def fingerprint(record: Rejected) -> str:
    identity = [record.step, record.reason, record.detail, record.input_ref, record.raw_output]
    return hashlib.sha256(json.dumps(identity, ensure_ascii=False).encode("utf-8")).hexdigest()


class RejectedLedger:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._file = LineAppender(self.path)
        self._seen: set[str] = set()
        self.by_reason: Counter[str] = Counter()
        self.by_step: Counter[str] = Counter()
        for lineno, value in read_appended_jsonl(self.path):
            try:
                record = Rejected.model_validate(value)
            except ValidationError as exc:
                raise InputError(f"not a rejected record: {exc.errors()[0]['msg']}", path=self.path, line=lineno) from exc
            self._count(record)

    def _count(self, record: Rejected) -> bool:
        fp = fingerprint(record)
        if fp in self._seen:
            return False
        self._seen.add(fp)
        self.by_reason[record.reason] += 1
        self.by_step[record.step] += 1
        return True

    def add(self, records: list[Rejected]) -> int:
        """Append the records not already in the ledger; returns how many were new."""
        new = [r for r in records if self._count(r)]
        for record in new:
            self._file.write_line(record.model_dump(mode="json"))
        return len(new)

    def close(self) -> None:
        self._file.close()

    def __len__(self) -> int:
        return len(self._seen)
