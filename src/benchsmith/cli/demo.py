"""`benchsmith demo`: the README's main job, run on embedded defaults only.

It chains the commands a user would type (ingest, stats, generate, validate,
evaluate) on the bundled example corpus, so the demo exercises exactly the
public CLI and nothing demo-specific.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from benchsmith.cli import options
from benchsmith.data import example_corpus


def register(app: typer.Typer) -> None:
    @app.command("demo")
    def demo(
        out: Path = typer.Option(Path("runs/demo"), "--out", "-o", help="Folder for every output of the demo."),
        corpus: Path = typer.Option(
            None, "--corpus", help="Corpus to use instead of the bundled example (Harbor City News, shipped in the package)."
        ),
        n: int = typer.Option(20, "--n", help="Number of benchmark items to generate (the example corpus gives 20 of the default mix)."),
        seed: int = typer.Option(0, "--seed"),
    ) -> None:
        """Ingest the example corpus, generate a multi-hop benchmark, validate it and evaluate BM25 and dense retrieval."""
        console = Console(quiet=options.is_quiet())
        source = corpus or example_corpus()
        corpus_dir, bench_dir, eval_dir = out / "corpus", out / "multihop", out / "retrieval-eval"
        steps = [
            ("Ingest the corpus", ["corpus", "ingest", str(source), "--out", str(corpus_dir), "--chunk-tokens", "128", "--overlap", "16"]),
            ("Corpus statistics", ["corpus", "stats", str(corpus_dir)]),
            (
                "Generate a multi-hop benchmark (heuristic strategy, no LLM)",
                ["generate", "multihop", "--corpus", str(corpus_dir), "--n", str(n), "--strategy", "heuristic",
                 "--seed", str(seed), "--out", str(bench_dir)],
            ),
            ("Validate every item against the exported schemas", ["validate", str(bench_dir / "items.jsonl")]),
            (
                "Evaluate BM25 and dense retrieval on the benchmark",
                ["evaluate", "retrieval", "--benchmark", str(bench_dir), "--retriever", "bm25", "--retriever", "dense",
                 "--k", "1,3,5,10", "--out", str(eval_dir)],
            ),
        ]
        from benchsmith.cli import app as root

        for title, args in steps:
            console.print(Rule(title))
            console.print(f"[dim]$ benchsmith {escape(' '.join(args))}[/]", highlight=False)
            # The root callback runs again for each step: hand it the same --quiet/--verbose.
            code = root(args=[*options.root_flags(), *args], standalone_mode=False)
            if isinstance(code, int) and code != 0:
                Console(stderr=True).print(f"[bold red]step failed ({escape(title)}) with exit code {code}[/]")
                raise typer.Exit(code)
        console.print(Rule("Done"))
        console.print(f"Outputs in {escape(str(out))}: corpus/, multihop/ (items.jsonl, MultiHopRAG.json, qrels.tsv, summary.json), retrieval-eval/ (report.html)")
