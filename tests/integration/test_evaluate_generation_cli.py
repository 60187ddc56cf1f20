"""`benchsmith evaluate generation` and `evaluate mirage` end to end on a tiny MIRAGE-format benchmark."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from benchsmith.cli import main

QUERIES = [
    ("q1", "When was the Harbor City lighthouse built?", ["1871"],
     "The Harbor City lighthouse was built in 1871 by the port authority."),
    ("q2", "Where does the ferry to Gull Island leave from?", ["Pier 4"],
     "Harbor City's ferry to Gull Island leaves every hour from Pier 4."),
    ("q3", "What nests on the cliffs of Gull Island?", ["puffins", "puffin"],
     "Gull Island has a colony of puffins that nest on its cliffs."),
]
NOISE = ["The city library opened a maker space with 3D printers in 2021.",
         "A bakery on Main Street sells rye bread on Sundays."]


@pytest.fixture
def bench(tmp_path):
    folder = tmp_path / "mirage"
    folder.mkdir()
    (folder / "dataset.json").write_text(json.dumps([
        {"query_id": q, "query": text, "answer": ans, "doc_name": q, "num_doc_labels": 1} for q, text, ans, _ in QUERIES]))
    pool = []
    for q, _, _, gold in QUERIES:
        pool.append({"mapped_id": q, "doc_name": q, "doc_chunk": gold, "support": 1})
        pool += [{"mapped_id": q, "doc_name": "noise", "doc_chunk": f"{n} ({q})", "support": 0} for n in NOISE]
    (folder / "doc_pool.json").write_text(json.dumps(pool))
    return folder


def scripts(tmp_path):
    rag = tmp_path / "rag.json"
    rag.write_text(json.dumps({"rules": [
        {"match": "Question: When was the Harbor City lighthouse[\\s\\S]*1871", "response": "It was built in 1871."},
        {"match": "Question: Where does the ferry[\\s\\S]*Pier 4", "response": "From Pier 4."},
        {"match": "Question: What nests", "response": "Seagulls."},
    ], "default": "I am not sure."}))
    judge = tmp_path / "judge.json"
    judge.write_text(json.dumps({"rules": [
        {"match": "Model's answer: (It was built in 1871|From Pier 4)", "response": {"explanation": "ok", "decision": "TRUE"}},
    ], "default": {"explanation": "no", "decision": "FALSE"}}))
    return rag, judge


def run(args):
    with pytest.raises(SystemExit) as info:
        main(args)
    return info.value.code or 0


def test_system_with_preset_and_judge_writes_reports(bench, tmp_path):
    rag, judge = scripts(tmp_path)
    out = tmp_path / "out"
    code = run(["evaluate", "generation", "-b", str(bench), "--system", f"bm25+scripted/{rag}", "--preset", "mirage-mixed",
                "-m", "em_loose,contains,f1,rouge_l,autorater", "--judge", f"scripted/{judge}",
                "--cache-dir", str(tmp_path / "cache"), "--bootstrap", "50", "--out", str(out)])
    assert code == 0
    for name in ("results.json", "report.md", "report.html", "predictions.jsonl", "llm_usage.jsonl"):
        assert (out / name).is_file(), name
    doc = json.loads((out / "results.json").read_text())
    system = doc["systems"][0]
    assert system["per_item"]["q1"]["em_loose"] == 1.0 and system["per_item"]["q3"]["em_loose"] == 0.0
    assert system["per_item"]["q1"]["autorater"] == 1.0 and system["per_item"]["q3"]["autorater"] == 0.0
    assert system["aggregates"]["autorater"]["mean"] == pytest.approx(2 / 3)
    assert doc["settings"]["preset"] == "mirage-mixed" and doc["settings"]["judges"] == [f"scripted/{judge}"]
    preds = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert len(preds) == 3 and len(preds[0]["contexts"]) == 5     # mirage-mixed: top-5 of the whole pool
    assert "autorater" in (out / "report.md").read_text()


def test_endpoint_system(bench, tmp_path):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            answer = {"q1": "1871", "q2": "Pier 4", "q3": "gulls"}[body["id"]]
            data = json.dumps({"answer": answer, "contexts": [{"id": "x", "text": answer}]}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        out = tmp_path / "out"
        code = run(["evaluate", "generation", "-b", str(bench), "--endpoint", f"http://127.0.0.1:{httpd.server_address[1]}/",
                    "-m", "em,extractiveness", "--bootstrap", "20", "--out", str(out)])
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert code == 0
    doc = json.loads((out / "results.json").read_text())
    per_item = doc["systems"][0]["per_item"]
    assert [per_item[q]["em"] for q in ("q1", "q2", "q3")] == [1.0, 1.0, 0.0]
    assert per_item["q1"]["extractiveness"] == 1.0       # the endpoint's own contexts are used
    assert doc["settings"]["system"] == "endpoint"


def test_bad_predictions_exit_2_with_file_and_line(bench, tmp_path, capsys):
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "q1", "answer": "1871"}\n{"id": "q2"}\n')
    out = tmp_path / "out"
    code = run(["evaluate", "generation", "-b", str(bench), "-p", str(preds), "-m", "em", "--out", str(out)])
    assert code == 2
    err = capsys.readouterr().err
    assert f"{preds}:2" in err.replace("\n", "") and "answer" in err
    assert not (out / "results.json").exists()
    assert run(["evaluate", "generation", "-b", str(bench), "-p", str(preds), "-m", "em,bleu", "--out", str(out)]) == 2


def test_judge_metric_without_judge_is_an_input_error(bench, tmp_path, capsys):
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "q1", "answer": "1871"}\n')
    out = tmp_path / "out"
    assert run(["evaluate", "generation", "-b", str(bench), "-p", str(preds), "-m", "em,f1_idk", "--out", str(out)]) == 2
    assert "--judge" in capsys.readouterr().err and not out.exists()

def test_predictions_missing_some_queries_are_an_error_unless_allowed(bench, tmp_path, capsys):
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "q1", "answer": "1871"}\n{"id": "zz", "answer": "x"}\n')
    out = tmp_path / "out"
    assert run(["evaluate", "generation", "-b", str(bench), "-p", str(preds), "-m", "em", "--bootstrap", "20",
                "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "2 of 3 benchmark queries have no prediction" in err and "'q2'" in err and "--allow-partial" in err
    assert not out.exists()
    assert run(["evaluate", "generation", "-b", str(bench), "-p", str(preds), "-m", "em", "--bootstrap", "20",
                "--allow-partial", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "1 of 3 benchmark queries matched" in err and "'zz'" in err
    counts = json.loads((out / "results.json").read_text())["systems"][0]["counts"]
    assert counts["scored_items"] == 1 and counts["missing_prediction"] == 2 and counts["unknown_prediction_ids"] == 1
    assert counts["prediction_coverage"]["missing_examples"] == ["q2", "q3"]
    assert counts["prediction_coverage"]["unknown_examples"] == ["zz"]


def test_mirage_with_system_produces_three_runs(bench, tmp_path):
    rag, _ = scripts(tmp_path)
    out = tmp_path / "mout"
    code = run(["evaluate", "mirage", "-b", str(bench), "--system", f"bm25+scripted/{rag}", "--bootstrap", "20",
                "--cache-dir", str(tmp_path / "cache"), "--out", str(out)])
    assert code == 0
    for run_name in ("base", "oracle", "mixed"):
        assert (out / f"predictions_{run_name}.jsonl").is_file()
    doc = json.loads((out / "results.json").read_text())
    systems = {s["name"]: s for s in doc["systems"]}
    # base: the script answers "I am not sure." without context except for q3's question rule ("Seagulls.")
    assert systems["base"]["per_item"]["q1"]["em_loose"] == 0.0
    assert systems["oracle"]["per_item"]["q1"]["em_loose"] == 1.0
    adapt = systems["adaptability (mixed)"]["aggregates"]
    assert sum(adapt[m]["mean"] for m in ("noise_vulnerability", "context_acceptability", "context_insensitivity",
                                           "context_misinterpretation")) == pytest.approx(1.0)


def test_system_that_fails_everywhere_exits_with_its_error(bench, tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"rules": [], "default": {"error": "permanent", "message": "model unavailable"}}))
    out = tmp_path / "out"
    code = run(["evaluate", "generation", "-b", str(bench), "--system", f"scripted/{broken}", "--preset", "mirage-base",
                "-m", "em_loose", "--cache-dir", str(tmp_path / "cache"), "--out", str(out)])
    assert code == 2
    assert "failed on every query" in capsys.readouterr().err.replace("\n", "")
    assert not (out / "results.json").exists()


def test_mirage_system_without_retriever_is_refused_before_any_run(bench, tmp_path, capsys):
    rag, _ = scripts(tmp_path)
    out = tmp_path / "mout"
    code = run(["evaluate", "mirage", "-b", str(bench), "--system", f"scripted/{rag}", "--out", str(out)])
    assert code == 2
    assert "RETRIEVER+MODEL" in capsys.readouterr().err.replace("\n", "")
    assert not (out / "predictions_base.jsonl").exists()


def test_endpoint_answer_field_cannot_be_switched_off(bench, tmp_path, capsys):
    # An empty answer field used to reach the HTTP client, which crashed on the first reply.
    code = run(["evaluate", "generation", "-b", str(bench), "--endpoint", "http://127.0.0.1:9/",
                "--endpoint-field", "answer=", "-m", "em", "--out", str(tmp_path / "out")])
    assert code == 2 and "--endpoint-field answer=" in capsys.readouterr().err.replace("\n", "")


def test_bad_predictions_with_a_judge_leave_no_output_folder(bench, tmp_path, capsys):
    _, judge = scripts(tmp_path)
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "q1"}\n')
    out = tmp_path / "out"
    code = run(["evaluate", "generation", "-b", str(bench), "-p", str(preds), "-m", "autorater",
                "--judge", f"scripted/{judge}", "--out", str(out)])
    assert code == 2 and f"{preds}:1" in capsys.readouterr().err.replace("\n", "")
    assert not out.exists()  # the judge's usage ledger is not opened for a run that cannot start
