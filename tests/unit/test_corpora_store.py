"""The corpus folder: round trip, content hashes of the written bytes, atomic replacement, located errors."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.corpora.store import load_corpus_dir, write_corpus_dir
from benchsmith.errors import InputError
from benchsmith.outdir import COMPLETE_MARKER
from benchsmith.types import Document

DOCS = [
    Document(doc_id="a", title="A", text="Alpha one. Alpha two.", source="Ledger", published_at=datetime(2024, 1, 2, tzinfo=UTC),
             links=["b"], metadata={"k": [1, 2]}),
    Document(doc_id="b", title="B", text="Beta — ünïcode\u2028line.", metadata={}),
]


def test_round_trip_and_hashes(tmp_path: Path) -> None:
    chunks = chunk_documents(DOCS)
    manifest = write_corpus_dir(tmp_path / "c", DOCS, chunks, {"note": "x"})
    corpus = load_corpus_dir(tmp_path / "c")
    assert corpus.documents == DOCS and corpus.chunks == chunks
    assert corpus.manifest == manifest and manifest["note"] == "x"
    assert manifest["content_sha256"] == hashlib.sha256((tmp_path / "c" / "documents.jsonl").read_bytes()).hexdigest()
    assert manifest["chunks_sha256"] == hashlib.sha256((tmp_path / "c" / "chunks.jsonl").read_bytes()).hexdigest()
    assert corpus.chunks_by_doc["a"][0].chunk_id == "a#0"


def test_failed_write_keeps_previous_folder(tmp_path: Path) -> None:
    out = tmp_path / "c"
    write_corpus_dir(out, DOCS, [], {})
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def exploding():
        yield DOCS[0]
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_corpus_dir(out, exploding(), [], {})
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["c"]


def test_bad_line_is_located(tmp_path: Path) -> None:
    out = tmp_path / "c"
    write_corpus_dir(out, DOCS, [], {})
    (out / COMPLETE_MARKER).unlink()  # edited on purpose: the marker no longer applies
    with (out / "documents.jsonl").open("a", encoding="utf-8") as fh:
        fh.write('{"doc_id": "z"}\n')
    with pytest.raises(InputError) as exc:
        load_corpus_dir(out)
    assert (exc.value.line, exc.value.json_path) == (3, "$.text")
    with pytest.raises(InputError, match="not an ingested corpus"):
        load_corpus_dir(tmp_path / "missing")


def test_manifest_that_is_not_an_object_is_an_input_error(tmp_path: Path) -> None:
    out = tmp_path / "c"
    write_corpus_dir(out, DOCS, [], {})
    (out / COMPLETE_MARKER).unlink()
    (out / "manifest.json").write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(InputError, match="expected a JSON object") as exc:
        load_corpus_dir(out)
    assert exc.value.path == str(out / "manifest.json")


def test_hand_edited_corpus_with_duplicate_or_orphan_ids_names_the_line(tmp_path: Path) -> None:
    write_corpus_dir(tmp_path / "c", DOCS, chunk_documents(DOCS), {})
    (tmp_path / "c" / COMPLETE_MARKER).unlink()
    docs_file, chunks_file = tmp_path / "c" / "documents.jsonl", tmp_path / "c" / "chunks.jsonl"
    original_docs = docs_file.read_text(encoding="utf-8")
    docs_file.write_text(original_docs + original_docs.split("\n")[0] + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="duplicate doc_id 'a'") as info:
        load_corpus_dir(tmp_path / "c")
    assert info.value.line == 3 and info.value.path == str(docs_file)

    docs_file.write_text(original_docs.split("\n")[0] + "\n", encoding="utf-8")  # only "a" is left
    with pytest.raises(InputError, match="doc_id 'b'") as info:
        load_corpus_dir(tmp_path / "c")
    assert info.value.path == str(chunks_file) and info.value.line >= 2


def test_corpus_changed_after_writing_is_refused_while_its_marker_stands(tmp_path: Path) -> None:
    out = tmp_path / "c"
    write_corpus_dir(out, DOCS, chunk_documents(DOCS), {})
    with (out / "documents.jsonl").open("a", encoding="utf-8") as fh:
        fh.write("\n")
    with pytest.raises(InputError, match="changed after it was written: documents.jsonl") as info:
        load_corpus_dir(out)
    assert info.value.path == str(out)


def test_corpus_folder_without_chunks_is_an_input_error_naming_the_file(tmp_path: Path) -> None:
    # issue 9 item 8: this used to load with no chunks and crash later with an IndexError in facts.py
    out = tmp_path / "c"
    write_corpus_dir(out, DOCS, chunk_documents(DOCS), {})
    (out / COMPLETE_MARKER).unlink()
    (out / "chunks.jsonl").unlink()
    with pytest.raises(InputError, match="chunks.jsonl is missing") as info:
        load_corpus_dir(out)
    assert info.value.path == str(out)


def test_corpus_with_a_listed_file_gone_is_incomplete(tmp_path: Path) -> None:
    out = tmp_path / "c"
    write_corpus_dir(out, DOCS, chunk_documents(DOCS), {})
    (out / "chunks.jsonl").unlink()
    with pytest.raises(InputError, match="chunks.jsonl is listed .* but missing"):
        load_corpus_dir(out)


def test_hand_made_corpus_with_whitespace_in_an_id_is_refused_at_load(tmp_path: Path) -> None:
    out = tmp_path / "c"
    out.mkdir()
    doc = Document(doc_id="a b", title="", text="x y")
    (out / "documents.jsonl").write_text(doc.model_dump_json() + "\n", encoding="utf-8")
    (out / "chunks.jsonl").write_text("", encoding="utf-8")
    with pytest.raises(InputError, match="--id-whitespace replace") as info:
        load_corpus_dir(out)
    assert info.value.line == 1


def test_written_files_and_folder_get_ordinary_permissions(tmp_path: Path) -> None:
    import os

    old = os.umask(0o022)
    try:
        write_corpus_dir(tmp_path / "c", DOCS, chunk_documents(DOCS), {})
    finally:
        os.umask(old)
    assert (tmp_path / "c").stat().st_mode & 0o777 == 0o755
    assert {p.name: p.stat().st_mode & 0o777 for p in (tmp_path / "c").iterdir()} == {
        n: 0o644 for n in ("documents.jsonl", "chunks.jsonl", "manifest.json", COMPLETE_MARKER)
    }
