"""QA pair readers: field mapping, the dataset formats, and errors that name the file and line."""

from __future__ import annotations

import json

import pytest

from benchsmith.errors import InputError
from benchsmith.generators.mirage.qa_inputs import answer_aliases, last_user_turn, parse_field_mapping, read_qa


def _jsonl(tmp_path, rows, name="qa.jsonl"):
    path = tmp_path / name
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def test_popqa_style_jsonl_with_json_string_aliases(tmp_path):
    path = _jsonl(tmp_path, [{"id": 7, "question": "What is X's occupation?", "possible_answers": '["poet", "writer"]',
                              "s_wiki_title": "X"}])
    [pair] = read_qa(path)
    assert (pair.query_id, pair.answers, pair.title, pair.source) == ("7", ("poet", "writer"), "X", "qa")


def test_field_mapping_overrides_and_dotted_names(tmp_path):
    path = _jsonl(tmp_path, [{"q": {"text": "Who?"}, "gold": ["A"], "page": "P", "title": "not this"}])
    [pair] = read_qa(path, fields=parse_field_mapping(["question=q.text", "answer=gold", "title=page"]))
    assert (pair.question, pair.answers, pair.title) == ("Who?", ("A",), "P")


def test_bad_line_names_file_and_line(tmp_path):
    path = _jsonl(tmp_path, [{"question": "ok?"}, "{broken", {"question": "x"}])
    with pytest.raises(InputError) as err:
        read_qa(path)
    assert err.value.line == 2 and str(path) in str(err.value)
    path = _jsonl(tmp_path, [{"question": "ok?"}, {"answer": "no question"}], name="b.jsonl")
    with pytest.raises(InputError, match="no question") as err:
        read_qa(path)
    assert err.value.line == 2


def test_csv_with_ragged_row_and_unknown_field_target(tmp_path):
    path = tmp_path / "qa.csv"
    path.write_text('question,answer,title\n"Who?",A,T\n"Why?",B,T,extra\n', encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_qa(path)
    assert err.value.line == 3
    with pytest.raises(InputError, match="unknown target"):
        parse_field_mapping(["questoin=q"])


def test_mirage_dataset_json_and_repeated_records(tmp_path):
    rec = {"source": "popqa", "query_id": "u1", "query": "What is X?", "doc_name": "X", "answer": ["a"],
           "doc_url": "https://en.wikipedia.org/wiki?curid=5", "num_doc_labels": 1}
    path = tmp_path / "dataset.json"
    path.write_text(json.dumps({"queries": [rec, rec]}), encoding="utf-8")
    [pair] = read_qa(path)  # MIRAGE repeats some records verbatim
    assert (pair.source, pair.title, pair.url) == ("popqa", "X", rec["doc_url"])
    path.write_text(json.dumps([rec, {**rec, "query": "Other?"}]), encoding="utf-8")
    with pytest.raises(InputError, match="two different questions"):
        read_qa(path)


def test_triviaqa_and_nq_simplified(tmp_path):
    tqa = tmp_path / "tqa.json"
    tqa.write_text(json.dumps({"Data": [{"Question": "Which river?", "QuestionId": "t1",
                                         "Answer": {"Value": "Nile", "Aliases": ["River Nile", "Nile"]},
                                         "EntityPages": [{"Title": "Nile"}]}]}), encoding="utf-8")
    [pair] = read_qa(tqa)
    assert (pair.query_id, pair.answers, pair.title) == ("t1", ("Nile", "River Nile"), "Nile")
    nq = _jsonl(tmp_path, [{"question_text": "who wrote it", "example_id": 3, "document_title": "Book",
                            "document_text": "The book was written by Jane Roe in 1990",
                            "annotations": [{"short_answers": [{"start_token": 5, "end_token": 7}]}]}], "nq.jsonl")
    [pair] = read_qa(nq)
    assert (pair.answers, pair.title) == (("Jane Roe",), "Book")


def test_benchsmith_benchmark_folder(tmp_path):
    bench = tmp_path / "bench"
    bench.mkdir()
    (bench / "items.jsonl").write_text(json.dumps({"item_id": "i1", "kind": "multihop_item", "query": "Q?", "answer": "A",
                                                   "evidence": [{"doc_id": "d1", "title": "T"}]}) + "\n")
    [pair] = read_qa(bench)
    assert (pair.query_id, pair.answers, pair.doc_id, pair.title) == ("i1", ("A",), "d1", "T")


def test_aliases_and_conversation_turns():
    assert answer_aliases({"Value": "x", "Aliases": ["x", "y"]}) == ["x", "y"]
    assert answer_aliases(" ") == [] and answer_aliases(["a", ["b", "a"]]) == ["a", "b"]
    assert last_user_turn("|user|: first?\n|user|: second one?") == "second one?"
