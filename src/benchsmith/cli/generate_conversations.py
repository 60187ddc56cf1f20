"""`benchsmith generate conversations`: mtRAG-S style multi-turn conversations from a corpus."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from benchsmith.cli import _generate_common as common
from benchsmith.cli._groups import generate_app

if TYPE_CHECKING:
    from benchsmith.generators.core.runner import GenerateOptions


@generate_app.command("conversations")
@common.generate_command("Number of conversations to produce.")
def generate_conversations_cmd(
    opts: GenerateOptions,
    dry_run: bool,
    turns: str = typer.Option("8-11", "--turns", help="Turns per conversation, a range (mtRAG's annotators wrote 6-9+)."),
    min_turns: int = typer.Option(6, "--min-turns", help="A conversation cut short by a failed turn is kept only with this many turns."),
    question_mix: str = typer.Option(
        "", "--question-mix", help="Question type shares, e.g. Factoid=0.3,How-To=0.2 (default: the human mtRAG sample)."),
    answerability: str = typer.Option(
        "ANSWERABLE=0.70,PARTIAL=0.06,UNANSWERABLE=0.20,CONVERSATIONAL=0.04", "--answerability",
        help="Answerability shares of the turns."),
    max_unanswerable: int = typer.Option(2, "--max-unanswerable", help="At most this many unanswerable turns per conversation."),
    proof_retrievers: str = typer.Option(
        "bm25,dense", "--proof-retrievers",
        help="Retrievers whose top-k over the whole corpus every unanswerable turn is checked against."),
    proof_k: int = typer.Option(50, "--proof-k", help="Passages per proof retriever."),
    collection: str | None = typer.Option(None, "--collection", help="Collection name in mtRAG's files (default: the corpus name)."),
    mtrag_dir: bool = typer.Option(True, "--mtrag-layout/--no-mtrag-layout", help="Also write OUT/mtrag in mtRAG's folder layout."),
) -> None:
    """Conversations turn by turn: dimensions drawn per turn, active retrieval on the rewrite, verified responses."""
    from rich.console import Console

    from benchsmith.generators.conversations import GENERATOR, ConversationConfig
    from benchsmith.generators.conversations.config import parse_answerability, parse_question_mix, parse_turns
    from benchsmith.generators.conversations.stats import render
    from benchsmith.generators.core.runner import run_generator

    cfg_kwargs = {"question_mix": parse_question_mix(question_mix)} if question_mix else {}
    cfg = ConversationConfig(
        n=opts.n, strategy=opts.strategy, llm=opts.llm, seed=opts.seed, turns=parse_turns(turns), min_turns=min_turns,
        answerability=parse_answerability(answerability), max_unanswerable=max_unanswerable,
        proof_retrievers=tuple(p.strip() for p in proof_retrievers.split(",") if p.strip()), proof_k=proof_k,
        collection=collection, mtrag_layout=mtrag_dir, **cfg_kwargs,
    )
    if dry_run:
        common.run_and_report(GENERATOR, opts, cfg, dry_run=True)
        return
    console = Console(stderr=True)
    outcome = run_generator(GENERATOR, opts, cfg, console)
    common.print_outcome(console, GENERATOR.name, outcome)
    generated = outcome.generated
    label = "ours (heuristic baseline)" if opts.strategy == "heuristic" else f"ours ({opts.llm})"
    console.print(render(generated.counts["table8"], label), highlight=False, soft_wrap=True)
    if generated.shortfall:
        console.print(f"[bold red]short:[/] {generated.shortfall}", highlight=False, soft_wrap=True)
        raise typer.Exit(code=1)
    console.print(f"wrote {len(generated.items)} conversations to {opts.out}", highlight=False)
