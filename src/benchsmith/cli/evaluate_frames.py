"""`benchsmith evaluate frames`: the FRAMES baselines (naive, BM25, oracle, multi-step) judged by the autorater."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from benchsmith.cli._generation_common import EvalCacheDir, progress_bars, resolve_cache_dir
from benchsmith.cli._groups import evaluate_app
from benchsmith.cli.options import Bootstrap, Concurrency, MaxCalls, OutDir, Seed, info_console
from benchsmith.errors import InputError


@evaluate_app.command("frames")
def evaluate_frames_command(
    benchmark: Path = typer.Option(..., "--benchmark", "-b", help="FRAMES test.tsv / JSONL, or a folder `generate frames` wrote."),
    model: str = typer.Option(..., "--model", help="The model that answers (and writes multi-step queries), provider/model."),
    corpus: Path | None = typer.Option(None, "--corpus", help="The articles the wiki_links point at (default for a generated folder: its own corpus)."),
    judge: str | None = typer.Option(None, "--judge", help="Autorater model (default: --model)."),
    settings: str | None = typer.Option(None, "--settings", help="Comma-separated among naive, bm25-2, bm25-4, oracle, multistep, multistep-plan [default: all the benchmark supports; naive only without articles]."),
    retriever: str = typer.Option("bm25", "--retriever", help="Retriever for the BM25 and multi-step settings (any retriever spec)."),
    steps: int = typer.Option(3, "--steps", min=1, help="Multi-step: iterations n (the paper reports up to 5)."),
    queries_per_step: int = typer.Option(3, "--queries-per-step", min=1, help="Multi-step: queries k per iteration (paper: up to 5)."),
    n_docs: int = typer.Option(2, "--n-docs", min=1, help="Multi-step: articles kept per query (paper: 2 and 10)."),
    max_article_chars: int | None = typer.Option(None, "--max-article-chars", min=100, help="Show the model at most this many characters of each article (FRAMES showed whole articles; for small context windows)."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N questions."),
    cache_dir: Path | None = EvalCacheDir,
    concurrency: int = Concurrency,
    max_calls: int | None = MaxCalls,
    bootstrap: int = Bootstrap,
    seed: int = Seed,
    out: Path = OutDir,
) -> None:
    """Run FRAMES' baselines and report autorater accuracy overall, by reasoning type and by article count.

    Writes results.json, report.md, report.html, predictions-SETTING.jsonl and rejected.jsonl
    (autorater replies without a readable decision) into --out, only once everything succeeded.
    """
    from benchsmith.evaluation.frames.baselines import FramesOptions, run_baselines
    from benchsmith.evaluation.report import write_results
    from benchsmith.evaluation.systems import write_predictions
    from benchsmith.fileio import write_jsonl_atomic

    if out.exists() and not out.is_dir():
        raise InputError("--out exists and is not a directory", path=out)
    chosen = [s.strip() for s in settings.split(",") if s.strip()] if settings else None
    options = FramesOptions(benchmark=benchmark, model=model, corpus=corpus, judge=judge, settings=chosen,
                            retriever=retriever, steps=steps, queries_per_step=queries_per_step, n_docs=n_docs,
                            max_article_chars=max_article_chars, limit=limit, cache_dir=resolve_cache_dir(cache_dir, out), ledger_dir=out,
                            concurrency=concurrency, max_calls=max_calls, bootstrap=bootstrap, seed=seed)
    console = info_console()
    with progress_bars(console) as (track, _):
        result = run_baselines(options, on_setting=lambda name, total: track(f"answering: {name}", total))
    extra = {f"predictions-{name}.jsonl": (lambda path, p=preds: write_predictions(path, p))
             for name, preds in result.predictions.items()}
    rejected = [r.model_dump(mode="json") for r in result.rejected]
    extra["rejected.jsonl"] = lambda path: write_jsonl_atomic(path, rejected)
    paths = write_results(out, result.doc, html=True, extra_files=extra)
    stdout = Console()
    for table in result.doc["tables"]:
        view = Table(title=table["title"])
        for column in table["columns"]:
            view.add_column(str(column))
        for row in table["rows"]:
            view.add_row(*(str(c) for c in row))
        stdout.print(view)
    for note in result.doc["notes"]:
        if "only the naive setting" in note:
            console.print(f"[yellow]{note}[/]")
    console.print(f"results: {paths['results']}")
