"""mtRAG's algorithmic generation metrics on the official 10-task sample equal its script's output."""

import json
from pathlib import Path

import pytest

from benchsmith.evaluation.generation import (
    extractiveness_per_passage,
    rb_alg_combine,
    rouge_l,
    token_precision,
    token_recall,
)

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference" / "mtrag"

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"peer reference data not found at {DATA}")


def load():
    ref = json.loads((DATA / "algorithmic_metrics_output.json").read_text())
    rows = {r["task_id"]: r for r in ref["rows"]}
    tasks = [json.loads(line) for line in (DATA / "responses-10_input.jsonl").read_text().splitlines() if line.strip()]
    assert len(tasks) == len(rows) == 10
    return tasks, rows


def test_token_recall_rouge_l_k_precision_extractiveness_and_rb_agg_per_task():
    tasks, rows = load()
    for task in tasks:
        ref = rows[task["task_id"]]
        prediction, target = task["predictions"][0]["text"], task["targets"][0]["text"]
        recall = token_recall(prediction, target)
        rouge = rouge_l(prediction, target)
        assert recall == pytest.approx(ref["Recall"], abs=1e-15), task["task_id"]
        assert rouge == pytest.approx(ref["RougeL_stemFalse"], abs=1e-15), task["task_id"]
        assert token_precision(prediction, target) == pytest.approx(ref["k_prec_vs_target"], abs=1e-15)
        ours = extractiveness_per_passage(prediction, [c["text"] for c in task["contexts"]])
        assert ours == pytest.approx(ref["Extractiveness_RougeL_per_passage"], abs=1e-15), task["task_id"]
        # the reference ran without BERTScore: recall falls back to token recall, no Bert-K-Prec -> 0
        assert rb_alg_combine(rouge, token_recall=recall, bert_k_precisions=None) == \
            ref["RB_agg_using_Recall_fallback_and_no_BertKPrec"]


def test_cli_reads_the_sample_file_as_run_algorithmic_does(tmp_path):
    """The official sample goes through `evaluate generation` as it is: tasks, targets, contexts and predictions."""
    from benchsmith.cli import main

    tasks, rows = load()
    sample = DATA / "responses-10_input.jsonl"
    with pytest.raises(SystemExit) as exit_info:
        main(["evaluate", "generation", "-b", str(sample), "-p", str(sample),
              "-m", "recall,rouge_l,k_precision,extractiveness", "--bootstrap", "50", "--out", str(tmp_path / "out")])
    assert exit_info.value.code in (0, None)
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    per_item = doc["systems"][0]["per_item"]
    assert len(per_item) == len(rows) == 10
    for tid, ref in rows.items():
        ours = per_item[tid.replace("::", "<::>")]
        assert ours["recall"] == pytest.approx(ref["Recall"], abs=1e-15)
        assert ours["rouge_l"] == pytest.approx(ref["RougeL_stemFalse"], abs=1e-15)
        assert ours["k_precision"] == pytest.approx(ref["k_prec_vs_target"], abs=1e-15)
        per_passage = ref["Extractiveness_RougeL_per_passage"]
        assert ours["extractiveness"] == (pytest.approx(max(per_passage)) if per_passage else None)
