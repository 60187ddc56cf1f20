"""The QA check's comparison of the model's answer with the gold answer: lenient on form, strict on content."""

from __future__ import annotations

import pytest

from benchsmith.generators.multihop.qa_answers import answers_agree, is_null_form


@pytest.mark.parametrize(("given", "gold"), [
    ("Yes", "Yes"), ("yes.", "Yes"), ("Yes, the first figure is higher.", "Yes"), ("True", "Yes"),
    ("No", "No"), ("False", "No"),
    ("Before", "Before"), ("earlier", "Before"), ("It came out later.", "After"),
    ("Harrowgate Builders", "Harrowgate Builders"), ("the Harrowgate Builders.", "Harrowgate Builders"),
    ("The firm is Harrowgate Builders.", "Harrowgate Builders"), ("Harrowgate", "Harrowgate Builders"),
    ("Marsh's campaign focused on the Lumora Energy battery factory.", "Lumora Energy"),
    ("Insufficient information.", "Insufficient information."), ("Not enough information", "Insufficient information."),
    ("unknown", "Insufficient information."),
])
def test_answers_that_say_the_gold_answer_agree(given, gold):
    assert answers_agree(given, gold)


@pytest.mark.parametrize(("given", "gold"), [
    ("No", "Yes"), ("No, it was lower.", "Yes"), ("Yes", "No"), ("After", "Before"), ("later", "Before"),
    ("Corvane Analytics", "Harrowgate Builders"), ("Builders", "Harrowgate Builders"), ("Port Calloway and Harbor City Ledger", "Old Quarter"),
    ("Insufficient information.", "Harrowgate Builders"), ("unknown", "Yes"), ("", "Yes"),
    ("Harrowgate Builders", "Insufficient information."),
])
def test_a_different_answer_or_a_refusal_disagrees(given, gold):
    assert not answers_agree(given, gold)


def test_null_forms():
    assert is_null_form("Unknown") and is_null_form("It cannot be determined.") and is_null_form(" ")
    assert not is_null_form("Harrowgate Builders") and not is_null_form("Northgate")
