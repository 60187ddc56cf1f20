"""`benchsmith validate`: every bad record reported with file, line and JSON path; exit 1."""

from __future__ import annotations

import json

import pytest

from benchsmith.cli import main
from benchsmith.schemas.records import iter_located_records
from benchsmith.schemas.validate import validate_files

CHUNK = {"kind": "chunk", "chunk_id": "c1", "doc_id": "d1", "text": "Hello.", "span": {"start": 0, "end": 6},
         "index": 0, "n_tokens": 1}


def run_cli(args: list[str], capsys) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(args)
        raise SystemExit(0)
    return info.value.code or 0, capsys.readouterr().out


def test_bad_jsonl_records_are_reported_with_line_and_path(tmp_path, capsys):
    bad_type = {**CHUNK, "doc_id": 5}
    missing = {k: v for k, v in CHUNK.items() if k != "text"}
    nested = {**CHUNK, "span": {"start": -1, "end": 6}}
    path = tmp_path / "chunks.jsonl"
    path.write_text("\n".join([json.dumps(CHUNK), json.dumps(bad_type), '{"kind": "chunk",', json.dumps(missing),
                               "", json.dumps(nested), json.dumps({"kind": "mystery"})]) + "\n")
    code, out = run_cli(["validate", str(path)], capsys)
    assert code == 1
    assert f"{path}:2 at $.doc_id: 5 is not of type 'string'" in out
    assert f"{path}:3: invalid JSON" in out
    assert f"{path}:4 at $: 'text' is a required property" in out
    assert f"{path}:6 at $.span.start: -1 is less than the minimum of 0" in out
    assert f"{path}:7 at $.kind: unknown kind 'mystery'" in out
    assert out.strip().splitlines()[-1] == "failed: 5 of 6 records in 1 file are invalid (5 errors)"


def test_valid_files_exit_zero(tmp_path, capsys):
    path = tmp_path / "chunks.jsonl"
    path.write_text(json.dumps(CHUNK) + "\n" + json.dumps({**CHUNK, "chunk_id": "c2"}) + "\n")
    doc = tmp_path / "doc.json"
    doc.write_text(json.dumps({"kind": "document", "doc_id": "d1", "text": "t", "published_at": "2024-05-01T10:00:00Z"}))
    code, out = run_cli(["validate", str(path), str(doc)], capsys)
    assert code == 0
    assert "ok: 3 records in 2 files are valid" in out


def test_json_array_errors_name_the_line_where_the_element_starts(tmp_path, capsys):
    path = tmp_path / "items.json"
    path.write_text('[\n  {"kind": "document", "doc_id": "d", "text": "t"},\n\n  {"kind": "document",\n'
                    '   "doc_id": "e", "text": "t", "published_at": "not a date", "links": ["a", 7]}\n]\n')
    code, out = run_cli(["validate", str(path)], capsys)
    assert code == 1
    assert f"{path}:4 at $.links[1]: 7 is not of type 'string'" in out
    assert f"{path}:4 at $.published_at: 'not a date' is not a 'date-time'" in out
    assert [r.line for r in iter_located_records(path)] == [2, 4]


def test_kind_option_validates_records_without_kind(tmp_path, capsys):
    path = tmp_path / "plain.json"
    path.write_text(json.dumps([{"step": "s", "reason": "r"}, {"step": "s"}]))
    report = validate_files([path])
    assert [i.message for i in report.issues][0].startswith("record has no 'kind'")
    code, out = run_cli(["validate", "--kind", "rejected", str(path)], capsys)
    assert code == 1
    assert f"{path}:1 at $: 'reason' is a required property" in out
    assert "1 of 2 records" in out


def test_unreadable_and_truncated_files_fail(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text('[{"kind": "chunk"},\n {"kind": }]')
    code, out = run_cli(["validate", str(broken), str(tmp_path / "missing.jsonl")], capsys)
    assert code == 1
    assert f"{broken}:2: invalid JSON" in out
    assert "missing.jsonl: cannot read file" in out
    with pytest.raises(SystemExit) as info:
        main(["validate", "--kind", "no-such-kind", str(broken)])
    assert info.value.code == 2


def test_jsonl_line_separator_inside_a_string_is_not_a_line_break(tmp_path, capsys):
    # U+2028 and U+0085 are legal unescaped in JSON strings (pydantic and ensure_ascii=False write them raw).
    path = tmp_path / "docs.jsonl"
    doc = {"kind": "document", "doc_id": "d1", "text": "one\u2028two\x85three"}
    path.write_text(json.dumps(doc, ensure_ascii=False) + "\n" + json.dumps({**doc, "doc_id": 5}, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    code, out = run_cli(["validate", str(path)], capsys)
    assert code == 1
    assert f"{path}:2 at $.doc_id: 5 is not of type 'string'" in out
    assert out.strip().splitlines()[-1] == "failed: 1 of 2 records in 1 file are invalid (1 errors)"
