"""Running one stage of a Run: read finished inputs back, compute the rest, checkpoint each as it ends.

Inputs are identified by their key (by default a hash of their content), so two
inputs with the same key are one input, computed once. A stage's checkpoint is
loaded once per run, however many times the stage is
called (a generator may feed a stage batch by batch); its statistics add up
over the calls. A stage's `version` is its identity (a step's version, prompt
hash and settings): when it changes, the stage's old checkpoint is discarded and
only that stage is recomputed. A result that holds a *retryable* rejection (a
request that failed after its retries) is recorded in the ledger but not
checkpointed, so a re-run asks again instead of reading the failure back.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypedDict

from pydantic import BaseModel, TypeAdapter, ValidationError
from typing_extensions import Unpack

from benchsmith.errors import InputError
from benchsmith.pipeline_parts.checkpoint import StageCheckpoint
from benchsmith.pipeline_parts.execute import StageFn, run_pending
from benchsmith.pipeline_parts.ledger import RejectedLedger
from benchsmith.pipeline_parts.progress import RunProgress
from benchsmith.pipeline_parts.state import STAGES_DIR, RunState
from benchsmith.schemas.run import StageStats
from benchsmith.types import Rejected

# Reasons that mean "the request did not get through", not "the model's answer was bad".
RETRYABLE_REASONS = frozenset({"request_failed"})
_STAGE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


class StageOptions(TypedDict, total=False):
    """The options of a stage, shared by `Run.stage`, `Run.astage` and `StageRunner.run`.

    out_model: The type outputs are validated into, also when read back from the checkpoint
        (a pydantic model, a dataclass, or any type pydantic can adapt). Without it outputs are
        plain JSON values.
    concurrency: How many inputs may be in flight at once (default 1).
    version: The stage's identity (step version, prompt hash, settings); when it differs from
        the checkpoint's, the stage's checkpoint is discarded and its inputs recomputed (default "1").
    on_error: "raise" (default) stops the stage at the first exception (after the inputs in flight
        finish and are checkpointed) and re-raises it; "reject" records it as a Rejected
        with reason "exception" and goes on. RunStopped (e.g. BudgetExceeded) always stops the stage.
    per_input: Return one list of outputs per input (in input order) instead of one flat list.
    """

    out_model: Any
    concurrency: int
    version: str
    on_error: str
    per_input: bool


@lru_cache(maxsize=256)
def _adapter(out_type: Any) -> TypeAdapter:
    return TypeAdapter(out_type)


def to_json(item: Any) -> Any:
    """An output as the JSON value the checkpoint stores (pydantic models, dataclasses, plain values)."""
    if isinstance(item, BaseModel):
        return item.model_dump(mode="json")
    if hasattr(item, "__dataclass_fields__"):
        return _adapter(type(item)).dump_python(item, mode="json")
    return json.loads(json.dumps(item, ensure_ascii=False, default=str))


def from_json(value: Any, out_type: Any) -> Any:
    if out_type is None:
        return value
    if isinstance(out_type, type) and issubclass(out_type, BaseModel):
        return out_type.model_validate(value)
    return _adapter(out_type).validate_python(value)


def as_items(result: Any) -> list[Any]:
    if result is None:
        return []
    if isinstance(result, (BaseModel, dict, str, bytes, int, float)) or hasattr(result, "__dataclass_fields__"):
        return [result]
    return list(result)


class _OpenStage:
    """A stage's checkpoint, loaded once, and its running statistics."""

    def __init__(self, path: Path, stats: StageStats) -> None:
        self.checkpoint = StageCheckpoint(path)
        self.done = self.checkpoint.load()
        self.stats = stats


class StageRunner:
    """The stages of one Run: their checkpoints, statistics and the shared ledger."""

    def __init__(self, run_dir: Path, state: RunState, ledger: RejectedLedger, progress: RunProgress) -> None:
        self.run_dir = run_dir
        self.state = state
        self.ledger = ledger
        self.progress = progress
        self.stats: dict[str, StageStats] = {}
        self.retryable_failures = 0
        self._open: dict[str, _OpenStage] = {}

    def path(self, stage: str) -> Path:
        return self.run_dir / STAGES_DIR / f"{stage}.jsonl"

    def _open_stage(self, name: str, version: str) -> _OpenStage:
        stage = self._open.get(name)
        if stage is not None:
            if self.state.stage_version(name) != version:
                raise ValueError(f"stage {name!r} was called with two versions in one run")
            return stage
        if self.state.stage_version(name) not in (None, version):
            self.path(name).unlink(missing_ok=True)  # its inputs' outputs would be stale: recompute them
        self.state.set_stage_version(name, version)
        stage = _OpenStage(self.path(name), self.stats.setdefault(name, StageStats(name=name)))
        self._open[name] = stage
        return stage

    async def run(
        self,
        name: str,
        inputs: Iterable[Any],
        fn: StageFn,
        *,
        key: Callable[[Any], str],
        **options: Unpack[StageOptions],
    ) -> list[Any]:
        unknown = sorted(set(options) - set(StageOptions.__annotations__))
        if unknown:
            raise TypeError(f"unknown stage option(s): {', '.join(unknown)}")
        out_model = options.get("out_model")
        concurrency = options.get("concurrency", 1)
        version = options.get("version", "1")
        on_error = options.get("on_error", "raise")
        per_input = options.get("per_input", False)
        if not _STAGE_NAME.match(name):
            raise ValueError(f"stage name {name!r} must be letters, digits, '_', '-' or '.'")
        if on_error not in ("raise", "reject"):
            raise ValueError(f"on_error must be 'raise' or 'reject', not {on_error!r}")
        items = list(inputs)
        keys = [str(key(x)) for x in items]
        stage = self._open_stage(name, version)
        stats, done = stage.stats, stage.done
        started = time.monotonic()
        outputs_by_key: dict[str, list[Any]] = {}
        resumed = 0
        for k in dict.fromkeys(keys):
            if k in done:
                resumed += 1
                entry = done[k]
                outputs_by_key[k] = [self._load(o, out_model, stage.checkpoint.path) for o in entry["outputs"]]
                # Re-adding is a no-op unless a kill fell between checkpoint and ledger writes.
                rejected = [Rejected.model_validate(r) for r in entry.get("rejected", [])]
                self.ledger.add(rejected)
                stats.rejected += len(rejected)
        unique = len(dict.fromkeys(keys))
        stats.inputs += unique
        stats.resumed += resumed
        # Inputs with the same key are the same input: computed once, their outputs given to each.
        pending = list({k: (k, x) for k, x in zip(keys, items, strict=True) if k not in done}.values())
        task = self.progress.add_stage(name, total=unique, done=resumed)

        def on_done(k: str, result: Any) -> None:
            outs_json, outs, rejected = self._split(result, k, name, out_model)
            if any(r.reason in RETRYABLE_REASONS for r in rejected):
                self.retryable_failures += 1
            else:
                stage.checkpoint.append(k, outs_json, [r.model_dump(mode="json") for r in rejected])
                done[k] = {"key": k, "outputs": outs_json, "rejected": [r.model_dump(mode="json") for r in rejected]}
            self.ledger.add(rejected)
            outputs_by_key[k] = outs
            stats.computed += 1
            stats.rejected += len(rejected)
            self.progress.advance(task, len(rejected))

        def as_rejected(k: str, exc: Exception) -> Rejected:
            return Rejected(step=name, reason="exception", detail=f"{type(exc).__name__}: {exc}", input_ref=k)

        try:
            failure = await run_pending(
                pending, fn, concurrency=concurrency, on_done=on_done,
                on_exception=as_rejected if on_error == "reject" else None,
            )
        finally:
            stage.checkpoint.sync()
            stats.elapsed_s += time.monotonic() - started
            stats.outputs += sum(len(outputs_by_key.get(k, [])) for k in dict.fromkeys(keys))
        if failure is not None:
            raise failure
        if per_input:
            return [outputs_by_key[k] for k in keys]
        return [o for k in keys for o in outputs_by_key[k]]

    def close(self) -> None:
        for stage in self._open.values():
            stage.checkpoint.close()
        self._open.clear()

    @staticmethod
    def _load(value: Any, out_model: Any, path: Path) -> Any:
        try:
            return from_json(value, out_model)
        except ValidationError as exc:
            raise InputError(
                f"checkpointed output no longer fits {getattr(out_model, '__name__', out_model)}: "
                f"{exc.errors()[0]['msg']}; bump the stage version or pass --fresh",
                path=path,
            ) from exc

    @staticmethod
    def _split(result: Any, k: str, stage: str, out_model: Any) -> tuple[list[Any], list[Any], list[Rejected]]:
        """(outputs as JSON, outputs as returned to the caller, rejected records) of one result."""
        outs_json: list[Any] = []
        rejected: list[Rejected] = []
        for item in as_items(result):
            if isinstance(item, Rejected):
                rejected.append(item if item.input_ref is not None else item.model_copy(update={"input_ref": k}))
            else:
                outs_json.append(to_json(item))
        # Outputs are read back from their JSON form, so a fresh run returns exactly what a resume would.
        try:
            outs = [from_json(o, out_model) for o in outs_json]
        except ValidationError as exc:
            # A bug in the stage function, found before anything was checkpointed.
            raise ValueError(
                f"stage {stage!r} returned an output for key {k!r} that does not fit "
                f"{getattr(out_model, '__name__', out_model)}: {exc.errors()[0]['msg']}"
            ) from exc
        return outs_json, outs, rejected
