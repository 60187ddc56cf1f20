"""`evaluate_generation`: score answers (a file, the baseline RAG or an endpoint) on a benchmark.

    from benchsmith.evaluation.api import GenerationOptions, evaluate_generation
    result = evaluate_generation(GenerationOptions(benchmark=Path("MultiHopRAG.json"),
                                                   predictions=Path("qa_output.json"), metrics="multihop_qa"))

Nothing is written here except the LLM usage ledger and cache; the caller writes
`result.doc` (and `result.produced`, the answers a system gave) once everything succeeded.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchsmith.errors import BenchsmithError, InputError
from benchsmith.evaluation.api.checks import examples, match_ids
from benchsmith.evaluation.api.reporting import Reporter, silent
from benchsmith.evaluation.api.systems import LEDGER_NAME, EndpointOptions, endpoint_system, make_client, run_system, split_system

CONTEXT_SOURCES = ("auto", "predictions", "gold", "none")


@dataclass
class GenerationOptions:
    """Everything `evaluate generation` takes. Give at most one of predictions, system, endpoint;
    with none, the benchmark file's own model answers are scored (mtRAG `predictions`, FRAMES answer columns)."""

    benchmark: Path
    format: str = "auto"
    corpus: Path | None = None
    predictions: Path | None = None
    system: str | None = None
    preset: str = "rag"
    k: int | None = None
    query_mode: str = "last_turn"
    endpoint: EndpointOptions | None = None
    metrics: str = "em,f1,rouge_l"
    judges: list[str] = field(default_factory=list)
    judge_samples: int = 1
    contexts_from: str = "auto"
    allow_partial: bool = False
    answer_field: str | None = None  # the predictions' answer column, when not one of the peers' names
    cache_dir: Path | None = None
    ledger_dir: Path | None = None  # where llm_usage.jsonl is appended (default: no LLM client may be made)
    concurrency: int = 8
    max_calls: int | None = None
    bootstrap: int = 1000
    seed: int = 0


@dataclass
class GenerationResult:
    doc: dict[str, Any]
    produced: list[Any] | None = None  # the system's / endpoint's predictions, to write beside the results
    warnings: list[str] = field(default_factory=list)

    @property
    def systems(self) -> list[dict[str, Any]]:
        return self.doc["systems"]


def _validate(options: GenerationOptions) -> list[str]:
    from benchsmith.evaluation.generation import parse_metrics
    from benchsmith.evaluation.generation.scoring import judge_metrics
    from benchsmith.evaluation.systems.presets import get_preset
    from benchsmith.retrieval.queries import QUERY_MODES

    if sum(x is not None for x in (options.predictions, options.system, options.endpoint)) > 1:
        raise InputError("give only one of --predictions, --system or --endpoint")
    if options.contexts_from not in CONTEXT_SOURCES:
        raise InputError(f"--contexts-from must be one of {', '.join(CONTEXT_SOURCES)}")
    if options.query_mode not in QUERY_MODES:
        raise InputError(f"unknown --query-mode {options.query_mode!r}; use one of {', '.join(QUERY_MODES)}")
    names = parse_metrics(options.metrics)
    judged = judge_metrics(names)
    if judged and not options.judges:
        raise InputError(f"the metrics need an LLM judge ({', '.join(judged)}): add --judge PROVIDER/MODEL")
    if options.system is not None:
        get_preset(options.preset)
        split_system(options.system)
    if options.endpoint is not None:
        endpoint_system(options.endpoint, options.concurrency)  # a bad URL or field fails now, not per request
    return names


def _predictions_source(options: GenerationOptions) -> Path | None:
    """The file whose model answers are scored: --predictions, else the benchmark file when it holds some."""
    from benchsmith.evaluation.systems.predictions import holds_model_answers

    if options.predictions is not None:
        return options.predictions
    if options.system is None and options.endpoint is None:
        if options.benchmark.is_file() and holds_model_answers(options.benchmark, options.answer_field):
            return options.benchmark
        raise InputError("give one of --predictions, --system or --endpoint (the benchmark file holds no model "
                         "answers to score)", path=options.benchmark)
    return None


def _coverage_check(bench: Any, preds: dict[str, Any], unknown: list[str], source: Path | None,
                    allow_partial: bool, warnings: list[str], reporter: Reporter) -> dict[str, Any]:
    coverage = match_ids(preds.keys(), [q.query_id for q in bench.queries])
    coverage.unknown = unknown
    if not coverage.matched:
        raise InputError(f"no prediction matches a benchmark query (predictions: e.g. {examples(unknown)}; "
                         f"benchmark: e.g. {examples(q.query_id for q in bench.queries)}); predictions are matched "
                         "by id (id, query_id, task_id, unique_id) or by query text (query, question, Prompt)",
                         path=source)
    if coverage.missing and not allow_partial:
        raise InputError(f"{len(coverage.missing)} of {len(bench.queries)} benchmark queries have no prediction "
                         f"(e.g. {examples(coverage.missing)}); a mean over the rest would hide them: pass "
                         f"--allow-partial to score the {coverage.matched} that have one", path=source)
    if coverage.partial:
        warnings.append(coverage.message(source.name if source else "predictions", "benchmark queries"))
        reporter.warning(warnings[-1])
    return coverage.counts()


def _system_failures(sample_set: Any, allow_partial: bool, out_hint: str) -> None:
    if not sample_set.failed:
        return
    qid, error = next(iter(sample_set.failed.items()))
    if not sample_set.samples:
        raise BenchsmithError(f"the system failed on every query (e.g. {qid}: {error})")
    if not allow_partial:
        raise BenchsmithError(f"the system failed on {len(sample_set.failed)} of "
                              f"{len(sample_set.failed) + len(sample_set.samples) + len(sample_set.missing)} queries "
                              f"(e.g. {qid}: {error}); nothing was written. Re-run to retry them{out_hint}, or pass "
                              "--allow-partial to score the answered ones")


def _check_something_scored(names: list[str], scored: Any, n: int, contexts_from: str) -> None:
    """A metric that scored no item would print "-" or a mean over nothing: stop and say why."""
    from benchsmith.evaluation.generation import get_metric

    empty = [name for name in names if not scored.counts.get(name, {}).get("scored")]
    if not empty:
        return
    why = []
    for name in empty:
        base = name.removesuffix("_idk")
        try:
            metric = get_metric(base)
        except Exception:  # noqa: BLE001 - a derived name (answerability_accuracy): no single base metric
            metric = None
        if metric is not None and getattr(metric, "is_judge", False):
            why.append(f"{name}: every judge reply was rejected (see the usage ledger)")
        else:
            why.append(f"{name}: needs reference answers or passages the inputs do not give "
                       f"(--contexts-from {contexts_from})")
    raise InputError(f"nothing to score for {len(empty)} metric(s) over the {n} answered queries; " + "; ".join(why))


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


async def evaluate_generation_async(options: GenerationOptions, reporter: Reporter = silent,
                                    progress: tuple[Any, Any] | None = None) -> GenerationResult:
    """`evaluate_generation` for async callers; `progress` is (track, metric_progress) as the CLI's bars give."""
    from benchsmith.evaluation.generation import score_samples_async
    from benchsmith.evaluation.generation.samples import build_samples
    from benchsmith.evaluation.importers import load_benchmark
    from benchsmith.evaluation.systems import load_prediction_records
    from benchsmith.evaluation.systems.matching import expand_repeats, match_predictions

    names = _validate(options)
    bench = expand_repeats(load_benchmark(options.benchmark, format=options.format, corpus=options.corpus))
    source = _predictions_source(options)
    warnings: list[str] = []
    track, metric_progress = progress or (lambda name, total: None, lambda total: None)
    ledger_dir = options.ledger_dir
    if (options.judges or options.system) and ledger_dir is None:
        raise ValueError("LLM judges and --system need ledger_dir (where llm_usage.jsonl goes)")
    clients: list[Any] = []
    system_client = None
    produced = None
    try:
        if source is not None:
            records = load_prediction_records(source, answer_field=options.answer_field)
            matched = match_predictions(bench, records, source)
            coverage = _coverage_check(bench, matched.predictions, matched.unknown, source, options.allow_partial,
                                       warnings, reporter)
            preds: dict[str, Any] = matched.predictions
            settings: dict[str, Any] = {"system": "predictions", "predictions": str(source)}
        else:
            ep = endpoint_system(options.endpoint, options.concurrency) if options.endpoint else None
            if options.system is not None:
                system_client = make_client(split_system(options.system)[1], cache_dir=options.cache_dir,
                                            ledger_dir=ledger_dir, concurrency=options.concurrency,
                                            max_calls=options.max_calls)
            produced, settings = await run_system(
                bench, system=options.system, preset=options.preset, k=options.k, query_mode=options.query_mode,
                endpoint=ep, client=system_client, on_done=track("answering", len(bench.queries)))
            preds = {p.id: p for p in produced}
            coverage = match_ids(preds.keys(), [q.query_id for q in bench.queries]).counts()
        sample_set = build_samples(bench, preds, options.contexts_from)  # type: ignore[arg-type]
        hint = f" (answers already given are cached in {options.cache_dir})" if options.system and options.cache_dir else ""
        _system_failures(sample_set, options.allow_partial, hint)
        if not sample_set.samples:
            raise InputError("no prediction matches a benchmark query id", path=source)
        clients = [make_client(j, cache_dir=options.cache_dir, ledger_dir=ledger_dir, concurrency=options.concurrency,
                               max_calls=options.max_calls) for j in options.judges]
        metric_options = {n: {"samples_per_judge": options.judge_samples} for n in ("autorater", "rb_llm", "faithfulness", "idk")}
        scored = await score_samples_async(sample_set.samples, names, judges=clients, metric_options=metric_options,
                                           progress=metric_progress(len(sample_set.samples)))
        usage = {c.model_id: c.usage.model_dump() for c in [*clients, *([system_client] if system_client else [])]}
        _check_something_scored(names, scored, len(sample_set.samples), options.contexts_from)
    finally:
        for c in [*clients, *([system_client] if system_client else [])]:
            await c.aclose()
    doc = _results_doc(options, bench, names, scored, sample_set, settings, coverage, usage, warnings)
    return GenerationResult(doc, produced, warnings)


def evaluate_generation(options: GenerationOptions, reporter: Reporter = silent,
                        progress: tuple[Any, Any] | None = None) -> GenerationResult:
    """Score generated answers with lexical metrics, ROUGE-L, BERTScore, RB_alg, paper metrics and LLM judges.

    Raises:
        InputError: bad options or input; no prediction matching any benchmark query (with example
            ids from both sides); benchmark queries without a prediction unless `allow_partial`.
        BenchsmithError: the system failed on queries (all of them, or any without `allow_partial`).
    """
    return asyncio.run(evaluate_generation_async(options, reporter, progress))


def _label(options: GenerationOptions, settings: dict[str, Any]) -> str:
    if options.system:
        return f"{options.system} [{options.preset}]"
    if options.endpoint:
        return options.endpoint.url
    if settings.get("predictions"):
        return Path(settings["predictions"]).name
    return str(settings.get("system", "system"))


def _results_doc(options: GenerationOptions, bench: Any, names: list[str], scored: Any, sample_set: Any,
                 settings: dict[str, Any], coverage: dict[str, Any], usage: dict[str, Any],
                 warnings: list[str]) -> dict[str, Any]:
    from benchsmith.evaluation.report import benchmark_fingerprint, system_entry
    from benchsmith.evaluation.stats import query_fields

    counts: dict[str, Any] = {**sample_set.counts(), "unknown_prediction_ids": coverage["unknown_ids"],
                              "prediction_coverage": coverage}
    rejections: dict[str, dict[str, int]] = {}
    for name, c in scored.counts.items():
        counts[f"{name}_scored"] = c.get("scored", 0)
        if c.get("rejected_votes"):
            counts[f"{name}_rejected_votes"] = c["rejected_votes"]
            rejections[name] = c["rejected_by_reason"]
    fields = query_fields([q for q in bench.queries if q.query_id in scored.per_item])
    entry = system_entry(_label(options, settings), scored.per_item, metrics=scored.metrics, settings=settings,
                         counts=counts, fields=fields, n_resamples=options.bootstrap, seed=options.seed,
                         extra={"judge_details": scored.details, "rejected": scored.rejected,
                                "rejected_by_reason": rejections, "system_failures": sample_set.failed,
                                "llm_usage": usage})
    tables = [multihop_table(scored.per_item, fields)] if "multihop_qa" in scored.metrics else []
    notes = [f"{m}: {text}" for m, text in scored.labels.items()]
    notes.append("Items a metric cannot score (no reference, no passages, rejected judge replies) are left out of "
                 "its mean and counted under counts.")
    notes += warnings
    if options.judges:
        notes.append(f"LLM judges: {', '.join(options.judges)} (median of {len(options.judges) * options.judge_samples} "
                     f"votes per item); usage ledger: {LEDGER_NAME} beside the results.")
    return {
        "kind": "generation",
        "title": f"Generation on {bench.name}",
        "benchmark": benchmark_fingerprint(bench),
        "settings": {"benchmark": str(options.benchmark), "format": options.format,
                     "corpus": str(options.corpus) if options.corpus else None, "metrics": names,
                     "judges": list(options.judges), "judge_samples": options.judge_samples,
                     "contexts_from": options.contexts_from, "allow_partial": options.allow_partial,
                     "bootstrap": options.bootstrap, "seed": options.seed, **settings},
        "systems": [entry],
        "tables": tables,
        "notes": notes,
    }
