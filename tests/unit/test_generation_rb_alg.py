"""RB_alg combination, mtRAG IDK conditioning and MIRAGE adaptability on hand-built cases."""

import pytest

from benchsmith.evaluation.generation import (
    GenerationSample,
    adaptability,
    answerability_correct,
    condition_on_idk,
    rb_alg_combine,
    score_samples,
)


def test_rb_alg_harmonic_mean_of_three_terms():
    # recall term (0.6+1)/2 = 0.8, rouge 0.5, faithfulness (max(0.2, None->0, 0.4)+1)/2 = 0.7
    a, b, c = 0.8, 0.5, 0.7
    expected = 3 * a * b * c / (a * b + a * c + b * c)
    assert rb_alg_combine(0.5, bert_recall=0.6, bert_k_precisions=[0.2, None, 0.4]) == pytest.approx(expected)


def test_rb_alg_fallbacks_and_zero_rule():
    # no BERTScore recall: token recall is used as is; no Bert-K-Precision: the aggregate is 0 (mtRAG's code)
    assert rb_alg_combine(0.5, token_recall=0.9, bert_k_precisions=None) == 0.0
    assert rb_alg_combine(0.0, bert_recall=0.9, bert_k_precisions=[0.9]) == 0.0
    assert rb_alg_combine(0.5, token_recall=0.9, bert_k_precisions=[0.0]) == pytest.approx(
        3 * 0.9 * 0.5 * 0.5 / (0.9 * 0.5 + 0.9 * 0.5 + 0.5 * 0.5))
    with pytest.raises(ValueError):
        rb_alg_combine(0.5)


@pytest.mark.parametrize("score, idk, answerability, expected", [
    (0.7, 1.0, "unanswerable", 1.0),     # correctly declines
    (0.7, 0.5, "unanswerable", 0.0),     # partial answer to an unanswerable turn
    (0.7, 0.0, "unanswerable", 0.0),     # answers an unanswerable turn
    (0.7, 1.0, "conversational", 1.0),
    (0.7, 1.0, "answerable", 0.0),       # declines an answerable turn
    (0.7, 1.0, "partial", 0.0),
    (0.7, 0.5, "answerable", 0.7),       # partial IDK keeps the metric
    (0.7, 0.0, "answerable", 0.7),
    (None, 0.0, "answerable", None),
    (0.7, None, "answerable", None),
])
def test_condition_on_idk(score, idk, answerability, expected):
    assert condition_on_idk(score, idk, answerability) == expected


def test_answerability_accuracy():
    assert answerability_correct(1.0, "unanswerable") == 1.0
    assert answerability_correct(0.5, "unanswerable") == 0.0
    assert answerability_correct(0.5, "answerable") == 1.0
    assert answerability_correct(1.0, "answerable") == 0.0
    assert answerability_correct(1.0, "conversational") is None


def test_adaptability_hand_built_case():
    # query: (base, oracle, mixed)
    # q1 (0,1,0) -> noise vulnerability; q2 (1,1,1) -> acceptability;
    # q3 (0,0,1) -> insensitivity (mixed right by luck, oracle wrong); q4 (1,0,0) -> misinterpretation
    base, oracle, mixed = [0, 1, 0, 1], [1, 1, 0, 0], [0, 1, 1, 0]
    r = adaptability(base, oracle, mixed, ["q1", "q2", "q3", "q4"])
    assert r.scores == {"noise_vulnerability": 0.25, "context_acceptability": 0.25,
                        "context_insensitivity": 0.25, "context_misinterpretation": 0.25}
    assert r.per_query == {"q1": "noise_vulnerability", "q2": "context_acceptability",
                           "q3": "context_insensitivity", "q4": "context_misinterpretation"}
    assert r.label_counts["0_0_1"] == 1 and r.label_counts["1_1_1"] == 1  # key order: base_mixed_oracle
    assert r.label_counts["0_1_0"] == 1 and r.label_counts["1_0_0"] == 1
    assert r.mirage_total == pytest.approx(-0.5)


def test_adaptability_order_of_rules_and_length_check():
    # base right, oracle right, mixed wrong: noise vulnerability wins over nothing else
    assert adaptability([1], [1], [0]).per_query == {"0": "noise_vulnerability"}
    # base wrong, oracle wrong, mixed wrong: insensitivity
    assert adaptability([0], [0], [0]).per_query == {"0": "context_insensitivity"}
    with pytest.raises(ValueError, match="differ in length"):
        adaptability([1], [1, 0], [1])


def test_idk_conditioned_names_in_scoring_need_idk_judge():
    with pytest.raises(ValueError, match="judge"):
        score_samples([GenerationSample("q", "?", "x", references=("x",))], "em_idk")
