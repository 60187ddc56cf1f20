"""The end of a run: its status from the counts, and the summary as a table on the console."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from benchsmith.schemas.run import LLMTotals, RunStatus, RunSummary, StageStats

__all__ = ["LLMTotals", "RunStatus", "RunSummary", "StageStats", "render_summary", "status_for"]


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
    if summary.retryable_failures:
        rows.append(("failed requests", f"{summary.retryable_failures} (not checkpointed: re-run to retry them)"))
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
