"""Run files: every shape, duplicates collapsed to the best score, errors with file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.importers import load_run, write_trec_run
from benchsmith.evaluation.importers.qrels import load_qrels, write_trec_qrels
from benchsmith.retrieval.runs import canonical_task_id, mirage_chunk_id, text_passage_id


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_trec_run_with_duplicates_keeps_first_rank_score(tmp_path):
    path = write(tmp_path / "run.trec", "q1 Q0 d1 1 9.5 sys\nq1 Q0 d2 2 7.0 sys\nq1 Q0 d1 3 1.0 sys\n\nq2 Q0 d3 1 0.5 sys\n")
    assert load_run(path) == {"q1": {"d1": 9.5, "d2": 7.0}, "q2": {"d3": 0.5}}


@pytest.mark.parametrize(
    ("line", "message"),
    [("q1 Q0 d1 1 sys", "6 columns"), ("q1 Q0 d1 one 1.0 sys", "rank"), ("q1 Q0 d1 1 high sys", "score"), ("q1 Q0 d1 1 nan sys", "NaN")],
)
def test_trec_run_bad_line_names_line(tmp_path, line, message):
    path = write(tmp_path / "run.trec", f"q0 Q0 d0 1 1.0 sys\n{line}\n")
    with pytest.raises(InputError, match=message) as err:
        load_run(path)
    assert err.value.line == 2 and err.value.path == str(path)


def test_json_dict_run(tmp_path):
    path = write(tmp_path / "run.json", json.dumps({"q1": {"d1": 1, "d2": 0.5}, "c::2": {}}))
    assert load_run(path) == {"q1": {"d1": 1.0, "d2": 0.5}, "c<::>2": {}}


def test_json_dict_run_bad_score(tmp_path):
    path = write(tmp_path / "run.json", json.dumps({"q1": {"d1": "x"}}))
    with pytest.raises(InputError, match="not a number"):
        load_run(path)


def test_mtrag_jsonl_run_canonical_ids_and_duplicates(tmp_path):
    rows = [
        {"task_id": "c1::1", "Collection": "x", "contexts": [{"document_id": "p1", "score": 3.0}, {"document_id": "p2", "score": 2.0}, {"document_id": "p1", "score": 1.0}]},
        {"task_id": "c1<::>2", "contexts": []},
    ]
    path = write(tmp_path / "run.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    assert load_run(path) == {"c1<::>1": {"p1": 3.0, "p2": 2.0}, "c1<::>2": {}}


def test_mtrag_jsonl_run_bad_line(tmp_path):
    path = write(tmp_path / "run.jsonl", json.dumps({"task_id": "a", "contexts": []}) + "\n" + json.dumps({"contexts": []}) + "\n")
    with pytest.raises(InputError) as err:
        load_run(path)
    assert err.value.line == 2


def test_mirage_run_uses_pool_chunk_ids(tmp_path):
    rows = [{"query_id": "q1", "top_chunks": [{"mapped_id": "q1", "doc_name": "D", "doc_chunk": "gold", "support": 1}, {"mapped_id": "q2", "doc_name": "E", "doc_chunk": "other", "support": 0}]}]
    run = load_run(write(tmp_path / "run.json", json.dumps(rows)))
    ranking = sorted(run["q1"].items(), key=lambda kv: -kv[1])
    assert [pid for pid, _ in ranking] == [mirage_chunk_id("q1", "gold"), mirage_chunk_id("q2", "other")]


def test_multihop_rag_run_keyed_by_text_or_given_ids(tmp_path):
    rows = [{"query": "Q?", "answer": "a", "question_type": "inference_query", "retrieval_list": [{"text": "chunk one", "score": 0.9}, {"text": "chunk two", "score": 0.8}]}]
    path = write(tmp_path / "run.json", json.dumps(rows))
    assert load_run(path) == {"Q?": {text_passage_id("chunk one"): 0.9, text_passage_id("chunk two"): 0.8}}
    assert list(load_run(path, query_ids={"Q?": "mhr-0003"})) == ["mhr-0003"]


def test_unknown_json_record(tmp_path):
    with pytest.raises(InputError, match="unknown run record") as err:
        load_run(write(tmp_path / "run.json", json.dumps([{"foo": 1}])))
    assert err.value.json_path == "$[0]"


def test_write_then_read_trec_run_round_trips(tmp_path):
    run = {"q2": {"b": 0.25, "a": 0.25, "c": 3.0}, "q1": {"x": 1.0}}
    path = tmp_path / "out" / "run.trec"
    write_trec_run(path, run, tag="bm25")
    lines = path.read_text().splitlines()
    assert lines[0] == "q1 Q0 x 1 1.0 bm25"
    assert [ln.split()[2] for ln in lines[1:]] == ["c", "a", "b"]  # ties broken by id
    assert [ln.split()[3] for ln in lines[1:]] == ["1", "2", "3"]
    assert load_run(path) == run


def test_write_trec_run_rejects_whitespace_and_leaves_nothing(tmp_path):
    path = tmp_path / "run.trec"
    with pytest.raises(InputError):
        write_trec_run(path, {"q 1": {"d": 1.0}}, tag="x")
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_qrels_trec_and_beir(tmp_path):
    trec = write(tmp_path / "a.txt", "q1 0 d1 1\nq1 0 d2 0\nq2 0 d1 2\n")
    beir = write(tmp_path / "b.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t0\nq2\td1\t2\n")
    assert load_qrels(trec) == load_qrels(beir) == {"q1": {"d1": 1, "d2": 0}, "q2": {"d1": 2}}
    write_trec_qrels(tmp_path / "c.txt", load_qrels(trec))
    assert load_qrels(tmp_path / "c.txt") == load_qrels(trec)
    with pytest.raises(InputError) as err:
        load_qrels(write(tmp_path / "bad.tsv", "q1 d1\n"))
    assert err.value.line == 1


def test_canonical_task_id():
    assert canonical_task_id("abc::3") == canonical_task_id("abc<::>3") == "abc<::>3"
    assert canonical_task_id("plain") == "plain"
