"""Issue 9 repros on the corpus side, each through the CLI: a clear error (file and line) or the right result."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.outdir import COMPLETE_MARKER, replacing_dir


def run_cli(args: list, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def jsonl(path: Path, *records: dict) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_item5_ingest_into_the_folder_holding_the_input_is_refused_and_deletes_nothing(tmp_path, capsys) -> None:
    x = tmp_path / "X"
    x.mkdir()
    jsonl(x / "corpus.jsonl", {"doc_id": "a", "text": "Hello world."})
    (x / "README").write_text("notes")
    before = tree(x)
    code, out = run_cli(["corpus", "ingest", x / "corpus.jsonl", "--out", x], capsys)
    assert code == 2 and "holds this input" in out and "Traceback" not in out
    assert tree(x) == before and sorted(p.name for p in tmp_path.iterdir()) == ["X"]


def test_item5_a_folder_that_is_not_benchsmith_output_is_never_replaced(tmp_path, capsys) -> None:
    src = jsonl(tmp_path / "c.jsonl", {"text": "Hello world."})
    home = tmp_path / "home"
    home.mkdir()
    (home / "thesis.tex").write_text("years of work")
    code, out = run_cli(["corpus", "ingest", src, "--out", home], capsys)
    assert code == 2 and "not a benchsmith output folder" in out
    assert tree(home) == {"thesis.tex": b"years of work"}


def test_item3_whitespace_in_ids_is_rejected_with_file_and_line_or_replaced_on_request(tmp_path, capsys) -> None:
    src = jsonl(
        tmp_path / "c.jsonl",
        {"title": "First\tarticle", "text": "Alpha beta gamma. Delta epsilon."},
        {"title": "Second  article\n", "text": "Zeta eta theta."},
    )
    out = tmp_path / "out"
    code, msg = run_cli(["corpus", "ingest", src, "--field", "doc_id=title", "--out", out], capsys)
    assert code == 2 and f"{src}:1 at $.title" in msg and "--id-whitespace replace" in msg
    assert not out.exists()

    code, msg = run_cli(["corpus", "ingest", src, "--field", "doc_id=title", "--id-whitespace", "replace", "--out", out], capsys)
    assert code == 0, msg
    corpus = load_corpus_dir(out)
    assert [d.doc_id for d in corpus.documents] == ["First_article", "Second_article"]
    assert corpus.documents[0].metadata["original_doc_id"] == "First\tarticle"
    for chunk in corpus.chunks:  # chunk ids follow the rewritten doc ids
        assert chunk.chunk_id == f"{chunk.doc_id}#{chunk.index}" and chunk.doc_id in corpus.documents_by_id
        assert len(f"q1 0 {chunk.chunk_id} 1".split()) == 4  # a qrels line keeps its four columns
    manifest = corpus.manifest
    assert manifest["loader"]["id_whitespace"] == "replace" and manifest["counts"]["ids_rewritten"] == 2

    code, msg = run_cli(["corpus", "ingest", src, "--id-whitespace", "maybe", "--out", out], capsys)
    assert code == 2 and "--id-whitespace must be one of reject, replace" in msg


def test_item3_ids_that_collide_after_replacement_are_an_error(tmp_path, capsys) -> None:
    src = jsonl(tmp_path / "c.jsonl", {"doc_id": "a b", "text": "x"}, {"doc_id": "a_b", "text": "y"})
    code, msg = run_cli(["corpus", "ingest", src, "--id-whitespace", "replace", "--out", tmp_path / "o"], capsys)
    assert code == 2 and f"{src}:2" in msg and "duplicate doc_id 'a_b' after --id-whitespace replace" in msg


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("deep.jsonl", '{"text": "a", "metadata": {"x": ' + "[" * 100_000 + "]" * 100_000 + "}}\n", ":1: invalid JSON: nested too deeply"),
        ("deep.json", "[" * 100_000 + "]" * 100_000, ":1: invalid JSON: nested too deeply"),
        ("surrogate.jsonl", '{"text": "ok"}\n{"doc_id": "s", "text": "bad \\ud800 here"}\n', ":2 at $.text: a string holds a lone UTF-16 surrogate"),
        ("surrogate.json", '[{"text": "ok"},\n {"text": "bad \\udc00"}]', ":2 at $.text: a string holds a lone UTF-16 surrogate"),
        ("bigint.jsonl", '{"doc_id": ' + "7" * 5000 + ', "text": "hello"}\n', ":1: invalid JSON: an integer longer than 4300 digits"),
        ("nan.jsonl", '{"title": NaN, "text": "hello"}\n', ":1 at $.title: 'title' is nan"),
        ("inf.jsonl", '{"source": -Infinity, "text": "hello"}\n', ":1 at $.source: 'source' is -inf"),
    ],
)
def test_items8_and_9_malformed_json_is_a_located_error(tmp_path, capsys, name: str, content: str, expected: str) -> None:
    src = tmp_path / name
    src.write_text(content, encoding="utf-8")
    code, msg = run_cli(["corpus", "ingest", src, "--out", tmp_path / "out"], capsys)
    assert code == 2 and f"{src}{expected}" in msg, msg
    assert "Traceback" not in msg and len(msg.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_item8_validate_reports_deep_json_and_huge_integers_per_line(tmp_path, capsys) -> None:
    src = tmp_path / "items.jsonl"
    src.write_text("[" * 100_000 + "]" * 100_000 + '\n{"n": ' + "1" * 5000 + "}\n", encoding="utf-8")
    code, msg = run_cli(["validate", src], capsys)
    assert code == 1 and f"{src}:1: invalid JSON: nested too deeply" in msg and f"{src}:2: invalid JSON: an integer longer" in msg
    assert "Traceback" not in msg


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_item9_a_fifo_given_as_input_is_refused_at_once(tmp_path, capsys) -> None:
    fifo = tmp_path / "corpus.jsonl"
    os.mkfifo(fifo)
    code, msg = run_cli(["corpus", "ingest", fifo, "--out", tmp_path / "out"], capsys)  # used to block forever
    assert code == 2 and f"{fifo}: cannot read file: a FIFO" in msg
    code, msg = run_cli(["validate", fifo], capsys)
    assert code == 1 and "a FIFO" in msg


def test_item8_corpus_folder_without_chunks_is_a_clear_error(tmp_path, capsys) -> None:
    src = jsonl(tmp_path / "c.jsonl", {"doc_id": "a", "text": "Hello world."})
    out = tmp_path / "corpus"
    assert run_cli(["corpus", "ingest", src, "--out", out], capsys)[0] == 0
    (out / "chunks.jsonl").unlink()
    code, msg = run_cli(["corpus", "stats", out], capsys)
    assert code == 2 and f"{out}: incomplete output folder: chunks.jsonl is listed" in msg
    (out / COMPLETE_MARKER).unlink()
    code, msg = run_cli(["corpus", "stats", out], capsys)
    assert code == 2 and f"{out}: incomplete corpus folder: chunks.jsonl is missing" in msg


def test_item8_out_under_an_unwritable_folder_is_a_clear_error(tmp_path, capsys) -> None:
    src = jsonl(tmp_path / "c.jsonl", {"doc_id": "a", "text": "Hello world."})
    (tmp_path / "a-file").write_text("x")
    code, msg = run_cli(["corpus", "ingest", src, "--out", tmp_path / "a-file" / "out"], capsys)
    assert code == 2 and "cannot create the folder for the output" in msg and "Traceback" not in msg
    if os.geteuid() != 0:  # root ignores permission bits
        ro = tmp_path / "ro"
        ro.mkdir(mode=0o555)
        code, msg = run_cli(["corpus", "ingest", src, "--out", ro / "out"], capsys)
        assert code == 2 and "Permission denied" in msg
    elif Path("/sys/kernel").is_dir() and sys.platform == "linux":  # sysfs refuses new folders even to root
        code, msg = run_cli(["corpus", "ingest", src, "--out", "/sys/benchsmith-test/out"], capsys)
        assert code == 2 and "cannot create the folder for the output" in msg and "Traceback" not in msg


def test_item6_validate_checks_folders_as_a_unit(tmp_path, capsys) -> None:
    src = jsonl(tmp_path / "c.jsonl", {"doc_id": "a", "text": "Hello world. Second sentence."})
    corpus = tmp_path / "corpus"
    assert run_cli(["corpus", "ingest", src, "--out", corpus], capsys)[0] == 0
    code, msg = run_cli(["validate", corpus], capsys)
    assert code == 0 and msg.strip().endswith("ok: 2 records in 2 files are valid")

    bench = tmp_path / "bench"
    with replacing_dir(bench) as tmp:
        (tmp / "benchmark.json").write_text("{}")
        (tmp / "qrels.tsv").write_text("q1 0 a#0 1\nq2 0 doc with space#0 1\n")
    code, msg = run_cli(["validate", bench], capsys)
    assert code == 1 and f"{bench / 'qrels.tsv'}:2: 6 fields, expected 4" in msg

    (bench / COMPLETE_MARKER).unlink()  # a half-written folder: files but no marker
    code, msg = run_cli(["validate", bench], capsys)
    assert code == 1 and f"{bench}: incomplete output folder: no {COMPLETE_MARKER}" in msg

    code, msg = run_cli(["validate", tmp_path], capsys)
    assert code == 1 and "not a benchsmith output folder" in msg
