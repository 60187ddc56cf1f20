"""`benchsmith llm ...`: check a model address and summarise a usage ledger."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from benchsmith.errors import InputError

llm_app = typer.Typer(name="llm", help="Check LLM endpoints and read usage ledgers.", no_args_is_help=True)


@llm_app.command("ping")
def ping(
    model: str = typer.Argument(..., help="provider/model, e.g. openai/Qwen2.5-7B@http://localhost:8000/v1"),
    prompt: str = typer.Option("Reply with the single word: pong", "--prompt", help="What to send."),
    timeout_s: float = typer.Option(30.0, "--timeout", help="Seconds before giving up on one request."),
    max_retries: int = typer.Option(1, "--max-retries", help="Retries of a transient failure."),
) -> None:
    """Send one short request and print the reply, latency and tokens (exit 1 on failure)."""
    from benchsmith.llm import get_client

    with get_client(model, timeout_s=timeout_s, max_retries=max_retries, retry_base_delay=0.2) as client:
        done = client.complete_sync([{"role": "user", "content": prompt}], step="ping")
    console = Console()
    if not done.ok:
        console.print(f"[bold red]failed:[/] {done.rejected.detail}", highlight=False, soft_wrap=True)
        raise typer.Exit(code=1)
    console.print(f"{client.model_id}: {done.text.strip()[:200]!r}", highlight=False, soft_wrap=True)
    console.print(f"latency {done.latency_s:.3f}s, tokens in {done.usage.prompt_tokens} / out "
                  f"{done.usage.completion_tokens}, retries {done.retries}", highlight=False)


@llm_app.command("usage")
def usage(
    ledger: Path = typer.Argument(..., help="A usage ledger (JSONL) written by an LLM run."),
    as_json: bool = typer.Option(False, "--json", help="Print the totals as JSON."),
) -> None:
    """Totals over a usage ledger: calls, cache hits, tokens, cost, errors, per model and step."""
    from benchsmith.llm.ledger import summarize_ledger

    if not ledger.is_file():
        raise InputError("usage ledger not found", path=ledger)
    totals = summarize_ledger(ledger)
    if as_json:
        typer.echo(json.dumps(totals, indent=2))
        return
    console = Console()
    console.print(f"calls {totals['calls']} (cache hits {totals['cache_hits']}), errors {totals['errors']}, "
                  f"retries {totals['retries']}", highlight=False)
    console.print(f"tokens in {totals['prompt_tokens']} / out {totals['completion_tokens']}, "
                  f"cost ${totals['cost_usd']:.4f}"
                  + (f" ({totals['unpriced_calls']} calls had no price)" if totals["unpriced_calls"] else ""),
                  highlight=False)
    for group in ("by_model", "by_step"):
        table = Table(group.replace("_", " "))
        table.add_column("calls", justify="right")
        table.add_column("cost (USD)", justify="right")
        for name, bucket in sorted(totals[group].items()):
            table.add_row(name, str(bucket["calls"]), f"{bucket['cost_usd']:.4f}")
        console.print(table)


def register(app: typer.Typer) -> None:
    app.add_typer(llm_app)
