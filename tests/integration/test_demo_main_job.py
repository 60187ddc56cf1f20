"""The README's main job, run as a user would: relative paths, from another working directory."""

import json
import os
import subprocess
import sys
from pathlib import Path

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.evaluation.importers import load_benchmark

EXAMPLE = example_corpus()


def _benchsmith(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "benchsmith", *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_quiet_demo_runs_end_to_end_with_relative_paths(tmp_path):
    """From a folder that is not the checkout, on the bundled corpus: only results and no third-party noise."""
    done = _benchsmith("--quiet", "demo", "--out", "runs/demo", cwd=tmp_path)  # the defaults CI runs
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = tmp_path / "runs" / "demo"
    manifest = json.loads((out / "multihop" / "benchmark.json").read_text())
    assert manifest["corpus_dir"] == "../corpus"
    results = json.loads((out / "retrieval-eval" / "results.json").read_text())
    assert {"bm25", "dense"} <= set(json.dumps(results).split('"')), "both retrievers are scored"
    assert "ok: 20 records" in done.stdout
    assert "nDCG@10" in done.stdout and "bm25" in done.stdout and "dense" in done.stdout
    assert done.stderr == "", done.stderr[-3000:]
    assert "Ingest the corpus" not in done.stdout and "Loading weights" not in done.stdout


def test_raw_corpus_file_is_ingested_into_the_benchmark_folder(tmp_path, monkeypatch):
    # In this process, from that folder: the relative --out is what matters here, not a fresh interpreter (the demo
    # test above runs one from another folder).
    monkeypatch.chdir(tmp_path)
    try:
        main(["generate", "multihop", "--corpus", str(EXAMPLE / "corpus.jsonl"), "--n", "10", "--ner", "rules",
              "--out", "bench"])
    except SystemExit as exc:
        assert not exc.code
    monkeypatch.undo()  # back to where the test started: the folder is read from its absolute path below
    bench = load_benchmark(tmp_path / "bench")
    assert (tmp_path / "bench" / "corpus" / "documents.jsonl").is_file()
    assert len(bench.documents) == 40 and bench.chunks
    chunk_ids = {c.chunk_id for c in bench.chunks}
    assert all(set(q.relevant) <= chunk_ids for q in bench.queries)
