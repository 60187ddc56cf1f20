"""Any benchmark -> LoadedBenchmark: our items of each kind, the papers' formats (tiny inline files), clear errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from card_fixtures import items  # noqa: E402

from benchsmith.errors import InputError  # noqa: E402
from benchsmith.reports.load import load_any  # noqa: E402

MHR = [{"query": "Did The Age report on Google before The Verge did?", "answer": "Yes", "question_type": "temporal_query",
        "evidence_list": [{"fact": "Google said so.", "title": "A", "source": "The Age", "published_at": "2023-10-22T18:00:00+00:00"},
                          {"fact": "Google said it again.", "title": "B", "source": "The Verge", "published_at": "2023-11-02T10:00:00+00:00"}]},
       {"query": "Who founded Quillon?", "answer": "Insufficient information.", "question_type": "null_query", "evidence_list": []}]
HOTPOT = [{"_id": "h1", "question": "Were Scott Derrickson and Ed Wood of the same nationality?", "answer": "yes",
           "type": "comparison", "supporting_facts": [["Scott Derrickson", 0], ["Ed Wood", 0]],
           "context": [["Scott Derrickson", ["Scott Derrickson is an American director."]],
                       ["Ed Wood", ["Edward Wood was an American filmmaker."]]]}]
FRAMES = {"unique_id": 0, "Prompt": "How many years apart were A and B founded?", "Answer": "12",
          "reasoning_types": "Numerical reasoning | Temporal reasoning",
          "wiki_links": "['https://en.wikipedia.org/wiki/A_(band)', 'https://en.wikipedia.org/wiki/B']"}
MIRAGE = [{"source": "naturalqa", "query_id": "q1", "query": "who wrote the song", "doc_name": "The Song",
           "answer": ["Ann Lee", "A. Lee"], "doc_url": "https://en.wikipedia.org/wiki?curid=1", "num_doc_labels": 1}]


def _write_items(path: Path, records) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_our_items_file_is_read_with_its_kind(tmp_path):
    path = _write_items(tmp_path / "items.jsonl", [i.model_dump(mode="json") for i in items()])
    bench = load_any(path)
    assert bench.kind == "multihop_item" and bench.native and len(bench.questions) == 4
    assert bench.questions[0].gold_docs == ["d1", "d2"] and bench.questions[3].answerability == "unanswerable"
    assert bench.shown["mh-1"][0] == ("question", items()[0].query)


def test_a_bad_item_names_its_file_line_and_field(tmp_path):
    records = [i.model_dump(mode="json") for i in items()]
    del records[2]["answer"]
    path = _write_items(tmp_path / "items.jsonl", records)
    with pytest.raises(InputError) as err:
        load_any(path)
    assert f"{path}:3 at $.answer" in str(err.value)


def test_broken_json_names_its_line(tmp_path):
    path = tmp_path / "items.jsonl"
    path.write_text(json.dumps(items()[0].model_dump(mode="json")) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_any(path)
    assert f"{path}:2" in str(err.value)


def test_broken_papers_json_names_its_line(tmp_path):
    path = tmp_path / "MultiHopRAG.json"
    path.write_text('[{"query": "q", "answer": "a",\n "evidence_list": [}\n]', encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_any(path)
    assert str(path) in str(err.value) and ":2" in str(err.value)


def test_missing_benchmark_is_an_error(tmp_path):
    with pytest.raises(InputError, match="not found"):
        load_any(tmp_path / "nope")


def test_multihop_rag_json(tmp_path):
    path = tmp_path / "MultiHopRAG.json"
    path.write_text(json.dumps(MHR), encoding="utf-8")
    bench = load_any(path)
    assert (bench.kind, bench.source_format) == ("multihop_item", "multihop-rag")
    q = bench.questions[0]
    assert q.sources == ["The Age", "The Verge"] and q.dates[0].startswith("2023-10-22") and q.documents == 2
    assert bench.questions[1].answerability == "unanswerable" and bench.items[1].required_documents == 0


def test_hotpotqa_json(tmp_path):
    path = tmp_path / "hotpot_dev.json"
    path.write_text(json.dumps(HOTPOT), encoding="utf-8")
    bench = load_any(path)
    assert bench.source_format == "hotpotqa" and bench.questions[0].titles == ["Scott Derrickson", "Ed Wood"]
    assert [r.doc_id for r in bench.items[0].evidence_refs()] == ["Scott Derrickson", "Ed Wood"]


def test_frames_jsonl(tmp_path):
    path = _write_items(tmp_path / "frames.jsonl", [FRAMES])
    bench = load_any(path)
    q = bench.questions[0]
    assert bench.kind == "frames_item" and q.documents == 2 and q.titles == ["A (band)", "B"]
    assert set(q.types) == {"Numerical reasoning", "Temporal reasoning"}


def test_mirage_dataset_json(tmp_path):
    path = tmp_path / "dataset.json"
    path.write_text(json.dumps(MIRAGE), encoding="utf-8")
    bench = load_any(path)
    assert bench.kind == "mirage_item" and bench.questions[0].answer == "Ann Lee | A. Lee"
    assert bench.questions[0].types == ("naturalqa",)


def test_gold_titles_map_to_corpus_ids_when_a_corpus_is_given(tmp_path):
    path = tmp_path / "frames.jsonl"
    _write_items(path, [FRAMES])
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"doc_id": f"w{i}", "title": t, "text": f"{t} was founded long ago."}) + "\n"
                              for i, t in enumerate(["A (band)", "B"])), encoding="utf-8")
    bench = load_any(path, corpus)
    assert bench.questions[0].gold_docs == ["w0", "w1"] and not bench.notes


def test_a_folder_without_its_marker_is_read_with_a_note(tmp_path):
    _write_items(tmp_path / "items.jsonl", [i.model_dump(mode="json") for i in items()])
    bench = load_any(tmp_path)
    assert any("incomplete output folder" in n for n in bench.notes)


def test_something_else_is_named_as_not_a_benchmark(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    with pytest.raises(InputError, match="not a benchmark benchsmith can read"):
        load_any(path)
