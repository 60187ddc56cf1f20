"""`benchsmith evaluate generation`: score answers (a file, the baseline RAG, or an endpoint) on a benchmark."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from benchsmith.cli._generation_common import ConsoleReporter, EvalCacheDir, progress_bars, resolve_cache_dir
from benchsmith.cli._groups import evaluate_app
from benchsmith.cli.options import Bootstrap, Concurrency, MaxCalls, OutDir, Seed, info_console
from benchsmith.errors import InputError


@evaluate_app.command("generation")
def evaluate_generation_command(
    benchmark: Path = typer.Option(..., "--benchmark", "-b", help="Benchmark file or folder."),
    format: str = typer.Option("auto", "--format", "-f", help="Benchmark format (auto, benchsmith, multihop-rag, mtrag, mirage, frames, beir)."),
    corpus: Path | None = typer.Option(None, "--corpus", help="Passages/documents for formats that keep them apart."),
    predictions: Path | None = typer.Option(None, "--predictions", "-p", help="Answers: JSONL {id, answer, contexts?}, or a peer's own output file (MultiHop-RAG QA output, mtRAG task JSONL with predictions, MIRAGE Inference_result, FRAMES TSV/JSONL with an answer column) [default: the benchmark file's own model answers]."),
    answer_field: str | None = typer.Option(None, "--answer-field", help="Name of the predictions' answer field or column, when it is not one the peers use (model_answer, model_predictions, predictions, prediction, response, answer, ...)."),
    system: str | None = typer.Option(None, "--system", help="Baseline RAG as RETRIEVER+MODEL (e.g. bm25+openai/gpt-4o-mini), or MODEL for presets without retrieval."),
    preset: str = typer.Option("rag", "--preset", help="Prompt setting of the baseline: mtrag, mtrag-reference, multihop-rag, mirage-base/-oracle/-mixed, frames-naive/-bm25/-oracle, rag."),
    k: int | None = typer.Option(None, "--k", min=1, help="Passages given to the model (default: the preset's)."),
    query_mode: str = typer.Option("last_turn", "--query-mode", help="Conversations: last_turn, all_user_turns, full_conversation or rewrite."),
    endpoint: str | None = typer.Option(None, "--endpoint", help="URL of your own system: POST {question, history, id}, reply {answer, contexts}."),
    endpoint_field: list[str] = typer.Option([], "--endpoint-field", help="Rename a field, e.g. question=query or answer=data.text (repeatable)."),
    endpoint_header: list[str] = typer.Option([], "--endpoint-header", help="Request header NAME=VALUE (repeatable)."),
    endpoint_timeout: float = typer.Option(60.0, "--endpoint-timeout", help="Seconds per request."),
    endpoint_retries: int = typer.Option(3, "--endpoint-retries", min=0, help="Retries of a timeout, 429 or 5xx."),
    metrics: str = typer.Option("em,f1,rouge_l", "--metrics", "-m", help="Comma-separated; see the list below. Append _idk for mtRAG's IDK-conditioned variant (e.g. rb_alg_idk)."),
    judge: list[str] = typer.Option([], "--judge", help="Judge LLM as provider/model (repeat for several; their median is used)."),
    judge_samples: int = typer.Option(1, "--judge-samples", min=1, help="Votes per judge model (sampled at temperature 0.7 when > 1)."),
    contexts_from: str = typer.Option("auto", "--contexts-from", help="Passages for passage-based metrics: auto, predictions, gold or none."),
    allow_partial: bool = typer.Option(False, "--allow-partial", help="Score the queries that have an answer when some have none (by default that is an error)."),
    cache_dir: Path | None = EvalCacheDir,
    concurrency: int = Concurrency,
    max_calls: int | None = MaxCalls,
    bootstrap: int = Bootstrap,
    seed: int = Seed,
    out: Path = OutDir,
) -> None:
    """Score generated answers with lexical metrics, ROUGE-L, BERTScore, RB_alg, paper metrics and LLM judges.

    At most one of --predictions, --system or --endpoint; with none, the model answers
    inside the benchmark file are scored. Writes results.json, report.md, report.html
    (and predictions.jsonl for --system / --endpoint) into --out, only once everything
    succeeded: a failed run leaves earlier outputs as they were.
    """
    from benchsmith.evaluation.api import GenerationOptions, evaluate_generation
    from benchsmith.evaluation.api.systems import EndpointOptions
    from benchsmith.evaluation.report import write_results
    from benchsmith.evaluation.systems import write_predictions

    if out.exists() and not out.is_dir():
        raise InputError("--out exists and is not a directory", path=out)
    options = GenerationOptions(
        benchmark=benchmark, format=format, corpus=corpus, predictions=predictions, system=system, preset=preset, k=k,
        query_mode=query_mode, metrics=metrics, judges=list(judge), judge_samples=judge_samples,
        contexts_from=contexts_from, allow_partial=allow_partial, answer_field=answer_field, cache_dir=resolve_cache_dir(cache_dir, out),
        ledger_dir=out, concurrency=concurrency, max_calls=max_calls, bootstrap=bootstrap, seed=seed,
        endpoint=EndpointOptions(endpoint, endpoint_field, endpoint_header, endpoint_timeout, endpoint_retries)
        if endpoint is not None else None,
    )
    console = info_console()
    with progress_bars(console) as bars:
        result = evaluate_generation(options, reporter=ConsoleReporter(console), progress=bars)
    produced = result.produced
    extra = {"predictions.jsonl": lambda path: write_predictions(path, produced)} if produced is not None else {}
    paths = write_results(out, result.doc, html=True, extra_files=extra)
    from benchsmith.cli.evaluate_retrieval import print_extra_tables, print_table

    entry = result.systems[0]
    print_table(Console(), [entry], f"{result.doc['benchmark']['name']}: mean [95% CI]")
    print_extra_tables(Console(), result.doc)
    counts = entry["counts"]
    if counts["missing_prediction"] or counts["system_failed"] or counts["prediction_coverage"]["unknown_ids"]:
        console.print(f"[yellow]not scored:[/] {counts['missing_prediction']} without a prediction, "
                      f"{counts['system_failed']} failed, {counts['unknown_prediction_ids']} unknown prediction ids")
    if entry["rejected"]:
        console.print(f"[yellow]{len(entry['rejected'])} judge replies rejected[/] (see results.json 'rejected')")
    console.print("wrote " + ", ".join(str(p) for p in paths.values()), highlight=False)
