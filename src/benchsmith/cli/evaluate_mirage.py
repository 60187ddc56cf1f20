"""`benchsmith evaluate mirage`: MIRAGE's EM (loose, strict), set-token F1 and the four adaptability metrics."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console

from benchsmith.cli._generation_common import make_client, progress_bars, run_system, split_system
from benchsmith.cli._groups import evaluate_app
from benchsmith.cli.options import Bootstrap, CacheDir, Concurrency, MaxCalls, OutDir, Seed, info_console
from benchsmith.errors import InputError

RUNS = ("base", "oracle", "mixed")
PRESET_OF = {"base": "mirage-base", "oracle": "mirage-oracle", "mixed": "mirage-mixed"}


def run_rows(records: list[Any], gold: dict[str, list[str]], path: Path | None) -> list[tuple[str, str, list[str]]]:
    """(query id, answer, gold answers) per record; answers from the record, else from the benchmark."""
    rows = []
    for rec in records:
        qid = rec.prediction.id
        answers = list(rec.answers) if rec.answers is not None else gold.get(qid)
        if answers is None:
            raise InputError(f"no gold answers for query {qid!r}: give --benchmark or answers in the file",
                             path=path, line=rec.line, json_path=rec.where)
        rows.append((qid, rec.prediction.answer, answers))
    return rows


def check_aligned(runs: dict[str, list[tuple[str, str, list[str]]]], paths: dict[str, Path | None]) -> None:
    base = [r[0] for r in runs["base"]]
    for name in ("oracle", "mixed"):
        ids = [r[0] for r in runs[name]]
        if ids != base:
            where = next((i for i, (a, b) in enumerate(zip(base, ids)) if a != b), min(len(base), len(ids)))
            raise InputError(f"the {name} run does not list the same queries in the same order as the base run "
                             f"(first difference at record {where}; {len(ids)} vs {len(base)} records)",
                             path=paths[name])


def item_keys(ids: list[str]) -> list[str]:
    """Per-record keys; a query id repeated in the files (MIRAGE repeats some) gets #2, #3, ..."""
    seen: dict[str, int] = {}
    out = []
    for qid in ids:
        seen[qid] = seen.get(qid, 0) + 1
        out.append(qid if seen[qid] == 1 else f"{qid}#{seen[qid]}")
    return out


@evaluate_app.command("mirage")
def evaluate_mirage_command(
    benchmark: Optional[Path] = typer.Option(None, "--benchmark", "-b", help="MIRAGE dataset.json or folder (needed with --system, or when prediction files lack answers)."),
    format: str = typer.Option("auto", "--format", "-f", help="Benchmark format."),
    corpus: Optional[Path] = typer.Option(None, "--corpus", help="MIRAGE doc_pool.json, when not beside dataset.json."),
    base: Optional[Path] = typer.Option(None, "--base", help="Predictions without context (JSONL or MIRAGE's own JSON)."),
    oracle: Optional[Path] = typer.Option(None, "--oracle", help="Predictions with the gold chunk."),
    mixed: Optional[Path] = typer.Option(None, "--mixed", help="Predictions with the top-5 retrieved chunks."),
    system: Optional[str] = typer.Option(None, "--system", help="Produce the three runs with the baseline: RETRIEVER+MODEL."),
    cache_dir: Path = CacheDir,
    concurrency: int = Concurrency,
    max_calls: Optional[int] = MaxCalls,
    bootstrap: int = Bootstrap,
    seed: int = Seed,
    out: Path = OutDir,
) -> None:
    """Score base / oracle / mixed runs the way MIRAGE's scripts do and derive its adaptability metrics.

    Each query falls in exactly one of noise vulnerability, context acceptability,
    context insensitivity and context misinterpretation (from loose-EM labels).
    """
    from benchsmith.evaluation.generation import ADAPTABILITY_METRICS, adaptability, mirage_em_loose, mirage_em_strict, mirage_set_f1
    from benchsmith.evaluation.importers import load_benchmark
    from benchsmith.evaluation.report import system_entry, write_results
    from benchsmith.evaluation.report.results import benchmark_fingerprint
    from benchsmith.evaluation.systems import load_prediction_records, write_predictions
    from benchsmith.evaluation.systems.predictions import PredictionRecord

    files = {"base": base, "oracle": oracle, "mixed": mixed}
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
    settings: dict[str, Any] = {"benchmark": str(benchmark) if benchmark else None, "bootstrap": bootstrap, "seed": seed}

    if system is not None:
        assert bench is not None
        if split_system(system)[0] is None:  # checked now, not after two runs' worth of LLM calls
            raise InputError(f"--system {system!r}: the mixed run retrieves, so give RETRIEVER+MODEL (e.g. bm25+openai/gpt-4o-mini)")

        async def produce() -> dict[str, list[PredictionRecord]]:
            client = make_client(split_system(system)[1], cache_dir=cache_dir, out=out, concurrency=concurrency,
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
                        write_predictions(out / f"predictions_{run}.jsonl", preds)
                        settings[run] = run_settings
                        records[run] = [PredictionRecord(p, None, None, "$") for p in preds]
            finally:
                await client.aclose()
            return records

        import asyncio

        loaded = asyncio.run(produce())
    else:
        loaded = {run: load_prediction_records(path) for run, path in files.items()}  # type: ignore[arg-type]
        settings.update({run: str(path) for run, path in files.items()})
    runs = {run: run_rows(loaded[run], gold, files.get(run)) for run in RUNS}
    check_aligned(runs, files)
    keys = item_keys([r[0] for r in runs["base"]])

    systems, labels = [], {}
    for run in RUNS:
        per_item = {}
        for key, (_, answer, answers) in zip(keys, runs[run]):
            per_item[key] = {"em_loose": mirage_em_loose(answer, answers), "em_strict": mirage_em_strict(answer, answers),
                             "set_f1": mirage_set_f1(answer, answers)}
        labels[run] = [per_item[k]["em_loose"] for k in keys]
        systems.append(system_entry(run, per_item, metrics=["em_loose", "em_strict", "set_f1"],
                                    settings={"run": run}, counts={"records": len(keys)},
                                    n_resamples=bootstrap, seed=seed))
    result = adaptability(labels["base"], labels["oracle"], labels["mixed"], keys)
    per_item = {k: {m: float(result.per_query[k] == m) for m in ADAPTABILITY_METRICS} for k in keys}
    systems.append(system_entry("adaptability (mixed)", per_item, metrics=list(ADAPTABILITY_METRICS),
                                settings={"from": "loose EM of base, oracle, mixed"},
                                counts={"records": result.total, **result.counts}, n_resamples=bootstrap, seed=seed,
                                extra={"label_counts_base_mixed_oracle": result.label_counts,
                                       "mirage_total": result.mirage_total}))
    tables = [{"title": "MIRAGE label counts (key: base_mixed_oracle loose-EM labels)",
               "columns": ["label", "count"], "rows": [[k, v] for k, v in result.label_counts.items()]},
              {"title": "MIRAGE adaptability", "columns": ["metric", "value", "count"],
               "rows": [*([m, round(result.scores[m], 5), result.counts[m]] for m in ADAPTABILITY_METRICS),
                        ["total (CA - NV - CI - CM)", round(result.mirage_total, 5), result.total]]}]
    doc = {
        "kind": "mirage",
        "title": f"MIRAGE adaptability{' on ' + bench.name if bench else ''}",
        "benchmark": benchmark_fingerprint(bench) if bench is not None else {"name": "prediction files", "n_queries": len(keys)},
        "settings": settings,
        "systems": systems,
        "tables": tables,
        "notes": ["EM follows MIRAGE's scripts: loose = an answer alias is a lowercase substring of the output; "
                  "strict = the lowercased output equals an alias. Repeated query ids are scored once per record, as MIRAGE does."],
    }
    paths = write_results(out, doc, html=True)
    from benchsmith.cli.evaluate_retrieval import print_table

    print_table(Console(), systems[:3], "MIRAGE EM: mean [95% CI]")
    print_table(Console(), systems[3:], "MIRAGE adaptability: fraction [95% CI]")
    console.print(f"wrote {paths['results']}, {paths['markdown']}, {paths['html']}")
