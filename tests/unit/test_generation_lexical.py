"""Lexical generation metrics: exact small cases, normalization edge cases."""

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.generation import (
    GenerationSample,
    contains_match,
    exact_match,
    extractiveness,
    mirage_em_loose,
    mirage_em_strict,
    mirage_set_f1,
    normalize_answer,
    parse_metrics,
    rouge_l,
    score_samples,
    token_f1,
    token_precision,
    token_recall,
)


@pytest.mark.parametrize("text, expected", [
    ("The  Eiffel Tower!", "eiffel tower"),
    ("an apple, a pear", "apple pear"),
    ("Theatre", "theatre"),                 # "the" inside a word stays
    ("A.B.C.", "abc"),
    ("  \tmulti\nline  ", "multi line"),
    ("Café’s", "café’s"),                   # only ASCII punctuation is removed (SQuAD)
    ("", ""),
])
def test_normalize_answer(text, expected):
    assert normalize_answer(text) == expected


def test_exact_and_contains():
    assert exact_match("the Eiffel Tower.", "Eiffel tower") == 1.0
    assert exact_match("Eiffel", "Eiffel Tower") == 0.0
    assert contains_match("It is the Eiffel Tower, in Paris", "eiffel tower") == 1.0
    assert contains_match("Eiffel Towers", "eiffel tower") == 0.0   # whole tokens only
    assert contains_match("anything", "the") == 0.0                  # empty after normalization


def test_token_f1_counts_multiset_overlap():
    assert token_f1("red red blue", "red blue green") == pytest.approx(2 * (2 / 3) * (2 / 3) / (4 / 3))
    assert token_f1("a the", "an") == 1.0        # both empty after normalization
    assert token_f1("", "paris") == 0.0
    assert token_f1("london", "paris") == 0.0


def test_token_recall_and_precision_follow_mtrag():
    assert token_recall("paris is nice", "Paris, France") == 0.5
    assert token_recall("x", "") == 0.0
    assert token_precision("paris is nice", "Paris, France") == pytest.approx(1 / 3)


def test_rouge_l_and_extractiveness():
    assert rouge_l("the cat sat", "the cat sat") == 1.0
    assert rouge_l("dog", "the cat sat") == 0.0
    passage = "The river, which is long, flows north."
    # passage contained (ignoring punctuation and spaces) -> 1
    assert extractiveness("Indeed: the river which is long flows north. Yes.", passage) == 1.0
    assert 0 < extractiveness("The river flows south", passage) < 1


def test_mirage_em_and_set_f1():
    assert mirage_em_loose("The answer is JOURNALIST.", ["journalist", "journo"]) == 1.0
    assert mirage_em_strict("The answer is JOURNALIST.", ["journalist"]) == 0.0
    assert mirage_em_strict("Journalist", ["journalist"]) == 1.0
    # pred {a, b}, gold {b, c, d}: p = 1/2, r = 1/3
    assert mirage_set_f1("A b b", ["b c", "d"]) == pytest.approx(2 * 0.5 * (1 / 3) / (0.5 + 1 / 3))


def test_score_samples_best_reference_and_missing_fields():
    samples = [GenerationSample("q1", "?", "Paris", references=("London", "paris")),
               GenerationSample("q2", "?", "Paris")]
    result = score_samples(samples, "em,f1,extractiveness")
    assert result.per_item["q1"] == {"em": 1.0, "f1": 1.0, "extractiveness": None}
    assert result.per_item["q2"]["em"] is None
    assert result.counts["em"] == {"scored": 1, "unscored": 1}


def test_parse_metrics_rejects_unknown_and_accepts_idk_variants():
    assert parse_metrics("em, f1,rb_alg_idk") == ["em", "f1", "rb_alg_idk"]
    with pytest.raises(InputError, match="unknown generation metric 'bleu'"):
        parse_metrics("em,bleu")
