"""The FRAMES baselines on a FRAMES-format benchmark: answer, judge, aggregate.

    result = run_baselines(FramesOptions(benchmark=Path("frames.jsonl"), corpus=..., model="openai/m@URL"))
    write_results(out, result.doc, extra_files=...)

Settings (section 3 of the paper): naive (no retrieval), bm25-2 / bm25-4 (top n_docs
articles), oracle (every gold article), multistep / multistep-plan (algorithm 1, vanilla
and with search-planning instructions). Each answer is judged by the autorater
(`accuracy`) and, where the gold answer is a number or a date, by `match`. A benchmark
without articles runs only the naive setting.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.frames import autorater
from benchsmith.evaluation.frames.answer_match import answer_kind, match
from benchsmith.types import Rejected

SETTINGS = ("naive", "bm25-2", "bm25-4", "oracle", "multistep", "multistep-plan")
PRESET_OF = {"naive": "frames-naive", "bm25-2": "frames-bm25-2", "bm25-4": "frames-bm25-4", "oracle": "frames-oracle"}
METRICS = ("accuracy", "match")


@dataclass
class FramesOptions:
    """Everything `evaluate frames` takes; `judge` None = the answering model judges too."""

    benchmark: Path
    model: str
    corpus: Path | None = None
    judge: str | None = None
    settings: Sequence[str] | None = None  # None: every setting the benchmark supports
    retriever: str = "bm25"
    steps: int = 3
    queries_per_step: int = 3
    n_docs: int = 2
    max_article_chars: int | None = None  # FRAMES showed whole articles; this trims them for small context windows
    limit: int | None = None
    cache_dir: Path | None = None
    ledger_dir: Path | None = None
    concurrency: int = 8
    max_calls: int | None = None
    bootstrap: int = 1000
    seed: int = 0


@dataclass
class FramesResult:
    doc: dict[str, Any]
    predictions: dict[str, list[Any]] = field(default_factory=dict)  # setting -> its answers
    rejected: list[Rejected] = field(default_factory=list)


def load_frames_benchmark(path: Path, corpus: Path | None = None) -> EvalBenchmark:
    """A FRAMES TSV/JSONL, or a folder `generate frames` wrote (its frames.jsonl, over its own corpus)."""
    from benchsmith.evaluation.importers import load_benchmark
    from benchsmith.fileio import read_json

    if path.is_dir():
        if not (path / "frames.jsonl").is_file():
            raise InputError("folder has no frames.jsonl (write one with `benchsmith generate frames`)", path=path)
        manifest = read_json(path / "benchmark.json") if (path / "benchmark.json").is_file() else {}
        if corpus is None and isinstance(manifest, dict) and manifest.get("corpus_dir"):
            candidate = Path(manifest["corpus_dir"])
            corpus = candidate if candidate.is_absolute() else path / candidate
        return load_benchmark(path / "frames.jsonl", format="frames", corpus=corpus, name=path.name)
    return load_benchmark(path, format="frames", corpus=corpus)


def available_settings(bench: EvalBenchmark, requested: Sequence[str] | None) -> tuple[list[str], list[str]]:
    """The settings to run and notes on the ones left out."""
    unknown = [s for s in requested or () if s not in SETTINGS]
    if unknown:
        raise InputError(f"unknown FRAMES setting(s) {', '.join(unknown)}; known: {', '.join(SETTINGS)}")
    has_articles = bool(bench.documents) and any(q.relevant for q in bench.queries)
    if requested:
        missing = [s for s in requested if s != "naive" and not has_articles]
        if missing:
            raise InputError(f"settings {', '.join(missing)} need the articles: give --corpus with the documents "
                             "the wiki_links point at (this benchmark has none)")
        return list(requested), []
    if has_articles:
        return list(SETTINGS), []
    return ["naive"], ["The benchmark has no articles (no corpus, or no wiki_link matches a document): only the naive "
                       "setting was run; BM25, oracle and multi-step need the articles."]


def article_bucket(n: int) -> str:
    return str(n) if n < 5 else "5+"


def frames_fields(queries: Sequence[EvalQuery]) -> dict[str, dict[str, Any]]:
    """Breakdown fields: reasoning types (multi-label), article count bucket (2/3/4/5+), answer kind."""
    out = {}
    for q in queries:
        n = int(q.fields.get("n_evidence") or len(q.evidence))
        out[q.query_id] = {"reasoning_types": list(q.fields.get("reasoning_types") or []),
                           "n_articles": article_bucket(n), "answer_kind": answer_kind(q.answers[0]) if q.answers else None}
    return out


def _system(setting: str, bench: EvalBenchmark, client: Any, options: FramesOptions) -> Any:
    from benchsmith.evaluation.systems import BaselineRAG
    from benchsmith.evaluation.systems.multistep import MultiStepRAG

    if setting in PRESET_OF:
        retriever = options.retriever if setting.startswith("bm25") else None
        system = BaselineRAG(bench, llm=client, retriever=retriever, preset=PRESET_OF[setting])
        texts = system.texts
    else:
        system = MultiStepRAG(bench, llm=client, retriever=options.retriever, steps=options.steps,
                              queries_per_step=options.queries_per_step, n_docs=options.n_docs,
                              planning=setting == "multistep-plan", name=setting)
        texts = system.rag.texts
    if options.max_article_chars:
        # Only what the model is shown is cut; retrieval already indexed the whole articles.
        texts.update({pid: text[: options.max_article_chars] for pid, text in texts.items()})
    return system


async def judge_predictions(judge_client: Any, queries: Sequence[EvalQuery], predictions: Sequence[Any]
                            ) -> tuple[dict[str, dict[str, float | None]], list[Rejected], dict[str, str]]:
    """Per-item accuracy (autorater) and match scores; malformed verdicts are left unscored and returned."""
    by_id = {q.query_id: q for q in queries}

    async def one(pred: Any) -> tuple[str, dict[str, float | None], autorater.Verdict | None]:
        q = by_id[pred.id]
        gold = q.answers[0] if q.answers else ""
        if pred.error is not None or not gold:
            return pred.id, {}, None
        verdict = await autorater.judge(judge_client, query_id=q.query_id, question=q.question,
                                        prediction=pred.answer, gold=gold)
        score = None if verdict.correct is None else float(verdict.correct)
        return pred.id, {"accuracy": score, "match": match(pred.answer, gold)}, verdict

    results = await asyncio.gather(*(one(p) for p in predictions))
    per_item = {qid: scores for qid, scores, _ in results if scores}
    rejected = [v.rejected for _, _, v in results if v is not None and v.rejected is not None]
    raw = {qid: v.raw for qid, _, v in results if v is not None and v.raw is not None}
    return per_item, rejected, raw


async def run_baselines_async(options: FramesOptions, on_setting: Callable[[str, int], Any] | None = None) -> FramesResult:
    """Run every setting, judge every answer; nothing is written but the LLM ledger and cache."""
    from benchsmith.evaluation.api.systems import make_client

    bench = load_frames_benchmark(options.benchmark, options.corpus)
    if options.limit is not None:
        bench.queries = bench.queries[: options.limit]
    settings, notes = available_settings(bench, options.settings)
    if options.ledger_dir is None:
        raise ValueError("the baselines call a model: give ledger_dir (where llm_usage.jsonl goes)")
    kw = {"cache_dir": options.cache_dir, "ledger_dir": options.ledger_dir, "concurrency": options.concurrency,
          "max_calls": options.max_calls}
    client = make_client(options.model, **kw)
    judge_client = make_client(options.judge, **kw) if options.judge and options.judge != options.model else client
    result = FramesResult(doc={})
    entries = []
    try:
        for setting in settings:
            system = _system(setting, bench, client, options)
            preds = await system.arun(on_done=on_setting(setting, len(bench.queries)) if on_setting else None)
            per_item, rejected, raw = await judge_predictions(judge_client, bench.queries, preds)
            result.predictions[setting] = preds
            result.rejected += rejected
            entries.append(_entry(setting, system, bench, preds, per_item, rejected, raw, options))
        usage = {c.model_id: c.usage.model_dump() for c in {id(client): client, id(judge_client): judge_client}.values()}
    finally:
        await client.aclose()
        if judge_client is not client:
            await judge_client.aclose()
    result.doc = results_doc(options, bench, entries, notes, usage, autorater.settings(judge_client))
    return result


def run_baselines(options: FramesOptions, on_setting: Callable[[str, int], Any] | None = None) -> FramesResult:
    return asyncio.run(run_baselines_async(options, on_setting))


def _entry(setting: str, system: Any, bench: EvalBenchmark, preds: Sequence[Any], per_item: dict[str, Any],
           rejected: Sequence[Rejected], raw: dict[str, str], options: FramesOptions) -> dict[str, Any]:
    from benchsmith.evaluation.report import system_entry

    failed = {p.id: p.error for p in preds if p.error is not None}
    counts = {"questions": len(bench.queries), "answered": len(preds) - len(failed), "system_failed": len(failed),
              "judged": sum(s.get("accuracy") is not None for s in per_item.values()),
              "judge_malformed": len(rejected),
              "match_applicable": sum(s.get("match") is not None for s in per_item.values())}
    extra = {"system_failures": failed, "judge_replies": raw, "rejected": [r.model_dump(mode="json") for r in rejected]}
    if getattr(system, "traces", None):
        extra["search_queries"] = dict(system.traces)
    return system_entry(setting, per_item, metrics=list(METRICS), settings=system.settings(), counts=counts,
                        fields=frames_fields(bench.queries), breakdown_by=("reasoning_types", "n_articles", "answer_kind"),
                        n_resamples=options.bootstrap, seed=options.seed, extra=extra)


def _group_table(entries: Sequence[dict[str, Any]], field_name: str, title: str) -> dict[str, Any]:
    groups: list[str] = []
    for e in entries:
        groups += [g for g in e["breakdowns"].get(field_name, {}) if g not in groups]
    rows = []
    for e in entries:
        cells = e["breakdowns"].get(field_name, {})
        rows.append([e["name"], *(_cell(cells.get(g, {}).get("accuracy")) for g in groups)])
    return {"title": title, "columns": ["setting", *groups], "rows": rows}


def _cell(agg: dict[str, Any] | None) -> str:
    if not agg or not agg.get("n"):
        return "-"
    return f"{agg['mean']:.3f} [{agg['low']:.3f}, {agg['high']:.3f}] n={agg['n']}"


def summary_table(entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    rows = [[e["name"], _cell(e["aggregates"].get("accuracy")), _cell(e["aggregates"].get("match")),
             e["counts"]["system_failed"], e["counts"]["judge_malformed"]] for e in entries]
    return {"title": "FRAMES baselines: autorater accuracy and number/date match, mean [95% bootstrap CI]",
            "columns": ["setting", "accuracy", "match (number/date gold)", "failed", "judge malformed"], "rows": rows}


def results_doc(options: FramesOptions, bench: EvalBenchmark, entries: list[dict[str, Any]], notes: list[str],
                usage: dict[str, Any], judge_settings: dict[str, Any]) -> dict[str, Any]:
    from benchsmith.evaluation.report import benchmark_fingerprint

    notes = [*notes,
             "accuracy: the autorater (figure 6's TRUE/FALSE judgement) says the gold answer is in the model's answer; "
             "a reply without a readable decision is left out of the mean, counted as judge_malformed and kept in "
             "rejected.jsonl.",
             "match: only where the gold answer is a number or a date; the answer's last line must hold the same "
             "number (to the gold's precision) or date.",
             "By reasoning type, a question counts in each of its types, so the groups overlap; by article count "
             "(2/3/4/5+) every judged question is in exactly one group."]
    return {
        "kind": "frames",
        "title": f"FRAMES baselines on {bench.name}",
        "benchmark": benchmark_fingerprint(bench),
        "settings": {"benchmark": str(options.benchmark), "corpus": str(options.corpus) if options.corpus else None,
                     "model": options.model, "judge": judge_settings, "settings": [e["name"] for e in entries],
                     "retriever": options.retriever, "multistep": {"steps": options.steps,
                     "queries_per_step": options.queries_per_step, "n_docs": options.n_docs},
                     "max_article_chars": options.max_article_chars, "limit": options.limit, "bootstrap": options.bootstrap, "seed": options.seed,
                     "documents": len(bench.documents), "llm_usage": usage},
        "systems": entries,
        "tables": [summary_table(entries),
                   _group_table(entries, "reasoning_types", "Autorater accuracy by reasoning type"),
                   _group_table(entries, "n_articles", "Autorater accuracy by number of gold articles")],
        "notes": notes,
    }
