"""`benchsmith generate multihop`: a MultiHop-RAG style benchmark from a corpus."""

from __future__ import annotations

from pathlib import Path

import typer

from benchsmith.cli import _generate_common as common
from benchsmith.cli import options
from benchsmith.cli._groups import generate_app


@generate_app.command("multihop")
def generate_multihop_cmd(
    corpus: Path = common.Corpus,
    n: int = common.N,
    out: Path = options.OutDir,
    strategy: str = common.Strategy,
    llm: str | None = options.LLMModel,
    mix: str = typer.Option(
        "inference=0.256,comparison=0.264,bridge=0.2,temporal=0.184,null=0.096", "--mix",
        help="Query type shares (MultiHop-RAG table 3 by default).",
    ),
    evidence: str = typer.Option("2-4", "--evidence", help="Evidence facts per non-null query, a range within 2-4."),
    seed: int = options.Seed,
    min_tokens: int = typer.Option(150, "--min-tokens", help="Minimum article length in whitespace tokens (the paper used 1,024)."),
    ner: str = typer.Option("auto", "--ner", help="auto (spaCy if installed, else rules), spacy or rules."),
    ner_processes: int = typer.Option(1, "--ner-processes", help="spaCy worker processes (helps only on idle multi-core machines)."),
    classifier: str | None = typer.Option(None, "--fact-classifier", help="Local transformers text classifier (path) for fact sentences."),
    qa_check: bool = typer.Option(True, "--qa-check/--no-qa-check", help="LLM check of the paper's four criteria (llm strategy)."),
    qa_inconclusive: str = typer.Option(
        "keep", "--qa-inconclusive",
        help="keep or drop items whose answer the model's QA check doubts but the evidence proves mechanically "
             "(kept items record the check as inconclusive in provenance.extra.qa_check).",
    ),
    name: str | None = common.Name,
    cache_dir: Path | None = common.CacheDir,
    work_dir: Path | None = common.WorkDir,
    fresh: bool = common.Fresh,
    max_calls: int | None = options.MaxCalls,
    max_cost: float | None = options.MaxCost,
    concurrency: int = options.Concurrency,
    search: str = common.Search,
    timeout: float = common.Timeout,
    deadline: float | None = common.Deadline,
    dry_run: bool = common.DryRun,
) -> None:
    """Facts, claims, bridge groups, then inference/comparison/temporal/null queries, all validated."""
    from benchsmith.generators.multihop import GENERATOR, MultihopConfig, parse_evidence, parse_mix

    cfg = MultihopConfig(
        n=n, strategy=strategy, mix=parse_mix(mix), evidence=parse_evidence(evidence), seed=seed, min_tokens=min_tokens,
        ner=ner, classifier=classifier, llm=llm, qa_check=qa_check, qa_inconclusive=qa_inconclusive, spacy_processes=ner_processes,
    )
    opts = common.common(corpus, n, out, strategy, llm, seed, name, work_dir, fresh, cache_dir, max_calls, max_cost,
                         concurrency, search, timeout, deadline)
    common.run_and_report(GENERATOR, opts, cfg, dry_run=dry_run)
