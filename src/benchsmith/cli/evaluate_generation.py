"""`benchsmith evaluate generation`: score answers (a file, the baseline RAG, or an endpoint) on a benchmark."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console

from benchsmith.cli._generation_common import LEDGER_NAME, make_client, progress_bars, run_system, split_system
from benchsmith.cli._groups import evaluate_app
from benchsmith.cli.options import Bootstrap, CacheDir, Concurrency, MaxCalls, OutDir, Seed, info_console
from benchsmith.errors import BenchsmithError, InputError


def parse_pairs(values: list[str], option: str) -> dict[str, str]:
    """["question=q", "answer=data.text"] -> {"question": "q", "answer": "data.text"}."""
    out: dict[str, str] = {}
    for value in values:
        key, eq, val = value.partition("=")
        if not eq or not key.strip():
            raise InputError(f"{option} expects KEY=VALUE, got {value!r}")
        out[key.strip()] = val.strip()
    return out


def endpoint_system(url: str, fields: list[str], headers: list[str], timeout: float, retries: int, concurrency: int):
    from benchsmith.evaluation.systems import EndpointConfig, EndpointSystem

    names = parse_pairs(fields, "--endpoint-field")
    allowed = {"question", "history", "id", "answer", "contexts"}
    if set(names) - allowed:
        raise InputError(f"--endpoint-field keys must be among {', '.join(sorted(allowed))}")
    for required in ("question", "answer"):  # the others may be switched off with an empty value
        if names.get(required) == "":
            raise InputError(f"--endpoint-field {required}= needs a field name")
    config = EndpointConfig(url=url, headers=parse_pairs(headers, "--endpoint-header"), timeout_s=timeout,
                            max_retries=retries, concurrency=concurrency,
                            **{f"{k}_field": (v or None) for k, v in names.items()})
    return EndpointSystem(config)


def multihop_table(per_item: dict[str, dict[str, Any]], fields: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """MultiHop-RAG's own QA summary (per question type and overall) as an extra table."""
    from benchsmith.evaluation.metrics.paper_multihop import multihop_qa_summary

    groups: dict[str, list[bool]] = {}
    for qid, scores in per_item.items():
        if scores.get("multihop_qa") is None:
            continue
        groups.setdefault(str(fields.get(qid, {}).get("question_type")), []).append(bool(scores["multihop_qa"]))
    every = [flag for flags in groups.values() for flag in flags]
    rows = []
    for name, flags in [*groups.items(), ("overall", every)]:
        s = multihop_qa_summary(flags)
        rows.append([name, s["n"], s["correct"], round(s["precision"], 4), round(s["recall"], 4), round(s["f1"], 4),
                     round(s["accuracy"], 4)])
    return {"title": "MultiHop-RAG QA (official script's rule; accuracy = n/(3n-2tp) as it prints)",
            "columns": ["question_type", "n", "correct", "precision", "recall", "f1", "accuracy"], "rows": rows}


@evaluate_app.command("generation")
def evaluate_generation_command(
    benchmark: Path = typer.Option(..., "--benchmark", "-b", help="Benchmark file or folder."),
    format: str = typer.Option("auto", "--format", "-f", help="Benchmark format (auto, benchsmith, multihop-rag, mtrag, mirage, frames, beir)."),
    corpus: Optional[Path] = typer.Option(None, "--corpus", help="Passages/documents for formats that keep them apart."),
    predictions: Optional[Path] = typer.Option(None, "--predictions", "-p", help="Predictions JSONL: {id, answer, contexts?} per line."),
    system: Optional[str] = typer.Option(None, "--system", help="Baseline RAG as RETRIEVER+MODEL (e.g. bm25+openai/gpt-4o-mini), or MODEL for presets without retrieval."),
    preset: str = typer.Option("rag", "--preset", help="Prompt setting of the baseline: mtrag, mtrag-reference, multihop-rag, mirage-base/-oracle/-mixed, frames-naive/-bm25/-oracle, rag."),
    k: Optional[int] = typer.Option(None, "--k", min=1, help="Passages given to the model (default: the preset's)."),
    query_mode: str = typer.Option("last_turn", "--query-mode", help="Conversations: last_turn, all_user_turns, full_conversation or rewrite."),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help="URL of your own system: POST {question, history, id}, reply {answer, contexts}."),
    endpoint_field: list[str] = typer.Option([], "--endpoint-field", help="Rename a field, e.g. question=query or answer=data.text (repeatable)."),
    endpoint_header: list[str] = typer.Option([], "--endpoint-header", help="Request header NAME=VALUE (repeatable)."),
    endpoint_timeout: float = typer.Option(60.0, "--endpoint-timeout", help="Seconds per request."),
    endpoint_retries: int = typer.Option(3, "--endpoint-retries", min=0, help="Retries of a timeout, 429 or 5xx."),
    metrics: str = typer.Option("em,f1,rouge_l", "--metrics", "-m", help="Comma-separated; see the list below. Append _idk for mtRAG's IDK-conditioned variant (e.g. rb_alg_idk)."),
    judge: list[str] = typer.Option([], "--judge", help="Judge LLM as provider/model (repeat for several; their median is used)."),
    judge_samples: int = typer.Option(1, "--judge-samples", min=1, help="Votes per judge model (sampled at temperature 0.7 when > 1)."),
    contexts_from: str = typer.Option("auto", "--contexts-from", help="Passages for passage-based metrics: auto, predictions, gold or none."),
    cache_dir: Path = CacheDir,
    concurrency: int = Concurrency,
    max_calls: Optional[int] = MaxCalls,
    bootstrap: int = Bootstrap,
    seed: int = Seed,
    out: Path = OutDir,
) -> None:
    """Score generated answers with lexical metrics, ROUGE-L, BERTScore, RB_alg and LLM judges.

    Exactly one of --predictions, --system or --endpoint. Writes results.json,
    report.md, report.html (and predictions.jsonl for --system / --endpoint) into --out.
    """
    from benchsmith.evaluation.generation import parse_metrics, score_samples_async
    from benchsmith.evaluation.generation.scoring import judge_metrics
    from benchsmith.evaluation.generation.samples import build_samples
    from benchsmith.evaluation.importers import load_benchmark
    from benchsmith.evaluation.report import benchmark_fingerprint, system_entry, write_results
    from benchsmith.evaluation.stats import query_fields
    from benchsmith.evaluation.systems import load_predictions, write_predictions
    from benchsmith.evaluation.systems.presets import get_preset

    if sum(x is not None for x in (predictions, system, endpoint)) != 1:
        raise InputError("give exactly one of --predictions, --system or --endpoint")
    if contexts_from not in ("auto", "predictions", "gold", "none"):
        raise InputError("--contexts-from must be auto, predictions, gold or none")
    from benchsmith.retrieval.queries import QUERY_MODES

    if query_mode not in QUERY_MODES:
        raise InputError(f"unknown --query-mode {query_mode!r}; use one of {', '.join(QUERY_MODES)}")
    names = parse_metrics(metrics)
    judged = judge_metrics(names)
    if judged and not judge:
        raise InputError(f"the metrics need an LLM judge ({', '.join(judged)}): add --judge PROVIDER/MODEL")
    if system is not None:
        get_preset(preset)
    if out.exists() and not out.is_dir():
        raise InputError("--out exists and is not a directory", path=out)
    bench = load_benchmark(benchmark, format=format, corpus=corpus)
    # read before any client opens its ledger in --out: a bad file must leave nothing behind
    given = load_predictions(predictions) if predictions is not None else None
    console = info_console()
    metric_options = {n: {"samples_per_judge": judge_samples} for n in ("autorater", "rb_llm", "faithfulness", "idk")}

    async def main() -> tuple[Any, dict[str, Any], dict[str, Any], list[Any]]:
        clients = [make_client(j, cache_dir=cache_dir, out=out, concurrency=concurrency, max_calls=max_calls) for j in judge]
        system_client = None
        try:
            with progress_bars(console) as (track, metric_progress):
                if given is not None:
                    preds = given
                    settings: dict[str, Any] = {"system": "predictions", "predictions": str(predictions)}
                else:
                    ep = endpoint_system(endpoint, endpoint_field, endpoint_header, endpoint_timeout,
                                         endpoint_retries, concurrency) if endpoint else None
                    if system is not None:
                        system_client = make_client(split_system(system)[1], cache_dir=cache_dir, out=out,
                                                    concurrency=concurrency, max_calls=max_calls)
                    answered, settings = await run_system(
                        bench, system=system, preset=preset, k=k, query_mode=query_mode, endpoint=ep,
                        client=system_client, on_done=track("answering", len(bench.queries)))
                    write_predictions(out / "predictions.jsonl", answered)
                    preds = {p.id: p for p in answered}
                sample_set = build_samples(bench, preds, contexts_from)  # type: ignore[arg-type]
                if not sample_set.samples:
                    if sample_set.failed:
                        qid, error = next(iter(sample_set.failed.items()))
                        raise BenchsmithError(f"the system failed on every query (e.g. {qid}: {error})")
                    raise InputError("no prediction matches a benchmark query id", path=predictions)
                scored = await score_samples_async(sample_set.samples, names, judges=clients,
                                                   metric_options=metric_options,
                                                   progress=metric_progress(len(sample_set.samples)))
            usage = {c.model_id: c.usage.model_dump() for c in [*clients, *([system_client] if system_client else [])]}
            return scored, settings, sample_set.counts(), [usage, sample_set.failed]
        finally:
            for c in [*clients, *([system_client] if system_client else [])]:
                await c.aclose()

    import asyncio

    scored, system_settings, counts, (usage, failures) = asyncio.run(main())
    rejections: dict[str, dict[str, int]] = {}
    for name, c in scored.counts.items():
        counts[f"{name}_scored"] = c.get("scored", 0)
        if c.get("rejected_votes"):
            counts[f"{name}_rejected_votes"] = c["rejected_votes"]
            rejections[name] = c["rejected_by_reason"]
    fields = query_fields([q for q in bench.queries if q.query_id in scored.per_item])
    label = system_settings.get("system", "system")
    if system:
        label = f"{system} [{preset}]"
    elif endpoint:
        label = endpoint
    elif predictions:
        label = predictions.name
    entry = system_entry(label, scored.per_item, metrics=scored.metrics, settings=system_settings, counts=counts,
                         fields=fields, n_resamples=bootstrap, seed=seed,
                         extra={"judge_details": scored.details, "rejected": scored.rejected,
                                "rejected_by_reason": rejections, "system_failures": failures, "llm_usage": usage})
    tables = [multihop_table(scored.per_item, fields)] if "multihop_qa" in scored.metrics else []
    notes = [f"{m}: {text}" for m, text in scored.labels.items()]
    notes.append("Items a metric cannot score (no reference, no passages, rejected judge replies) are left out of "
                 "its mean and counted under counts.")
    if judge:
        notes.append(f"LLM judges: {', '.join(judge)} (median of {len(judge) * judge_samples} votes per item); "
                     f"usage ledger: {out / LEDGER_NAME}.")
    doc = {
        "kind": "generation",
        "title": f"Generation on {bench.name}",
        "benchmark": benchmark_fingerprint(bench),
        "settings": {"benchmark": str(benchmark), "format": format, "corpus": str(corpus) if corpus else None,
                     "metrics": names, "judges": list(judge), "judge_samples": judge_samples,
                     "contexts_from": contexts_from, "bootstrap": bootstrap, "seed": seed, **system_settings},
        "systems": [entry],
        "tables": tables,
        "notes": notes,
    }
    paths = write_results(out, doc, html=True)
    from benchsmith.cli.evaluate_retrieval import print_table

    print_table(Console(), [entry], f"{bench.name}: mean [95% CI]")
    if counts["missing_prediction"] or counts["system_failed"] or counts["unknown_prediction_ids"]:
        console.print(f"[yellow]not scored:[/] {counts['missing_prediction']} without a prediction, "
                      f"{counts['system_failed']} failed, {counts['unknown_prediction_ids']} unknown prediction ids")
    if scored.rejected:
        console.print(f"[yellow]{len(scored.rejected)} judge replies rejected[/] (see results.json 'rejected')")
    console.print(f"wrote {paths['results']}, {paths['markdown']}, {paths['html']}")
