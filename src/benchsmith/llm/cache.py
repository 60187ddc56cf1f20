"""On-disk response cache in sqlite, shared safely by tasks and processes.

The key is a sha256 over everything that decides a response (provider, model,
messages, generation parameters, response schema), so an identical re-run is
answered from disk without a single request. Each entry is committed as soon as
its response arrives: a run killed right after loses nothing.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.llm.base import GenerationConfig, Message, RawResponse

CACHE_FILE = "llm-cache.sqlite3"


def cache_key(
    provider: str,
    model: str,
    messages: list[Message],
    config: GenerationConfig,
    schema: dict[str, Any] | None,
    extra: str = "",
) -> str:
    """A stable sha256 hex key for one request."""
    payload = {
        "provider": provider,
        "model": model,
        "messages": [m.model_dump(mode="json") for m in messages],
        "config": config.model_dump(mode="json"),
        "schema": schema,
        "extra": extra,
    }
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class ResponseCache:
    """A sqlite-backed map from request key to the backend's raw response.

    WAL mode lets several processes read while one writes; a busy timeout makes
    concurrent writers wait instead of failing. One connection per instance,
    guarded by a lock so threads (e.g. sync wrappers) can share it.
    """

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        if path.suffix == "" or path.is_dir():
            path.mkdir(parents=True, exist_ok=True)
            path = path / CACHE_FILE
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(str(path), timeout=60.0, check_same_thread=False, isolation_level=None)
        try:
            self._conn.execute("PRAGMA journal_mode=WAL")
            # NORMAL is durable against process death (SIGKILL); only an OS crash can drop the last commits.
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS responses ("
                " key TEXT PRIMARY KEY, model TEXT NOT NULL, response TEXT NOT NULL, created REAL NOT NULL)"
            )
        except sqlite3.DatabaseError as exc:
            self._conn.close()
            raise InputError(f"not a usable response cache (sqlite): {exc}", path=path) from exc

    def get(self, key: str) -> RawResponse | None:
        with self._lock:
            row = self._conn.execute("SELECT response FROM responses WHERE key = ?", (key,)).fetchone()
        return RawResponse.model_validate_json(row[0]) if row else None

    def put(self, key: str, model: str, response: RawResponse) -> None:
        blob = response.model_dump_json()
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO responses (key, model, response, created) VALUES (?, ?, ?, ?)",
                (key, model, blob, time.time()),
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._conn.close()
