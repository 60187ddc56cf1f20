"""The run summary (summary.json): what a run produced and dropped, per stage and in LLM use."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.schemas import SCHEMAS
from benchsmith.types import SCHEMA_VERSION

RunStatus = Literal["complete", "short", "stopped", "failed", "interrupted"]


class StageStats(BaseModel):
    """One stage: inputs seen, how many came from the checkpoint, how many were computed now."""

    model_config = ConfigDict(extra="forbid")
    name: str
    inputs: int = 0
    resumed: int = 0
    computed: int = 0
    outputs: int = 0
    rejected: int = 0
    elapsed_s: float = 0.0


class LLMTotals(BaseModel):
    """LLM use by this invocation (cache hits cost no request)."""

    model_config = ConfigDict(extra="forbid")
    calls: int = 0
    requests: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    retries: int = 0
    errors: int = 0


class RunSummary(BaseModel):
    """What a run produced and dropped; `exit_code` is 1 unless it produced what was requested."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["run_summary"] = "run_summary"
    schema_version: str = SCHEMA_VERSION
    name: str
    run_dir: str
    status: RunStatus
    stop_reason: str | None = None
    requested: int | None = None
    produced: int | None = None
    rejected: int = 0
    rejected_by_reason: dict[str, int] = Field(default_factory=dict)
    rejected_by_step: dict[str, int] = Field(default_factory=dict)
    retryable_failures: int = Field(
        default=0, description="Inputs whose requests failed after their retries; not checkpointed, so a re-run asks again.")
    stages: list[StageStats] = Field(default_factory=list)
    llm: LLMTotals | None = None
    started_at: datetime
    finished_at: datetime
    elapsed_s: float
    exit_code: int = Field(description="0 when the run produced what was requested, 1 otherwise.")


for _model in (RunSummary,):
    SCHEMAS.register(_model.model_fields["kind"].default)(_model)
