"""`benchsmith compare A B`: paired test between two systems on the same benchmark."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from benchsmith.errors import InputError


def compare(
    a: Path = typer.Argument(..., help="results.json of system A (or its folder)."),
    b: Path = typer.Argument(..., help="results.json of system B (or its folder); may be the same file as A."),
    metric: list[str] = typer.Option([], "--metric", "-m", help="Metric to compare (repeatable) [default: all shared]."),
    system_a: str | None = typer.Option(None, "--system-a", help="System of A to use [default: its first]."),
    system_b: str | None = typer.Option(None, "--system-b", help="System of B to use [default: its first]."),
    method: str = typer.Option("permutation", "--method", help="permutation (paired randomization), bootstrap or t."),
    resamples: int = typer.Option(10_000, "--resamples", min=1, help="Resamples for the permutation / bootstrap test."),
    seed: int = typer.Option(0, "--seed", help="Random seed."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Also write the comparison as JSON to this file."),
) -> None:
    """Report, per metric, mean(A) - mean(B) with its 95% interval and a paired p-value."""
    from benchsmith.evaluation.compare import compare_systems, pick_system
    from benchsmith.evaluation.report import load_results
    from benchsmith.fileio import write_json_atomic

    if method not in ("permutation", "bootstrap", "t"):
        raise InputError(f"unknown --method {method!r}; use permutation, bootstrap or t")
    doc_a, doc_b = load_results(a), load_results(b)
    hash_a, hash_b = doc_a["benchmark"].get("hash"), doc_b["benchmark"].get("hash")
    if hash_a != hash_b:
        raise InputError(
            f"the results are on different benchmarks ({doc_a['benchmark'].get('name')} {hash_a} vs "
            f"{doc_b['benchmark'].get('name')} {hash_b})",
            path=b,
        )
    sys_a, sys_b = pick_system(doc_a, system_a, a), pick_system(doc_b, system_b, b)
    try:
        rows = compare_systems(sys_a, sys_b, metric or None, method=method, n_resamples=resamples, seed=seed)
    except ValueError as exc:
        raise InputError(str(exc), path=b) from None
    if not rows:
        raise InputError("the two systems share no metric", path=b)

    table = Table(title=f"{sys_a['name']} (A) vs {sys_b['name']} (B) on {doc_a['benchmark'].get('name')}: {method} test", title_justify="left")
    for col in ("metric", "n", "A", "B", "A - B", "95% CI", "p"):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for r in rows:
        table.add_row(
            r["metric"], str(r["n"]), f"{r['mean_a']:.4f}", f"{r['mean_b']:.4f}", f"{r['diff']:+.4f}",
            f"[{r['low']:+.4f}, {r['high']:+.4f}]", f"{r['p_value']:.4g}",
        )
    Console().print(table)
    if out is not None:
        write_json_atomic(out, {
            "a": {"path": str(a), "system": sys_a["name"]}, "b": {"path": str(b), "system": sys_b["name"]},
            "benchmark": doc_a["benchmark"], "method": method, "resamples": resamples, "seed": seed, "rows": rows,
        })


def register(app: typer.Typer) -> None:
    app.command("compare")(compare)
