"""Read published benchmarks (and our own) into one `EvalBenchmark` shape.

Each format lives in its own module and registers a `BenchmarkFormat` in
`FORMATS`; `load_benchmark` picks one by name or by sniffing the path.
"""

from __future__ import annotations

from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat, detect_format, load_benchmark
from benchsmith.evaluation.importers.runs import load_run, write_trec_run

__all__ = ["FORMATS", "BenchmarkFormat", "detect_format", "load_benchmark", "load_run", "write_trec_run"]
