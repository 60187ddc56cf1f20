"""`benchsmith generate frames`: a FRAMES style benchmark from a corpus with links between its documents."""

from __future__ import annotations

from pathlib import Path

import typer

from benchsmith.cli import _generate_common as common
from benchsmith.cli import options
from benchsmith.cli._groups import generate_app


@generate_app.command("frames")
def generate_frames_cmd(
    corpus: Path = common.Corpus,
    n: int = common.N,
    out: Path = options.OutDir,
    strategy: str = common.Strategy,
    llm: str | None = options.LLMModel,
    mix: str = typer.Option(
        "numerical=0.22,tabular=0.14,constraints=0.30,temporal=0.22,post_processing=0.12", "--mix",
        help="Reasoning type shares (numerical, tabular, constraints, temporal, post_processing).",
    ),
    seed: int = options.Seed,
    closed_book: bool = typer.Option(True, "--closed-book/--no-closed-book",
                                     help="llm strategy: ask each question with no article and flag what the model answers anyway."),
    as_of: str | None = typer.Option(None, "--as-of", help="Date the corpus was captured (YYYY-MM-DD): questions on a fact that can change (a limit, a current holder) are pinned with 'As of DATE' where the articles carry no date of their own."),
    name: str | None = common.Name,
    cache_dir: Path | None = common.CacheDir,
    work_dir: Path | None = common.WorkDir,
    fresh: bool = common.Fresh,
    max_calls: int | None = options.MaxCalls,
    max_cost: float | None = options.MaxCost,
    concurrency: int = options.Concurrency,
    search: str = common.Search,
    timeout: float = common.Timeout,
    deadline: float | None = common.Deadline,
    dry_run: bool = common.DryRun,
) -> None:
    """Linked article sets, facts with spans, questions whose answers are computed from the facts, all verified."""
    from benchsmith.generators.frames import GENERATOR, FramesConfig, parse_mix

    cfg = FramesConfig(n=n, strategy=strategy, mix=parse_mix(mix), seed=seed, llm=llm, closed_book=closed_book,
                       as_of=as_of)
    opts = common.common(corpus, n, out, strategy, llm, seed, name, work_dir, fresh, cache_dir, max_calls, max_cost,
                         concurrency, search, timeout, deadline)
    common.run_and_report(GENERATOR, opts, cfg, dry_run=dry_run)
