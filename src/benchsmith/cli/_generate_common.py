"""What every `benchsmith generate <kind>` shares: options, the run, the closing table, plugin commands."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from benchsmith.cli import options
from benchsmith.errors import InputError

Corpus = typer.Option(..., "--corpus", help="Ingested corpus folder (benchsmith corpus ingest), or a raw corpus file.")
Strategy = typer.Option("heuristic", "--strategy", help="heuristic (no model) or llm.")
Name = typer.Option(None, "--name", help="Benchmark name (default: the output folder name).")
CacheDir = typer.Option(None, "--cache-dir", help="LLM response cache (sqlite) folder; default: inside the run folder (--work-dir).")
WorkDir = typer.Option(
    None, "--work-dir",
    help="Run folder for checkpoints, LLM cache and usage ledger (default OUT/.run). Re-running the same command resumes there.",
)
Fresh = typer.Option(False, "--fresh", help="Discard the run folder's checkpoints first (the LLM cache is kept).")
DryRun = typer.Option(False, "--dry-run", help="Print the estimated LLM calls, tokens and cost, and call no model.")
Timeout = typer.Option(60.0, "--timeout", help="Seconds to wait for one LLM reply (raise it for slow local CPU servers).")
Deadline = typer.Option(
    None, "--deadline",
    help="Stop the run cleanly after this many seconds of LLM use (checkpoints kept; the same command continues).",
)
Search = typer.Option(
    "bm25", "--search",
    help="Retriever the validators search the corpus with (bm25, or elasticsearch:URL for your own index).",
)


def run_options(*, corpus: Path, n: int, out: Path, strategy: str, llm: str | None, seed: int, name: str | None,
             work_dir: Path | None, fresh: bool, cache_dir: Path | None, max_calls: int | None,
             max_cost: float | None, concurrency: int, search: str, timeout: float, deadline: float | None):
    from benchsmith.generators.core.runner import GenerateOptions

    return GenerateOptions(corpus=corpus, n=n, out=out, strategy=strategy, llm=llm, seed=seed, name=name,
                           work_dir=work_dir, fresh=fresh, cache_dir=cache_dir, max_calls=max_calls, max_cost=max_cost,
                           concurrency=concurrency, search=search, timeout_s=timeout, deadline_s=deadline)


def _shared_parameters(n_help: str) -> tuple[list[inspect.Parameter], list[inspect.Parameter]]:
    """The options every generate command takes: the ones --help lists first, and the run settings it lists last."""
    def param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
        return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)

    head = [param("corpus", Path, Corpus), param("n", int, typer.Option(..., "--n", help=n_help)),
            param("out", Path, options.OutDir), param("strategy", str, Strategy),
            param("llm", str | None, options.LLMModel)]
    tail = [param("seed", int, options.Seed), param("name", str | None, Name),
            param("cache_dir", Path | None, CacheDir), param("work_dir", Path | None, WorkDir),
            param("fresh", bool, Fresh), param("max_calls", int | None, options.MaxCalls),
            param("max_cost", float | None, options.MaxCost), param("concurrency", int, options.Concurrency),
            param("search", str, Search), param("timeout", float, Timeout),
            param("deadline", float | None, Deadline), param("dry_run", bool, DryRun)]
    return head, tail


def generate_command(n_help: str = "Number of items to produce.") -> Callable[[Callable], Callable]:
    """Give a `generate <kind>` command function every shared option.

    The function declares only its own options, plus `opts` (the GenerateOptions built from the shared
    ones) and `dry_run`; typer sees the shared options in its signature as if each command listed them."""
    def decorate(fn: Callable) -> Callable:
        head, tail = _shared_parameters(n_help)
        own = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in inspect.signature(fn).parameters.values()
               if p.name not in ("opts", "dry_run")]
        shared = {p.name for p in head + tail} - {"dry_run"}

        @functools.wraps(fn)
        def command(**kwargs: Any) -> None:
            opts = run_options(**{k: kwargs.pop(k) for k in shared})
            fn(opts=opts, dry_run=kwargs.pop("dry_run"), **kwargs)

        command.__signature__ = inspect.Signature([*head, *own, *tail])  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in [*head, *own, *tail]}
        return command

    return decorate


def print_outcome(console: Console, kind: str, outcome) -> None:
    generated, summary = outcome.generated, outcome.summary
    table = Table(title=f"{kind} generation")
    table.add_column("type")
    table.add_column("requested", justify="right")
    table.add_column("produced", justify="right")
    for t, n in generated.produced_by_type.items():
        table.add_row(t, str(generated.requested_by_type.get(t, 0)), str(n))
    table.add_row("total", str(summary.requested), str(summary.produced), style="bold")
    console.print(table)
    for note in generated.notes:
        console.print(f"note: {note}", highlight=False)
    card = generated.counts.get("difficulty")
    if card:
        from benchsmith.validators.difficulty import card_table

        console.print(card_table({kind: card}))


def run_and_report(generator: Any, opts: Any, config: Any, *, dry_run: bool = False) -> None:
    """Run the generator, print its table, and exit 1 when it fell short (with `dry_run`, print the estimate only)."""
    from benchsmith.generators.core.runner import estimate_generator, run_generator

    console = options.info_console()  # silent under --quiet; the shortfall below is an error and always prints
    if dry_run:
        from benchsmith.generators.core.estimate import render_estimate

        # The estimate is the result a dry run exists to print: stdout, kept under --quiet.
        render_estimate(estimate_generator(generator, opts, config, console), Console(), opts.llm)
        return
    outcome = run_generator(generator, opts, config, console)
    print_outcome(console, generator.name, outcome)
    if outcome.generated.shortfall:
        errors = Console(stderr=True)
        errors.print(f"[bold red]short:[/] {outcome.generated.shortfall}", highlight=False, soft_wrap=True)
        if not outcome.written:
            errors.print(f"kept the complete benchmark already in {opts.out}; this run's counts are in "
                          f"{outcome.summary.run_dir}/summary.json", highlight=False, soft_wrap=True)
        raise typer.Exit(code=1)
    console.print(f"wrote {len(outcome.generated.items)} items to {opts.out}", highlight=False)


def _parse_settings(pairs: list[str], model: Any) -> Any:
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--set: expected KEY=VALUE, got {pair!r}")
        values[key.strip()] = value
    if model is None:
        if values:
            raise InputError(f"--set: this generator takes no settings (got {', '.join(values)})")
        return None
    from pydantic import ValidationError

    try:
        return model.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise InputError(f"--set {'.'.join(str(p) for p in first['loc'])}: {first['msg']}") from None


def plugin_command(generator: Any):
    """A `generate <name>` command for a generator with no command module of its own (e.g. a plugin)."""

    @generate_command()
    def command(opts: Any, dry_run: bool,
                settings: list[str] = typer.Option([], "--set", help="A generator setting as KEY=VALUE (repeatable).")) -> None:
        run_and_report(generator, opts, _parse_settings(settings, generator.config_model), dry_run=dry_run)

    command.__doc__ = generator.help or f"The {generator.name} generator."
    return command


def add_plugin_commands(app: typer.Typer) -> None:
    """Add a command for every registered generator that has no command of its own."""
    from benchsmith.generators.core.generator import generators_besides

    taken = {c.name for c in app.registered_commands}
    for name, generator in generators_besides(taken).items():
        app.command(name)(plugin_command(generator))
