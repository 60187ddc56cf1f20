"""Options shared by several commands, defined once."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

OutDir = typer.Option(..., "--out", "-o", help="Output directory (replaced atomically).", file_okay=False)
Seed = typer.Option(0, "--seed", help="Random seed; fixed seeds give identical heuristic runs.")
LLMModel = typer.Option(
    None,
    "--llm",
    help="LLM as provider/model, e.g. openai/gpt-4o-mini, openai/Qwen2.5-7B@http://localhost:8000/v1, scripted/responses.json.",
)
CacheDir = typer.Option(
    Path(".benchsmith-cache"), "--cache-dir", help="Directory of the LLM response cache (sqlite)."
)
MaxCalls = typer.Option(None, "--max-calls", help="Stop after this many LLM requests.")
MaxCost = typer.Option(None, "--max-cost", help="Stop once the estimated cost in USD reaches this.")
Concurrency = typer.Option(8, "--concurrency", min=1, help="Concurrent LLM (or endpoint) requests.")
Bootstrap = typer.Option(1000, "--bootstrap", min=1, help="Bootstrap resamples for the 95% intervals.")


# --quiet / --verbose are root options (benchsmith --quiet COMMAND ...); the root callback sets
# this level, and every command's informational console reads it.
QUIET, NORMAL, VERBOSE = "quiet", "normal", "verbose"
_level = NORMAL


def set_output_level(level: str) -> None:
    global _level
    if level not in (QUIET, NORMAL, VERBOSE):
        raise ValueError(f"unknown output level {level!r}")
    _level = level


def output_level() -> str:
    return _level


def is_quiet() -> bool:
    return _level == QUIET


def is_verbose() -> bool:
    return _level == VERBOSE


def root_flags() -> list[str]:
    """The root options that reproduce the current level, for a command that runs other commands."""
    return {QUIET: ["--quiet"], VERBOSE: ["--verbose"]}.get(_level, [])


def info_console(**kwargs) -> Console:
    """The console for progress, status lines and summaries (stderr); silent under --quiet.

    Results a command exists to print (tables, verdicts) go to stdout with a plain Console and
    are kept under --quiet; errors are printed by the CLI entry point and always appear.
    """
    return Console(stderr=True, quiet=is_quiet(), **kwargs)
