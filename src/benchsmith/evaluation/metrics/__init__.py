"""Retrieval metrics: standard measures through ir_measures / pytrec_eval, and
the published benchmarks' own variants, each in its own module and named as such.

- `measures`: Measure objects and `parse_measures("nDCG@10,Recall@5")`.
- `retrieval`: `evaluate_retrieval(qrels, run, measures) -> RetrievalResult`.
- `paper_multihop`: MultiHop-RAG fact-substring Hits/MAP/MRR and its QA accuracy.
- `paper_mtrag`: mtRAG's pytrec_eval nDCG/Recall with its id handling and weighting.
- `paper_mirage_retrieval`: MIRAGE's P/R/F1/NDCG with its retrieved-list ideal ranking.
"""

from benchsmith.evaluation.metrics.measures import Measure, default_measures, parse_measure, parse_measures
from benchsmith.evaluation.metrics.retrieval import (
    RetrievalResult,
    benchmark_qrels,
    collapse_run,
    evaluate_retrieval,
    run_from_rankings,
)

__all__ = [
    "Measure",
    "RetrievalResult",
    "benchmark_qrels",
    "collapse_run",
    "default_measures",
    "evaluate_retrieval",
    "parse_measure",
    "parse_measures",
    "run_from_rankings",
]
