"""MultiHop-RAG's QA metrics (official qa_evaluate.py output) through paper_multihop and our CLI table."""

import json
import re
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference" / "multihop_rag"

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"peer reference data not found at {DATA}")


def printed():
    """{question type or "overall": {metric: value}} from the script's stdout (2 decimals)."""
    out, current = {}, None
    for line in json.loads((DATA / "qa_metrics_output.json").read_text())["stdout"]:
        m = re.match(r"Question Type: (\S+)", line)
        if m:
            current = out.setdefault(m.group(1), {})
        elif line.startswith("Overall Metrics"):
            current = out.setdefault("overall", {})
        else:
            name, value = line.strip().split(": ")
            current[name.lower().replace(" score", "")] = float(value)
    return out


def test_cli_multihop_table_matches_printed_numbers(tmp_path):
    from benchsmith.cli import main
    from benchsmith.evaluation.importers import load_benchmark

    bench = load_benchmark(DATA / "qa_dataset_input.json", format="multihop-rag")
    ids = {q.question: q.query_id for q in bench.queries}
    preds = json.loads((DATA / "qa_predictions_input.json").read_text())
    path = tmp_path / "preds.jsonl"
    path.write_text("".join(json.dumps({"id": ids[p["query"]], "answer": p["model_answer"]}) + "\n" for p in preds))
    with pytest.raises(SystemExit) as exit_info:
        main(["evaluate", "generation", "-b", str(DATA / "qa_dataset_input.json"), "-f", "multihop-rag",
              "-p", str(path), "-m", "multihop_qa", "--bootstrap", "50", "--out", str(tmp_path / "out")])
    assert exit_info.value.code in (0, None)
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    table = next(t for t in doc["tables"] if t["title"].startswith("MultiHop-RAG QA"))
    rows = {r[0]: dict(zip(table["columns"], r)) for r in table["rows"]}
    expected = printed()
    assert set(rows) == set(expected)
    for qtype, values in expected.items():
        for metric, value in values.items():
            assert f"{rows[qtype][metric]:.2f}" == f"{value:.2f}", (qtype, metric)
