import dataclasses

import ir_measures
import pytest

from benchsmith.evaluation.metrics import Measure, default_measures, parse_measure, parse_measures


def test_parse_the_cli_list_keeps_order_and_prints_back():
    ms = parse_measures("Recall@5,nDCG@10,MAP@10,MRR@10,P@3,F1@5,Hits@4")
    assert [str(m) for m in ms] == ["Recall@5", "nDCG@10", "MAP@10", "MRR@10", "P@3", "F1@5", "Hits@4"]
    assert ms[1] == Measure("nDCG", 10)


@pytest.mark.parametrize(
    "text,expected",
    [("ndcg@10", "nDCG@10"), ("R@5", "Recall@5"), ("precision@3", "P@3"), ("success@4", "Hits@4"),
     ("AP", "MAP"), ("rr", "MRR"), (" nDCG @ 3 ", "nDCG@3")],
)
def test_aliases_are_canonicalised(text, expected):
    assert str(parse_measure(text)) == expected


def test_measures_are_immutable_and_hashable():
    m = parse_measure("nDCG@10")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.k = 5  # type: ignore[misc]
    assert len({m, parse_measure("ndcg@10")}) == 1


@pytest.mark.parametrize("bad", ["Foo@3", "nDCG@0", "Recall", "P", "nDCG@x", "@5", ""])
def test_bad_measures_raise_value_error(bad):
    with pytest.raises(ValueError):
        parse_measures(bad)


def test_repeats_dropped():
    assert [str(m) for m in parse_measures(["nDCG@10,MAP", "ndcg@10"])] == ["nDCG@10", "MAP"]


def test_ir_measures_mapping():
    M = ir_measures.measures
    assert parse_measure("F1@5").ir_measures() == [M.P @ 5, M.R @ 5]
    assert parse_measure("Hits@4").ir_measures() == [M.Success @ 4]
    assert parse_measure("MAP").ir_measures() == [M.AP]
    assert parse_measure("MRR@10").ir_measures() == [M.RR]


def test_default_measures_cover_every_cutoff():
    names = {str(m) for m in default_measures([1, 5])}
    assert {"nDCG@1", "nDCG@5", "F1@5", "Hits@1", "MRR@5", "MAP@1"} <= names
