"""Read published benchmarks (and our own) into one `EvalBenchmark` shape.

    bench = load_benchmark("MultiHopRAG.json", corpus="corpus.json")    # format sniffed
    bench = load_benchmark("mtrag/conversations", format="mtrag", corpus="passages.jsonl")
    run = load_run("bm25.trec")                                          # {qid: {docid: score}}

Each format lives in its own module and registers a `BenchmarkFormat` in `FORMATS`:
multihop-rag, mtrag, mirage, frames, beir, benchsmith.
"""

from __future__ import annotations

from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat, detect_format, load_benchmark
from benchsmith.evaluation.importers.qrels import load_qrels, write_trec_qrels
from benchsmith.retrieval.runs import canonical_task_id, load_run, write_trec_run

__all__ = [
    "FORMATS",
    "BenchmarkFormat",
    "canonical_task_id",
    "detect_format",
    "load_benchmark",
    "load_qrels",
    "load_run",
    "write_trec_qrels",
    "write_trec_run",
]
