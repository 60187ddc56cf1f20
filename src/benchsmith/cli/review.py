"""`benchsmith review BENCH`: the local review page; `--report` prints progress and reviewer agreement instead."""

from __future__ import annotations

import getpass
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from benchsmith.cli import options


def _default_reviewer() -> str:
    try:
        return getpass.getuser() or "reviewer"
    except (KeyError, OSError):
        return "reviewer"


def _figure(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _report_table(report: dict) -> Table:
    table = Table(title="reviewer agreement (Cohen's kappa over accept/reject, items both decided)")
    for col in ("reviewers", "items", "agreed", "observed", "kappa", "note"):
        table.add_column(col)
    for pair in report["agreement"]:
        table.add_row(" / ".join(pair["reviewers"]), str(pair["items"]), str(pair["agreed"]), _figure(pair["observed"]),
                      _figure(pair["kappa"]), pair["note"])
    return table


def register(app: typer.Typer) -> None:
    @app.command("review")
    def review(
        bench: Path = typer.Argument(..., help="A benchmark folder written by `benchsmith generate`."),
        port: int = typer.Option(8765, "--port", "-p", min=0, max=65535, help="Port to listen on (0: any free port)."),
        host: str = typer.Option("127.0.0.1", "--host", help="Address to bind. Anything but loopback requires the "
                                 "random token in the printed URL."),
        reviewer: str = typer.Option(None, "--reviewer", help="Your name in the trail (default: your login name)."),
        corpus: Path = typer.Option(None, "--corpus", help="The ingested corpus, if benchmark.json's corpus_dir moved."),
        report: bool = typer.Option(False, "--report", help="Print review progress and inter-reviewer agreement "
                                    "(Cohen's kappa) instead of serving the page."),
        as_json: bool = typer.Option(False, "--json", help="With --report: print the report as JSON."),
    ) -> None:
        """Serve a local page to accept, reject and edit a benchmark's items, one at a time, with the evidence
        highlighted in its documents. Every decision is appended to BENCH/review/trail.jsonl; the page resumes
        where you stopped. Export the result with `benchsmith export BENCH --accepted --out DIR`."""
        from benchsmith.review.items import load_bench
        from benchsmith.review.session import ReviewSession

        console = Console(stderr=True, quiet=options.is_quiet())
        session = ReviewSession(load_bench(bench, corpus=corpus), reviewer or _default_reviewer())
        if report:
            data = session.report()
            if as_json:
                typer.echo(json.dumps(data, indent=2))
                return
            out = Console()
            counts = ", ".join(f"{k} {v}" for k, v in data["by_status"].items())
            out.print(f"{data['items']} items: {counts}; {data['edited']} edited", highlight=False)
            for name, c in data["by_reviewer"].items():
                out.print(f"  {escape(name)}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())), highlight=False)
            out.print(_report_table(data) if data["agreement"] else "agreement: needs two reviewers on the same items")
            return
        from benchsmith.review.server import ReviewServer

        with console.status(f"checking {len(session.bench.items)} items with the {session.bench.kind} validators"):
            session.summary()
        server = ReviewServer(session, host, port)
        console.print(f"reviewing [bold]{escape(str(bench))}[/] as [bold]{escape(session.reviewer)}[/]; "
                      f"trail: {escape(str(session.trail.path))}", highlight=False)
        typer.echo(f"open {server.url}  (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
