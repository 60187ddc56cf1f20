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
            False, "--report", help="Instead of checking schemas: run every validator that applies to each benchmark "
            "(ours of any kind, MultiHopRAG.json, HotpotQA json, mtRAG conversations, FRAMES, MIRAGE dataset.json), write "
            "report.html and report.md, and print their difficulty cards side by side."
        ),
        corpus: Path | None = typer.Option(None, "--corpus", help="With --report: the corpus (ingested folder or raw file), "
                                           "for grounding checks and BM25 ranks; our folders default to their own."),
        out: Path | None = typer.Option(None, "--out", "-o", help="With --report: the folder for report.html and report.md "
                                        "(one subfolder per benchmark when several). Default: BENCH/reports/ for our "
                                        "folders, ./NAME-report/ otherwise."),
        strict: bool = typer.Option(False, "--strict", help="With --report: exit 1 when any item has an error flag."),
    ) -> None:
        """Validate each record against the schema of its `kind`; every error is printed as
        FILE:LINE at JSON.PATH: message. A folder must be complete (its .benchsmith-complete
        marker matches its files) and every file benchsmith writes there valid. Exits 1 when anything fails."""
        if report:
            from benchsmith.cli.validate_report import run_reports

            if not run_reports(list(files), corpus=corpus, out=out) and strict:
                raise typer.Exit(code=1)
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
