"""`benchsmith validate FILE...`: check JSON / JSONL files against the exported JSON Schemas."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console


def register(app: typer.Typer) -> None:
    @app.command("validate")
    def validate(
        files: list[Path] = typer.Argument(
            ..., help="JSON or JSONL files (JSONL by .jsonl/.ndjson suffix), or benchmark / corpus folders."
        ),
        kind: str | None = typer.Option(
            None, "--kind", "-k", help="Validate every record against this kind (for files whose records carry none)."
        ),
        schema_dir: Path | None = typer.Option(
            None, "--schema-dir", help="Folder of <kind>.schema.json files; the committed schemas by default."
        ),
        report: bool = typer.Option(
            False, "--report", help="Print the difficulty card of each multi-hop benchmark file (ours, MultiHopRAG.json "
            "or HotpotQA json) side by side instead of checking schemas."
        ),
        corpus: Path | None = typer.Option(None, "--corpus", help="With --report: an ingested corpus, for BM25 ranks."),
    ) -> None:
        """Validate each record against the schema of its `kind`; every error is printed as
        FILE:LINE at JSON.PATH: message. A folder must be complete (its .benchsmith-complete
        marker matches its files) and every file benchsmith writes there valid. Exits 1 when anything fails."""
        if report:
            from benchsmith.validators.difficulty import card_table
            from benchsmith.validators.difficulty import report as difficulty_report

            Console().print(card_table(difficulty_report(list(files), corpus)))
            return
        from benchsmith.schemas.validate import validate_files

        result = validate_files(list(files), kind=kind, schema_dir=schema_dir)
        out = Console(highlight=False, soft_wrap=True)
        for issue in result.issues:
            out.print(str(issue), markup=False)
        out.print(result.summary_line(), markup=False)
        if not result.ok:
            raise typer.Exit(code=1)

    return None
