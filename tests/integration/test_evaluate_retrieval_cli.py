"""`benchsmith evaluate retrieval` and `benchsmith compare` end to end."""

import json
import math
from pathlib import Path

import pytest

from benchsmith.cli import main

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
REF = SHARED / "reference"


def _cli(args, capsys):
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def beir(tmp_path):
    root = tmp_path / "beir"
    (root / "qrels").mkdir(parents=True)
    docs = {"d1": "Cats purr softly.", "d2": "Dogs bark loudly.", "d3": "Paris is in France.", "d4": "Rome is in Italy."}
    (root / "corpus.jsonl").write_text("".join(json.dumps({"_id": k, "title": "", "text": v}) + "\n" for k, v in docs.items()))
    queries = {"q1": "cats purr", "q2": "paris france", "q3": "dogs bark", "q4": "madrid"}
    (root / "queries.jsonl").write_text("".join(json.dumps({"_id": k, "text": v}) + "\n" for k, v in queries.items()))
    # q4 has only a non-relevant judgement: excluded from retrieval metrics
    (root / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td3\t1\nq3\td2\t1\nq4\td4\t0\n")
    good = tmp_path / "good.trec"
    good.write_text("q1 Q0 d1 1 3.0 x\nq1 Q0 d2 2 2.0 x\nq2 Q0 d4 1 5.0 x\nq2 Q0 d3 2 4.0 x\nq4 Q0 d4 1 1.0 x\n")
    bad = tmp_path / "bad.trec"
    bad.write_text("q1 Q0 d2 1 3.0 x\nq2 Q0 d4 1 5.0 x\nq3 Q0 d1 1 1.0 x\n")
    return root, good, bad


def test_run_files_scored_and_reports_written(beir, tmp_path, capsys):
    root, good, bad = beir
    out = tmp_path / "out"
    code, stdout, stderr = _cli(
        ["evaluate", "retrieval", "--benchmark", str(root), "-r", f"run:{good}", "-r", f"run:{bad}",
         "--k", "1,2", "--measures", "P@1,MRR@2,Recall@2,F1@2", "--bootstrap", "200", "--out", str(out)],
        capsys,
    )
    assert code == 0, stderr
    assert "run:good.trec" in stdout and "run:bad.trec" in stdout and "P@1" in stdout
    doc = json.loads((out / "results.json").read_text())
    good_sys, bad_sys = doc["systems"]
    assert good_sys["name"] == "run:good.trec"
    # q1: hit at 1; q2: hit at 2; q3: empty run -> 0; q4: excluded (no relevant id)
    assert good_sys["per_item"]["q1"] == {"P@1": 1.0, "MRR@2": 1.0, "Recall@2": 1.0, "F1@2": pytest.approx(2 / 3)}
    assert good_sys["per_item"]["q2"]["MRR@2"] == 0.5 and good_sys["per_item"]["q3"]["P@1"] == 0.0
    assert "q4" not in good_sys["per_item"]
    assert good_sys["counts"]["excluded_no_relevant"] == 1 and good_sys["counts"]["empty_run"] == 1
    assert good_sys["aggregates"]["MRR@2"]["mean"] == pytest.approx(0.5)
    assert bad_sys["aggregates"]["P@1"]["mean"] == 0.0
    assert doc["settings"]["measures"] == ["P@1", "MRR@2", "Recall@2", "F1@2"]
    assert doc["benchmark"]["n_queries"] >= 3 and doc["versions"]["pytrec_eval"]
    assert (out / "report.md").read_text().count("| run:") >= 2
    assert "<svg" in (out / "report.html").read_text()

    # compare the two systems of this file, then against themselves
    code, stdout, stderr = _cli(
        ["compare", str(out), str(out), "--system-a", "run:good.trec", "--system-b", "run:bad.trec",
         "--metric", "MRR@2", "--out", str(tmp_path / "cmp.json")],
        capsys,
    )
    assert code == 0, stderr
    cmp = json.loads((tmp_path / "cmp.json").read_text())
    (row,) = cmp["rows"]
    assert row["metric"] == "MRR@2" and row["n"] == 3
    assert row["diff"] == pytest.approx(0.5) and 0 <= row["p_value"] <= 1
    assert "MRR@2" in stdout

    # a different query set for the same benchmark is refused
    doc["systems"][1]["per_item"].pop("q3")
    other = tmp_path / "other.json"
    other.write_text(json.dumps(doc))
    code, _, stderr = _cli(["compare", str(out), str(other), "--system-b", "run:bad.trec"], capsys)
    assert code == 2 and "different items" in stderr

    # results on another benchmark are refused
    doc["benchmark"]["hash"] = "sha256:other"
    other.write_text(json.dumps(doc))
    code, _, stderr = _cli(["compare", str(out), str(other)], capsys)
    assert code == 2 and "different benchmarks" in stderr


def test_bad_input_exits_2_and_writes_nothing(beir, tmp_path, capsys):
    root, good, _ = beir
    out = tmp_path / "out"
    code, _, stderr = _cli(["evaluate", "retrieval", "-b", str(root), "-r", f"run:{good}", "--measures", "Foo@3", "--out", str(out)], capsys)
    assert code == 2 and "Foo" in stderr
    code, _, stderr = _cli(["evaluate", "retrieval", "-b", str(root), "-r", f"run:{good}", "--k", "0,x", "--out", str(out)], capsys)
    assert code == 2 and "--k" in stderr
    stray = tmp_path / "stray.trec"
    stray.write_text("zz Q0 d1 1 1.0 x\n")
    code, _, stderr = _cli(["evaluate", "retrieval", "-b", str(root), "-r", f"run:{stray}", "--out", str(out)], capsys)
    assert code == 2 and "no query id" in stderr
    code, _, stderr = _cli(["evaluate", "retrieval", "-b", str(root), "-r", f"run:{good}", "--paper", "nope", "--out", str(out)], capsys)
    assert code == 2 and "--paper" in stderr
    assert not out.exists()


def test_bm25_retriever_end_to_end(beir, tmp_path, capsys):
    root, _, _ = beir
    out = tmp_path / "out"
    code, stdout, stderr = _cli(
        ["evaluate", "retrieval", "-b", str(root), "-r", "bm25", "--k", "1,3", "--no-html", "--bootstrap", "100", "--out", str(out)],
        capsys,
    )
    assert code == 0, stderr
    system = json.loads((out / "results.json").read_text())["systems"][0]
    assert system["name"] == "bm25" and set(system["per_item"]) == {"q1", "q2", "q3"}
    assert system["aggregates"]["nDCG@3"]["mean"] > 0  # lexical overlap finds at least one
    assert not (out / "report.html").exists()


needs_ref = pytest.mark.skipif(not REF.is_dir(), reason=f"reference data not found at {REF} (../shared/data is absent)")


@needs_ref
@pytest.mark.parametrize(
    "benchmark,fmt,run,paper,expected",
    [
        (SHARED / "mtrag" / "clapnq_lastturn.jsonl", "auto", REF / "mtrag" / "bm25_clapnq_lastturn_run_input.jsonl", "mtrag",
         {"mtRAG nDCG@1": 0.20673, "mtRAG nDCG@3": 0.19031, "mtRAG nDCG@5": 0.20779, "mtRAG nDCG@10": 0.25522,
          "mtRAG Recall@1": 0.0774, "mtRAG Recall@3": 0.16844, "mtRAG Recall@5": 0.22305, "mtRAG Recall@10": 0.33665,
          "nDCG@10": 0.25522, "Recall@10": 0.33665}),
        (REF / "multihop_rag" / "qa_dataset_input.json", "auto", REF / "multihop_rag" / "retrieval_run_input.json", "multihop-rag",
         {"MultiHop-RAG Hits@10": 0.8, "MultiHop-RAG Hits@4": 0.4, "MultiHop-RAG MAP@10": 0.20732, "MultiHop-RAG MRR@10": 0.32667}),
        (REF / "mirage" / "retrieval_input_queries_and_pool.json", "mirage", REF / "mirage" / "retrieval_run_input.json", "mirage",
         {"MIRAGE P@1": 0.2, "MIRAGE R@1": 0.1225, "MIRAGE F1@1": 0.13919, "MIRAGE NDCG@1": 0.2,
          "MIRAGE P@3": 0.21333, "MIRAGE R@3": 0.29433, "MIRAGE F1@3": 0.21827, "MIRAGE NDCG@3": 0.33557,
          "MIRAGE P@5": 0.234, "MIRAGE R@5": 0.53183, "MIRAGE F1@5": 0.28776, "MIRAGE NDCG@5": 0.49018}),
    ],
    ids=["mtrag", "multihop-rag", "mirage"],
)
def test_paper_numbers_through_the_cli(benchmark, fmt, run, paper, expected, tmp_path, capsys):
    if not benchmark.exists():
        pytest.skip(f"{benchmark} is absent")
    out = tmp_path / "out"
    code, _, stderr = _cli(
        ["evaluate", "retrieval", "-b", str(benchmark), "--format", fmt, "-r", f"run:{run}", "--paper", paper,
         "--k", "1,3,5,10", "--no-html", "--bootstrap", "50", "--out", str(out)],
        capsys,
    )
    assert code == 0, stderr
    aggregates = json.loads((out / "results.json").read_text())["systems"][0]["aggregates"]
    for metric, value in expected.items():
        assert math.isclose(round(aggregates[metric]["mean"], 5), value, abs_tol=1e-12), (metric, aggregates[metric])


def test_zero_bootstrap_resamples_are_refused_before_any_work(beir, tmp_path, capsys):
    root, good, _ = beir
    out = tmp_path / "out"
    code, _, stderr = _cli(["evaluate", "retrieval", "--benchmark", str(root), "-r", f"run:{good}",
                            "--bootstrap", "0", "--out", str(out)], capsys)
    assert code == 2 and "--bootstrap" in stderr and not out.exists()


def test_unknown_query_mode_is_refused_before_indexing(beir, tmp_path, capsys):
    root, _, _ = beir
    code, _, stderr = _cli(["evaluate", "retrieval", "--benchmark", str(root), "-r", "bm25",
                            "--query-mode", "nope", "--out", str(tmp_path / "out")], capsys)
    assert code == 2 and "--query-mode" in stderr and not (tmp_path / "out").exists()
