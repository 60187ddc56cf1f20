"""Bad corpus input: every failure is an InputError that names the file (and line where there is one)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from benchsmith.corpora import load_documents
from benchsmith.errors import InputError


def _err(paths, **kw) -> InputError:
    with pytest.raises(InputError) as exc:
        load_documents(paths, **kw)
    return exc.value


def test_missing_file(tmp_path: Path) -> None:
    e = _err([tmp_path / "nope.jsonl"])
    assert e.path == str(tmp_path / "nope.jsonl") and "no such file" in e.message


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read a chmod 000 file, so it cannot be made unreadable")
def test_unreadable_file(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"text": "x"}\n', encoding="utf-8")
    p.chmod(0)
    try:
        e = _err([p])
    finally:
        p.chmod(0o644)
    assert e.path == str(p) and "cannot read" in e.message


def test_directory_given_as_a_jsonl_file(tmp_path: Path) -> None:
    d = tmp_path / "dir.jsonl"
    d.mkdir()
    e = _err([d], format="jsonl")
    assert e.path == str(d)


def test_invalid_jsonl_line(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"text": "ok"}\n\n{"text": "broken"\n', encoding="utf-8")
    e = _err([p])
    assert (e.path, e.line) == (str(p), 3) and "invalid JSON" in e.message


def test_invalid_json_array(tmp_path: Path) -> None:
    p = tmp_path / "c.json"
    p.write_text('[\n{"text": "a"},\n{"text": "b",}\n]', encoding="utf-8")
    e = _err([p])
    assert (e.path, e.line) == (str(p), 3)


def test_json_top_level_must_be_an_array(tmp_path: Path) -> None:
    p = tmp_path / "c.json"
    p.write_text('{"text": "a"}', encoding="utf-8")
    assert "array" in _err([p]).message


def test_record_that_is_not_an_object(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"text": "a"}\n["text"]\n', encoding="utf-8")
    e = _err([p])
    assert e.line == 2 and "object" in e.message


def test_missing_text_names_line_and_json_path(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"doc_id": "1", "text": "a"}\n{"doc_id": "2", "body": "b"}\n', encoding="utf-8")
    e = _err([p])
    assert (e.path, e.line, e.json_path) == (str(p), 2, "$.text")
    assert "--field text=" in e.message and "body" in e.message


def test_missing_mapped_field_names_the_mapped_key(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"content": "a"}\n', encoding="utf-8")
    e = _err([p], field_map={"text": "body"})
    assert e.json_path == "$.body"


def test_text_of_wrong_type(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"text": ["a"]}\n', encoding="utf-8")
    e = _err([p])
    assert e.line == 1 and "string" in e.message


def test_unparseable_date(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"text": "a", "published_at": "2024-01-01"}\n{"text": "b", "published_at": "soon"}\n', encoding="utf-8")
    e = _err([p])
    assert (e.line, e.json_path) == (2, "$.published_at") and "soon" in e.message


def test_duplicate_given_ids(tmp_path: Path) -> None:
    a = tmp_path / "a.jsonl"
    b = tmp_path / "b.jsonl"
    a.write_text('{"doc_id": "x", "text": "one"}\n', encoding="utf-8")
    b.write_text('{"doc_id": "y", "text": "two"}\n{"doc_id": "x", "text": "three"}\n', encoding="utf-8")
    e = _err([a, b])
    assert (e.path, e.line) == (str(b), 2) and f"{a}:1" in e.message


def test_empty_file_is_an_empty_corpus(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text("\n\n", encoding="utf-8")
    e = _err([p])
    assert e.path == str(p) and "empty corpus" in e.message


def test_everything_filtered_is_an_empty_corpus(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text('{"text": ""}\n', encoding="utf-8")
    assert "empty corpus" in _err([p], min_words=1).message


def test_folder_without_documents(tmp_path: Path) -> None:
    (tmp_path / "notes.csv").write_text("a,b", encoding="utf-8")
    e = _err([tmp_path])
    assert e.path == str(tmp_path)


def test_non_utf8_names_line(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_bytes(b'{"text": "fine"}\n{"text": "caf\xe9"}\n')
    e = _err([p])
    assert (e.path, e.line) == (str(p), 2) and "UTF-8" in e.message


def test_non_utf8_text_file(tmp_path: Path) -> None:
    p = tmp_path / "a.txt"
    p.write_bytes(b"line one\nline \xff two\n")
    e = _err([tmp_path])
    assert (e.path, e.line) == (str(p), 2)


def test_bad_front_matter(tmp_path: Path) -> None:
    p = tmp_path / "a.md"
    p.write_text("---\ntitle: [unclosed\n---\nBody\n", encoding="utf-8")
    e = _err([p])
    assert e.path == str(p) and "front matter" in e.message


def test_unknown_format_and_unknown_field(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    p.write_text(json.dumps({"text": "a"}) + "\n", encoding="utf-8")
    assert "unknown format" in _err([p], format="csv").message
    assert "unknown document field" in _err([p], field_map={"body_text": "x"}).message


def test_undetectable_suffix(tmp_path: Path) -> None:
    p = tmp_path / "c.csv"
    p.write_text("text\nhello\n", encoding="utf-8")
    assert "--format" in _err([p]).message
