"""`benchsmith export BENCH --accepted --out DIR`: the reviewed benchmark in every format its generator writes."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from benchsmith.cli import options


def register(app: typer.Typer) -> None:
    @app.command("export")
    def export(
        bench: Path = typer.Argument(..., help="A reviewed benchmark folder (see `benchsmith review`)."),
        out: Path = typer.Option(..., "--out", "-o", help="Folder to write (replaced as a unit)."),
        accepted: bool = typer.Option(False, "--accepted", help="Only items accepted on their current text "
                                      "(default: every item not rejected)."),
        fmt: str = typer.Option("all", "--format", help="all (default), benchsmith (items.jsonl, qrels.tsv, "
                                "benchmark.json), native or the generator's own: multihop-rag, mtrag, frames, mirage."),
        corpus: Path = typer.Option(None, "--corpus", help="The ingested corpus, if benchmark.json's corpus_dir moved."),
    ) -> None:
        """Write the reviewed items (edits applied) as a benchmark folder plus the generator's own formats,
        with review.json: what was kept, each item's status and the reviewers' agreement."""
        from benchsmith.review.export import export_reviewed
        from benchsmith.review.items import load_bench

        summary = export_reviewed(load_bench(bench, corpus=corpus), out, accepted_only=accepted, fmt=fmt)
        counts = ", ".join(f"{k} {v}" for k, v in summary["by_status"].items())
        Console(quiet=options.is_quiet()).print(
            f"exported {summary['items_exported']} of {summary['items_in_source']} items ({counts}) to "
            f"[bold]{escape(str(out))}[/]", highlight=False)
