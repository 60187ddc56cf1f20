"""`benchsmith generate frames`: a FRAMES style benchmark from a corpus with links between its documents."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from benchsmith.cli import _generate_common as common
from benchsmith.cli._groups import generate_app

if TYPE_CHECKING:
    from benchsmith.generators.core.runner import GenerateOptions


@generate_app.command("frames")
@common.generate_command()
def generate_frames_cmd(
    opts: GenerateOptions,
    dry_run: bool,
    mix: str = typer.Option(
        "numerical=0.22,tabular=0.14,constraints=0.30,temporal=0.22,post_processing=0.12", "--mix",
        help="Reasoning type shares (numerical, tabular, constraints, temporal, post_processing).",
    ),
    closed_book: bool = typer.Option(True, "--closed-book/--no-closed-book",
                                     help="llm strategy: ask each question with no article and flag what the model answers anyway."),
    as_of: str | None = typer.Option(None, "--as-of", help="Date the corpus was captured (YYYY-MM-DD): questions on a fact that can change (a limit, a current holder) are pinned with 'As of DATE' where the articles carry no date of their own."),
) -> None:
    """Linked article sets, facts with spans, questions whose answers are computed from the facts, all verified."""
    from benchsmith.generators.frames import GENERATOR, FramesConfig, parse_mix

    cfg = FramesConfig(n=opts.n, strategy=opts.strategy, mix=parse_mix(mix), seed=opts.seed, llm=opts.llm,
                       closed_book=closed_book, as_of=as_of)
    common.run_and_report(GENERATOR, opts, cfg, dry_run=dry_run)
