"""`benchsmith generate multihop`: a MultiHop-RAG style benchmark from a corpus."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from benchsmith.cli import _generate_common as common
from benchsmith.cli._groups import generate_app

if TYPE_CHECKING:
    from benchsmith.generators.core.runner import GenerateOptions


@generate_app.command("multihop")
@common.generate_command()
def generate_multihop_cmd(
    opts: GenerateOptions,
    dry_run: bool,
    mix: str = typer.Option(
        "inference=0.256,comparison=0.264,bridge=0.2,temporal=0.184,null=0.096", "--mix",
        help="Query type shares (MultiHop-RAG table 3 by default).",
    ),
    evidence: str = typer.Option("2-4", "--evidence", help="Evidence facts per non-null query, a range within 2-4."),
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
) -> None:
    """Facts, claims, bridge groups, then inference/comparison/temporal/null queries, all validated."""
    from benchsmith.generators.multihop import GENERATOR, MultihopConfig, parse_evidence, parse_mix

    cfg = MultihopConfig(
        n=opts.n, strategy=opts.strategy, mix=parse_mix(mix), evidence=parse_evidence(evidence), seed=opts.seed,
        min_tokens=min_tokens, ner=ner, classifier=classifier, llm=opts.llm, qa_check=qa_check, qa_inconclusive=qa_inconclusive, spacy_processes=ner_processes,
    )
    common.run_and_report(GENERATOR, opts, cfg, dry_run=dry_run)
