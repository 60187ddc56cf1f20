"""Edits are re-validated on save: the kind's validators and the answer's grounding decide, with the reasons."""

from __future__ import annotations

import json

import pytest

from benchsmith.review.items import load_bench
from benchsmith.review.revalidate import EditRefused
from benchsmith.review.session import ReviewSession
from review_bench import make_bench


@pytest.fixture
def session(tmp_path):
    return ReviewSession(load_bench(make_bench(tmp_path)), "alice")


def _trail(session):
    return [json.loads(line) for line in session.trail.path.read_text().splitlines()] if session.trail.path.exists() else []


def test_an_answer_no_longer_in_the_evidence_is_refused_with_the_reason(session):
    with pytest.raises(EditRefused) as err:
        session.edit("q1", {"answer": "Banana Corp"})
    assert any("answer no longer occurs in the evidence" in r for r in err.value.reasons)
    assert _trail(session) == []  # nothing recorded
    assert session.item("q1")["answer"] == "Lumora Energy"


def test_a_question_that_leaks_the_answer_is_refused_by_the_kind_validators(session):
    with pytest.raises(EditRefused) as err:
        session.edit("q1", {"query": "Does Lumora Energy run the Northgate plant and sponsor the club?"})
    assert any("leakage.answer_in_query" in r for r in err.value.reasons)


@pytest.mark.parametrize("changes, says", [
    ({"question_type": "not_a_type"}, "is not one of"),
    ({"query": "   "}, "may not be empty"),
    ({"evidence": []}, "not an editable field"),
    ({"provenance": {}}, "not an editable field"),
    ({}, "nothing to change"),
])
def test_bad_edits_are_refused(session, changes, says):
    with pytest.raises(EditRefused) as err:
        session.edit("q1", changes)
    assert says in " ".join(err.value.reasons)


def test_a_good_edit_is_saved_with_before_and_after_and_shown(session):
    view = session.edit("q1", {"query": "Which firm runs the Northgate plant and backs the Southport club?"}, "shorter")
    assert view["question"] == "Which firm runs the Northgate plant and backs the Southport club?"
    (record,) = _trail(session)
    assert record["action"] == "edit" and record["reviewer"] == "alice" and record["reason"] == "shorter"
    assert record["changes"]["query"]["before"].startswith("Which company runs")
    assert record["before"] != record["after"] and record["item"]["query"] == view["question"]


def test_an_error_the_item_already_had_does_not_block_fixing_something_else(session):
    # q2 leaks part of its answer ("energy") from generation; a label edit must still be possible.
    assert "answer_leak_partial" in session.summary()["items"][1]["errors"]
    session.edit("q2", {"question_type": "bridge_query"})
    assert session.item("q2")["labels"] == ["bridge_query"]


def test_an_accept_before_an_edit_no_longer_counts(session):
    session.decide("q1", "accept")
    assert session.item("q1")["status"] == "accepted"
    session.edit("q1", {"query": "Which firm runs the Northgate plant and backs the Southport club?"})
    view = session.item("q1")
    assert view["status"] == "undecided" and view["decisions"][0]["current"] is False
    session.decide("q1", "accept")
    assert session.item("q1")["status"] == "accepted"


def test_a_rejection_needs_a_reason(session):
    from benchsmith.errors import InputError

    with pytest.raises(InputError):
        session.decide("q1", "reject", "  ")
    session.decide("q1", "reject", "wrong answer")
    assert _trail(session)[0]["reason"] == "wrong answer"


def test_the_page_resumes_at_the_item_the_reviewer_stopped_on(tmp_path):
    bench = load_bench(make_bench(tmp_path))
    first = ReviewSession(bench, "alice")
    assert first.resume_index() == 0
    first.decide("q1", "accept")
    assert ReviewSession(bench, "alice").resume_index() == 1  # a new session (server restart) reads the trail
    first.edit("q2", {"question_type": "bridge_query"})
    assert ReviewSession(bench, "alice").resume_index() == 1  # edited, not decided: stay on it
    assert ReviewSession(bench, "bob").resume_index() == 0  # another reviewer starts at the beginning


def test_two_reviewers_give_kappa_in_the_report(tmp_path):
    bench = load_bench(make_bench(tmp_path))
    alice, bob = ReviewSession(bench, "alice"), ReviewSession(bench, "bob")
    for item_id, a, b in (("q1", "accept", "accept"), ("q2", "reject", "reject"), ("q3", "accept", "reject")):
        alice.decide(item_id, a, "r" if a == "reject" else None)
        bob.decide(item_id, b, "r" if b == "reject" else None)
    report = alice.report()
    (pair,) = report["agreement"]
    assert pair["reviewers"] == ("alice", "bob") and pair["items"] == 3
    assert pair["kappa"] == pytest.approx(0.4)  # see test_review_agreement: same table
    assert report["by_status"] == {"undecided": 0, "accepted": 1, "rejected": 1, "disputed": 1}
