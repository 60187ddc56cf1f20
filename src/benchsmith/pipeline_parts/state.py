"""run.json: what a run directory was started with, so a resume can check it is the same run.

The config is whatever decides a run's outputs (seed, model, prompts, options);
limits such as --max-calls or the requested count are not part of it, so a
re-run with a higher limit or a larger -n continues where the last one stopped.
Credentials in it (a model address with a password or an api_key parameter) are
masked before it is written or compared.
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchsmith.errors import BenchsmithError, InputError
from benchsmith.fileio import read_json, write_json_atomic
from benchsmith.redact import redact

RUN_FILE = "run.json"
STAGES_DIR = "stages"
REJECTED_FILE = "rejected.jsonl"
SUMMARY_FILE = "summary.json"
LOCK_FILE = ".lock"


class RunConfigMismatch(BenchsmithError):
    """The run directory holds a run started with another config or another stage version."""


def canonical(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists, keys become strings)."""
    return json.loads(json.dumps(value, sort_keys=True, ensure_ascii=False, default=str))


def _differences(old: Any, new: Any, prefix: str = "") -> list[str]:
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[str] = []
        for key in sorted(set(old) | set(new)):
            out += _differences(old.get(key, "<absent>"), new.get(key, "<absent>"), f"{prefix}{key}.")
        return out
    return [] if old == new else [f"{prefix.rstrip('.')}: {old!r} -> {new!r}"]


def wipe(run_dir: Path) -> None:
    """Remove what the pipeline keeps in `run_dir` (the LLM cache, keyed by request, stays)."""
    shutil.rmtree(run_dir / STAGES_DIR, ignore_errors=True)
    for name in (RUN_FILE, REJECTED_FILE, SUMMARY_FILE):
        (run_dir / name).unlink(missing_ok=True)


class RunState:
    """The contents of run.json, checked against the current invocation."""

    def __init__(self, run_dir: Path, name: str, config: dict[str, Any], requested: int | None) -> None:
        self.path = run_dir / RUN_FILE
        self.resumed = self.path.exists()
        config = canonical(redact(config))
        if self.resumed:
            data = read_json(self.path)
            if not isinstance(data, dict) or "config" not in data:
                raise InputError("not a benchsmith run file; start with --fresh", path=self.path)
            if data.get("name") != name:
                raise RunConfigMismatch(
                    f"{run_dir} holds run {data.get('name')!r}, not {name!r}; use another directory or --fresh"
                )
            diffs = _differences(data["config"], config)
            if diffs:
                raise RunConfigMismatch(
                    f"{run_dir} was started with a different config ({'; '.join(diffs)}); "
                    "re-run with the same options, use another directory, or pass --fresh to start over"
                )
            self.data = data
        else:
            self.data = {
                "name": name,
                "config": config,
                "stages": {},
                "created_at": datetime.now(UTC).isoformat(),
            }
        self.data["requested"] = requested
        self.save()

    def stage_version(self, stage: str) -> str | None:
        """The version a stage's checkpoint was made with, None for a stage not run yet."""
        return self.data.setdefault("stages", {}).get(stage)

    def set_stage_version(self, stage: str, version: str) -> None:
        stages: dict[str, str] = self.data.setdefault("stages", {})
        if stages.get(stage) != version:
            stages[stage] = version
            self.save()

    def save(self) -> None:
        write_json_atomic(self.path, self.data)


class RunLock:
    """An exclusive lock on a run directory, so two processes never append to the same checkpoints.

    The OS drops the lock when the process dies (even by SIGKILL), so a killed run never
    leaves a stale lock behind.
    """

    def __init__(self, run_dir: Path) -> None:
        import fcntl

        self._fh = (run_dir / LOCK_FILE).open("a")
        try:
            fcntl.flock(self._fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._fh.close()
            raise BenchsmithError(
                f"another benchsmith run is using {run_dir}; wait for it or use another directory"
            ) from None

    def release(self) -> None:
        if not self._fh.closed:
            self._fh.close()  # closing the file releases the lock
