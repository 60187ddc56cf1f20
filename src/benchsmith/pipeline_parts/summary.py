"""RunSummary: the counts a run ends with (written to summary.json and shown as a table)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

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
    stages: list[StageStats] = Field(default_factory=list)
    llm: LLMTotals | None = None
    started_at: datetime
    finished_at: datetime
    elapsed_s: float
    exit_code: int = Field(description="0 when the run produced what was requested, 1 otherwise.")


def status_for(requested: int | None, produced: int | None) -> RunStatus:
    if requested is not None and (produced is None or produced < requested):
        return "short"
    return "complete"


def _counts(counter: dict[str, int]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))) or "-"


def render_summary(summary: RunSummary, console: Console) -> None:
    """Print the summary as a two-column table."""
    colour = {"complete": "green", "short": "yellow"}.get(summary.status, "red")
    table = Table(title=f"run {escape(summary.name)}: [{colour}]{summary.status}[/]", show_header=False, title_justify="left")
    table.add_column(style="bold")
    table.add_column()
    rows: list[tuple[str, Any]] = [
        ("requested", summary.requested if summary.requested is not None else "-"),
        ("produced", summary.produced if summary.produced is not None else "-"),
        ("rejected", summary.rejected),
        ("  by reason", _counts(summary.rejected_by_reason)),
        ("  by step", _counts(summary.rejected_by_step)),
    ]
    for stage in summary.stages:
        rows.append((f"stage {stage.name}", f"{stage.inputs} inputs ({stage.resumed} resumed, {stage.computed} run), "
                     f"{stage.outputs} outputs, {stage.rejected} rejected, {stage.elapsed_s:.1f}s"))
    if summary.llm is not None:
        llm = summary.llm
        rows += [
            ("LLM calls", f"{llm.calls} ({llm.requests} requests, {llm.cache_hits} cache hits, {llm.retries} retries, "
                          f"{llm.errors} errors)"),
            ("tokens", f"{llm.prompt_tokens} in, {llm.completion_tokens} out"),
            ("cost", f"${llm.cost_usd:.4f}"),
        ]
    rows.append(("elapsed", f"{summary.elapsed_s:.1f}s"))
    if summary.stop_reason:
        rows.append(("stopped", summary.stop_reason))
    for label, value in rows:
        # Text, not markup: reasons and error messages may hold "[...]".
        table.add_row(Text(label), Text(str(value)))
    console.print(table)
