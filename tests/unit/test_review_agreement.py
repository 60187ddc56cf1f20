"""Cohen's kappa over accept/reject, checked against values computed by hand."""

from __future__ import annotations

import pytest

from benchsmith.review.agreement import cohen_kappa, pairwise


def test_kappa_matches_a_hand_computed_value():
    # 10 items: both accept 6, both reject 2, one each way 1 + 1.
    # p_o = 8/10 = 0.8; each reviewer accepts 7/10, so p_e = 0.7*0.7 + 0.3*0.3 = 0.58;
    # kappa = (0.8 - 0.58) / (1 - 0.58) = 0.22 / 0.42 = 0.523809...
    a = ["accept"] * 6 + ["reject"] * 2 + ["accept", "reject"]
    b = ["accept"] * 6 + ["reject"] * 2 + ["reject", "accept"]
    assert cohen_kappa(a, b) == pytest.approx(0.22 / 0.42)


def test_kappa_with_unequal_marginals():
    # A accepts 4/5, B accepts 2/5; they agree on 3 (2 accept, 1 reject).
    # p_o = 0.6; p_e = 0.8*0.4 + 0.2*0.6 = 0.44; kappa = 0.16 / 0.56 = 0.285714...
    a = ["accept", "accept", "accept", "accept", "reject"]
    b = ["accept", "accept", "reject", "reject", "reject"]
    assert cohen_kappa(a, b) == pytest.approx(0.16 / 0.56)


def test_kappa_bounds_and_undefined_cases():
    assert cohen_kappa(["accept", "reject"], ["accept", "reject"]) == 1.0
    assert cohen_kappa(["accept", "reject"], ["reject", "accept"]) == -1.0
    assert cohen_kappa(["accept"] * 3, ["accept"] * 3) is None  # no variation: chance agreement is 1
    assert cohen_kappa([], []) is None
    with pytest.raises(ValueError):
        cohen_kappa(["accept"], [])


def test_pairwise_counts_only_items_both_reviewers_decided():
    decisions = {
        "q1": {"alice": "accept", "bob": "accept"},
        "q2": {"alice": "reject", "bob": "reject"},
        "q3": {"alice": "accept", "bob": "reject"},
        "q4": {"alice": "accept"},  # bob never saw it
        "q5": {"carol": "accept"},
    }
    pairs = {p.reviewers: p for p in pairwise(decisions)}
    ab = pairs[("alice", "bob")]
    assert (ab.items, ab.agreed, ab.observed) == (3, 2, round(2 / 3, 4))
    # p_o = 2/3; alice accepts 2/3, bob 1/3: p_e = 2/9 + 2/9 = 4/9; kappa = (2/3 - 4/9) / (5/9) = 0.4
    assert ab.kappa == pytest.approx(0.4)
    assert pairs[("alice", "carol")].items == 0 and pairs[("alice", "carol")].kappa is None
    assert "no item" in pairs[("alice", "carol")].note
