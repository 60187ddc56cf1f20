"""The Yes share of a whole multihop set, across its types, stays within bounds."""

from __future__ import annotations

from types import SimpleNamespace

from benchsmith.generators.multihop.shaping import even_yes_no


def items(*answers):
    return [SimpleNamespace(answer=a) for a in answers]


def test_the_whole_sets_yes_share_is_kept_in_bounds_by_dropping_the_excess():
    produced = {"comparison_query": items(*["Yes", "No"] * 5, "No", "No", "No", "No", "No"),
                "temporal_query": items("No"), "null_query": items("Insufficient information.")}
    assert even_yes_no(produced) == 4  # 5 Yes of 16 (31%) -> 5 of 12 (42%), the excess No dropped from the end
    assert [i.answer for i in produced["comparison_query"]] == ["Yes", "No"] * 5 + ["No"]
    assert [i.answer for i in produced["temporal_query"]] == ["No"] and len(produced["null_query"]) == 1


def test_a_small_set_keeps_its_answers():
    produced = {"comparison_query": items("No", "No"), "temporal_query": items("No")}
    assert even_yes_no(produced) == 0 and len(produced["comparison_query"]) == 2
