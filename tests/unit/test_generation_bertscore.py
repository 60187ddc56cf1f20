"""BERTScore with the real embedded MiniLM (no download)."""

import pytest

from benchsmith.evaluation.generation import GenerationSample, score_samples


@pytest.fixture(scope="module")
def scorer():
    from benchsmith.embedded import MissingModel
    from benchsmith.evaluation.generation.bertscore import get_bertscorer

    try:
        return get_bertscorer(None)
    except MissingModel as exc:
        pytest.skip(f"embedded MiniLM not installed: {exc}")


def test_identical_beats_unrelated(scorer):
    ref = "The lighthouse was built in 1871 by the port authority."
    same = scorer.precision_recall(ref, ref)
    other = scorer.precision_recall("Puffins nest on the cliffs of the island every spring.", ref)
    assert same[0] == pytest.approx(1.0, abs=1e-5) and same[1] == pytest.approx(1.0, abs=1e-5)
    assert other[0] < same[0] - 0.2 and other[1] < same[1] - 0.2
    assert scorer.precision_recall("", ref) == (0.0, 0.0)


def test_metrics_and_labels(scorer):
    s = GenerationSample("q", "?", "Built in 1871.", references=("It was built in 1871.",),
                         contexts=("Gulls fly.", "The lighthouse was built in 1871."))
    result = score_samples([s], "bertscore_precision,bertscore_recall,bert_k_precision,rb_alg")
    item = result.per_item["q"]
    assert 0 < item["bertscore_recall"] <= 1 and 0 < item["bertscore_precision"] <= 1
    kp = item["bert_k_precision"]
    assert kp == pytest.approx(scorer.precision_recall(s.prediction, s.contexts[1])[0])
    assert 0 < item["rb_alg"] <= 1
    assert "not comparable with published BERTScore" in result.labels["bertscore_precision"]
