"""MIRAGE's EM (loose, strict), set-token F1 and adaptability metrics equal its scripts' output."""

import json
from pathlib import Path

import numpy as np
import pytest

from benchsmith.evaluation.generation import adaptability, mirage_em_loose, mirage_em_strict, mirage_set_f1

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference" / "mirage"

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"peer reference data not found at {DATA}")
SHOTS = {"base": "base", "oracle": "oracle", "top5": "synthretriever_top5"}


def load():
    return (json.loads((DATA / "generation_inputs.json").read_text()),
            json.loads((DATA / "generation_metrics_output.json").read_text()))


def test_em_f1_per_run_and_per_query_labels():
    inputs, ref = load()
    by_shot = {r["Given_shot"]: r for r in ref["LLM_result"]}
    for shot, key in SHOTS.items():
        rows = inputs[key]
        loose = [mirage_em_loose(r["model_predictions"], r["answer"]) for r in rows]
        strict = [mirage_em_strict(r["model_predictions"], r["answer"]) for r in rows]
        f1 = [mirage_set_f1(r["model_predictions"], r["answer"]) for r in rows]
        assert loose == ref["per_query_EM_labels"][key]
        assert round(float(np.mean(loose)), 5) == by_shot[shot]["EM_loose"]
        assert round(float(np.mean(strict)), 5) == by_shot[shot]["EM_strict"]
        assert round(float(np.mean(f1)), 5) == by_shot[shot]["F1_score"]


def test_adaptability_scores_and_counts():
    inputs, ref = load()
    labels = {k: [mirage_em_loose(r["model_predictions"], r["answer"]) for r in inputs[k]] for k in SHOTS.values()}
    result = adaptability(labels["base"], labels["oracle"], labels["synthretriever_top5"])
    expected = ref["Metrics"][0]
    names = {"noise_vulnerability": "noise_vulnerability", "context_acceptability": "context_acceptibility",
             "context_insensitivity": "context_insensitivity", "context_misinterpretation": "context_misinterpretation"}
    for ours, theirs in names.items():
        assert round(result.scores[ours], 5) == expected["Scores"][theirs]
    assert result.label_counts == expected["Counts"]["label_count"]
    assert [result.counts[m] for m in names] == [expected["Counts"]["metrics"][k] for k in ("nv", "ca", "ci", "cm")]
    assert result.total == expected["Counts"]["total"]
    assert round(result.mirage_total, 5) == -0.26  # "1. testllm / synthretriever / top5 : -0.26"


def test_cli_mirage_from_the_papers_own_files(tmp_path):
    from benchsmith.cli import main

    inputs, ref = load()
    paths = {}
    for name, key in (("base", "base"), ("oracle", "oracle"), ("mixed", "synthretriever_top5")):
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(inputs[key]))
    with pytest.raises(SystemExit) as exit_info:
        main(["evaluate", "mirage", "--base", str(paths["base"]), "--oracle", str(paths["oracle"]),
              "--mixed", str(paths["mixed"]), "--bootstrap", "50", "--out", str(tmp_path / "out")])
    assert exit_info.value.code in (0, None)
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    systems = {s["name"]: s for s in doc["systems"]}
    by_shot = {r["Given_shot"]: r for r in ref["LLM_result"]}
    for run, shot in (("base", "base"), ("oracle", "oracle"), ("mixed", "top5")):
        agg = systems[run]["aggregates"]
        assert round(agg["em_loose"]["mean"], 5) == by_shot[shot]["EM_loose"]
        assert round(agg["em_strict"]["mean"], 5) == by_shot[shot]["EM_strict"]
        assert round(agg["set_f1"]["mean"], 5) == by_shot[shot]["F1_score"]
    adapt = systems["adaptability (mixed)"]
    assert round(adapt["aggregates"]["noise_vulnerability"]["mean"], 5) == 0.25
    assert round(adapt["aggregates"]["context_acceptability"]["mean"], 5) == 0.37
    assert round(adapt["aggregates"]["context_insensitivity"]["mean"], 5) == 0.13
    assert round(adapt["aggregates"]["context_misinterpretation"]["mean"], 5) == 0.25
    assert adapt["label_counts_base_mixed_oracle"] == ref["Metrics"][0]["Counts"]["label_count"]
