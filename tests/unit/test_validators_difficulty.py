"""The difficulty card: copied spans, wording overlap, single-document answerability, Yes share, file formats."""

from __future__ import annotations

import json

import pytest

from benchsmith.errors import InputError
from benchsmith.validators.difficulty import (
    BenchItem,
    card_for,
    longest_copied_span,
    read_benchmark,
    single_document_answerable,
    wording_overlap,
)
from benchsmith.validators.markup import has_markup, strip_markup


def test_longest_copied_span_counts_consecutive_words_only():
    ev = ["The terminal will connect Eastport with the Old Quarter across the inner harbor."]
    assert longest_copied_span("Will the terminal connect Eastport with the Old Quarter?", ev) == 6
    assert longest_copied_span("harbor inner the across", ev) == 1


def test_wording_overlap_leaves_names_out():
    assert wording_overlap("When was the director of Gaby Days born?", ["Gaby Days was directed by Luis (born 1954)."]) == 0.5


def test_single_document_answerability_uses_anchors():
    item = BenchItem("q", "When was the director of Gaby Days born?", "1954", "bridge_query", [], ["a", "b"], ["Gaby Days"])
    assert single_document_answerable(item, {"a": "Gaby Days by Luis.", "b": "Luis was born in 1954."}) is False
    assert single_document_answerable(item, {"a": "Gaby Days by Luis, born 1954.", "b": "Luis."}) is True


def test_card_and_the_papers_formats(tmp_path):
    rag = tmp_path / "MultiHopRAG.json"
    rag.write_text(json.dumps([
        {"query": "Did A report more than B?", "answer": "Yes", "question_type": "comparison_query",
         "evidence_list": [{"fact": "A reported 5.", "title": "t1"}, {"fact": "B reported 3.", "title": "t2"}]},
        {"query": "Did B report more than A?", "answer": "No", "question_type": "comparison_query",
         "evidence_list": [{"fact": "B reported 3.", "title": "t2"}, {"fact": "A reported 5.", "title": "t1"}]},
    ]))
    hotpot = tmp_path / "hotpot.json"
    hotpot.write_text(json.dumps([{"_id": "1", "question": "Who directed Gaby Days?", "answer": "Luis", "type": "bridge",
                                   "supporting_facts": [["Gaby Days", 0]], "context": [["Gaby Days", ["Gaby Days by Luis."]]]}]))
    card = card_for(read_benchmark(rag))["benchmark"]
    assert card["yes_share"] == 0.5 and card["items"] == 2
    assert read_benchmark(hotpot)[0].evidence == ["Gaby Days by Luis."]
    bad = tmp_path / "bad.json"
    bad.write_text('[{"x": 1}]')
    with pytest.raises(InputError, match="bad.json"):
        read_benchmark(bad)


def test_markup_is_stripped_with_offsets_into_the_original():
    text = "See [credentials](Auth.md) and `PUT` at https://x.y/z for <Qantas Airways Ltd> now."
    clean, offsets = strip_markup(text)
    assert clean == "See credentials and PUT at for Qantas Airways Ltd now."
    at = clean.index("Qantas")
    assert text[offsets[at] : offsets[at] + 6] == "Qantas"
    assert has_markup(text) and not has_markup(clean)
