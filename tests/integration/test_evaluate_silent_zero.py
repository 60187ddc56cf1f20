"""Never a silent zero: every way a run or predictions file can fail to meet the benchmark stops with a
non-zero exit and a message naming what did not match, with an example id from each side."""

from __future__ import annotations

import json

import pytest

from benchsmith.cli import main


def cli(args, capsys):
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, " ".join(err.split())  # rich wraps long lines


@pytest.fixture
def beir(tmp_path):
    root = tmp_path / "beir"
    (root / "qrels").mkdir(parents=True)
    docs = {"d1": "Cats purr softly.", "d2": "Dogs bark loudly.", "d3": "Paris is in France."}
    (root / "corpus.jsonl").write_text("".join(json.dumps({"_id": k, "title": "", "text": v}) + "\n" for k, v in docs.items()))
    queries = {"q1": "cats purr", "q2": "paris france", "q3": "dogs bark"}
    (root / "queries.jsonl").write_text("".join(json.dumps({"_id": k, "text": v}) + "\n" for k, v in queries.items()))
    (root / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td3\t1\nq3\td2\t1\n")
    return root


def retrieval(root, run_text, tmp_path, capsys, *extra, name="run.trec"):
    run = tmp_path / name
    run.write_text(run_text)
    out = tmp_path / "out"
    code, stdout, err = cli(["evaluate", "retrieval", "-b", root, "-r", f"run:{run}", "--bootstrap", "20", "--no-html",
                             *extra, "--out", out], capsys)
    return code, err, out


@pytest.mark.parametrize("text, name", [("", "run.trec"), ("{}", "run.json"), ('{"q1": {}, "q2": {}}', "run.json")])
def test_empty_run_is_an_error_not_a_row_of_zeros(beir, tmp_path, capsys, text, name):
    code, err, out = retrieval(beir, text, tmp_path, capsys, name=name)
    assert code == 2 and "holds no retrieved passages" in err and not out.exists()


def test_run_query_ids_matching_nothing_name_both_sides(beir, tmp_path, capsys):
    code, err, out = retrieval(beir, "zz Q0 d1 1 1.0 x\n", tmp_path, capsys)
    assert code == 2 and "no query id of the run matches a benchmark query id" in err
    assert "run: e.g. 'zz'" in err and "benchmark: e.g. 'q1', 'q2', 'q3'" in err and not out.exists()


def test_passage_ids_of_another_id_level_are_an_error(beir, tmp_path, capsys):
    code, err, out = retrieval(beir, "q1 Q0 doc-9 1 1.0 x\nq2 Q0 doc-8 1 1.0 x\n", tmp_path, capsys)
    assert code == 2 and "no retrieved passage id is one the benchmark knows" in err
    assert "'doc-8'" in err and "'d1'" in err and not out.exists()


def test_partial_run_prints_and_records_coverage(beir, tmp_path, capsys):
    code, err, out = retrieval(beir, "q1 Q0 d1 1 1.0 x\nq9 Q0 d2 1 1.0 x\n", tmp_path, capsys)
    assert code == 0, err
    assert "1 of 3 benchmark queries matched" in err and "'q2', 'q3'" in err and "'q9'" in err
    system = json.loads((out / "results.json").read_text())["systems"][0]
    assert system["counts"]["run_coverage"] == {"matched": 1, "unknown_ids": 1, "missing_ids": 2,
                                                "unknown_examples": ["q9"], "missing_examples": ["q2", "q3"]}
    assert system["aggregates"]["nDCG@10"]["mean"] == pytest.approx(1 / 3)  # the unanswered ones count 0
    assert "1 of 3 benchmark queries matched" in (out / "report.md").read_text()


def test_benchmark_without_judgements_is_an_error(tmp_path, capsys):
    tasks = tmp_path / "tasks" / "govt_lastturn.jsonl"
    tasks.parent.mkdir()
    tasks.write_text('{"_id": "c1<::>1", "text": "|user|: where is it"}\n{"_id": "c1<::>2", "text": "|user|: and when"}\n')
    code, err, out = retrieval(tasks, '{"task_id": "c1::1", "contexts": [{"document_id": "p1", "score": 1}]}\n',
                               tmp_path, capsys, name="run.jsonl")
    assert code == 2 and "no benchmark query has relevance judgements" in err and "'c1<::>1'" in err
    assert "--qrels" in err and not out.exists()


def test_mtrag_metrics_with_no_run_task_in_the_qrels(tmp_path, capsys):
    folder = tmp_path / "govt"
    (folder / "qrels").mkdir(parents=True)
    (folder / "govt_lastturn.jsonl").write_text('{"_id": "c1<::>1", "text": "|user|: a"}\n{"_id": "c1<::>2", "text": "|user|: b"}\n')
    (folder / "qrels" / "dev.tsv").write_text("query-id\tcorpus-id\tscore\nc1<::>1\tp1\t1\n")
    code, err, out = retrieval(folder / "govt_lastturn.jsonl",
                               '{"task_id": "c1<::>2", "Collection": "govt", "contexts": [{"document_id": "p1", "score": 1}]}\n',
                               tmp_path, capsys, "--paper", "mtrag", name="run.jsonl")
    assert code == 2 and "mtRAG's metrics found no run task in the qrels" in err
    assert "run: e.g. 'c1<::>2'" in err and "judged: e.g. 'c1<::>1'" in err


def test_multihop_metrics_with_nothing_to_match_facts_against(tmp_path, capsys):
    bench = tmp_path / "MultiHopRAG.json"
    bench.write_text(json.dumps([{"query": "Who won?", "answer": "A", "question_type": "inference_query",
                                  "evidence_list": [{"fact": "A won the race.", "title": "T", "url": "http://x/1"}]}]))
    code, err, out = retrieval(bench, "mhr-0000 Q0 chunk-1 1 1.0 x\n", tmp_path, capsys, "--paper", "multihop-rag")
    assert code == 2 and "no retrieved passage has a text" in err and not out.exists()


def test_mirage_metrics_with_no_gold_in_the_pool(tmp_path, capsys):
    folder = tmp_path / "mirage"
    folder.mkdir()
    (folder / "dataset.json").write_text(json.dumps([{"query_id": "m1", "query": "q?", "answer": ["a"], "doc_name": "D", "num_doc_labels": 1}]))
    (folder / "doc_pool.json").write_text(json.dumps([{"mapped_id": "m1", "doc_name": "D", "doc_chunk": "text", "support": 0}]))
    run = json.dumps([{"query_id": "m1", "top_chunks": [{"mapped_id": "m1", "doc_name": "D", "doc_chunk": "text", "support": 0}]}])
    code, err, out = retrieval(folder, run, tmp_path, capsys, name="run.json")
    assert code == 2 and "MIRAGE's metrics found no retrieved query with a supporting chunk" in err and "'m1'" in err


def test_predictions_matching_no_query_name_both_sides(tmp_path, capsys):
    folder = tmp_path / "mirage"
    folder.mkdir()
    (folder / "dataset.json").write_text(json.dumps([{"query_id": f"m{i}", "query": f"question {i}?", "answer": ["a"],
                                                      "doc_name": "D", "num_doc_labels": 1} for i in range(3)]))
    preds = tmp_path / "preds.jsonl"
    preds.write_text('{"id": "x1", "answer": "a"}\n{"id": "x2", "answer": "a"}\n')
    code, _, err = cli(["evaluate", "generation", "-b", folder, "-p", preds, "-m", "em", "--out", tmp_path / "out"], capsys)
    assert code == 2 and "no prediction matches a benchmark query" in err
    assert "predictions: e.g. 'x1', 'x2'" in err and "benchmark: e.g. 'm0', 'm1', 'm2'" in err
    assert not (tmp_path / "out").exists()


def test_metric_with_nothing_to_score_is_an_error(tmp_path, capsys):
    folder = tmp_path / "mirage"
    folder.mkdir()
    (folder / "dataset.json").write_text(json.dumps([{"query_id": "m1", "query": "q?", "answer": ["a"], "doc_name": "D",
                                                      "num_doc_labels": 1}]))
    preds = tmp_path / "preds.jsonl"
    preds.write_text('{"id": "m1", "answer": "a"}\n')
    code, _, err = cli(["evaluate", "generation", "-b", folder, "-p", preds, "-m", "em,extractiveness",
                        "--contexts-from", "none", "--out", tmp_path / "out"], capsys)
    assert code == 2 and "nothing to score" in err and "extractiveness" in err and not (tmp_path / "out").exists()


def test_mirage_inference_folder_without_a_complete_set(tmp_path, capsys):
    folder = tmp_path / "Inference_result"
    folder.mkdir()
    (folder / "llm_base.json").write_text("[]")
    (folder / "llm_retr_top5.json").write_text("[]")
    code, _, err = cli(["evaluate", "mirage", "--inference-dir", folder, "--out", tmp_path / "out"], capsys)
    assert code == 2 and "no complete LLM_base.json + LLM_oracle.json" in err and "llm_base.json" in err


def test_mirage_runs_with_no_records(tmp_path, capsys):
    folder = tmp_path / "Inference_result"
    folder.mkdir()
    for name in ("llm_base", "llm_oracle", "llm_retr_top5"):
        (folder / f"{name}.json").write_text("[]")
    code, _, err = cli(["evaluate", "mirage", "--inference-dir", folder, "--out", tmp_path / "out"], capsys)
    assert code == 2 and "holds no predictions" in err and not (tmp_path / "out").exists()
