"""`benchsmith evaluate mirage`: MIRAGE's EM (loose, strict), set-token F1 and the four adaptability metrics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from benchsmith.cli._generation_common import ConsoleReporter, EvalCacheDir, progress_bars, resolve_cache_dir
from benchsmith.cli._groups import evaluate_app
from benchsmith.cli.options import Bootstrap, Concurrency, MaxCalls, OutDir, Seed, info_console
from benchsmith.errors import InputError
from benchsmith.evaluation.api.mirage import (
    RUNS,
    InferenceSet,
    answered_benchmark,
    find_inference_sets,
    pool_retrieval,
    score_mirage_set,
)
from benchsmith.evaluation.api.systems import make_client, run_system, split_system

PRESET_OF = {"base": "mirage-base", "oracle": "mirage-oracle", "mixed": "mirage-mixed"}


@evaluate_app.command("mirage")
def evaluate_mirage_command(
    benchmark: Path | None = typer.Option(None, "--benchmark", "-b", help="MIRAGE dataset.json or folder (a `generate mirage` output folder is read through its dataset.json, doc_pool.json and oracle.json); needed with --system, or when prediction files lack answers."),
    format: str = typer.Option("auto", "--format", "-f", help="Benchmark format."),
    corpus: Path | None = typer.Option(None, "--corpus", help="MIRAGE doc_pool.json, when not beside dataset.json."),
    base: Path | None = typer.Option(None, "--base", help="Predictions without context (JSONL or MIRAGE's own JSON)."),
    oracle: Path | None = typer.Option(None, "--oracle", help="Predictions with the gold chunk."),
    mixed: Path | None = typer.Option(None, "--mixed", help="Predictions with the top-5 retrieved chunks."),
    inference_dir: Path | None = typer.Option(None, "--inference-dir", help="MIRAGE's Inference_result/ folder: LLM_base.json, LLM_oracle.json and LLM_RETRIEVER_top5.json are found by name."),
    system: str | None = typer.Option(None, "--system", help="Produce the three runs with the baseline: RETRIEVER+MODEL."),
    cache_dir: Path | None = EvalCacheDir,
    concurrency: int = Concurrency,
    max_calls: int | None = MaxCalls,
    bootstrap: int = Bootstrap,
    seed: int = Seed,
    out: Path = OutDir,
) -> None:
    """Score base / oracle / mixed runs the way MIRAGE's scripts do and derive its adaptability metrics.

    Each query falls in exactly one of noise vulnerability, context acceptability,
    context insensitivity and context misinterpretation (from loose-EM labels).
    Queries without answer aliases cannot be scored: they are skipped with a warning.
    """
    from benchsmith.evaluation.importers import load_benchmark
    from benchsmith.evaluation.report import write_results
    from benchsmith.evaluation.report.results import benchmark_fingerprint
    from benchsmith.evaluation.systems import load_prediction_records, write_predictions
    from benchsmith.evaluation.systems.predictions import PredictionRecord

    files = {"base": base, "oracle": oracle, "mixed": mixed}
    sets: list[InferenceSet] = []
    if inference_dir is not None:
        if any(v is not None for v in files.values()) or system is not None:
            raise InputError("give --inference-dir alone, or --base/--oracle/--mixed, or --system")
        sets = find_inference_sets(inference_dir)
        files = dict(sets[0].files)
    if system is None and any(v is None for v in files.values()):
        raise InputError("give --base, --oracle and --mixed prediction files, or --system RETRIEVER+MODEL")
    if system is not None and any(v is not None for v in files.values()):
        raise InputError("give either prediction files or --system, not both")
    if system is not None and benchmark is None:
        raise InputError("--system needs --benchmark")
    if out.exists() and not out.is_dir():
        raise InputError("--out exists and is not a directory", path=out)
    bench = load_benchmark(benchmark, format=format, corpus=corpus) if benchmark is not None else None
    gold = {q.query_id: list(q.answers) for q in bench.queries} if bench is not None else {}
    console = info_console()
    settings: dict[str, Any] = {"benchmark": str(benchmark) if benchmark else None,
                                "format": bench.source_format if bench else None, "bootstrap": bootstrap, "seed": seed}
    produced: dict[str, list[Any]] = {}  # written beside the results only once everything succeeded
    warnings: list[str] = []

    if system is not None:
        assert bench is not None
        if split_system(system)[0] is None:  # checked now, not after two runs' worth of LLM calls
            raise InputError(f"--system {system!r}: the mixed run retrieves, so give RETRIEVER+MODEL (e.g. bm25+openai/gpt-4o-mini)")
        bench, skipped = answered_benchmark(bench)
        if skipped:
            warnings.append(f"{skipped} of {skipped + len(bench.queries)} queries have no answer aliases and are "
                            "skipped (EM, F1 and the adaptability metrics need them)")
            ConsoleReporter(console).warning(warnings[-1])

        async def produce() -> dict[str, list[PredictionRecord]]:
            client = make_client(split_system(system)[1], cache_dir=resolve_cache_dir(cache_dir, out), ledger_dir=out,
                                 concurrency=concurrency,
                                 max_calls=max_calls)
            records: dict[str, list[PredictionRecord]] = {}
            try:
                with progress_bars(console) as (track, _):
                    for run in RUNS:
                        preds, run_settings = await run_system(
                            bench, system=system, preset=PRESET_OF[run], k=None, query_mode="last_turn",
                            endpoint=None, client=client, on_done=track(f"answering: {run}", len(bench.queries)))
                        failed = [p.id for p in preds if p.error]
                        if failed:
                            raise InputError(f"the {run} run failed on {len(failed)} queries (first: {failed[0]}); "
                                             f"see {out / 'llm_usage.jsonl'}")
                        produced[run] = preds
                        settings[run] = run_settings
                        records[run] = [PredictionRecord(p, None, None, "$") for p in preds]
            finally:
                await client.aclose()
            return records

        import asyncio

        loaded = asyncio.run(produce())
    else:
        sets = sets or [InferenceSet("", files)]  # type: ignore[arg-type]
        loaded = {}
    systems: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    if system is not None:
        systems, tables, _ = score_mirage_set(loaded, gold, files, bootstrap=bootstrap, seed=seed)
        systems += pool_retrieval(bench, produced["mixed"], bootstrap=bootstrap, seed=seed)
    for one in sets:
        records = {run: load_prediction_records(path) for run, path in one.files.items()}
        prefix = f"{one.name}: " if len(sets) > 1 else ""
        settings.update({f"{prefix}{run}": str(path) for run, path in one.files.items()})
        found, found_tables, skipped = score_mirage_set(records, gold, dict(one.files), prefix=prefix,
                                                        bootstrap=bootstrap, seed=seed)
        if skipped:
            warnings.append(f"{prefix}{skipped} records have no answer aliases and are skipped (EM, F1 and the "
                            "adaptability metrics need them)")
            ConsoleReporter(console).warning(warnings[-1])
        systems += found
        tables += found_tables
    n_records = systems[0]["counts"]["records"]
    doc = {
        "kind": "mirage",
        "title": f"MIRAGE adaptability{' on ' + bench.name if bench else ''}",
        "benchmark": benchmark_fingerprint(bench) if bench is not None else {"name": "prediction files", "n_queries": n_records},
        "settings": settings,
        "systems": systems,
        "tables": tables,
        "notes": ["EM follows MIRAGE's scripts: loose = an answer alias is a lowercase substring of the output; "
                  "strict = the lowercased output equals an alias. Repeated query ids are scored once per record, as MIRAGE does.",
                  *warnings],
    }
    extra = {f"predictions_{run}.jsonl": (lambda path, preds=preds: write_predictions(path, preds))
             for run, preds in produced.items()}
    paths = write_results(out, doc, html=True, extra_files=extra)
    from benchsmith.cli.evaluate_retrieval import print_table

    em = [s for s in systems if "em_loose" in s["metrics"]]
    adapt = [s for s in systems if "noise_vulnerability" in s["metrics"]]
    print_table(Console(), em, "MIRAGE EM: mean [95% CI]")
    print_table(Console(), adapt, "MIRAGE adaptability: fraction [95% CI]")
    retrieval = [s for s in systems if s not in em and s not in adapt]
    if retrieval:
        print_table(Console(), retrieval, "MIRAGE retrieval over the pool: mean [95% CI]")
    console.print(f"wrote {paths['results']}, {paths['markdown']}, {paths['html']}")
