"""`benchsmith generate multihop`: a MultiHop-RAG style benchmark from a corpus."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from benchsmith.cli import options
from benchsmith.cli._groups import generate_app
from benchsmith.errors import InputError


def load_or_ingest(path: Path):
    """An ingested corpus folder, or a raw corpus file/folder ingested on the fly (default chunking)."""
    from benchsmith.corpora.store import DOCUMENTS_FILE, Corpus, load_corpus_dir

    if not path.exists():
        raise InputError("corpus not found", path=path)
    if path.is_dir() and (path / DOCUMENTS_FILE).is_file():
        return load_corpus_dir(path)
    from benchsmith.corpora.chunking import chunk_documents
    from benchsmith.corpora.loading import load_documents

    docs = load_documents([path])
    return Corpus(documents=docs, chunks=chunk_documents(docs), manifest={"source": str(path), "ingested_on_the_fly": True})


def corpus_reference(corpus: Path, corpus_obj, out: Path) -> str:
    """The corpus folder as benchmark.json records it, relative to the output folder so both can move together.

    A raw corpus ingested on the fly is written into OUT/corpus, so the benchmark always names a
    folder the evaluator can load.
    """
    import os

    from benchsmith.corpora.store import DOCUMENTS_FILE, write_corpus_dir

    if not (corpus.is_dir() and (corpus / DOCUMENTS_FILE).is_file()):
        write_corpus_dir(out / "corpus", corpus_obj.documents, corpus_obj.chunks, dict(corpus_obj.manifest))
        return "corpus"
    return os.path.relpath(corpus.resolve(), out.resolve())


def _print_result(console: Console, result, summary) -> None:
    table = Table(title="multihop generation")
    table.add_column("type")
    table.add_column("requested", justify="right")
    table.add_column("produced", justify="right")
    for t, n in result.by_type.items():
        table.add_row(t, str(result.quotas.get(t, 0)), str(n))
    table.add_row("total", str(result.requested), str(len(result.items)), style="bold")
    console.print(table)
    if result.rejected_by_reason:
        console.print("rejected: " + ", ".join(f"{k} {v}" for k, v in sorted(result.rejected_by_reason.items(), key=lambda kv: -kv[1])))
    for note in result.notes:
        console.print(f"note: {note}")


@generate_app.command("multihop")
def generate_multihop_cmd(
    corpus: Path = typer.Option(..., "--corpus", help="Ingested corpus folder (benchsmith corpus ingest), or a raw corpus file."),
    n: int = typer.Option(..., "--n", help="Number of queries to produce."),
    out: Path = options.OutDir,
    strategy: str = typer.Option("heuristic", "--strategy", help="heuristic (no model) or llm."),
    llm: str | None = options.LLMModel,
    mix: str = typer.Option(
        "inference=0.32,comparison=0.33,temporal=0.23,null=0.12", "--mix",
        help="Query type shares (MultiHop-RAG table 3 by default).",
    ),
    evidence: str = typer.Option("2-4", "--evidence", help="Evidence facts per non-null query, a range within 2-4."),
    seed: int = options.Seed,
    min_tokens: int = typer.Option(150, "--min-tokens", help="Minimum article length in whitespace tokens (the paper used 1,024)."),
    ner: str = typer.Option("auto", "--ner", help="auto (spaCy if installed, else rules), spacy or rules."),
    ner_processes: int = typer.Option(1, "--ner-processes", help="spaCy worker processes (helps only on idle multi-core machines)."),
    classifier: str | None = typer.Option(None, "--fact-classifier", help="Local transformers text classifier (path) for fact sentences."),
    qa_check: bool = typer.Option(True, "--qa-check/--no-qa-check", help="LLM check of the paper's four criteria (llm strategy)."),
    name: str | None = typer.Option(None, "--name", help="Benchmark name (default: the output folder name)."),
    cache_dir: Path | None = typer.Option(
        None, "--cache-dir", help="LLM response cache (sqlite) folder; default: inside the run folder (--work-dir).",
    ),
    work_dir: Path | None = typer.Option(
        None, "--work-dir",
        help="Run folder for checkpoints, LLM cache and usage ledger (default OUT/.run). Re-running the same command resumes there.",
    ),
    fresh: bool = typer.Option(False, "--fresh", help="Discard the run folder's checkpoints first (the LLM cache is kept)."),
    max_calls: int | None = options.MaxCalls,
    max_cost: float | None = options.MaxCost,
    concurrency: int = options.Concurrency,
) -> None:
    """Facts, claims, bridge groups, then inference/comparison/temporal/null queries, all validated."""
    from benchsmith.generators.multihop import MultihopConfig, generate_multihop, parse_evidence, parse_mix, write_outputs

    started = datetime.now(timezone.utc)
    cfg = MultihopConfig(
        n=n, strategy=strategy, mix=parse_mix(mix), evidence=parse_evidence(evidence), seed=seed, min_tokens=min_tokens,
        ner=ner, classifier=classifier, llm=llm, qa_check=qa_check, spacy_processes=ner_processes,
    )
    corpus_obj = load_or_ingest(corpus)
    console = options.info_console()
    from benchsmith.pipeline import Run

    # Only what the checkpointed steps (facts, NER, claims) depend on: a re-run asking for another
    # --n, --seed or --mix reuses them.
    staged_keys = ("strategy", "llm", "ner", "classifier", "min_tokens", "article_dedup_threshold")
    run_config = {
        **{k: v for k, v in cfg.as_dict().items() if k in staged_keys},
        "corpus": str(corpus.resolve()), "documents": len(corpus_obj.documents),
    }
    with Run(work_dir or out / ".run", name="multihop", requested=n, config=run_config, fresh=fresh, progress=False,
             console=console) as run:
        llm_steps = None
        client = None
        if strategy == "llm":
            from benchsmith.generators.multihop.llm_steps import LLMSteps

            extra = {"cache_dir": cache_dir} if cache_dir is not None else {}
            client = run.llm_client(llm, max_calls=max_calls, max_cost=max_cost, concurrency=concurrency, **extra)
            llm_steps = LLMSteps(client)
        result = generate_multihop(corpus_obj, cfg, llm_steps=llm_steps, run=run, concurrency=concurrency)
        if client is not None:
            result.llm_usage = client.usage.model_dump()
        run.finish(produced=len(result.items))
    summary = write_outputs(out, result, corpus_obj, corpus_dir=corpus_reference(corpus, corpus_obj, out), name=name or out.name,
                            config=cfg, started_at=started)
    _print_result(console, result, summary)
    if result.shortfall:
        Console(stderr=True).print(f"[bold red]short:[/] {result.shortfall}", highlight=False, soft_wrap=True)
        raise typer.Exit(code=1)
    console.print(f"wrote {len(result.items)} items to {out}")
