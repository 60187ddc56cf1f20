"""The Yes share of a whole multihop set, across its types, stays within bounds."""

from __future__ import annotations

from types import SimpleNamespace

from benchsmith.generators.multihop.shaping import even_yes_no


def test_the_whole_sets_yes_share_is_kept_in_bounds_by_dropping_the_excess():
    def items(*answers):
        return [SimpleNamespace(answer=a) for a in answers]

    produced = {"comparison_query": items("Yes", "No", "Yes", "No", "No", "No"), "temporal_query": items("No"),
                "null_query": items("Insufficient information.")}
    assert even_yes_no(produced) == 2  # 2 Yes of 7 -> 2 of 5 (40%)
    assert [i.answer for i in produced["comparison_query"]] == ["Yes", "No", "Yes", "No"]
    assert [i.answer for i in produced["temporal_query"]] == ["No"] and len(produced["null_query"]) == 1
