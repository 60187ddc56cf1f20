"""`benchsmith validate BENCH... --report`: one report per benchmark, difficulty cards side by side on the console."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from benchsmith.cli.options import info_console


def run_reports(paths: list[Path], *, corpus: Path | None, out: Path | None) -> bool:
    """Write report.html / report.md for each benchmark; True when no item has an error flag."""
    from benchsmith.fileio import write_text_atomic
    from benchsmith.reports.load import load_any
    from benchsmith.reports.outputs import default_report_dir
    from benchsmith.reports.validation_report import build_report
    from benchsmith.validators.difficulty import card_table

    loaded = [load_any(p, corpus) for p in paths]  # every input read before anything is written
    names = _unique_names([b.name for b in loaded])
    cards, clean = {}, True
    console, info = Console(highlight=False, soft_wrap=True), info_console(highlight=False)
    for bench, name in zip(loaded, names, strict=True):
        html, md, result, card = build_report(bench)
        folder = (out / name if len(loaded) > 1 else out) if out is not None else default_report_dir(bench)
        folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(folder / "report.html", html)
        write_text_atomic(folder / "report.md", md)
        errors, warnings = result.items_with("error"), result.items_with("warning")
        clean = clean and errors == 0
        console.print(f"{name}: {len(bench.items)} items, {errors} with errors, {warnings} with warnings, "
                      f"{len(result.skipped)} validators not run; wrote {folder / 'report.html'} and report.md", markup=False)
        for note in bench.notes:
            info.print(f"  note: {note}", markup=False)
        cards[name] = card
    console.print(card_table(cards))
    return clean


def _unique_names(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n}-{seen[n]}")
    return out
