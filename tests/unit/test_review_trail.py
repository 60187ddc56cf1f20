"""The review trail: whole lines appended by several writers, torn lines cut off, state replayed from the file."""

from __future__ import annotations

import json
import os
import threading

import pytest

from benchsmith.errors import InputError
from benchsmith.review.trail import Trail, check_reviewer, item_version, last_item_of, replay


def test_appends_are_whole_lines_and_a_second_reader_sees_them(tmp_path):
    path = tmp_path / "review" / "trail.jsonl"
    writer, reader = Trail(path), Trail(path, repair=False)
    writer.append(reviewer="alice", action="accept", item_id="q1", before="v1", after="v1")
    assert [r["item_id"] for r in reader.records()] == ["q1"]
    writer.append(reviewer="bob", action="reject", item_id="q1", before="v1", after="v1", reason="wrong answer")
    records = reader.records()  # only the new line is read, the first is kept
    assert [(r["reviewer"], r["action"]) for r in records] == [("alice", "accept"), ("bob", "reject")]
    assert records[1]["reason"] == "wrong answer" and records[1]["before"] == "v1"


def test_two_writers_in_parallel_interleave_whole_lines(tmp_path):
    path = tmp_path / "trail.jsonl"

    def write(name: str) -> None:
        trail = Trail(path)
        for n in range(40):
            trail.append(reviewer=name, action="accept", item_id=f"q{n}", before="v", after="v", reason=None)

    threads = [threading.Thread(target=write, args=(name,)) for name in ("alice", "bob")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = path.read_text().splitlines()
    assert len(lines) == 80
    assert all(json.loads(line)["action"] == "accept" for line in lines)


def test_a_torn_last_line_is_cut_off_on_open_and_kept_aside(tmp_path):
    path = tmp_path / "trail.jsonl"
    Trail(path).append(reviewer="alice", action="accept", item_id="q1", before="v", after="v")
    with path.open("a") as fh:
        fh.write('{"reviewer": "alice", "action": "rej')  # a crash mid-append
    assert [r["item_id"] for r in Trail(path, repair=False).records()] == ["q1"]  # readers skip the partial line
    Trail(path).append(reviewer="alice", action="reject", item_id="q2", before="v", after="v", reason="dup")
    assert [json.loads(line)["item_id"] for line in path.read_text().splitlines()] == ["q1", "q2"]
    assert '"action": "rej' in (tmp_path / "trail.jsonl.torn").read_text()


def test_a_malformed_line_names_the_file_and_line(tmp_path):
    path = tmp_path / "trail.jsonl"
    Trail(path).append(reviewer="alice", action="accept", item_id="q1", before="v", after="v")
    with path.open("a") as fh:
        fh.write("not json\n")
    with pytest.raises(InputError) as err:
        Trail(path).records()
    assert err.value.line == 2 and str(path) in str(err.value)


def test_replay_keeps_the_latest_decision_per_reviewer_and_the_latest_edit(tmp_path):
    trail = Trail(tmp_path / "t.jsonl")
    trail.append(reviewer="alice", action="accept", item_id="q1", before="v1", after="v1")
    trail.append(reviewer="alice", action="reject", item_id="q1", before="v1", after="v1", reason="changed my mind")
    original = {"item_id": "q1", "x": 1}
    v1, v2 = item_version(original), item_version({"item_id": "q1", "x": 2})
    trail.append(reviewer="bob", action="edit", item_id="q1", before=v1, after=v2, item={"item_id": "q1", "x": 2})
    trail.append(reviewer="bob", action="edit", item_id="q1", before=v2, after="v3", item={"item_id": "q1", "x": 3})
    trail.append(reviewer="bob", action="edit", item_id="q1", before="other", after="v9", item={"item_id": "q1", "x": 9})
    trail.append(reviewer="bob", action="accept", item_id="q2", before="w", after="w")
    states = replay(trail.records())
    assert states["q1"].decisions["alice"].action == "reject"
    assert states["q1"].decisions["alice"].reason == "changed my mind"
    # Edits chain from the original's version; one made on other text (a regenerated item) is not applied.
    assert states["q1"].current(original) == {"item_id": "q1", "x": 3} and states["q1"].editors == ["bob"]
    assert states["q1"].current({"item_id": "q1", "x": 0}) is None
    assert last_item_of(trail.records(), "alice") == "q1" and last_item_of(trail.records(), "bob") == "q2"


def test_unknown_actions_and_bad_reviewer_names_are_refused(tmp_path):
    trail = Trail(tmp_path / "t.jsonl")
    with pytest.raises(InputError):
        trail.append(reviewer="alice", action="delete", item_id="q1", before=None, after=None)
    for bad in ("", "../x", "a" * 65, "<script>", " lead"):
        with pytest.raises(InputError):
            check_reviewer(bad)
    assert check_reviewer("Ana María.G@lab") == "Ana María.G@lab"


def test_item_version_changes_with_content_only():
    assert item_version({"a": 1, "b": [1, 2]}) == item_version({"b": [1, 2], "a": 1})
    assert item_version({"a": 1}) != item_version({"a": 2})


def test_a_failed_write_records_nothing_and_says_so(tmp_path, monkeypatch):
    trail = Trail(tmp_path / "t.jsonl")
    trail.append(reviewer="alice", action="accept", item_id="q1", before="v", after="v")
    real_write = os.write

    def half_write(fd, data):
        real_write(fd, data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_write)
    with pytest.raises(InputError, match="not recorded: No space left"):
        trail.append(reviewer="alice", action="accept", item_id="q2", before="v", after="v")
    monkeypatch.undo()
    assert [json.loads(line)["item_id"] for line in (tmp_path / "t.jsonl").read_text().splitlines()] == ["q1"]


def test_a_read_only_review_folder_is_a_clear_error(tmp_path):
    path = tmp_path / "t.jsonl"
    Trail(path).append(reviewer="alice", action="accept", item_id="q1", before="v", after="v")
    path.chmod(0o444)
    if os.access(path, os.W_OK):
        pytest.skip("running as root: file permissions do not stop writes")
    with pytest.raises(InputError, match="cannot open the review trail"):
        Trail(path)
