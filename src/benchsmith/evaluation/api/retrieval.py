"""`evaluate_retrieval`: score retrievers or run files on a benchmark; the CLI is a thin shell around it.

    from benchsmith.evaluation.api import RetrievalOptions, evaluate_retrieval
    result = evaluate_retrieval(RetrievalOptions(benchmark=Path("bench/"), retrievers=["bm25", "run:my.trec"]))
    result.doc["systems"][0]["aggregates"]["nDCG@10"]["mean"]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.api.checks import paper_problem, run_coverage, standard_measures_problem
from benchsmith.evaluation.api.notes import disagreement_note
from benchsmith.evaluation.api.peer_runs import paper_inputs
from benchsmith.evaluation.api.reporting import Reporter, silent

PAPER_OF_FORMAT = {"mtrag": "mtrag", "multihop-rag": "multihop-rag", "mirage": "mirage"}
RUN_SUFFIXES = (".json", ".jsonl", ".trec", ".txt", ".run", ".tsv")


@dataclass
class RetrievalOptions:
    """Everything `evaluate retrieval` takes. `paper="auto"` adds the paper metrics of a peer's format."""

    benchmark: Path
    retrievers: list[str] = field(default_factory=lambda: ["bm25"])
    format: str = "auto"
    corpus: Path | None = None
    qrels: Path | None = None
    ks: list[int] = field(default_factory=lambda: [1, 3, 5, 10])
    measures: str | None = None
    paper: str | None = "auto"
    query_mode: str = "last_turn"
    llm: str | None = None
    cache_dir: Path | None = None
    bootstrap: int = 1000
    seed: int = 0


@dataclass
class EvaluationResult:
    """A results document ready for `write_results`, and the messages printed on the way."""

    doc: dict[str, Any]
    warnings: list[str] = field(default_factory=list)

    @property
    def systems(self) -> list[dict[str, Any]]:
        return self.doc["systems"]


MAX_K = 100_000  # pytrec_eval keeps cutoffs in C ints; no ranking a run file holds is longer


def parse_ks(text: str) -> list[int]:
    """"1,3,5,10" -> [1, 3, 5, 10] (sorted, unique, positive)."""
    try:
        ks = sorted({int(p) for p in text.split(",") if p.strip()})
    except ValueError:
        raise InputError(f"--k expects comma-separated integers, got {text!r}") from None
    if not ks or ks[0] < 1:
        raise InputError(f"--k needs positive cutoffs, got {text!r}")
    if ks[-1] > MAX_K:
        raise InputError(f"--k cutoffs above {MAX_K:,} rank more than any run holds, got {ks[-1]}")
    return ks


def default_measure_string(ks: list[int]) -> str:
    kmax = max(ks)
    return ",".join([*(f"nDCG@{k}" for k in ks), *(f"Recall@{k}" for k in ks), f"P@{kmax}", f"MAP@{kmax}", f"MRR@{kmax}"])


def expand_retrievers(specs: list[str]) -> list[str]:
    """`run:DIR` stands for every run file in DIR (MIRAGE keeps one per retriever in Retrieval_result/)."""
    out = []
    for spec in specs:
        path = Path(spec[4:]) if spec.startswith("run:") else None
        if path is not None and path.is_dir():
            files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix in RUN_SUFFIXES)
            if not files:
                raise InputError(f"no run files ({', '.join(RUN_SUFFIXES)}) in the folder", path=path)
            out += [f"run:{p}" for p in files]
        else:
            out.append(spec)
    return out


def display_names(specs: list[str]) -> list[str]:
    """Row labels: run files by their file name unless two share it."""
    short = [f"run:{Path(s[4:]).name}" if s.startswith("run:") else s for s in specs]
    return [sh if short.count(sh) == 1 else s for s, sh in zip(specs, short)]


def resolve_paper(paper: str | None, benchmark: Any) -> str | None:
    from benchsmith.evaluation.metrics.benchmark_eval import PAPERS

    if paper in (None, "none"):
        return None
    if paper == "auto":
        return PAPER_OF_FORMAT.get(benchmark.source_format)
    if paper not in PAPERS:
        raise InputError(f"unknown --paper {paper!r}; use one of auto, none, {', '.join(PAPERS)}")
    return paper


def retrieve(benchmark: Any, spec: str, depth: int, query_mode: str, rewriter: Any = None) -> tuple[dict[str, dict[str, float]], dict[str, Any]]:
    """One retriever's run on the benchmark, and the retriever's settings."""
    if spec.startswith("run:"):
        from benchsmith.evaluation.importers import load_run

        path = Path(spec[4:])
        run = load_run(path, query_ids={q.question: q.query_id for q in benchmark.queries})
        return run, {"retriever": "run", "path": str(path)}
    from benchsmith.retrieval import get_retriever
    from benchsmith.retrieval.runner import retriever_settings, run_retrieval

    if benchmark.metadata.get("carries_run") and not (benchmark.chunks or benchmark.documents):
        raise InputError(f"this file holds retrieval results, not passages to search: score them with "
                         f"-r run:{benchmark.metadata.get('path')}", path=benchmark.metadata.get("path"))
    built = get_retriever(spec)
    run = run_retrieval(benchmark, built, k=depth, query_mode=query_mode, rewriter=rewriter)
    return run, {"spec": spec, **retriever_settings(built)}


def _drop_metrics(scores: Any, names: list[str]) -> None:
    for row in scores.per_item.values():
        for name in names:
            row.pop(name, None)
    scores.metrics = [m for m in scores.metrics if m not in names]


def _validate(options: RetrievalOptions) -> list[Any]:
    from benchsmith.evaluation.metrics import parse_measures
    from benchsmith.retrieval.queries import QUERY_MODES

    if options.query_mode not in QUERY_MODES:
        raise InputError(f"unknown --query-mode {options.query_mode!r}; use one of {', '.join(QUERY_MODES)}")
    if options.paper not in (None, "auto", "none"):
        resolve_paper(options.paper, None)
    if options.qrels is not None and not Path(options.qrels).is_file():
        raise InputError("qrels file does not exist", path=options.qrels)
    try:
        return parse_measures(options.measures or default_measure_string(list(options.ks)))
    except ValueError as exc:
        raise InputError(f"--measures: {exc}") from None


def evaluate_retrieval(options: RetrievalOptions, reporter: Reporter = silent) -> EvaluationResult:
    """Score every retriever of `options` on its benchmark; nothing is written.

    Raises:
        InputError: bad options or input, and every case that would otherwise print a
            silent zero: an empty run, a run whose ids match no benchmark id, a benchmark
            without judgements, paper metrics with nothing to score.
    """
    from benchsmith.evaluation.importers import load_benchmark
    from benchsmith.evaluation.metrics.benchmark_eval import score_run
    from benchsmith.evaluation.report import benchmark_fingerprint, system_entry
    from benchsmith.evaluation.stats import query_fields

    measure_list = _validate(options)
    specs = expand_retrievers(list(options.retrievers))
    bench = load_benchmark(options.benchmark, format=options.format, corpus=options.corpus,
                           **({"qrels": options.qrels} if options.qrels is not None else {}))
    paper = resolve_paper(options.paper, bench)
    if paper not in ("multihop-rag", "mirage") and all(q.excluded_from_retrieval for q in bench.queries):
        # neither the standard measures nor mtRAG's can score anything: say so before any retrieval
        raise InputError(standard_measures_problem(bench, {}) or "no judged query", path=options.benchmark)
    depth = max([*options.ks, *(m.k or 0 for m in measure_list), 10 if paper else 0])
    rewriter = None
    if options.query_mode == "rewrite" and options.llm:
        from benchsmith.retrieval.rewrite import LLMRewriter

        rewriter = LLMRewriter(options.llm, cache_dir=options.cache_dir)
    fields = query_fields(bench.queries)
    systems: list[dict[str, Any]] = []
    warnings: list[str] = []
    tables: list[dict[str, Any]] = []
    try:
        for i, (spec, name) in enumerate(zip(specs, display_names(specs)), start=1):
            reporter.info(f"[{i}/{len(specs)}] {name}: retrieving")
            run, retriever_info = retrieve(bench, spec, depth, options.query_mode, rewriter)
            path = Path(spec[4:]) if spec.startswith("run:") else None
            coverage = run_coverage(bench, run, name, path)
            if coverage.partial:
                warnings.append(coverage.message(name, "benchmark queries"))
                reporter.warning(warnings[-1])
            extra_inputs = paper_inputs(path, paper, bench) if path is not None else {}
            scores = score_run(bench, run, measure_list, paper=paper, paper_inputs=extra_inputs)
            label = "" if path is not None else f"{name}: "  # the error names the file already
            problem = paper_problem(paper, scores.counts, bench, run) if paper else None
            if problem:
                raise InputError(f"{label}{problem}", path=path)
            standard_problem = standard_measures_problem(bench, run)
            if standard_problem:
                if not paper:
                    raise InputError(f"{label}the standard measures have nothing to score: {standard_problem}", path=path)
                _drop_metrics(scores, [str(m) for m in measure_list])
                warnings.append(f"{name}: standard measures left out ({standard_problem}); the {paper} measures are reported")
                reporter.warning(warnings[-1])
            settings = {**retriever_info, "depth": depth, "query_mode": options.query_mode}
            counts = {**scores.counts, "run_coverage": coverage.counts()}
            systems.append(system_entry(name, scores.per_item, metrics=scores.metrics, settings=settings, counts=counts,
                                        fields=fields, aggregates=scores.aggregates, n_resamples=options.bootstrap,
                                        seed=options.seed))
            tables += [{**t, "title": f"{name}: {t['title']}"} for t in scores.tables]
    finally:
        if rewriter is not None:
            rewriter.client.close()  # its cache, ledger and connections

    notes = ["Standard measures: ir_measures (pytrec_eval provider); queries without relevant passages are excluded "
             "and counted; a judged query the run does not answer scores 0."]
    notes += warnings
    if paper:
        notes.append(f"Metrics prefixed with the paper name reproduce {paper}'s own evaluation script.")
        notes += [n for n in (disagreement_note(s, paper) for s in systems) if n]
    doc = {
        "kind": "retrieval",
        "title": f"Retrieval on {bench.name}",
        "benchmark": benchmark_fingerprint(bench),
        "settings": {
            "benchmark": str(options.benchmark), "format": options.format,
            "corpus": str(options.corpus) if options.corpus else None,
            "qrels": bench.metadata.get("qrels") or (str(options.qrels) if options.qrels else None),
            "retrievers": specs, "k": list(options.ks), "measures": [str(m) for m in measure_list], "paper": paper,
            "query_mode": options.query_mode, "llm": options.llm, "bootstrap": options.bootstrap, "seed": options.seed,
        },
        "systems": systems,
        "tables": tables,
        "notes": notes,
    }
    return EvaluationResult(doc, warnings)
