"""Evaluation reports: results.json, report.md and a self-contained report.html.

The shape written is generic over "metric tables" (see `results.py`), so
retrieval, generation and MIRAGE evaluations share one writer.
"""

from benchsmith.evaluation.report.results import (
    benchmark_fingerprint,
    collect_versions,
    load_results,
    system_entry,
    write_results,
)

__all__ = ["benchmark_fingerprint", "collect_versions", "load_results", "system_entry", "write_results"]
