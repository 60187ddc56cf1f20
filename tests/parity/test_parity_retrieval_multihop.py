"""MultiHop-RAG: our retrieval and QA metrics equal the official scripts' output."""

import json
import re
from pathlib import Path

import pytest

from benchsmith.evaluation.metrics.paper_multihop import multihop_qa, multihop_retrieval

REF = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference" / "multihop_rag"
pytestmark = pytest.mark.skipif(not REF.is_dir(), reason=f"reference data not found at {REF} (../shared/data is absent)")


def _load(name):
    return json.loads((REF / name).read_text(encoding="utf-8"))


def test_retrieval_per_query_and_aggregate():
    expected = _load("retrieval_metrics_output.json")
    ours = multihop_retrieval(_load("retrieval_run_input.json"))
    assert ours.n_scored == expected["n_scored"] == 40
    assert ours.n_skipped_null == 5
    assert len(ours.per_query) == len(expected["per_query"])
    for got, want in zip(ours.per_query, expected["per_query"]):
        assert got["query"] == want["query"]
        for metric in ("Hits@10", "Hits@4", "MAP@10", "MRR@10"):
            assert got[metric] == pytest.approx(want[metric], abs=1e-12), (want["query"][:40], metric)
    for metric, value in expected["aggregate"].items():
        assert ours.aggregates[metric] == pytest.approx(value, abs=1e-12)
    # the numbers the README quotes
    assert round(ours.aggregates["MAP@10"], 5) == 0.20732 and round(ours.aggregates["MRR@10"], 5) == 0.32667


def _printed_blocks(stdout):
    """{"comparison_query": {"Precision": 0.27, ...}, "overall": {...}} from the script's printout."""
    blocks, current = {}, None
    for line in stdout:
        m = re.match(r"Question Type: (\S+)", line)
        if m:
            current = blocks.setdefault(m.group(1), {})
        elif line.startswith("Overall Metrics"):
            current = blocks.setdefault("overall", {})
        else:
            k, _, v = line.strip().partition(":")
            current[k.lower()] = float(v)
    return blocks


def test_qa_printed_metrics():
    expected = _printed_blocks(_load("qa_metrics_output.json")["stdout"])
    ours = multihop_qa(_load("qa_predictions_input.json"))
    assert list(ours) == list(expected)  # same question types, same order
    for qtype, want in expected.items():
        got = ours[qtype]
        assert f"{got['precision']:.2f}" == f"{want['precision']:.2f}"
        assert f"{got['recall']:.2f}" == f"{want['recall']:.2f}"
        assert f"{got['f1']:.2f}" == f"{want['f1 score']:.2f}"
        assert f"{got['accuracy']:.2f}" == f"{want['accuracy']:.2f}", qtype
