import math

import numpy as np
import pytest
from scipy import stats as sps

from benchsmith.evaluation.stats import bootstrap_ci, paired_test, summarize


def test_bootstrap_ci_is_reproducible_and_brackets_the_mean():
    rng = np.random.default_rng(1)
    values = rng.random(300)
    mean, low, high = bootstrap_ci(values, seed=3)
    assert mean == pytest.approx(values.mean())
    assert low < mean < high
    assert bootstrap_ci(values, seed=3) == (mean, low, high)
    # width close to the normal approximation 2 * 1.96 * sd / sqrt(n)
    expected = 2 * 1.96 * values.std(ddof=1) / math.sqrt(values.size)
    assert (high - low) == pytest.approx(expected, rel=0.2)


def test_bootstrap_ci_edge_cases():
    assert all(math.isnan(x) for x in bootstrap_ci([]))
    assert bootstrap_ci([0.5]) == (0.5, 0.5, 0.5)
    assert bootstrap_ci([1.0, 1.0, 1.0]) == (1.0, 1.0, 1.0)


def test_wider_confidence_gives_a_wider_interval():
    values = np.random.default_rng(0).random(100)
    _, l95, h95 = bootstrap_ci(values, confidence=0.95)
    _, l50, h50 = bootstrap_ci(values, confidence=0.50)
    assert l95 < l50 < h50 < h95


def test_paired_permutation_detects_a_shift_and_not_noise():
    rng = np.random.default_rng(0)
    a = rng.random(200)
    res = paired_test(a + 0.1, a + rng.normal(0, 0.01, 200))
    assert res.diff == pytest.approx(0.1, abs=0.01) and res.p_value < 0.001
    assert res.low < res.diff < res.high
    noise = paired_test(a, a[::-1].copy())
    assert noise.p_value > 0.05


def test_identical_systems_have_p_one():
    res = paired_test([0.1, 0.5, 0.9], [0.1, 0.5, 0.9])
    assert res == (0.0, 0.0, 0.0, 1.0)


def test_t_method_matches_scipy():
    rng = np.random.default_rng(2)
    a, b = rng.random(50), rng.random(50)
    res = paired_test(a, b, method="t")
    assert res.p_value == pytest.approx(sps.ttest_rel(a, b).pvalue)
    assert res.low < res.diff < res.high


def test_bootstrap_method_and_unknown_method():
    rng = np.random.default_rng(3)
    a = rng.random(80)
    res = paired_test(a + 0.2, a - rng.random(80) * 0.01, method="bootstrap")
    assert res.p_value < 0.01
    with pytest.raises(ValueError):
        paired_test([0.1, 0.2], [0.3, 0.1], method="magic")


def test_paired_mappings_must_cover_the_same_items():
    assert paired_test({"x": 1.0, "y": 0.0}, {"y": 0.0, "x": 0.0}).diff == 0.5
    with pytest.raises(ValueError, match="different items"):
        paired_test({"x": 1.0}, {"z": 1.0})
    with pytest.raises(ValueError, match="different lengths"):
        paired_test([1.0, 2.0], [1.0])


def test_summarize_skips_missing_values():
    out = summarize({"a": {"m": 1.0, "n": 0.0}, "b": {"m": 0.0}, "c": {"m": 0.5, "n": None}})
    assert out["m"]["mean"] == 0.5 and out["m"]["n"] == 3
    assert out["n"]["n"] == 1 and out["n"]["mean"] == 0.0


def test_small_samples_use_the_exact_sign_flip_distribution():
    d = np.array([0.1, 0.2, -0.05, 0.3, 0.0, 0.15])
    res = paired_test(d, np.zeros(6))
    expected = sps.permutation_test(
        (d,), lambda x, axis: np.mean(x, axis=axis), permutation_type="samples", vectorized=True
    ).pvalue
    assert res.p_value == pytest.approx(expected)
    # a constant shift on 5 items: only the all-positive and all-negative sign vectors are as extreme
    assert paired_test([1.0] * 5, [0.0] * 5).p_value == pytest.approx(2 / 32)


def test_zero_resamples_is_a_clear_error():
    # numpy would otherwise fail with an IndexError from an empty quantile
    with pytest.raises(ValueError, match="n_resamples"):
        bootstrap_ci([0.0, 1.0, 1.0], n_resamples=0)
    with pytest.raises(ValueError, match="n_resamples"):
        paired_test([0.0, 1.0, 1.0], [1.0, 1.0, 0.0], n_resamples=0)
