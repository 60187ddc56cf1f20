"""`benchsmith evaluate retrieval`: score retrievers on a benchmark and write reports."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from benchsmith.cli._generation_common import ConsoleReporter, EvalCacheDir, resolve_cache_dir
from benchsmith.cli._groups import evaluate_app
from benchsmith.cli.options import Bootstrap, LLMModel, OutDir, Seed, info_console
from benchsmith.errors import InputError
from benchsmith.evaluation.api.retrieval import parse_ks


def print_table(console: Console, systems: list[dict[str, Any]], title: str) -> None:
    """Rows = systems, columns = measures; transposed when that would not fit the console."""
    from benchsmith.evaluation.report.tables import aggregate_table

    header, rows = aggregate_table(systems)
    def width(header, rows) -> int:
        return 1 + sum(max(len(h), *(len(r[i]) for r in rows)) + 3 for i, h in enumerate(header))

    # Piped or captured output has no real width: allow a wide line, but never a squeezed table.
    limit = console.width if console.is_terminal else 120
    if width(header, rows) > limit and len(header) > 2:
        header, rows = ["measure", *(r[0] for r in rows)], [[h, *(r[i] for r in rows)] for i, h in enumerate(header) if i]
    if not console.is_terminal:
        console = Console(file=console.file, width=max(limit, width(header, rows)))
    table = Table(title=title, title_justify="left")
    for i, h in enumerate(header):
        table.add_column(h, justify="left" if i == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    console.print(table)


def print_extra_tables(console: Console, doc: dict[str, Any]) -> None:
    """The papers' own tables (mtRAG per collection, MultiHop-RAG QA per question type), as their scripts print them."""
    for extra in doc.get("tables") or []:
        table = Table(title=extra["title"], title_justify="left")
        for i, column in enumerate(extra["columns"]):
            table.add_column(str(column), justify="left" if i == 0 else "right", no_wrap=True)
        for row in extra["rows"]:
            table.add_row(*(f"{c:.5g}" if isinstance(c, float) else str(c) for c in row))
        console.print(table)


@evaluate_app.command("retrieval")
def evaluate_retrieval_command(
    benchmark: Path = typer.Option(..., "--benchmark", "-b", help="Benchmark file or folder."),
    format: str = typer.Option("auto", "--format", "-f", help="Benchmark format (auto, benchsmith, multihop-rag, mtrag, mirage, frames, beir)."),
    corpus: Path | None = typer.Option(None, "--corpus", help="Passages/documents for formats that keep them apart."),
    qrels: Path | None = typer.Option(None, "--qrels", help="Relevance judgements (TREC or BEIR TSV) to use instead of the benchmark's own [default: qrels/dev.tsv or *qrels*.tsv beside the tasks]."),
    retriever: list[str] = typer.Option(
        ["bm25"], "--retriever", "-r", help="bm25, dense[:MODEL], hybrid, elasticsearch[:URL], run:FILE or run:FOLDER (every run file in it); repeat for one row each."
    ),
    k: str = typer.Option("1,3,5,10", "--k", help="Cutoffs, comma-separated."),
    measures: str | None = typer.Option(None, "--measures", "-m", help="e.g. Recall@5,nDCG@10,MAP@10,MRR@10,P@3,F1@5,Hits@4 [default: nDCG and Recall at each k, P/MAP/MRR at the largest]."),
    paper: str = typer.Option("auto", "--paper", help="Also compute one paper's own metrics: multihop-rag, mtrag, mirage, none, or auto (the paper whose format the benchmark is in)."),
    query_mode: str = typer.Option("last_turn", "--query-mode", help="Conversations: last_turn, all_user_turns, full_conversation or rewrite."),
    llm: str | None = LLMModel,
    cache_dir: Path | None = EvalCacheDir,
    bootstrap: int = Bootstrap,
    seed: int = Seed,
    html: bool = typer.Option(True, "--html/--no-html", help="Also write report.html with plots."),
    out: Path = OutDir,
) -> None:
    """Run each retriever over the benchmark's queries and score the runs.

    Prints one row per retriever (mean and 95% bootstrap interval per measure)
    and writes results.json, report.md and report.html into --out. The peers' own
    files are read as they are: mtRAG task JSONL (qrels found in qrels/dev.tsv
    beside it), MultiHop-RAG retrieval results, MIRAGE Retrieval_result folders.
    """
    from benchsmith.evaluation.api import RetrievalOptions, evaluate_retrieval
    from benchsmith.evaluation.report import write_results

    if out.exists() and not out.is_dir():
        raise InputError("--out exists and is not a directory", path=out)
    options = RetrievalOptions(
        benchmark=benchmark, retrievers=list(retriever), format=format, corpus=corpus, qrels=qrels, ks=parse_ks(k),
        measures=measures, paper=paper, query_mode=query_mode, llm=llm,
        cache_dir=resolve_cache_dir(cache_dir, out), bootstrap=bootstrap, seed=seed,
    )
    console = info_console()
    result = evaluate_retrieval(options, reporter=ConsoleReporter(console))
    paths = write_results(out, result.doc, html=html)
    print_table(Console(), result.systems, f"{result.doc['benchmark']['name']}: mean [95% CI]")
    print_extra_tables(Console(), result.doc)
    console.print("wrote " + ", ".join(str(p) for p in paths.values()), highlight=False)
