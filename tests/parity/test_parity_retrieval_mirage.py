"""MIRAGE: our retrieval metrics equal retriever.Retriever_Evaluator's output."""

import json
from pathlib import Path

import pytest

from benchsmith.evaluation.metrics.paper_mirage_retrieval import mirage_retrieval

REF = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference" / "mirage"
pytestmark = pytest.mark.skipif(not REF.is_dir(), reason=f"reference data not found at {REF} (../shared/data is absent)")


def test_per_query_and_printed_aggregates():
    runs = json.loads((REF / "retrieval_run_input.json").read_text(encoding="utf-8"))
    pool = json.loads((REF / "retrieval_input_queries_and_pool.json").read_text(encoding="utf-8"))["doc_pool"]
    expected = json.loads((REF / "retrieval_metrics_output.json").read_text(encoding="utf-8"))
    ours = mirage_retrieval(runs, pool)
    assert len(ours.per_query) == len(expected["per_query"]) == 100
    for got, want in zip(ours.per_query, expected["per_query"]):
        assert got["query_id"] == want["query_id"]
        for k in ("1", "3", "5"):
            for metric, value in want[k].items():
                assert got[int(k)][metric] == pytest.approx(value, abs=1e-12), (want["query_id"], k, metric)
    assert ours.printed == expected["aggregate"][0]["Average_results"]
