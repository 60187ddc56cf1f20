"""A manual's limits as FRAMES facts: sizes stated as what the reader can do, count limits named side by side only in
questions that name and rank them, a page another cited page makes unneeded, thresholds worded in a natural unit."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from benchsmith.generators.frames.derive import compute, count_threshold, count_window
from benchsmith.generators.frames.kinds import fact_kind, family_kind, same_measure
from benchsmith.generators.frames.usage import pair_key
from benchsmith.generators.frames.wording import answer_name, question
from benchsmith.schemas.frames import FramesFact
from benchsmith.types import Span
from benchsmith.validators.frames import rederive


def _count(fid, value, noun, holder):
    label = f"the maximum number of {noun} {holder}"
    return FramesFact(fact_id=fid, doc_id="d" + fid, chunk_id=fid + "-0", kind="quantity", dimension="count",
                      value=float(value), unit=noun, span=Span(start=0, end=10), text=f"up to {value} {noun} {holder}",
                      value_span=Span(start=6, end=6 + len(str(value))), value_text=f"{value} {noun}", label=label)


def _size(fid, value, unit, label):
    return FramesFact(fact_id=fid, doc_id="d" + fid, chunk_id=fid + "-0", kind="quantity", dimension="data",
                      value=float(value), unit=unit, span=Span(start=0, end=10), text=f"{label} {value} {unit}",
                      value_span=Span(start=0, end=4), value_text=f"{value} {unit}", label=label)


def test_count_limits_meet_only_where_they_are_named_and_ranked():
    tags = _count("a", 10, "tags", "per object")
    rules = _count("b", 100, "rules", "per CORS configuration")
    grants = _count("c", 100, "grants", "in an ACL")
    points = _count("d", 1000, "access points", "per AWS account per Region")
    facts = [tags, rules, grants, points]
    # a difference or a ratio takes counts of one noun; a ranking or a threshold takes any count limit
    assert fact_kind(tags) != fact_kind(rules) and family_kind(tags, "gap") != family_kind(rules, "gap")
    assert family_kind(tags, "largest") == family_kind(rules, "second") == family_kind(points, "count_within")
    names = {f.fact_id: answer_name(f, "", "largest") for f in facts}
    assert names["a"] == "tags per object"
    q = question("largest", [tags, rules, points], ["T", "R", "P"])
    assert q == "Which of these limits is the highest: tags per object, rules per CORS configuration and access points " \
                "per AWS account per Region?"
    by_id = {f.fact_id: f for f in facts}
    assert compute("largest", ["a", "b", "d"], by_id, {}, names) == "access points per AWS account per Region"
    assert compute("second", ["a", "b", "d"], by_id, {}, names) == "rules per CORS configuration"
    with pytest.raises(ValueError):
        compute("second", ["a", "b", "c"], by_id, {}, names)  # 100 and 100: no single second-highest
    assert compute("same", ["a", "b", "c", "d"], by_id, {}, names) == "rules per CORS configuration and grants in an ACL"
    with pytest.raises(ValueError):
        compute("same", ["a", "b", "d"], by_id, {}, names)  # no two are equal
    assert question("same", [tags, rules, grants], ["T", "R", "G"]).startswith("Which two of these limits are equal: ")


def test_a_count_between_two_bounds_needs_every_limit_and_each_bound():
    facts = [_count("a", 10, "tags", "per object"), _count("b", 50, "routing rules", "per website configuration"),
             _count("c", 100, "rules", "per CORS configuration"), _count("d", 1000, "rules", "per S3 Lifecycle configuration")]
    by_id = {f.fact_id: f for f in facts}
    for seed in range(20):
        params = count_window(facts, random.Random(seed))
        answer = compute("count_within", list(by_id), by_id, params, {})
        inside = sum(params["low"] < f.value < params["high"] for f in facts)
        assert answer == str(inside) and 0 < inside < 4
        assert min(f.value for f in facts) < params["low"] and max(f.value for f in facts) > params["high"]
        # different nouns: the bounds are bare numbers ("higher than 20 but lower than 500")
        assert params["shown_low"].replace(",", "").isdigit() and params["shown_high"].replace(",", "").isdigit()
        q = question("count_within", facts, ["A", "B", "C", "D"], None, params)
        assert q.startswith(f"How many of these limits are higher than {params['shown_low']} but lower than ")
        item = SimpleNamespace(facts=facts, derivation=SimpleNamespace(op="count_within", inputs=list(by_id), unit="",
                                                                         params=params))
        assert rederive(item, {f.fact_id: f.value for f in facts}, {}) == answer


def test_a_threshold_is_worded_in_the_upper_unit_where_whole():
    console, whole = _size("a", 160, "GB", "x"), _size("b", 5, "TB", "y")
    shown = {count_threshold([console, whole], random.Random(s))["shown"] for s in range(30)}
    assert shown and all(s.endswith(" TB") for s in shown)  # "1 TB", "2 TB", never "2000 GB"
    small, large = _size("c", 40, "MB", "x"), _size("d", 1, "GB", "y")
    assert all(count_threshold([small, large], random.Random(s))["shown"].endswith(" MB") for s in range(10))


def test_one_statement_on_two_pages_makes_one_of_them_unneeded():
    listed = _count("a", 1000, "parts", "per list parts request")
    row = _count("b", 1000, "parts", "returned for a list parts request").model_copy(update={"from_table": True})
    assert same_measure(listed, row)
    job = _count("c", 50, "tags", "per job")
    assert same_measure(job, _count("d", 50, "job tags", "per Batch Operations job"))
    assert not same_measure(job, _count("e", 50, "routing rules", "per website configuration"))
    glacier = _size("f", 90, "days", "the minimal storage duration period for the S3 Glacier storage class")
    table = _size("g", 90, "days", "Min storage duration|S3 Glacier").model_copy(update={"from_table": True})
    assert same_measure(glacier, table)


def test_a_pair_of_equal_limits_is_one_question_in_either_order():
    a, b, c = _count("a", 100, "rules", "per CORS configuration"), _count("b", 100, "grants", "in an ACL"), \
        _count("c", 10, "tags", "per object")
    d = _count("d", 1000, "access points", "per AWS account per Region")
    draft = lambda facts: SimpleNamespace(op="same", facts=facts, inputs=[f.fact_id for f in facts])  # noqa: E731
    assert pair_key(draft([a, b, c])) == pair_key(draft([d, b, a]))
    assert pair_key(draft([a, b, c])) != pair_key(draft([a, c, _count("e", 10, "rules", "per website")]))
