"""Where reports go by default: inside our benchmark folder (a `reports/` subfolder the completeness marker
does not list, so the benchmark stays complete), or beside the current folder for the papers' files."""

from __future__ import annotations

from pathlib import Path

from benchsmith.reports.load import LoadedBenchmark

REPORTS_DIR = "reports"


def default_report_dir(bench: LoadedBenchmark) -> Path:
    path = bench.path or Path(bench.name)
    if bench.native and path.is_dir():
        return path / REPORTS_DIR
    return Path.cwd() / f"{bench.name}-report"


def default_card_path(bench: LoadedBenchmark) -> Path:
    path = bench.path or Path(bench.name)
    if bench.native and path.is_dir():
        return path / REPORTS_DIR / "card.html"
    return Path.cwd() / f"{bench.name}-card.html"
