"""The predictions file loader: accepted shapes and file:line errors."""

import json

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.systems import load_prediction_records, load_predictions, write_predictions


def write(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_loads_answers_and_contexts(tmp_path):
    path = write(tmp_path / "p.jsonl", [
        json.dumps({"id": "q1", "answer": "Paris", "contexts": ["Paris is in France.", {"id": "d2", "text": "More."}]}),
        "",
        json.dumps({"id": 7, "answer": ""}),
    ])
    preds = load_predictions(path)
    assert list(preds) == ["q1", "7"]
    assert preds["q1"].context_texts == ("Paris is in France.", "More.")
    assert preds["q1"].contexts[1].id == "d2"
    out = tmp_path / "round.jsonl"
    write_predictions(out, preds.values())
    assert load_predictions(out) == preds


@pytest.mark.parametrize("line, message, json_path", [
    ('{"answer": "x"}', "missing or invalid 'id'", "$.id"),
    ('{"id": "q", "answer": 3}', "missing or invalid 'answer'", "$.answer"),
    ('{"id": "q", "answer": "x", "contexts": "text"}', "'contexts' must be a list", "$.contexts"),
    ('{"id": "q", "answer": "x", "contexts": [{"title": "no text"}]}', "a context must be", "$.contexts[0]"),
    ('["q", "x"]', "JSON object", "$"),
])
def test_bad_records_name_file_line_and_field(tmp_path, line, message, json_path):
    path = write(tmp_path / "p.jsonl", ['{"id": "ok", "answer": "fine"}', line])
    with pytest.raises(InputError) as info:
        load_predictions(path)
    err = info.value
    assert message in str(err) and err.line == 2 and err.json_path == json_path and str(err.path) == str(path)


def test_invalid_json_and_duplicates(tmp_path):
    with pytest.raises(InputError) as info:
        load_predictions(write(tmp_path / "a.jsonl", ['{"id": "a", "answer": "x"}', '{"id": "b", "answer": ']))
    assert info.value.line == 2
    with pytest.raises(InputError, match="appears twice .first at line 1") as info:
        load_predictions(write(tmp_path / "b.jsonl", ['{"id": "a", "answer": "x"}', '{"id": "a", "answer": "y"}']))
    assert info.value.line == 2
    with pytest.raises(InputError, match="no predictions"):
        load_predictions(write(tmp_path / "c.jsonl", [""]))


def test_papers_native_shapes(tmp_path):
    mirage = tmp_path / "m.json"
    mirage.write_text(json.dumps([{"query_id": "x", "answer": ["actor", "actress"], "model_predictions": ["Actor"]},
                                  {"query_id": "x", "answer": "actor", "model_predictions": "no"}]))
    records = load_prediction_records(mirage)
    assert [r.prediction.answer for r in records] == ["Actor", "no"]      # duplicates kept, in order
    assert records[0].answers == ("actor", "actress") and records[1].answers == ("actor",)
    mtrag = write(tmp_path / "t.jsonl", [json.dumps({
        "task_id": "c::1", "predictions": [{"text": "It rains."}], "targets": [{"text": "Rain."}],
        "contexts": [{"document_id": "d1", "text": "Rain today."}]})])
    rec = load_prediction_records(mtrag)[0]
    assert (rec.prediction.id, rec.prediction.answer, rec.answers) == ("c::1", "It rains.", ("Rain.",))
    assert rec.prediction.contexts[0].id == "d1"
    with pytest.raises(InputError) as info:
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps([{"query_id": "x", "model_predictions": 5}]))
        load_prediction_records(bad)
    assert info.value.json_path == "$[0].answer"
