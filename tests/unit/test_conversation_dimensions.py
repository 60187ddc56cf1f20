"""Per-turn target dimensions converge on the requested shares within mtRAG's limits."""

from __future__ import annotations

import random

import pytest

from benchsmith.errors import InputError
from benchsmith.generators.conversations.config import ConversationConfig, parse_answerability, parse_question_mix
from benchsmith.generators.conversations.dimensions import Dimensions


def test_plans_keep_the_limits_and_reach_the_requested_unanswerable_share():
    cfg = ConversationConfig(n=1)
    dims = Dimensions(cfg, random.Random(0))
    turns = unanswerable = 0
    for _ in range(200):
        plan = dims.plan(9)
        assert plan[0] == "ANSWERABLE"
        assert plan.count("UNANSWERABLE") <= 2
        special = [i for i, a in enumerate(plan) if a != "ANSWERABLE"]
        assert all(b - a > 1 for a, b in zip(special, special[1:]))  # never two special turns in a row
        for a in plan:
            dims.record(["Factoid"], a, "Follow-up")
        turns += len(plan)
        unanswerable += plan.count("UNANSWERABLE")
    assert abs(unanswerable / turns - 0.20) < 0.02


def test_question_types_most_needed_first():
    dims = Dimensions(ConversationConfig(n=1), random.Random(0))
    for _ in range(30):
        dims.record(["Factoid"], "ANSWERABLE", "Follow-up")
    assert dims.question_types()[-1] == "Factoid"


def test_bad_settings_are_clear_errors():
    with pytest.raises(InputError, match="at most 2 per conversation"):
        ConversationConfig(n=1, answerability=parse_answerability("UNANSWERABLE=0.5,ANSWERABLE=0.5"))
    with pytest.raises(InputError, match="--question-mix"):
        parse_question_mix("Trivia=1")
    with pytest.raises(InputError, match="--min-turns"):
        ConversationConfig(n=1, turns=(4, 5), min_turns=6)


def test_a_special_turn_that_found_nothing_is_tried_at_the_next_answerable_turn_with_room():
    from benchsmith.generators.conversations.heuristic import retry_later

    plan = ["ANSWERABLE", "UNANSWERABLE", "ANSWERABLE", "PARTIAL", "ANSWERABLE", "ANSWERABLE", "ANSWERABLE"]
    retry_later(plan, 1, "UNANSWERABLE")  # turn 2 answered instead; turn 3 sits next to the partial turn
    assert plan == ["ANSWERABLE", "UNANSWERABLE", "ANSWERABLE", "PARTIAL", "ANSWERABLE", "UNANSWERABLE", "ANSWERABLE"]
    last = ["ANSWERABLE", "ANSWERABLE", "UNANSWERABLE", "ANSWERABLE"]
    retry_later(last, 2, "UNANSWERABLE")  # the last turn may take it
    assert last[3] == "UNANSWERABLE"
    full = ["ANSWERABLE", "UNANSWERABLE", "ANSWERABLE", "CONVERSATIONAL"]
    retry_later(full, 1, "UNANSWERABLE")  # no answerable turn with room: the plan stays
    assert full == ["ANSWERABLE", "UNANSWERABLE", "ANSWERABLE", "CONVERSATIONAL"]
