"""Output folders replaced as a unit: marker, swap, keep, stale leftovers, guards (issue 9 items 5, 6, 9)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import benchsmith.outdir as outdir
from benchsmith.errors import InputError
from benchsmith.fileio import write_json_atomic
from benchsmith.outdir import COMPLETE_MARKER, check_complete, remove_stale, replacing_dir


def _write(folder: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*")) if p.is_file()}


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_new_folder_gets_every_file_and_a_marker_listing_them(tmp_path: Path) -> None:
    target = tmp_path / "bench"
    with replacing_dir(target) as tmp:
        assert tmp.parent == tmp_path and tmp.name.startswith(".bench.tmp-")
        _write(tmp, {"items.jsonl": "{}\n", "sub/qrels.tsv": "q 0 d 1\n"})
    marker = json.loads((target / COMPLETE_MARKER).read_text())
    assert sorted(marker["files"]) == ["items.jsonl", "sub/qrels.tsv"]
    assert marker["sizes"] == {"items.jsonl": 3, "sub/qrels.tsv": 8}
    check_complete(target, verify_hashes=True)
    assert [p.name for p in tmp_path.iterdir()] == ["bench"]


def test_replacement_is_whole_and_a_failure_leaves_the_old_folder_exactly(tmp_path: Path) -> None:
    target = tmp_path / "bench"
    with replacing_dir(target) as tmp:
        _write(tmp, {"a.txt": "old", "b.txt": "old"})
    before = _tree(target)
    with pytest.raises(RuntimeError):
        with replacing_dir(target) as tmp:
            _write(tmp, {"a.txt": "new"})
            raise RuntimeError("produced 16 of 20")
    assert _tree(target) == before
    with replacing_dir(target) as tmp:
        _write(tmp, {"c.txt": "new"})
    assert sorted(_tree(target)) == [COMPLETE_MARKER, "c.txt"]  # b.txt of the old folder does not linger
    assert [p.name for p in tmp_path.iterdir()] == ["bench"]


def test_keep_carries_a_run_folder_over_and_leaves_it_out_of_the_marker(tmp_path: Path) -> None:
    target = tmp_path / "bench"
    target.mkdir()
    _write(target, {".run/run.json": "{}", ".run/stages/s.jsonl": "x\n"})  # only kept entries: replaceable
    with replacing_dir(target, keep=[".run"]) as tmp:
        _write(tmp, {"items.jsonl": "1\n"})
    assert _tree(target)[".run/stages/s.jsonl"] == "x\n"
    assert list(json.loads((target / COMPLETE_MARKER).read_text())["files"]) == ["items.jsonl"]
    with pytest.raises(KeyError):
        with replacing_dir(target, keep=[".run"]) as tmp:
            raise KeyError("boom")
    assert (target / ".run" / "run.json").is_file()


def test_an_input_inside_the_target_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    target = tmp_path / "X"
    target.mkdir()
    _write(target, {"corpus.jsonl": "{}\n", "README": "keep me"})
    before = _tree(target)
    for inputs in ([target / "corpus.jsonl"], [target], [tmp_path / "X" / ".." / "X" / "README"]):
        with pytest.raises(InputError, match="holds this input"):
            with replacing_dir(target, inputs=inputs):
                pytest.fail("must not be reached")
    assert _tree(target) == before and [p.name for p in tmp_path.iterdir()] == ["X"]


def test_a_folder_benchsmith_did_not_write_is_not_replaced(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("mine")
    with pytest.raises(InputError, match="not a benchsmith output folder"):
        with replacing_dir(tmp_path / "notes"):
            pass
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="not a folder"):
        with replacing_dir(tmp_path / "file"):
            pass
    legacy = tmp_path / "old-corpus"  # written before the marker existed
    _write(legacy, {"manifest.json": "{}", "documents.jsonl": ""})
    with replacing_dir(legacy) as tmp:
        _write(tmp, {"manifest.json": "{}"})
    assert (legacy / COMPLETE_MARKER).is_file()


def test_stale_leftovers_of_dead_processes_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    target = tmp_path / "c"
    with replacing_dir(target) as tmp:
        _write(tmp, {"a": "1"})
    dead = _dead_pid()
    for name in (f".c.tmp-{dead}-0a1b2c3d", f".c.old-{dead}-0a1b2c3d", f".c.old-{dead}"):
        _write(tmp_path / name, {"half": "x"})
    other = tmp_path / f".other.tmp-{dead}-0a1b2c3d"  # belongs to another target
    _write(other, {"x": "x"})
    live = tmp_path / f".c.tmp-{os.getppid()}-00000000"  # a live owner (our parent) keeps its folder
    _write(live, {"x": "x"})
    with replacing_dir(target) as tmp:
        _write(tmp, {"a": "2"})
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["c", other.name, live.name])


def test_a_crash_between_two_renames_is_repaired_by_the_next_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "c"
    dead = _dead_pid()
    old, new = tmp_path / f".c.old-{dead}-00000001", tmp_path / f".c.tmp-{dead}-00000002"
    for folder, text in ((old, "old"), (new, "new")):
        folder.mkdir()
        _write(folder, {"a": text})
        outdir.write_marker(folder)
    os.utime(old / COMPLETE_MARKER, (1, 1))
    remove_stale(target)
    assert _tree(target)["a"] == "new" and sorted(p.name for p in tmp_path.iterdir()) == ["c"]

    monkeypatch.setattr(outdir, "exchange", lambda a, b: False)  # no renameat2: the two-rename path works too
    with replacing_dir(target) as tmp:
        _write(tmp, {"a": "newer"})
    assert _tree(target)["a"] == "newer" and sorted(p.name for p in tmp_path.iterdir()) == ["c"]


def test_check_complete_names_the_folder_and_what_is_wrong(tmp_path: Path) -> None:
    target = tmp_path / "b"
    with replacing_dir(target) as tmp:
        _write(tmp, {"items.jsonl": "1\n2\n", "qrels.tsv": "q 0 d 1\n"})
    check_complete(target)
    (target / "items.jsonl").write_text("1\n3\n")  # same size, other bytes
    check_complete(target)
    with pytest.raises(InputError, match="items.jsonl differs from the SHA-256"):
        check_complete(target, verify_hashes=True)
    (target / "items.jsonl").write_text("1\n")
    with pytest.raises(InputError, match=r"items.jsonl has 2 bytes") as info:
        check_complete(target)
    assert info.value.path == str(target)
    (target / "items.jsonl").write_text("1\n2\n")
    (target / "qrels.tsv").unlink()
    with pytest.raises(InputError, match="qrels.tsv is listed"):
        check_complete(target)
    (target / COMPLETE_MARKER).write_text("{not json")
    with pytest.raises(InputError, match="not valid JSON"):
        check_complete(target)
    (target / COMPLETE_MARKER).unlink()
    with pytest.raises(InputError, match="incomplete output folder: no .benchsmith-complete"):
        check_complete(target)


def test_outputs_get_ordinary_permissions_not_0600(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_json_atomic(tmp_path / "results.json", {"a": 1})
        with replacing_dir(tmp_path / "out") as tmp:
            write_json_atomic(tmp / "benchmark.json", {})
    finally:
        os.umask(old)
    assert (tmp_path / "results.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "out").stat().st_mode & 0o777 == 0o755
    assert (tmp_path / "out" / "benchmark.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "out" / COMPLETE_MARKER).stat().st_mode & 0o777 == 0o644


def test_an_unwritable_parent_is_an_input_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="cannot create the folder"):
        with replacing_dir(tmp_path / "file" / "sub" / "out"):
            pass

    def refuse(path, mode=0o777):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(outdir.os, "mkdir", refuse)
    with pytest.raises(InputError, match="Permission denied"):
        with replacing_dir(tmp_path / "ro" / "out"):
            pass


def test_a_symlinked_target_keeps_its_link_and_replaces_the_folder_behind_it(tmp_path: Path) -> None:
    real = tmp_path / "real"
    with replacing_dir(real) as tmp:
        _write(tmp, {"a": "1"})
    (tmp_path / "link").symlink_to(real)
    with replacing_dir(tmp_path / "link") as tmp:
        _write(tmp, {"a": "2"})
    assert (tmp_path / "link").is_symlink() and _tree(real)["a"] == "2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


def test_an_input_inside_a_kept_entry_survives_the_swap_and_is_allowed(tmp_path):
    from benchsmith.outdir import replacing_dir

    out = tmp_path / "out"
    (out / ".run" / "corpus").mkdir(parents=True)
    (out / ".run" / "corpus" / "documents.jsonl").write_text("kept\n")
    with replacing_dir(out, keep=(".run",), inputs=(out / ".run" / "corpus",)) as tmp:
        (tmp / "items.jsonl").write_text("new\n")
    assert (out / ".run" / "corpus" / "documents.jsonl").read_text() == "kept\n"
    assert (out / "items.jsonl").read_text() == "new\n"
