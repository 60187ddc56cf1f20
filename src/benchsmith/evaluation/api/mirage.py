"""MIRAGE's generation evaluation: EM (loose, strict), set-token F1 per run and the four adaptability metrics.

Reads the runs as MIRAGE's `LLM_Evaluator` and `Metrics` read them: `Inference_result/` holds
`LLM_base.json`, `LLM_oracle.json` and `LLM_RETRIEVER_topK.json` per model (the `_eval.json`
copies its evaluator writes are skipped), and every (LLM, retriever) pair is one set.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError

RUNS = ("base", "oracle", "mixed")


@dataclass(frozen=True)
class InferenceSet:
    """One model's base, oracle and mixed (top-k retrieved) prediction files."""

    name: str  # "LLM / RETRIEVER_topK"
    files: dict[str, Path]


def find_inference_sets(folder: Path) -> list[InferenceSet]:
    """Every complete base + oracle + mixed set in MIRAGE's Inference_result/ folder, named as its scripts name them."""
    if not folder.is_dir():
        raise InputError("--inference-dir is not a folder", path=folder)
    by_llm: dict[str, dict[str, Path]] = {}
    mixed: list[tuple[str, str, Path]] = []
    for f in sorted(folder.glob("*.json")):
        if f.name.endswith("_eval.json"):
            continue
        parts = f.stem.split("_")
        if len(parts) == 2 and parts[1] in ("base", "oracle"):
            by_llm.setdefault(parts[0], {})[parts[1]] = f
        elif len(parts) == 3:
            mixed.append((parts[0], f"{parts[1]}_{parts[2]}", f))
    sets = [InferenceSet(f"{llm} / {mode}", {"base": by_llm[llm]["base"], "oracle": by_llm[llm]["oracle"], "mixed": f})
            for llm, mode, f in mixed if {"base", "oracle"} <= set(by_llm.get(llm, {}))]
    if not sets:
        found = ", ".join(f.name for f in sorted(folder.glob("*.json"))) or "no .json files"
        raise InputError(f"no complete LLM_base.json + LLM_oracle.json + LLM_RETRIEVER_topK.json set in the folder "
                         f"({found})", path=folder)
    return sets


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


def without_answers(runs: dict[str, list[tuple[str, str, list[str]]]]) -> set[int]:
    """Positions of records with no answer alias in any run: EM there would be a silent zero."""
    return {i for rows in runs.values() for i, (_, _, answers) in enumerate(rows) if not any(a.strip() for a in answers)}


def answered_benchmark(bench: Any) -> tuple[Any, int]:
    """The benchmark without its queries that have no answer alias, and how many were left out.

    Raises:
        InputError: no query has an answer alias (nothing could be scored).
    """
    from dataclasses import replace

    kept = [q for q in bench.queries if any(a.strip() for a in q.answers)]
    if not kept:
        raise InputError(f"none of the {len(bench.queries)} queries has an answer alias: EM, F1 and the adaptability "
                         "metrics need them (`evaluate retrieval` still scores the pool)", path=bench.metadata.get("path"))
    return replace(bench, queries=kept), len(bench.queries) - len(kept)


def pool_retrieval(bench: Any, predictions: list[Any], *, prefix: str = "", bootstrap: int = 1000,
                   seed: int = 0) -> list[dict[str, Any]]:
    """MIRAGE's P/R/F1/NDCG@1,3,5 of the chunks the mixed run showed the model (its retrieval over the pool)."""
    from benchsmith.evaluation.metrics.benchmark_eval import mirage_scores
    from benchsmith.evaluation.report import system_entry

    run = {p.id: {c.id: float(len(p.contexts) - rank) for rank, c in enumerate(p.contexts)} for p in predictions
           if p.contexts}
    if not run:
        return []
    scores = mirage_scores(bench, run)
    if not scores.counts.get("mirage_scored_with_gold"):
        raise InputError("the mixed run's retrieved chunks match no supported pool chunk of any query: "
                         "the pool's chunk ids and the benchmark's judgements do not agree", path=bench.metadata.get("path"))
    return [system_entry(f"{prefix}retrieval (mixed run, over the pool)", scores.per_item, metrics=scores.metrics,
                         settings={"from": "the chunks the mixed run retrieved"}, counts=scores.counts,
                         n_resamples=bootstrap, seed=seed)]


def item_keys(ids: list[str]) -> list[str]:
    """Per-record keys; a query id repeated in the files (MIRAGE repeats some) gets #2, #3, ..."""
    seen: dict[str, int] = {}
    out = []
    for qid in ids:
        seen[qid] = seen.get(qid, 0) + 1
        out.append(qid if seen[qid] == 1 else f"{qid}#{seen[qid]}")
    return out


def score_mirage_set(loaded: dict[str, list[Any]], gold: dict[str, list[str]], paths: dict[str, Path | None], *,
                     prefix: str = "", bootstrap: int = 1000, seed: int = 0
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """Systems (base, oracle, mixed, adaptability), tables, and the records skipped for lack of answer aliases.

    Raises:
        InputError: runs that do not align, or no record left with an answer alias.
    """
    from benchsmith.evaluation.generation import (
        ADAPTABILITY_METRICS,
        adaptability,
        mirage_em_loose,
        mirage_em_strict,
        mirage_set_f1,
    )
    from benchsmith.evaluation.report import system_entry

    runs = {run: run_rows(loaded[run], gold, paths.get(run)) for run in RUNS}
    check_aligned(runs, paths)
    if not runs["base"]:
        raise InputError("the base run holds no records", path=paths.get("base"))
    unanswered = without_answers(runs)
    if len(unanswered) == len(runs["base"]):
        raise InputError(f"none of the {len(unanswered)} records has an answer alias: EM, F1 and the adaptability "
                         "metrics need them", path=paths.get("base"))
    runs = {run: [row for i, row in enumerate(rows) if i not in unanswered] for run, rows in runs.items()}
    keys = item_keys([r[0] for r in runs["base"]])
    systems, labels = [], {}
    for run in RUNS:
        per_item = {}
        for key, (_, answer, answers) in zip(keys, runs[run]):
            per_item[key] = {"em_loose": mirage_em_loose(answer, answers), "em_strict": mirage_em_strict(answer, answers),
                             "set_f1": mirage_set_f1(answer, answers)}
        labels[run] = [per_item[k]["em_loose"] for k in keys]
        systems.append(system_entry(f"{prefix}{run}", per_item, metrics=["em_loose", "em_strict", "set_f1"],
                                    settings={"run": run, "path": str(paths.get(run)) if paths.get(run) else None},
                                    counts={"records": len(keys)}, n_resamples=bootstrap, seed=seed))
    result = adaptability(labels["base"], labels["oracle"], labels["mixed"], keys)
    per_item = {k: {m: float(result.per_query[k] == m) for m in ADAPTABILITY_METRICS} for k in keys}
    systems.append(system_entry(f"{prefix}adaptability (mixed)", per_item, metrics=list(ADAPTABILITY_METRICS),
                                settings={"from": "loose EM of base, oracle, mixed"},
                                counts={"records": result.total, **result.counts}, n_resamples=bootstrap, seed=seed,
                                extra={"label_counts_base_mixed_oracle": result.label_counts,
                                       "mirage_total": result.mirage_total}))
    tables = [{"title": f"{prefix}MIRAGE label counts (key: base_mixed_oracle loose-EM labels)",
               "columns": ["label", "count"], "rows": [[k, v] for k, v in result.label_counts.items()]},
              {"title": f"{prefix}MIRAGE adaptability", "columns": ["metric", "value", "count"],
               "rows": [*([m, round(result.scores[m], 5), result.counts[m]] for m in ADAPTABILITY_METRICS),
                        ["total (CA - NV - CI - CM)", round(result.mirage_total, 5), result.total]]}]
    return systems, tables, len(unanswered)
