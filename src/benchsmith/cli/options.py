"""Options shared by several commands, defined once."""

from __future__ import annotations

from pathlib import Path

import typer

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
