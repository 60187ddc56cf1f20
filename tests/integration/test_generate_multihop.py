"""`benchsmith generate multihop` end to end on the bundled example corpus (heuristic strategy)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.data import example_corpus
from benchsmith.schemas.benchmark import BenchmarkManifest
from benchsmith.schemas.multihop import MultihopItem, MultihopRagQuery
from benchsmith.validators import (
    CorpusIndex,
    ValidationContext,
    errors,
    names_for,
    run_validators,
)
from benchsmith.validators.difficulty import longest_copied_span

EXAMPLE = example_corpus() / "corpus.jsonl"
# The default mix with the bridge share (0.2) redistributed: the news corpus has no encyclopedic links.
MIX = {"inference_query": 0.32, "comparison_query": 0.33, "temporal_query": 0.23, "null_query": 0.12}


def _cli(*args) -> int:
    try:
        main(list(args))
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    out = tmp_path_factory.mktemp("hcn") / "corpus"
    assert _cli("corpus", "ingest", str(EXAMPLE), "--out", str(out)) == 0
    return out


# The default command on this corpus (--n 24 --seed 5, default NER): one run, read by the tests that only read it.
DEFAULT_RUN = ("--n", "24", "--seed", "5")


@pytest.fixture(scope="module")
def default_run(corpus_dir, tmp_path_factory) -> tuple[Path, str]:
    """The folder of one default run and what it wrote to stderr; tests copy the folder before changing it."""
    out = tmp_path_factory.mktemp("hcn_default") / "bench"
    err = io.StringIO()
    with contextlib.redirect_stderr(err):  # the console table goes to sys.stderr as it is when printed
        rc = _cli("generate", "multihop", "--corpus", str(corpus_dir), *DEFAULT_RUN, "--out", str(out))
    assert rc == 0, err.getvalue()[-3000:]
    return out, err.getvalue()


def _items(out: Path) -> list[MultihopItem]:
    return [MultihopItem.model_validate_json(line) for line in (out / "items.jsonl").read_text().splitlines()]


def test_heuristic_run_produces_checked_items_in_the_requested_mix(corpus_dir, default_run):
    out, _ = default_run
    items = _items(out)
    assert len(items) == 24 and len({i.item_id for i in items}) == 24
    counts = Counter(i.question_type for i in items)
    for t, share in MIX.items():
        assert abs(counts[t] / 24 - share) <= 0.05 + 1e-9, (t, counts)
    # Composed, not pasted: short questions, no 8-word copy from any evidence sentence, a hop check on each item.
    for item in items:
        assert len(item.query.split()) <= 30, item.query
        assert longest_copied_span(item.query, [e.fact for e in item.evidence]) < 8, item.query
        if item.question_type != "null_query":
            assert set(item.provenance.extra["hop_check"]["gold_rank"]) == {e.doc_id for e in item.evidence}
    corpus = load_corpus_dir(corpus_dir)
    ctx = ValidationContext(CorpusIndex(corpus.documents, corpus.chunks), evidence_range=(2, 4))
    checks = names_for("multihop_item", exclude=("dedup.query",))
    for item in items:
        assert errors(run_validators(item, ctx, checks)) == [], item.query
        if item.question_type == "null_query":
            assert item.evidence == [] and item.answer == "Insufficient information."
        else:
            assert 2 <= len({e.doc_id for e in item.evidence}) <= 4
    qrels = [line.split() for line in (out / "qrels.tsv").read_text().splitlines()]
    assert all(len(r) == 4 and r[1] == "0" and r[3] == "1" for r in qrels)
    assert {r[0] for r in qrels} == {i.item_id for i in items if i.question_type != "null_query"}
    rag = json.loads((out / "MultiHopRAG.json").read_text())
    assert len(rag) == 24
    for rec in rag:
        MultihopRagQuery.model_validate(rec)
    manifest = BenchmarkManifest.model_validate_json((out / "benchmark.json").read_text())
    assert manifest.generator == "multihop" and manifest.counts["produced"] == 24
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "complete" and summary["exit_code"] == 0
    assert summary["rejected"] == len((out / "rejected.jsonl").read_text().splitlines())
    assert (out / ".benchsmith-complete").is_file()


def test_console_summary_json_and_rejected_jsonl_agree(corpus_dir, default_run, tmp_path):
    out, err = default_run
    summary = json.loads((out / "summary.json").read_text())
    rejected = [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]
    shown = int(re.search(r"│ rejected\s+│ (\d+)", err).group(1))
    assert shown == summary["rejected"] == len(rejected) > 0
    by_reason = Counter(r["reason"] for r in rejected)
    assert dict(by_reason) == summary["rejected_by_reason"]
    assert json.loads((out / ".run" / "summary.json").read_text())["rejected"] == summary["rejected"]
    manifest = json.loads((out / "benchmark.json").read_text())
    assert manifest["counts"]["rejected"] == summary["rejected"]
    # A second run in the same folder reads its stages back and counts the same rejections once.
    again_out = tmp_path / "agree"  # that folder, copied whole (.run and all): the shared one stays as written
    shutil.copytree(out, again_out, symlinks=True)
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), *DEFAULT_RUN, "--out", str(again_out)) == 0
    again = json.loads((again_out / "summary.json").read_text())
    assert again["rejected"] == summary["rejected"] and all(s["computed"] == 0 for s in again["stages"])


def test_same_seed_gives_identical_items(corpus_dir, tmp_path):
    runs = []
    for name in ("a", "b"):
        out = tmp_path / name
        assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "20", "--seed", "11", "--ner", "rules", "--out", str(out)) == 0
        runs.append((out / "items.jsonl").read_bytes())
    assert runs[0] == runs[1]
    other = tmp_path / "c"
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "20", "--seed", "12", "--ner", "rules", "--out", str(other)) == 0
    assert (other / "items.jsonl").read_bytes() != runs[0]


def test_raw_corpus_file_is_ingested_on_the_fly(tmp_path):
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    out = tmp_path / "raw"
    assert _cli("generate", "multihop", "--corpus", str(EXAMPLE), "--n", "8", "--ner", "rules", "--out", str(out)) == 0
    assert len(_items(out)) == 8


def test_too_many_requested_exits_nonzero_and_says_why(corpus_dir, tmp_path, capsys):
    out = tmp_path / "short"
    rc = _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "600", "--ner", "rules", "--out", str(out))
    assert rc == 1
    err = capsys.readouterr().err
    assert "produced" in err and "not enough claim sets" in err
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "short" and summary["exit_code"] == 1 and summary["produced"] < 600


def test_a_short_run_never_replaces_a_complete_benchmark(corpus_dir, tmp_path, capsys):
    out = tmp_path / "keep"
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "10", "--ner", "rules", "--out", str(out)) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    capsys.readouterr()
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "600", "--ner", "rules", "--out", str(out)) == 1
    assert "kept the complete benchmark" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before


def test_undated_corpus_skips_temporal_queries(tmp_path):
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    raw = tmp_path / "undated.jsonl"
    with raw.open("w") as fh:
        for line in EXAMPLE.read_text().splitlines():
            rec = json.loads(line)
            rec["published_at"] = None
            fh.write(json.dumps(rec) + "\n")
    out = tmp_path / "undated_out"
    assert _cli("generate", "multihop", "--corpus", str(raw), "--n", "6", "--ner", "rules", "--out", str(out)) == 0
    counts = Counter(i.question_type for i in _items(out))
    assert counts["temporal_query"] == 0 and sum(counts.values()) == 6
    manifest = json.loads((out / "benchmark.json").read_text())
    assert any("temporal queries skipped" in n for n in manifest["config"]["notes"])


def test_bad_arguments_are_clear_errors(corpus_dir, tmp_path, capsys):
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "5", "--mix", "inference=x", "--out", str(tmp_path / "o")) == 2
    assert "--mix" in capsys.readouterr().err
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "5", "--strategy", "llm", "--out", str(tmp_path / "o")) == 2
    assert _cli("generate", "multihop", "--corpus", str(tmp_path / "nope"), "--n", "5", "--out", str(tmp_path / "o")) == 2
    for bad in ("inference=nan", "inference=inf,null=1", "inference=-1"):
        assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "5", "--mix", bad, "--out", str(tmp_path / "o")) == 2
        assert "finite number" in capsys.readouterr().err
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "5", "--ner-processes", "0", "--out", str(tmp_path / "o")) == 2
    assert "--ner-processes" in capsys.readouterr().err
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "5", "--work-dir", str(a_file), "--out", str(tmp_path / "o")) == 2
    assert "--work-dir" in capsys.readouterr().err
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "5", "--out", str(a_file)) == 2
    assert a_file.read_text() == "x"
    assert not (tmp_path / "o").exists()


def test_out_under_a_read_only_folder_is_a_clear_error(corpus_dir, tmp_path, capsys):
    import os

    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user that can write anywhere (root): permissions are not enforced")
        rc = _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "5", "--out", str(locked / "bench"))
        assert rc == 2 and "permission denied" in capsys.readouterr().err
    finally:
        locked.chmod(0o700)


def test_evaluate_and_validate_refuse_a_benchmark_folder_changed_after_it_was_written(corpus_dir, tmp_path, capsys):
    out = tmp_path / "bench"
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "8", "--ner", "rules", "--out", str(out)) == 0
    assert _cli("validate", str(out)) == 0
    capsys.readouterr()
    lines = (out / "items.jsonl").read_text().splitlines(keepends=True)
    (out / "items.jsonl").write_text("".join(lines[:4]))  # as a kill mid-write of an older, non-atomic writer left it
    assert _cli("validate", str(out)) != 0
    assert _cli("evaluate", "retrieval", "--benchmark", str(out), "-r", "bm25", "--out", str(tmp_path / "eval")) == 2
    assert "items.jsonl" in capsys.readouterr().err
