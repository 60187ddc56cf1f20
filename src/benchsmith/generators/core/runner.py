"""One run of any generator: corpus in, Run and client set up, items generated, the folder written, counts agreed.

The console table, summary.json and rejected.jsonl all come from the Run's own
ledger, so they always agree.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rich.console import Console

from benchsmith.corpora.store import DOCUMENTS_FILE, Corpus, load_corpus_dir
from benchsmith.errors import InputError
from benchsmith.generators.core.context import GenerationContext
from benchsmith.generators.core.generator import Generated, Generator
from benchsmith.generators.core.writer import RUN_DIR_NAME, keeps_earlier_benchmark, qrels_text, write_benchmark
from benchsmith.pipeline import Run
from benchsmith.pipeline_parts.checkpoint import read_appended_jsonl
from benchsmith.redact import redact
from benchsmith.schemas.benchmark import BenchmarkManifest
from benchsmith.schemas.run import RunSummary
from benchsmith.types import Rejected

STRATEGIES = ("heuristic", "llm")


@dataclass
class GenerateOptions:
    """The options every `benchsmith generate <kind>` takes."""

    corpus: Path
    n: int
    out: Path
    strategy: str = "heuristic"
    llm: str | None = None
    seed: int = 0
    name: str | None = None
    work_dir: Path | None = None
    fresh: bool = False
    cache_dir: Path | None = None
    max_calls: int | None = None
    max_cost: float | None = None
    concurrency: int = 8
    search: str = "bm25"
    timeout_s: float = 60.0
    deadline_s: float | None = None

    def check(self) -> None:
        if self.n < 1:
            raise InputError(f"--n must be at least 1, got {self.n}")
        if self.strategy not in STRATEGIES:
            raise InputError(f"--strategy must be heuristic or llm, got {self.strategy!r}")
        if not self.timeout_s > 0:
            raise InputError(f"--timeout must be a positive number of seconds, got {self.timeout_s}")
        if self.deadline_s is not None and not self.deadline_s > 0:
            raise InputError(f"--deadline must be a positive number of seconds, got {self.deadline_s}")
        if self.strategy == "llm" and not self.llm:
            raise InputError("--strategy llm needs --llm MODEL (e.g. openai/NAME@http://127.0.0.1:8000/v1 or scripted/FILE)")
        if self.out.exists() and not self.out.is_dir():
            raise InputError("--out must be a folder, but a file is there", path=self.out)
        work = self.work_dir or self.out / RUN_DIR_NAME
        if work.exists() and not work.is_dir():
            raise InputError("--work-dir must be a folder, but a file is there", path=work)
        for folder, option in ((self.out, "--out"), (work, "--work-dir")):
            _check_writable(folder, option)


def _check_writable(folder: Path, option: str) -> None:
    """The folder, or the nearest folder above it that exists, must be writable (it is made there)."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"{option}: cannot write here (permission denied)", path=existing)


@dataclass
class Outcome:
    generated: Generated
    summary: RunSummary
    written: bool


def is_corpus_dir(path: Path) -> bool:
    return path.is_dir() and (path / DOCUMENTS_FILE).is_file()


def load_or_ingest(path: Path) -> Corpus:
    """An ingested corpus folder, or a raw corpus file/folder ingested on the fly (default chunking)."""
    if not path.exists():
        raise InputError("corpus not found", path=path)
    if is_corpus_dir(path):
        return load_corpus_dir(path)
    from benchsmith.corpora.chunking import chunk_documents
    from benchsmith.corpora.loading import load_documents

    docs = load_documents([path])
    return Corpus(documents=docs, chunks=chunk_documents(docs), manifest={"source": str(path), "ingested_on_the_fly": True})


def corpus_reference(corpus: Path, out: Path) -> str:
    """The corpus folder as benchmark.json records it: relative to the output folder, so both can move together.

    A raw corpus ingested on the fly is written into OUT/corpus, so the benchmark always names a
    folder the evaluator can load.
    """
    if not is_corpus_dir(corpus):
        return "corpus"
    return os.path.relpath(corpus.resolve(), out.resolve())


def _manifest(generator: Generator, opts: GenerateOptions, generated: Generated, summary: RunSummary,
              ctx: GenerationContext, qrels: int) -> BenchmarkManifest:
    counts = {
        "requested": opts.n, "produced": len(generated.items), "by_type": generated.produced_by_type,
        "quotas": generated.requested_by_type, "rejected": summary.rejected,
        "rejected_by_reason": summary.rejected_by_reason, "qrels": qrels, **generated.counts,
    }
    # Model addresses may carry credentials (openai/m@http://user:KEY@host/v1): never written as given.
    config = redact({**generated.settings, "notes": generated.notes,
                     "timings_s": {k: round(v, 4) for k, v in ctx.timer.seconds.items()}})
    return BenchmarkManifest(name=opts.name or opts.out.name, generator=generator.name,
                             corpus_dir=corpus_reference(opts.corpus, opts.out), counts=counts, config=config)


def run_generator(generator: Generator, opts: GenerateOptions, config: Any, console: Console | None = None) -> Outcome:
    """Generate `opts.n` items with `generator` and write the benchmark folder `opts.out`.

    A run that falls short still writes its folder unless a complete benchmark is already
    there (then that one is kept and the shortfall reported).
    """
    opts.check()
    console = console or Console(stderr=True)
    corpus = load_or_ingest(opts.corpus)
    work_dir = opts.work_dir or opts.out / RUN_DIR_NAME
    with Run(work_dir, name=generator.name, requested=opts.n, config={"generator": generator.name}, fresh=opts.fresh,
             console=console) as run:
        client = None
        if opts.strategy == "llm":
            extra = {"cache_dir": opts.cache_dir} if opts.cache_dir is not None else {}
            client = run.llm_client(opts.llm, max_calls=opts.max_calls, max_cost=opts.max_cost,
                                    concurrency=opts.concurrency, timeout_s=opts.timeout_s, deadline_s=opts.deadline_s,
                                    **extra)
        ctx = GenerationContext(corpus=corpus, run=run, n=opts.n, seed=opts.seed, strategy=opts.strategy, client=client,
                                concurrency=opts.concurrency, search=opts.search)
        generated = generator.generate(ctx, config)
        summary = run.summarize(len(generated.items), stop_reason=generated.shortfall)
        written = not keeps_earlier_benchmark(opts.out, generated, opts.n)
        if written:
            manifest = _manifest(generator, opts, generated, summary, ctx, qrels_text(generator, generated.items).count("\n"))
            exports = {**generated.exports, **_data_card(generated, manifest, corpus, ctx, opts.out, console)}
            write_benchmark(opts.out, generator, replace(generated, exports=exports), manifest=manifest, summary=summary,
                            rejected_path=run.ledger.path, corpus=None if is_corpus_dir(opts.corpus) else corpus,
                            inputs=(opts.corpus,))
        run.finish(summary=summary)
    return Outcome(generated, summary, written)


def _data_card(generated: Generated, manifest: BenchmarkManifest, corpus: Corpus, ctx: GenerationContext, out: Path,
               console: Console) -> dict[str, str]:
    """card.html / card.md for the folder; a failure to draw the card is reported, never the cause of a lost run."""
    from benchsmith.reports.card_html import card_exports

    try:
        return card_exports(generated.items, name=manifest.name, corpus=corpus, index=ctx.index,
                            manifest=manifest.model_dump(mode="json"), review_dir=out / "review")
    except Exception as exc:  # the benchmark itself is complete; only its card could not be drawn
        console.print(f"[yellow]warning:[/] card.html not written ({type(exc).__name__}: {exc}); "
                      "run benchsmith card on the folder", highlight=False)
        return {}


@dataclass
class Result:
    """A library run's items (in `generated`), its summary and every rejection, with its reason."""

    generated: Generated
    summary: RunSummary
    rejected: list[Rejected]
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def items(self) -> list[Any]:
        return self.generated.items


def estimate_generator(generator: Generator, opts: GenerateOptions, config: Any, console: Console | None = None) -> Any:
    """The request's estimated LLM calls and tokens, computed without a model (model-free stages are checkpointed)."""
    opts.check()
    console = console or Console(stderr=True)
    corpus = load_or_ingest(opts.corpus)
    with Run(opts.work_dir or opts.out / RUN_DIR_NAME, name=generator.name, requested=opts.n,
             config={"generator": generator.name}, fresh=opts.fresh, progress=False,
             console=Console(stderr=True, quiet=True)) as run:
        ctx = GenerationContext(corpus=corpus, run=run, n=opts.n, seed=opts.seed, strategy=opts.strategy,
                                concurrency=opts.concurrency, search=opts.search)
        estimate = generator.estimate(ctx, config)
        run.finish(summary=run.summarize(None, status="stopped", stop_reason="dry run: no model was called"))
    return estimate


def generate_items(generator: Generator, corpus: Corpus, config: Any, *, n: int, seed: int = 0, client: Any = None,
                   run_dir: str | Path | None = None, concurrency: int = 4) -> Result:
    """The library entry point: run a generator on a loaded corpus, without writing a benchmark folder.

    The steps still run as checkpointed stages of a Run, in `run_dir` (a temporary folder when None),
    so the same code path serves the CLI and the library.
    """
    with tempfile.TemporaryDirectory(prefix="benchsmith-run-") as tmp:
        with Run(run_dir or tmp, name=generator.name, requested=n, config={"generator": generator.name},
                 progress=False, console=Console(stderr=True, quiet=True)) as run:
            if client is not None:
                run.attach_llm(client)
            ctx = GenerationContext(corpus=corpus, run=run, n=n, seed=seed,
                                    strategy="llm" if client is not None else "heuristic", client=client,
                                    concurrency=concurrency)
            generated = generator.generate(ctx, config)
            summary = run.finish(summary=run.summarize(len(generated.items), stop_reason=generated.shortfall))
            rejected = [Rejected.model_validate(r) for r in (v for _, v in read_appended_jsonl(run.ledger.path))]
    return Result(generated, summary, rejected, dict(ctx.timer.seconds))
