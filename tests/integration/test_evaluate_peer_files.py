"""The files each paper's own evaluation scripts read go straight through the CLI and give those scripts' numbers.

One test per evaluation script (and per row of issue 8's table), each on the peer's own file
shape from ../shared/data (skipped without it). Targets are in ../shared/data/reference.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from benchsmith.cli import main

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
REF = SHARED / "reference"
pytestmark = pytest.mark.skipif(not REF.is_dir(), reason=f"peer reference data not found at {REF} (../shared/data is absent)")

MTRAG_BM25 = {"nDCG@1": 0.20673, "nDCG@3": 0.19031, "nDCG@5": 0.20779, "nDCG@10": 0.25522,
              "Recall@1": 0.0774, "Recall@3": 0.16844, "Recall@5": 0.22305, "Recall@10": 0.33665}


def cli(args, capsys):
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, err


def results(out: Path) -> dict:
    return json.loads((out / "results.json").read_text())


def means(out: Path, system: int = 0) -> dict[str, float]:
    return {m: a["mean"] for m, a in results(out)["systems"][system]["aggregates"].items()}


@pytest.fixture
def govt_layout(tmp_path):
    """mtRAG's human/retrieval_tasks/<domain>/ layout: <domain>_lastturn.jsonl beside qrels/dev.tsv."""
    folder = tmp_path / "retrieval_tasks" / "govt"
    (folder / "qrels").mkdir(parents=True)
    shutil.copy(SHARED / "mtrag" / "clapnq_lastturn.jsonl", folder / "govt_lastturn.jsonl")
    shutil.copy(REF / "mtrag" / "clapnq_qrels_dev.tsv", folder / "qrels" / "dev.tsv")
    return folder


# --- mtRAG run_retrieval_eval.py -------------------------------------------------------------------------


def test_mtrag_retrieval_tasks_find_qrels_in_the_repository_layout(govt_layout, tmp_path, capsys):
    out = tmp_path / "out"
    code, stdout, err = cli(["evaluate", "retrieval", "-b", govt_layout / "govt_lastturn.jsonl",
                             "-r", f"run:{REF / 'mtrag' / 'bm25_clapnq_lastturn_run_input.jsonl'}", "--paper", "mtrag",
                             "--bootstrap", "20", "--no-html", "--out", out], capsys)
    assert code == 0, err
    got = means(out)
    for name, value in MTRAG_BM25.items():
        assert round(got[f"mtRAG {name}"], 5) == value, name
        assert round(got[name], 5) == value, name  # every run task is judged: the standard measures agree
    assert results(out)["settings"]["qrels"].endswith("qrels/dev.tsv")
    assert "mtRAG retrieval by collection" in stdout


def test_mtrag_qrels_option_and_the_papers_format_detected_without_flags(govt_layout, tmp_path, capsys):
    tasks = tmp_path / "elsewhere" / "tasks.jsonl"
    tasks.parent.mkdir()
    shutil.copy(govt_layout / "govt_lastturn.jsonl", tasks)
    run = f"run:{REF / 'mtrag' / 'bm25_clapnq_lastturn_run_input.jsonl'}"
    code, _, err = cli(["evaluate", "retrieval", "-b", tasks, "-r", run, "--bootstrap", "20", "--out", tmp_path / "o1"], capsys)
    assert code == 2 and "no benchmark query has relevance judgements" in err and "--qrels" in err
    code, _, err = cli(["evaluate", "retrieval", "-b", tasks, "-r", run, "--qrels", govt_layout / "qrels" / "dev.tsv",
                        "--bootstrap", "20", "--no-html", "--out", tmp_path / "o2"], capsys)
    assert code == 0, err
    assert round(means(tmp_path / "o2")["mtRAG nDCG@10"], 5) == MTRAG_BM25["nDCG@10"]  # --paper auto: mtRAG format


def test_mtrag_partial_run_reports_coverage_and_why_the_measures_disagree(govt_layout, tmp_path, capsys):
    """The constructed run covers 12 judged tasks and one task outside the benchmark."""
    ref = json.loads((REF / "mtrag" / "synthetic_run_metrics_output.json").read_text())["global"]
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "retrieval", "-b", govt_layout / "govt_lastturn.jsonl",
                        "-r", f"run:{REF / 'mtrag' / 'synthetic_run_input.jsonl'}", "--k", "1,3,5",
                        "--bootstrap", "20", "--no-html", "--out", out], capsys)
    assert code == 0, err
    got = means(out)
    for i, k in enumerate((1, 3, 5)):
        assert round(got[f"mtRAG nDCG@{k}"], 5) == ref["nDCG"][i]
        assert round(got[f"mtRAG Recall@{k}"], 5) == ref["Recall"][i]
    coverage = results(out)["systems"][0]["counts"]["run_coverage"]
    assert coverage["matched"] == 12 and coverage["unknown_ids"] == 1 and coverage["missing_ids"] == 196
    assert "12 of 208 benchmark queries matched" in " ".join(err.split())
    report = (out / "report.md").read_text()
    assert "the standard and mtRAG measures disagree" in report and "averages only over run tasks" in report


# --- MultiHop-RAG retrieval_evaluate.py and qa_evaluate.py ------------------------------------------------


def test_multihop_retrieval_result_file_is_benchmark_and_run(tmp_path, capsys):
    ref = json.loads((REF / "multihop_rag" / "retrieval_metrics_output.json").read_text())["aggregate"]
    path = REF / "multihop_rag" / "retrieval_run_input.json"
    out = tmp_path / "out"
    code, stdout, err = cli(["evaluate", "retrieval", "-b", path, "-r", f"run:{path}", "--paper", "multihop-rag",
                             "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    got = means(out)
    for name, value in ref.items():
        assert got[f"MultiHop-RAG {name}"] == pytest.approx(value, abs=1e-12), name
    # the chunks carry no ids, so the id-based standard measures are left out, and the report says why
    assert "nDCG@10" not in got and "standard measures left out" in " ".join(err.split())
    n_scored = json.loads((REF / "multihop_rag" / "retrieval_metrics_output.json").read_text())["n_scored"]
    assert results(out)["systems"][0]["counts"]["multihop_scored"] == n_scored == 40


def test_multihop_retrieval_file_without_any_flag(tmp_path, capsys):
    path = REF / "multihop_rag" / "retrieval_run_input.json"
    code, _, err = cli(["evaluate", "retrieval", "-b", path, "-r", f"run:{path}", "--bootstrap", "20",
                        "--no-html", "--out", tmp_path / "out"], capsys)
    assert code == 0, err
    assert round(means(tmp_path / "out")["MultiHop-RAG MAP@10"], 5) == 0.20732
    # asking the file to be searched says it holds results, not passages
    code, _, err = cli(["evaluate", "retrieval", "-b", path, "--out", tmp_path / "o2"], capsys)
    assert code == 2 and "run:" in err and "retrieval results" in err


def printed_qa():
    out, current = {}, None
    for line in json.loads((REF / "multihop_rag" / "qa_metrics_output.json").read_text())["stdout"]:
        m = re.match(r"Question Type: (\S+)", line)
        if m:
            current = out.setdefault(m.group(1), {})
        elif line.startswith("Overall Metrics"):
            current = out.setdefault("overall", {})
        else:
            name, value = line.strip().split(": ")
            current[name.lower().replace(" score", "")] = float(value)
    return out


def test_multihop_qa_output_as_qa_evaluate_reads_it(tmp_path, capsys):
    out = tmp_path / "out"
    code, stdout, err = cli(["evaluate", "generation", "-b", REF / "multihop_rag" / "qa_dataset_input.json",
                             "-p", REF / "multihop_rag" / "qa_predictions_input.json", "-m", "multihop_qa",
                             "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    table = next(t for t in results(out)["tables"] if t["title"].startswith("MultiHop-RAG QA"))
    rows = {r[0]: dict(zip(table["columns"], r)) for r in table["rows"]}
    expected = printed_qa()
    assert set(rows) == set(expected)
    for qtype, values in expected.items():
        for metric, value in values.items():
            assert f"{rows[qtype][metric]:.2f}" == f"{value:.2f}", (qtype, metric)
    assert "null_query" in stdout and "0.4455" in stdout  # the script's table is printed too


# --- mtRAG run_algorithmic.py and the judges' input --------------------------------------------------------


def test_mtrag_generation_file_with_predictions(tmp_path, capsys):
    rows = {r["task_id"]: r for r in json.loads((REF / "mtrag" / "algorithmic_metrics_output.json").read_text())["rows"]}
    sample = SHARED / "mtrag" / "official_sample_responses-10.jsonl"
    for args in (["-p", sample], []):  # the file's own predictions are used when -p is left out
        out = tmp_path / f"out{len(args)}"
        code, _, err = cli(["evaluate", "generation", "-b", sample, *args, "-m", "recall,rouge_l,extractiveness",
                            "--bootstrap", "20", "--out", out], capsys)
        assert code == 0, err
        per_item = results(out)["systems"][0]["per_item"]
        assert len(per_item) == 10
        for tid, ref in rows.items():
            ours = per_item[tid.replace("::", "<::>")]
            assert ours["recall"] == pytest.approx(ref["Recall"], abs=1e-15)
            assert ours["rouge_l"] == pytest.approx(ref["RougeL_stemFalse"], abs=1e-15)
            per_passage = ref["Extractiveness_RougeL_per_passage"]
            assert ours["extractiveness"] == (pytest.approx(max(per_passage)) if per_passage else None)


def test_mtrag_judge_scripts_input_goes_to_the_judges(tmp_path, capsys):
    """run_generation_eval.py feeds the same file to its LLM judges; here a scripted judge answers."""
    judge = tmp_path / "judge.json"
    judge.write_text(json.dumps({"rules": [], "default": {"explanation": "ok", "decision": "TRUE"}}))
    sample = SHARED / "mtrag" / "official_sample_responses-10.jsonl"
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "generation", "-b", sample, "-m", "autorater", "--judge", f"scripted/{judge}",
                        "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    system = results(out)["systems"][0]
    assert system["counts"]["autorater_scored"] == 10 and system["aggregates"]["autorater"]["mean"] == 1.0
    assert (out / ".llm-cache").is_dir() and not Path(".benchsmith-cache").exists()


# --- MIRAGE retrieval and generation evaluation -------------------------------------------------------------


@pytest.fixture
def mirage_layout(tmp_path):
    """MIRAGE's repository layout: mirage/dataset.json + doc_pool.json, Retrieval_result/, Inference_result/."""
    data = json.loads((REF / "mirage" / "retrieval_input_queries_and_pool.json").read_text())
    (tmp_path / "mirage").mkdir()
    (tmp_path / "mirage" / "dataset.json").write_text(json.dumps(data["queries"]))
    (tmp_path / "mirage" / "doc_pool.json").write_text(json.dumps(data["doc_pool"]))
    (tmp_path / "Retrieval_result").mkdir()
    shutil.copy(REF / "mirage" / "retrieval_run_input.json", tmp_path / "Retrieval_result" / "synthretriever_top5.json")
    inference = tmp_path / "Inference_result"
    inference.mkdir()
    runs = json.loads((REF / "mirage" / "generation_inputs.json").read_text())
    for name, key in (("testllm_base", "base"), ("testllm_oracle", "oracle"), ("testllm_synthretriever_top5", "synthretriever_top5")):
        (inference / f"{name}.json").write_text(json.dumps(runs[key]))
    (inference / "testllm_base_eval.json").write_text("[]")  # the evaluator's own output: skipped, as it skips it
    return tmp_path


def test_mirage_retrieval_result_folder(mirage_layout, tmp_path, capsys):
    ref = json.loads((REF / "mirage" / "retrieval_metrics_output.json").read_text())["aggregate"][0]["Average_results"]
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "retrieval", "-b", mirage_layout / "mirage", "-r", f"run:{mirage_layout / 'Retrieval_result'}",
                        "--bootstrap", "20", "--no-html", "--out", out], capsys)
    assert code == 0, err
    got = means(out)
    short = {"precision": "P", "recall": "R", "F1": "F1", "NDCG": "NDCG"}
    for k, values in ref.items():
        for metric, value in values.items():
            assert f"{got[f'MIRAGE {short[metric]}@{k}']:.5f}" == value, (k, metric)
    assert results(out)["systems"][0]["name"] == "run:synthretriever_top5.json"


def test_mirage_inference_result_folder(mirage_layout, tmp_path, capsys):
    ref = json.loads((REF / "mirage" / "generation_metrics_output.json").read_text())
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "mirage", "--inference-dir", mirage_layout / "Inference_result", "--bootstrap", "20",
                        "--out", out], capsys)
    assert code == 0, err
    systems = {s["name"]: s for s in results(out)["systems"]}
    by_shot = {r["Given_shot"]: r for r in ref["LLM_result"]}
    for run, shot in (("base", "base"), ("oracle", "oracle"), ("mixed", "top5")):
        agg = systems[run]["aggregates"]
        assert round(agg["em_loose"]["mean"], 5) == by_shot[shot]["EM_loose"]
        assert round(agg["em_strict"]["mean"], 5) == by_shot[shot]["EM_strict"]
        assert round(agg["set_f1"]["mean"], 5) == by_shot[shot]["F1_score"]
    scores = ref["Metrics"][0]["Scores"]
    adapt = systems["adaptability (mixed)"]["aggregates"]
    assert round(adapt["noise_vulnerability"]["mean"], 5) == scores["noise_vulnerability"]
    assert round(adapt["context_acceptability"]["mean"], 5) == scores["context_acceptibility"]


def test_mirage_inference_file_through_evaluate_generation(mirage_layout, tmp_path, capsys):
    ref = {r["Given_shot"]: r for r in json.loads((REF / "mirage" / "generation_metrics_output.json").read_text())["LLM_result"]}
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "generation", "-b", mirage_layout / "mirage",
                        "-p", mirage_layout / "Inference_result" / "testllm_oracle.json", "-m", "em_loose,em_strict,set_f1",
                        "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    got = means(out)
    assert round(got["em_loose"], 5) == ref["oracle"]["EM_loose"] and round(got["set_f1"], 5) == ref["oracle"]["F1_score"]


# --- FRAMES: test.tsv / JSONL with the model's answers -------------------------------------------------------


def frames_rows():
    return [json.loads(line) for line in (SHARED / "frames" / "frames_subset_first100.jsonl").read_text().splitlines() if line.strip()]


def test_frames_tsv_with_a_model_answer_column(tmp_path, capsys):
    rows = frames_rows()[:20]
    tsv = tmp_path / "frames_answers.tsv"
    header = ["", "Prompt", "Answer", "wiki_links", "reasoning_types", "model_answer"]
    lines = ["\t".join(header)]
    for i, r in enumerate(rows):  # the first 5 answered right, the rest wrong
        answer = r["Answer"] if i < 5 else "I do not know"
        lines.append("\t".join([str(i), r["Prompt"].strip(), r["Answer"], r["wiki_links"], r["reasoning_types"], answer]))
    tsv.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "generation", "-b", tsv, "-m", "em,contains", "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    got = means(out)
    assert got["em"] == pytest.approx(5 / 20) and got["contains"] == pytest.approx(5 / 20)
    # the same answers as a JSONL beside the original questions, matched by unique_id
    jsonl = tmp_path / "answers.jsonl"
    jsonl.write_text("".join(json.dumps({"unique_id": r["unique_id"], "model_answer": r["Answer"]}) + "\n" for r in rows[:10]))
    bench = tmp_path / "frames.jsonl"
    bench.write_text("".join(json.dumps(r) + "\n" for r in rows[:10]))
    code, _, err = cli(["evaluate", "generation", "-b", bench, "-p", jsonl, "-m", "em", "--bootstrap", "20",
                        "--out", tmp_path / "o2"], capsys)
    assert code == 0, err
    assert means(tmp_path / "o2")["em"] == 1.0


def test_mtrag_retrieval_tasks_folder_of_domains(tmp_path, capsys):
    """human/retrieval_tasks/ as a whole: each domain's tasks with its own qrels/dev.tsv."""
    root = tmp_path / "retrieval_tasks"
    (root / "clapnq" / "qrels").mkdir(parents=True)
    shutil.copy(SHARED / "mtrag" / "clapnq_lastturn.jsonl", root / "clapnq" / "clapnq_lastturn.jsonl")
    shutil.copy(SHARED / "mtrag" / "clapnq_rewrite.jsonl", root / "clapnq" / "clapnq_rewrite.jsonl")
    shutil.copy(REF / "mtrag" / "clapnq_qrels_dev.tsv", root / "clapnq" / "qrels" / "dev.tsv")
    (root / "govt" / "qrels").mkdir(parents=True)
    (root / "govt" / "govt_lastturn.jsonl").write_text('{"_id": "g1<::>1", "text": "|user|: a"}\n{"_id": "g1<::>2", "text": "|user|: b"}\n')
    (root / "govt" / "qrels" / "dev.tsv").write_text("query-id\tcorpus-id\tscore\ng1<::>1\tp1\t1\ng1<::>2\tp2\t1\n")
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "retrieval", "-b", root, "-r", f"run:{REF / 'mtrag' / 'bm25_clapnq_lastturn_run_input.jsonl'}",
                        "--bootstrap", "20", "--no-html", "--out", out], capsys)
    assert code == 0, err
    got = means(out)
    for name, value in MTRAG_BM25.items():
        assert round(got[f"mtRAG {name}"], 5) == value, name
    doc = results(out)
    assert doc["benchmark"]["n_queries"] == 210 and doc["systems"][0]["counts"]["run_coverage"]["missing_ids"] == 2
    assert got["nDCG@10"] < got["mtRAG nDCG@10"]  # the two govt tasks the run lacks count 0 in the standard mean
    assert "the standard and mtRAG measures disagree" in (out / "report.md").read_text()


def test_multihop_qa_output_alone_as_the_newer_qa_evaluate_reads_it(tmp_path, capsys):
    """qa_evaluate.py takes gold_answer from the QA output itself (MultiHopRAG.json only as a fallback)."""
    qa_output = tmp_path / "hybrid_qwen.json"
    records = json.loads((REF / "multihop_rag" / "qa_predictions_input.json").read_text())
    qa_output.write_text(json.dumps([{**r, "prompt": "Below is a question..."} for r in records]))
    out = tmp_path / "out"
    code, _, err = cli(["evaluate", "generation", "-b", qa_output, "-m", "multihop_qa", "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    table = next(t for t in results(out)["tables"] if t["title"].startswith("MultiHop-RAG QA"))
    overall = dict(zip(table["columns"], table["rows"][-1]))
    assert overall["question_type"] == "overall" and f"{overall['precision']:.2f}" == f"{printed_qa()['overall']['precision']:.2f}"


def test_frames_answers_in_a_column_of_any_name(tmp_path, capsys):
    rows = frames_rows()[:4]
    tsv = tmp_path / "frames.tsv"
    lines = ["\t".join(["Prompt", "Answer", "wiki_links", "reasoning_types", "Gemini Answer"])]
    lines += ["\t".join([r["Prompt"].strip(), r["Answer"], r["wiki_links"], r["reasoning_types"], r["Answer"]]) for r in rows]
    tsv.write_text("\n".join(lines) + "\n")
    code, _, err = cli(["evaluate", "generation", "-b", tsv, "-p", tsv, "-m", "em", "--out", tmp_path / "o1"], capsys)
    assert code == 2 and "missing or invalid 'answer'" in err and "--answer-field" in err and ":2" in err
    code, _, err = cli(["evaluate", "generation", "-b", tsv, "--answer-field", "Gemini Answer", "-m", "em",
                        "--bootstrap", "20", "--out", tmp_path / "o2"], capsys)
    assert code == 0, err
    assert means(tmp_path / "o2")["em"] == 1.0


def test_mirage_inference_folder_with_two_models(mirage_layout, tmp_path, capsys):
    """MIRAGE's Metrics evaluates every LLM / retriever set it finds: so do we, one group of rows each."""
    inference = mirage_layout / "Inference_result"
    for name in ("base", "oracle", "synthretriever_top5"):
        shutil.copy(inference / f"testllm_{name}.json", inference / f"otherllm_{name}.json")
    out = tmp_path / "out"
    code, stdout, err = cli(["evaluate", "mirage", "--inference-dir", inference, "--bootstrap", "20", "--out", out], capsys)
    assert code == 0, err
    systems = {s["name"]: s for s in results(out)["systems"]}
    assert len(systems) == 8
    for llm in ("otherllm", "testllm"):
        adapt = systems[f"{llm} / synthretriever_top5: adaptability (mixed)"]["aggregates"]
        assert round(adapt["noise_vulnerability"]["mean"], 5) == 0.25
        assert round(systems[f"{llm} / synthretriever_top5: oracle"]["aggregates"]["em_loose"]["mean"], 5) == 0.62
