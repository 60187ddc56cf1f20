import json

import pytest

from benchsmith.errors import InputError
from benchsmith.fileio import atomic_path, iter_jsonl, read_json, read_text, write_jsonl_atomic


def test_iter_jsonl_reports_file_and_line_of_bad_json(tmp_path):
    p = tmp_path / "items.jsonl"
    p.write_text('{"a": 1}\n\n{"a": 2\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        list(iter_jsonl(p))
    assert info.value.line == 3
    assert str(p) in str(info.value) and ":3" in str(info.value)


def test_iter_jsonl_skips_blank_lines_and_numbers_real_lines(tmp_path):
    p = tmp_path / "items.jsonl"
    p.write_text('{"a": 1}\n\n{"a": 2}\n', encoding="utf-8")
    assert list(iter_jsonl(p)) == [(1, {"a": 1}), (3, {"a": 2})]


def test_read_text_rejects_non_utf8_with_line(tmp_path):
    p = tmp_path / "latin1.txt"
    p.write_bytes("ok\nnaïve\n".encode("latin-1"))
    with pytest.raises(InputError) as info:
        read_text(p)
    assert info.value.line == 2 and "UTF-8" in str(info.value)


def test_read_text_missing_file_names_it(tmp_path):
    with pytest.raises(InputError, match="missing.txt"):
        read_text(tmp_path / "missing.txt")


def test_read_json_reports_line(tmp_path):
    p = tmp_path / "x.json"
    p.write_text('[\n  {"a": 1},\n  {"a": }\n]\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_json(p)
    assert info.value.line == 3


def test_atomic_file_keeps_old_content_on_failure(tmp_path):
    target = tmp_path / "out.jsonl"
    write_jsonl_atomic(target, [{"n": 1}])

    def boom():
        yield {"n": 2}
        raise RuntimeError("crash mid-write")

    with pytest.raises(RuntimeError):
        write_jsonl_atomic(target, boom())
    assert [json.loads(line) for line in target.read_text().splitlines()] == [{"n": 1}]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]


def test_atomic_dir_swaps_whole_folder_and_cleans_up_on_failure(tmp_path):
    target = tmp_path / "corpus"
    with atomic_path(target, is_dir=True) as tmp:
        (tmp / "a.txt").write_text("first")
    with pytest.raises(ValueError):
        with atomic_path(target, is_dir=True) as tmp:
            (tmp / "a.txt").write_text("second")
            raise ValueError("bad input")
    assert (target / "a.txt").read_text() == "first"
    with atomic_path(target, is_dir=True) as tmp:
        (tmp / "b.txt").write_text("third")
    assert sorted(p.name for p in target.iterdir()) == [".benchsmith-complete", "b.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]
