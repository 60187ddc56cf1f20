"""`benchsmith evaluate retrieval`: score retrievers on a benchmark and write reports."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from benchsmith.cli._groups import evaluate_app
from benchsmith.cli.options import Bootstrap, CacheDir, LLMModel, OutDir, Seed, info_console
from benchsmith.errors import InputError


def parse_ks(text: str) -> list[int]:
    """"1,3,5,10" -> [1, 3, 5, 10] (sorted, unique, positive)."""
    try:
        ks = sorted({int(p) for p in text.split(",") if p.strip()})
    except ValueError:
        raise InputError(f"--k expects comma-separated integers, got {text!r}") from None
    if not ks or ks[0] < 1:
        raise InputError(f"--k needs positive cutoffs, got {text!r}")
    return ks


def default_measure_string(ks: list[int]) -> str:
    kmax = max(ks)
    return ",".join([*(f"nDCG@{k}" for k in ks), *(f"Recall@{k}" for k in ks), f"P@{kmax}", f"MAP@{kmax}", f"MRR@{kmax}"])


def _read_json_or_none(path: Path) -> Any:
    from benchsmith.fileio import read_json

    try:
        return read_json(path)
    except InputError:
        return None


def _multihop_ranked_texts(data: Any, benchmark: Any) -> dict[str, list[str]]:
    """Ranked passage texts per query id of a MultiHop-RAG run, duplicates kept.

    The official script scores the list as retrieved (a repeated chunk takes a
    rank), so the paper metrics read it from the file rather than from the
    de-duplicated run.
    """
    ids = {q.question: q.query_id for q in benchmark.queries}
    out: dict[str, list[str]] = {}
    for rec in data if isinstance(data, list) else []:
        if not isinstance(rec, dict) or rec.get("query") not in ids or not isinstance(rec.get("retrieval_list"), list):
            continue
        out[ids[rec["query"]]] = [
            item["text"] for item in rec["retrieval_list"] if isinstance(item, dict) and isinstance(item.get("text"), str)
        ]
    return out


def _mirage_pool(benchmark: Any) -> list[dict[str, Any]] | None:
    """The MIRAGE doc pool as written (repeats kept), from the file the benchmark came from."""
    for key in ("pool", "path"):
        where = benchmark.metadata.get(key)
        if not where or not str(where).endswith(".json"):
            continue
        data = _read_json_or_none(Path(where))
        if isinstance(data, dict):
            data = data.get("doc_pool")
        if isinstance(data, list) and all(isinstance(c, dict) and "mapped_id" in c for c in data):
            return data
    return None


def paper_inputs(path: Path, paper: str | None, benchmark: Any) -> dict[str, Any]:
    """What a peer's own run file carries beyond ids, for its paper-exact metrics."""
    if paper not in ("multihop-rag", "mirage") or path.suffix != ".json":
        return {}
    data = _read_json_or_none(path)
    if paper == "multihop-rag":
        return {"ranked_texts": _multihop_ranked_texts(data, benchmark)}
    if isinstance(data, list) and data and all(isinstance(r, dict) and "top_chunks" in r for r in data):
        return {"mirage_records": data, "mirage_pool": _mirage_pool(benchmark)}
    return {}


def retrieve(
    benchmark: Any, spec: str, depth: int, query_mode: str, rewriter: Any = None
) -> tuple[dict[str, dict[str, float]], dict[str, Any]]:
    """One retriever's run on the benchmark, and the retriever's settings."""
    if spec.startswith("run:"):
        from benchsmith.evaluation.importers import load_run

        path = Path(spec[4:])
        run = load_run(path, query_ids={q.question: q.query_id for q in benchmark.queries})
        known = {q.query_id for q in benchmark.queries}
        if run and not known & set(run):
            raise InputError("the run shares no query id with the benchmark", path=path)
        return run, {"retriever": "run", "path": str(path)}
    from benchsmith.retrieval import get_retriever
    from benchsmith.retrieval.runner import retriever_settings, run_retrieval

    built = get_retriever(spec)
    run = run_retrieval(benchmark, built, k=depth, query_mode=query_mode, rewriter=rewriter)
    return run, {"spec": spec, **retriever_settings(built)}


def judged_overlap(benchmark: Any, run: dict[str, dict[str, float]]) -> bool:
    """Whether any retrieved id is one the benchmark judges (else standard measures are all 0)."""
    judged = {d for q in benchmark.queries for d in q.relevant}
    return any(d in judged for docs in run.values() for d in docs)


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


def display_names(specs: list[str]) -> list[str]:
    """Row labels: run files by their file name unless two share it."""
    short = [f"run:{Path(s[4:]).name}" if s.startswith("run:") else s for s in specs]
    return [sh if short.count(sh) == 1 else s for s, sh in zip(specs, short)]


@evaluate_app.command("retrieval")
def evaluate_retrieval_command(
    benchmark: Path = typer.Option(..., "--benchmark", "-b", help="Benchmark file or folder."),
    format: str = typer.Option("auto", "--format", "-f", help="Benchmark format (auto, benchsmith, multihop-rag, mtrag, mirage, frames, beir)."),
    corpus: Optional[Path] = typer.Option(None, "--corpus", help="Passages/documents for formats that keep them apart."),
    retriever: list[str] = typer.Option(
        ["bm25"], "--retriever", "-r", help="bm25, dense[:MODEL], hybrid, elasticsearch[:URL] or run:PATH; repeat for one row each."
    ),
    k: str = typer.Option("1,3,5,10", "--k", help="Cutoffs, comma-separated."),
    measures: Optional[str] = typer.Option(None, "--measures", "-m", help="e.g. Recall@5,nDCG@10,MAP@10,MRR@10,P@3,F1@5,Hits@4 [default: nDCG and Recall at each k, P/MAP/MRR at the largest]."),
    paper: Optional[str] = typer.Option(None, "--paper", help="Also compute one paper's own metrics: multihop-rag, mtrag or mirage."),
    query_mode: str = typer.Option("last_turn", "--query-mode", help="Conversations: last_turn, all_user_turns, full_conversation or rewrite."),
    llm: Optional[str] = LLMModel,
    cache_dir: Path = CacheDir,
    bootstrap: int = Bootstrap,
    seed: int = Seed,
    html: bool = typer.Option(True, "--html/--no-html", help="Also write report.html with plots."),
    out: Path = OutDir,
) -> None:
    """Run each retriever over the benchmark's queries and score the runs.

    Prints one row per retriever (mean and 95% bootstrap interval per measure)
    and writes results.json, report.md and report.html into --out.
    """
    from benchsmith.evaluation.importers import load_benchmark
    from benchsmith.evaluation.metrics import parse_measures
    from benchsmith.evaluation.metrics.benchmark_eval import PAPERS, score_run
    from benchsmith.evaluation.report import benchmark_fingerprint, system_entry, write_results
    from benchsmith.evaluation.stats import query_fields

    from benchsmith.retrieval.queries import QUERY_MODES

    if query_mode not in QUERY_MODES:
        raise InputError(f"unknown --query-mode {query_mode!r}; use one of {', '.join(QUERY_MODES)}")
    ks = parse_ks(k)
    if paper is not None and paper not in PAPERS:
        raise InputError(f"unknown --paper {paper!r}; use one of {', '.join(PAPERS)}")
    try:
        measure_list = parse_measures(measures or default_measure_string(ks))
    except ValueError as exc:
        raise InputError(f"--measures: {exc}") from None
    if out.exists() and not out.is_dir():
        raise InputError("--out exists and is not a directory", path=out)
    depth = max([*ks, *(m.k or 0 for m in measure_list), 10 if paper else 0])
    console = info_console()
    bench = load_benchmark(benchmark, format=format, corpus=corpus)
    rewriter = None
    if query_mode == "rewrite" and llm:
        from benchsmith.retrieval.rewrite import LLMRewriter

        rewriter = LLMRewriter(llm, cache_dir=cache_dir)
    fields = query_fields(bench.queries)
    systems: list[dict[str, Any]] = []
    warnings: list[str] = []
    tables: list[dict[str, Any]] = []
    try:
        for i, (spec, name) in enumerate(zip(retriever, display_names(retriever)), start=1):
            # run_retrieval draws its own progress bar while it indexes and searches
            console.print(f"[{i}/{len(retriever)}] {name}: retrieving", highlight=False)
            run, retriever_info = retrieve(bench, spec, depth, query_mode, rewriter)
            if run and not judged_overlap(bench, run):
                warning = (f"{name}: no retrieved id is among the benchmark's relevant ids, so the standard measures are 0 "
                           "(do the run's passage ids match the benchmark's id level?)")
                warnings.append(warning)
                console.print(f"[yellow]warning:[/] {warning}", highlight=False)
            with console.status(f"{name}: scoring"):
                extra_inputs = paper_inputs(Path(spec[4:]), paper, bench) if spec.startswith("run:") else {}
                scores = score_run(bench, run, measure_list, paper=paper, paper_inputs=extra_inputs)
                settings = {**retriever_info, "depth": depth, "query_mode": query_mode}
                systems.append(
                    system_entry(
                        name, scores.per_item, metrics=scores.metrics, settings=settings, counts=scores.counts,
                        fields=fields, aggregates=scores.aggregates, n_resamples=bootstrap, seed=seed,
                    )
                )
            tables += [{**t, "title": f"{name}: {t['title']}"} for t in scores.tables]
    finally:
        if rewriter is not None:
            rewriter.client.close()  # its cache, ledger and connections

    notes = ["Standard measures: ir_measures (pytrec_eval provider); queries without relevant passages are excluded and counted; empty runs score 0."]
    notes += warnings
    if paper:
        notes.append(f"Metrics prefixed with the paper name reproduce {paper}'s own evaluation script.")
    doc = {
        "kind": "retrieval",
        "title": f"Retrieval on {bench.name}",
        "benchmark": benchmark_fingerprint(bench),
        "settings": {
            "benchmark": str(benchmark), "format": format, "corpus": str(corpus) if corpus else None,
            "retrievers": list(retriever), "k": ks, "measures": [str(m) for m in measure_list], "paper": paper,
            "query_mode": query_mode, "llm": llm, "bootstrap": bootstrap, "seed": seed,
        },
        "systems": systems,
        "tables": tables,
        "notes": notes,
    }
    paths = write_results(out, doc, html=html)
    print_table(Console(), systems, f"{bench.name}: mean [95% CI]")
    console.print("wrote " + ", ".join(str(p) for p in paths.values()), highlight=False)
