"""`generate mirage` then `evaluate mirage` / `evaluate retrieval` on its folder: one chunk-id scheme, and the
base / oracle / mixed runs through a test-started local server with scripted answers whose adaptability
values are worked out by hand below."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchsmith.cli import main

DOCS = [
    ("kelvar", "Mount Kelvar", "Mount Kelvar is a volcano in the Ostrava range. Mount Kelvar last erupted in 1872."),
    ("orrin", "Lake Orrin", "Lake Orrin is a freshwater lake. The largest fish species in Lake Orrin is the silver pike."),
    ("brennan", "Tavi Brennan", "Tavi Brennan is a painter born in Galway. Brennan studied painting in Lyon."),
    ("corvid", "Corvid Bridge", "The Corvid Bridge crosses the Selm river. The Corvid Bridge was designed by the "
     "engineer Ada Fenwick."),
    ("pellam", "Pellam Festival", "The Pellam Festival is held every June in the town of Pellam. The festival "
     "celebrates the barley harvest."),
    ("hollin", "Hollin Abbey", "Hollin Abbey is a ruined monastery near the village of Hollin. Hollin Abbey was "
     "founded by Cistercian monks."),
]
# Words every question shares with every document, so that bm25 ranks all six chunks and the mixed run
# sees five numbered chunks (a run with the oracle's one chunk would get the oracle's cached answer).
SHARED = " Index terms: mount, erupt, lake, fish, species, painter, born, designed, bridge, harvest, festival."
QA = [
    ("qa", "When did Mount Kelvar last erupt?", ["1872"], "Mount Kelvar"),
    ("qb", "What is the largest fish species in Lake Orrin?", ["silver pike"], "Lake Orrin"),
    ("qc", "Where was the painter Tavi Brennan born?", ["Galway"], "Tavi Brennan"),
    ("qd", "Who designed the Corvid Bridge?", ["Ada Fenwick"], "Corvid Bridge"),
    ("qe", "Which harvest does the Pellam Festival celebrate?", ["barley"], "Pellam Festival"),
    ("qf", "Which monks founded Hollin Abbey?", [], "Hollin Abbey"),  # no answer aliases: cannot be scored
]
# Which run answers which question right (1) or not (0): base, oracle, mixed.
SCRIPT = {"qa": (1, 1, 1), "qb": (0, 1, 0), "qc": (0, 0, 0), "qd": (1, 0, 0), "qe": (0, 1, 1)}
# By hand, with MIRAGE's bucket order (NV: M=0,O=1; CA: M=1,O=1; CI: B=0,O=0; CM: B=1,O=0):
#   qa -> CA, qb -> NV, qc -> CI, qd -> CM, qe -> CA; qf is skipped.
EXPECTED = {"noise_vulnerability": 0.2, "context_acceptability": 0.4, "context_insensitivity": 0.2,
            "context_misinterpretation": 0.2}
EXPECTED_EM = {"base": 0.4, "oracle": 0.6, "mixed": 0.4}


def _cli(args: list[str]) -> int:
    try:
        main(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


@pytest.fixture()
def generated(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"doc_id": d, "title": t, "text": x + SHARED}) + "\n" for d, t, x in DOCS))
    qa = tmp_path / "qa.jsonl"
    qa.write_text("".join(json.dumps({"id": i, "question": q, "answers": a, "title": t}) + "\n" for i, q, a, t in QA))
    out = tmp_path / "bench"
    assert _cli(["generate", "mirage", "--qa", str(qa), "--corpus", str(corpus), "--n", "6", "--out", str(out)]) == 0
    return out


def _answers(question: str) -> tuple[str, list[str]]:
    qid, _, aliases, _ = next(row for row in QA if row[1] == question)
    return qid, aliases


def test_every_reader_of_the_folder_names_chunks_alike_and_scores_the_pool_alike(generated, tmp_path):
    from benchsmith.evaluation.importers import detect_format, load_benchmark

    assert detect_format(generated) == "mirage"  # the folder's MIRAGE files win over items.jsonl
    mirage = load_benchmark(generated)
    beir = load_benchmark(generated / "beir", format="beir")
    ours = load_benchmark(generated, format="benchsmith")
    relevant = {q.query_id: q.relevant for q in mirage.queries}
    assert len(relevant) == 6 and all(relevant.values())
    assert relevant == {q.query_id: q.relevant for q in beir.queries} == {q.query_id: q.relevant for q in ours.queries}
    # One chunk per pooled passage: the pool's 30 records hold the corpus's 6 chunks, under the corpus's own ids.
    assert {c.chunk_id for c in mirage.chunks} == {c.chunk_id for c in beir.chunks} <= {c.chunk_id for c in ours.chunks}
    assert len(mirage.chunks) == 6
    scores = {}
    for name, path, fmt in (("mirage", generated, "auto"), ("beir", generated / "beir", "beir")):
        ev = tmp_path / f"ev-{name}"
        assert _cli(["evaluate", "retrieval", "-b", str(path), "-f", fmt, "-r", "bm25", "--k", "1,5",
                     "--bootstrap", "10", "--out", str(ev)]) == 0
        system = json.loads((ev / "results.json").read_text())["systems"][0]
        scores[name] = {m: v["mean"] for m, v in system["aggregates"].items() if not m.startswith("MIRAGE")}
    assert scores["mirage"] == scores["beir"]
    assert scores["mirage"] and all(v > 0 for v in scores["mirage"].values())


def test_base_oracle_mixed_through_the_local_server_give_the_hand_computed_adaptability(generated, tmp_path, capsys):
    from benchsmith.llm.stub_server import StubServer, last_user_message

    oracle_file = json.loads((generated / "oracle.json").read_text())
    seen: dict[tuple[str, str], str] = {}

    def respond(request) -> str:
        user = last_user_message(request)
        question = re.search(r"Question: (.*?)\n", user).group(1)
        qid, aliases = _answers(question)
        if "Context:" not in user:
            run = "base"
        else:
            run = "mixed" if re.search(r"^1\. ", user, re.M) else "oracle"
        seen[(qid, run)] = user
        right = SCRIPT.get(qid, (0, 0, 0))[("base", "oracle", "mixed").index(run)]
        return f"The answer is {aliases[0]}." if right else "I do not know."

    ev = tmp_path / "ev"
    with StubServer(respond) as server:
        rc = _cli(["evaluate", "mirage", "--benchmark", str(generated), "--system", f"bm25+openai/stub@{server.base_url}",
                   "--bootstrap", "10", "--out", str(ev)])
    assert rc == 0
    printed = capsys.readouterr()
    assert "1 of 6 queries have no answer aliases" in printed.out + printed.err
    assert "MIRAGE adaptability" in printed.out and "noise_vulnerability" in printed.out.replace("\n", "")
    # 5 answered queries x 3 runs; the query without aliases is never asked
    assert {k[0] for k in seen} == set(SCRIPT) and len(seen) == 15
    for qid in SCRIPT:  # the oracle run shows exactly oracle.json's chunk
        assert oracle_file[qid]["doc_chunk"] in seen[(qid, "oracle")]
    results = json.loads((ev / "results.json").read_text())
    systems = {s["name"]: s for s in results["systems"]}
    adapt = systems["adaptability (mixed)"]["aggregates"]
    assert {m: round(adapt[m]["mean"], 6) for m in EXPECTED} == EXPECTED
    for run, em in EXPECTED_EM.items():
        assert round(systems[run]["aggregates"]["em_loose"]["mean"], 6) == em
    retrieval = systems["retrieval (mixed run, over the pool)"]["aggregates"]
    assert retrieval["MIRAGE R@5"]["mean"] > 0
    assert any("no answer aliases" in n for n in results["notes"])
    assert {p.name for p in ev.glob("predictions_*.jsonl")} == {f"predictions_{r}.jsonl" for r in ("base", "oracle", "mixed")}


def test_a_benchmark_without_any_answer_alias_is_an_error_not_zeros(tmp_path):
    from benchsmith.errors import InputError
    from benchsmith.evaluation.api.mirage import answered_benchmark
    from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery

    bench = EvalBenchmark("b", [EvalQuery(query_id="q", question="why?", answers=[" "])], metadata={"path": "x"})
    with pytest.raises(InputError, match="none of the 1 queries has an answer alias"):
        answered_benchmark(bench)


def test_a_generated_folder_without_answer_aliases_stops_before_any_call(tmp_path, capsys):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"doc_id": d, "title": t, "text": x}) + "\n" for d, t, x in DOCS))
    qa = tmp_path / "qa.jsonl"
    qa.write_text(json.dumps({"id": "qf", "question": QA[5][1], "answers": [], "title": QA[5][3]}) + "\n")
    out = tmp_path / "bench"
    assert _cli(["generate", "mirage", "--qa", str(qa), "--corpus", str(corpus), "--n", "1", "--out", str(out)]) == 0
    rc = _cli(["evaluate", "mirage", "-b", str(out), "--system", "bm25+openai/none@http://127.0.0.1:9/v1",
               "--out", str(tmp_path / "ev")])
    assert rc == 2 and "none of the 1 queries has an answer alias" in capsys.readouterr().err
    assert not (tmp_path / "ev" / "results.json").exists()
