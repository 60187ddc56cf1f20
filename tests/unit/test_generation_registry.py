"""Every registered generation metric: immutable, named as registered, scores in range."""

import dataclasses

import pytest

from benchsmith.evaluation.generation import GenerationSample, get_metric, metric_names

SAMPLE = GenerationSample("q", "Where is it?", "It is in Paris, France.", references=("Paris",),
                          contexts=("Paris is the capital of France.",), answerability="answerable")
MODEL_BACKED = {"bertscore_precision", "bertscore_recall", "bert_k_precision", "rb_alg"}


@pytest.mark.parametrize("name", metric_names())
def test_metric_conformance(name):
    metric = get_metric(name)
    assert metric.name == name and str(metric) == name
    with pytest.raises(dataclasses.FrozenInstanceError):
        metric.name = "other"  # type: ignore[misc]
    if metric.is_judge:
        with pytest.raises(TypeError, match="judge"):
            metric.score(SAMPLE)
        return
    if name in MODEL_BACKED:
        return  # scored with the real model in test_generation_bertscore.py (loading it is the slow part)
    value = metric.score_batch([SAMPLE])[0]
    assert isinstance(value, float)
    if name != "length":
        assert 0.0 <= value <= 1.0
    empty = GenerationSample("e", "?", "x")
    if metric.needs:
        assert metric.score_batch([empty]) == [None]
