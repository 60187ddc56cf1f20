"""`benchsmith card BENCH`: the data card of any benchmark, as one self-contained HTML page and Markdown."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from benchsmith.cli.options import info_console


def register(app: typer.Typer) -> None:
    @app.command("card")
    def card(
        bench: Path = typer.Argument(..., help="A benchmark folder or items.jsonl of ours (any kind), or a paper's own file: "
                                     "MultiHopRAG.json, HotpotQA json, mtRAG conversations, FRAMES tsv/jsonl, MIRAGE dataset.json."),
        out: Path | None = typer.Option(None, "--out", "-o", help="The HTML file to write (card.md is written beside it). "
                                        "Default: BENCH/reports/card.html for our folders, ./NAME-card.html otherwise."),
        corpus: Path | None = typer.Option(None, "--corpus", help="The corpus (ingested folder or raw file) for BM25 ranks "
                                           "and grounding; our folders default to the one benchmark.json names."),
        embeddings: bool = typer.Option(True, "--embeddings/--no-embeddings",
                                        help="Embedding spread of the questions with the offline MiniLM (when installed)."),
    ) -> None:
        """Counts and distributions, diversity, difficulty and review status, each plot with a written summary."""
        from benchsmith.reports.card_html import write_card
        from benchsmith.reports.load import load_any
        from benchsmith.reports.outputs import default_card_path

        loaded = load_any(bench, corpus)
        html_path, md_path = write_card(loaded, out or default_card_path(loaded), embeddings=embeddings,
                                        embeddings_reason="--no-embeddings")
        info_console().print(f"{len(loaded.item_ids)} items read as {loaded.source_format}", highlight=False)
        Console(highlight=False, soft_wrap=True).print(f"wrote {html_path} and {md_path}", markup=False)

    return None
