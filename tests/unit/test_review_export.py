"""`export`: accepted items with their edits, in the benchsmith layout and the generator's own, written as a unit."""

from __future__ import annotations

import json

import pytest

from benchsmith.errors import InputError
from benchsmith.outdir import check_complete
from benchsmith.review.export import export_reviewed
from benchsmith.review.items import load_bench
from benchsmith.review.session import ReviewSession
from benchsmith.schemas.validate import validate_folder
from review_bench import make_bench

EDITED = "Which firm runs the Northgate plant and backs the Southport club?"


@pytest.fixture
def reviewed(tmp_path):
    bench = load_bench(make_bench(tmp_path))
    s = ReviewSession(bench, "alice")
    s.edit("q1", {"query": EDITED})
    s.decide("q1", "accept")
    s.decide("q2", "reject", "answer leaks")
    return bench


def _items(folder):
    return [json.loads(line) for line in (folder / "items.jsonl").read_text().splitlines()]


def test_accepted_items_with_edits_in_every_format(reviewed, tmp_path):
    out = tmp_path / "out"
    summary = export_reviewed(reviewed, out, accepted_only=True)
    assert [i["item_id"] for i in _items(out)] == ["q1"]
    assert _items(out)[0]["query"] == EDITED
    rag = json.loads((out / "MultiHopRAG.json").read_text())
    assert [r["query"] for r in rag] == [EDITED]  # the generator's own format carries the edit too
    assert rag[0]["evidence_list"][0]["source"] == "Harbor Tribune"  # built from the corpus documents
    assert (out / "qrels.tsv").read_text().split() == ["q1", "0", "d1#0", "1", "q1", "0", "d2#0", "1"]
    manifest = json.loads((out / "benchmark.json").read_text())
    assert manifest["counts"]["produced"] == 1 and manifest["counts"]["generated"] == 3
    assert (out / manifest["corpus_dir"] / "documents.jsonl").is_file()
    assert summary["by_status"] == {"accepted": 1, "rejected": 1, "disputed": 0, "undecided": 1}
    assert json.loads((out / "review.json").read_text())["edited_exported"] == ["q1"]
    check_complete(out, verify_hashes=True)
    assert all(not r.issues for r in validate_folder(out)), [str(i) for r in validate_folder(out) for i in r.issues]


def test_without_accepted_everything_not_rejected_is_exported(reviewed, tmp_path):
    export_reviewed(reviewed, tmp_path / "out", accepted_only=False)
    assert [i["item_id"] for i in _items(tmp_path / "out")] == ["q1", "q3"]


def test_the_exported_folder_is_a_benchmark_the_evaluator_reads(reviewed, tmp_path):
    from benchsmith.evaluation.importers._base import load_benchmark

    export_reviewed(reviewed, tmp_path / "out", accepted_only=True)
    loaded = load_benchmark(tmp_path / "out")
    assert [q.query_id for q in loaded.queries] == ["q1"] and loaded.queries[0].question == EDITED
    assert loaded.queries[0].relevant == {"d1#0": 1, "d2#0": 1} and len(loaded.documents) == 3


@pytest.mark.parametrize("fmt, present, absent", [
    ("benchsmith", ["items.jsonl", "qrels.tsv", "benchmark.json"], ["MultiHopRAG.json"]),
    ("multihop-rag", ["MultiHopRAG.json"], ["items.jsonl"]),
    ("native", ["MultiHopRAG.json"], ["items.jsonl"]),
])
def test_format_selects_the_files(reviewed, tmp_path, fmt, present, absent):
    out = tmp_path / "out"
    export_reviewed(reviewed, out, fmt=fmt)
    assert all((out / p).is_file() for p in present) and not any((out / a).exists() for a in absent)
    assert (out / "review.json").is_file()


def test_refusals_write_nothing(reviewed, tmp_path):
    with pytest.raises(InputError, match="not a format"):
        export_reviewed(reviewed, tmp_path / "x", fmt="mtrag")
    with pytest.raises(InputError, match="inside the benchmark"):
        export_reviewed(reviewed, reviewed.root / "review" / "out")
    with pytest.raises(InputError, match="holds this input"):
        export_reviewed(reviewed, reviewed.root.parent)
    assert not (tmp_path / "x").exists() and not (reviewed.root / "review" / "out").exists()


def test_nothing_accepted_is_an_error_and_an_earlier_export_stays(tmp_path):
    bench = load_bench(make_bench(tmp_path))
    out = tmp_path / "out"
    s = ReviewSession(bench, "alice")
    s.decide("q1", "accept")
    export_reviewed(bench, out)
    s.decide("q1", "reject", "wrong answer")
    with pytest.raises(InputError, match="no item is accepted"):
        export_reviewed(bench, out)
    assert [i["item_id"] for i in _items(out)] == ["q1"]
    check_complete(out)


def test_a_crash_while_writing_leaves_the_earlier_export(reviewed, tmp_path, monkeypatch):
    out = tmp_path / "out"
    export_reviewed(reviewed, out)
    before = (out / "items.jsonl").read_text()
    import benchsmith.review.export as export_module

    def boom(*_args, **_kwargs):
        raise OSError("disk full")

    ReviewSession(reviewed, "alice").decide("q3", "accept")
    monkeypatch.setattr(export_module, "qrels_text", boom)
    with pytest.raises(OSError):
        export_reviewed(reviewed, out)
    assert (out / "items.jsonl").read_text() == before
    check_complete(out, verify_hashes=True)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.")]  # no half-written sibling left


def test_review_folder_leaves_the_benchmark_complete_and_valid(reviewed):
    # The trail lives in BENCH/review/, which the marker does not list: validate and the loaders still pass.
    assert (reviewed.root / "review" / "trail.jsonl").is_file()
    check_complete(reviewed.root, verify_hashes=True)
    assert all(not r.issues for r in validate_folder(reviewed.root))
    from benchsmith.evaluation.importers._base import load_benchmark

    assert len(load_benchmark(reviewed.root).queries) == 3
