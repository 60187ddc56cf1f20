"""Frames generator parts on tiny inline data: facts with spans, computed answers, slots, leave-one-out."""

from __future__ import annotations

from collections import Counter
from datetime import UTC

import pytest

from benchsmith.generators.frames.config import parse_mix, size_bucket
from benchsmith.generators.frames.derive import MissingInput, compute, roman
from benchsmith.generators.frames.facts import extract_facts
from benchsmith.generators.frames.graph import draw_set, link_graph
from benchsmith.generators.frames.plan import plan_slots
from benchsmith.schemas.frames import FramesFact
from benchsmith.types import Chunk, Document, Span


def _doc(doc_id, title, text, links=()):
    return Document(doc_id=doc_id, title=title, text=text, links=list(links))


def _chunks(doc):
    return (Chunk(chunk_id=doc.doc_id + "-0", doc_id=doc.doc_id, text=doc.text, span=Span(start=0, end=len(doc.text)),
                  index=0, n_tokens=len(doc.text.split())),)


def test_facts_have_verbatim_spans_and_types():
    doc = _doc("d1", "Hay Field (painting)", "Hay Field is an 1821 oil painting by John Constable. It hangs in the "
               "National Gallery. Objects can be up to 5 TB in size.", links=["John Constable", "National Gallery", "Absent"])
    facts = extract_facts(doc, _chunks(doc))
    kinds = Counter(f.dimension for f in facts)
    assert kinds == {"year:made": 1, "data": 1, "name": 2}
    for f in facts:
        assert doc.text[f.span.start:f.span.end] == f.text
        assert doc.text[f.value_span.start:f.value_span.end] == f.value_text
    year = next(f for f in facts if f.kind == "year")
    assert year.value == 1821
    data = next(f for f in facts if f.dimension == "data")
    assert data.value == 5 and data.unit == "TB" and data.changeable  # "up to": a limit that can change


def test_two_different_values_of_one_measure_give_no_fact():
    doc = _doc("d2", "Limits", "A part can be 5 MB at least in this setting. The last part can be 10 MB in this setting.")
    assert [f for f in extract_facts(doc, _chunks(doc)) if f.dimension == "data"] == []


def test_lifespan_is_a_birth_year_not_a_making_year():
    doc = _doc("d3", "Dancing Fairies", "Dancing Fairies is a painting by the Swedish painter August Malmström (1829–1901).")
    (fact,) = extract_facts(doc, _chunks(doc))
    assert fact.dimension == "year:born" and fact.value == 1829


def _year_fact(fid, doc, year):
    from benchsmith.schemas.frames import FramesFact
    return FramesFact(fact_id=fid, doc_id=doc, chunk_id=doc + "-0", kind="year", dimension="year:made", value=year,
                      span=Span(start=0, end=4), text=str(year), value_span=Span(start=0, end=4), value_text=str(year))


def test_computed_answers():
    facts = {f"f{i}": _year_fact(f"f{i}", f"d{i}", y) for i, y in enumerate([1850, 1821, 1900])}
    titles = {"f0": "A", "f1": "B", "f2": "C"}
    assert compute("gap", ["f0", "f1"], facts, {}, titles) == "29"
    assert compute("earliest", ["f0", "f1", "f2"], facts, {}, titles) == "B"
    assert compute("order", ["f0", "f1", "f2"], facts, {}, titles) == "B; A; C"
    assert compute("mean", ["f0", "f1", "f2"], facts, {}, titles) == "1857"
    assert compute("roman", ["f0", "f1"], facts, {}, titles) == "MDCCCXXI"
    assert compute("after", ["f1", "f0", "f2"], facts, {}, titles) == "A"  # soonest after 1821 of 1850, 1900
    assert compute("between", ["f1", "f2", "f0"], facts, {}, titles) == "A"
    with pytest.raises(MissingInput):
        compute("gap", ["f0", "missing"], facts, {}, titles)
    facts["f3"] = _year_fact("f3", "d3", 1850)
    with pytest.raises(ValueError, match="tie"):
        compute("earliest", ["f0", "f3", "f2"], facts, {}, titles | {"f3": "D"})


def test_roman_numerals():
    assert [roman(n) for n in (4, 9, 14, 1990, 2024)] == ["IV", "IX", "XIV", "MCMXC", "MMXXIV"]


def test_slots_follow_frames_article_counts():
    slots = plan_slots(200, parse_mix("numerical=0.2,tabular=0.1,constraints=0.4,temporal=0.2,post_processing=0.1"))
    sizes = Counter(size_bucket(k) for _, k in slots)
    target = {"2": 0.36, "3": 0.35, "4": 0.16, "5+": 0.13}
    assert all(abs(sizes[b] / 200 - s) <= 0.02 for b, s in target.items())
    # a bound and at least two named candidates; "how many of these are higher than X but lower than Y" over up to 8
    assert all(3 <= k <= 8 for t, k in slots if t == "constraints")
    assert Counter(k for _, k in slots)[2] == 72  # FRAMES' 36% two-article share survives the constraints' minimum
    assert Counter(t for t, _ in slots)["constraints"] == 80


def test_graph_joins_by_links_and_shared_targets_and_sets_are_connected():
    import random
    docs = [_doc("a", "Alpha", "x", ["Beta"]), _doc("b", "Beta", "x"), _doc("c", "Gamma", "x", ["Monet"]),
            _doc("d", "Delta", "x", ["Monet"]), _doc("e", "Eps", "x")]
    g = link_graph(docs, hub_max_share=0.5)
    assert g.has_edge("a", "b") and g.has_edge("c", "d") and not g.has_edge("a", "c") and g.degree("e") == 0
    s = draw_set(g, ["a", "b", "c", "d", "e"], 2, random.Random(0))
    assert s and g.has_edge(*s)
    assert draw_set(g, ["a", "b", "c", "d", "e"], 3, random.Random(0)) is None


def test_mix_rejects_unknown_type():
    from benchsmith.errors import InputError
    with pytest.raises(InputError):
        parse_mix("arithmetic=1")


def test_changeable_facts_are_pinned_with_the_latest_article_date():
    from datetime import datetime

    from benchsmith.generators.frames.assemble import Draft
    from benchsmith.generators.frames.items import to_frames_record, to_item
    from benchsmith.types import Provenance

    docs = {"a": _doc("a", "Limits A", "Objects can be up to 5 TB in size in this service today."),
            "b": _doc("b", "Limits B", "A single copy can be up to 5 GB in size in this service now.")}
    docs["a"] = docs["a"].model_copy(update={"published_at": datetime(2020, 3, 1, tzinfo=UTC)})
    docs["b"] = docs["b"].model_copy(update={"metadata": {"revision_timestamp": "2021-07-04T10:00:00Z"}})
    facts = [next(f for f in extract_facts(d, _chunks(d)) if f.dimension == "data") for d in docs.values()]
    assert all(f.changeable for f in facts)
    draft = Draft("numerical", "sum", "What do “A” and “B” add up to, in TB?", "5 TB", ["numerical"], facts,
                  [f.fact_id for f in facts], {"a": "input", "b": "input"}, None, {"a": "Limits A", "b": "Limits B"})
    item = to_item(draft, docs, Provenance(step="t"))
    assert item.as_of == "2021-07-04" and item.question.startswith("As of July 4, 2021, what do")
    undated = to_item(draft, {k: _doc(k, d.title, d.text) for k, d in docs.items()}, Provenance(step="t"))
    assert undated.as_of is None and undated.warnings == ["changeable_fact_undated"]
    row = to_frames_record(item, 7)
    assert row["unique_id"] == 7 and row["reasoning_types"] == "Numerical reasoning"
    assert row["wiki_links"] == "['https://en.wikipedia.org/wiki/Limits_A', 'https://en.wikipedia.org/wiki/Limits_B']"


def test_a_life_span_in_parentheses_is_not_the_making_year():
    doc = _doc("d4", "East View", "An East View is a watercolour painted on site by Thomas Davies (–1812) in 1762.")
    (fact,) = [f for f in extract_facts(doc, _chunks(doc)) if f.kind == "year"]
    assert fact.dimension == "year:made" and fact.value == 1762


def test_a_figure_is_kept_only_where_its_sentence_names_what_it_measures():
    doc = _doc("d5", "Lock", "An object that is 15 days into a 30-day Object Lock retention period keeps its lock here.")
    (fact,) = [f for f in extract_facts(doc, _chunks(doc)) if f.dimension == "time"]
    assert fact.value == 30 and fact.label == "the Object Lock retention period"  # "15 days" names nothing: not kept
    # "the retention period" alone could be any page's: too vague to ask about
    vague = _doc("d5v", "Lock", "An object that is 15 days into a 30-day retention period keeps its lock in this setting.")
    assert [f for f in extract_facts(vague, _chunks(vague)) if f.dimension == "time"] == []


def test_table_values_make_a_prose_figure_ambiguous_and_are_named_by_row_and_column():
    text = ("Objects lose 0.01 percent of their data each year in this old class.\n\n"
            "| Class | Durability | Storage |\n| --- | --- | --- |\n| Standard | 99.99% | 30 days |\n")
    doc = _doc("d6", "Classes", text)
    facts = extract_facts(doc, _chunks(doc))
    assert [f for f in facts if f.dimension == "percent" and not f.from_table] == []
    (table,) = [f for f in facts if f.dimension == "percent"]
    assert table.from_table and table.label == "Durability|Standard" and table.value == 99.99
    assert doc.text[table.value_span.start:table.value_span.end] == "99.99%"
    (days,) = [f for f in facts if f.dimension == "time"]
    assert days.label == "Storage|Standard" and days.unit == "days"


def test_a_negligible_side_makes_no_gap_question():
    from benchsmith.schemas.frames import FramesFact
    def q(fid, value, unit):
        return FramesFact(fact_id=fid, doc_id=fid, chunk_id=fid, kind="quantity", dimension="data", value=value, unit=unit,
                          span=Span(start=0, end=1), text="x", value_span=Span(start=0, end=1), value_text="x")
    facts = {"a": q("a", 5, "TB"), "b": q("b", 100, "MB"), "c": q("c", 2, "TB")}
    with pytest.raises(ValueError, match="dwarfs"):  # 5 TB against 100 MB: the gap is the larger figure restated
        compute("gap", ["a", "b"], facts, {}, {})
    assert compute("gap", ["a", "c"], facts, {}, {}) == "3 TB"


def test_a_link_target_is_found_as_whole_words_in_the_sentence_that_holds_it():
    # "Paris" first occurs inside "Parisian" and "Parish": neither is the name; its sentence is the third
    doc = _doc("p", "Ville (painting)", "Ville is a Parisian scene. It hung in a Parish hall. It was painted in Paris "
               "in 1865. Paris", links=["Paris", "Lyon"])
    facts = [f for f in extract_facts(doc, _chunks(doc)) if f.kind == "name"]
    assert [(f.value, f.text) for f in facts] == [("Paris", "It was painted in Paris in 1865.")]
    assert doc.text[facts[0].value_span.start:facts[0].value_span.end] == "Paris"
    assert facts[0].value_span.start == doc.text.index("in Paris") + 3


def test_a_present_holder_or_place_is_a_changeable_name_fact():
    doc = _doc("p", "Ville (painting)", "Ville is an 1865 painting by Jean Corot. It is currently on display at the "
               "National Gallery of Art. It was painted near Paris.", links=["National Gallery of Art", "Paris"])
    names = {f.value: f.changeable for f in extract_facts(doc, _chunks(doc)) if f.kind == "name"}
    assert names == {"National Gallery of Art": True, "Paris": False}


def test_the_pin_date_comes_from_the_changing_articles_or_the_snapshot():
    from datetime import date, datetime

    from benchsmith.generators.frames.assemble import Draft
    from benchsmith.generators.frames.items import pin_date, to_item
    from benchsmith.types import Provenance

    docs = {"a": _doc("a", "Limits A", "Objects can be up to 5 TB in size in this service today."),
            "b": _doc("b", "Sizes B", "The original copy size was 5 GB in the first release.")}
    facts = [next(f for f in extract_facts(d, _chunks(d)) if f.dimension == "data") for d in docs.values()]
    assert [f.changeable for f in facts] == [True, False]
    draft = Draft("numerical", "sum", "What do “A” and “B” add up to, in TB?", "5 TB", ["numerical"], facts,
                  [f.fact_id for f in facts], {"a": "input", "b": "input"}, None, {"a": "Limits A", "b": "Sizes B"})
    dated = {"a": docs["a"].model_copy(update={"published_at": datetime(2020, 3, 1, tzinfo=UTC)}),
             "b": docs["b"].model_copy(update={"published_at": datetime(2023, 1, 1, tzinfo=UTC)})}
    assert to_item(draft, dated, Provenance(step="t")).as_of == "2020-03-01"  # b's later date pins nothing that changes
    item = to_item(draft, docs, Provenance(step="t"), snapshot=date(2021, 1, 19))
    assert item.as_of == "2021-01-19" and item.question.startswith("As of January 19, 2021, what do") and not item.warnings
    assert pin_date("Amazon S3 allows how many buckets?", date(2021, 1, 19)).endswith(", Amazon S3 allows how many buckets?")


def test_a_year_span_is_not_a_making_year():
    doc = _doc("w", "Weymouth Bay", "Weymouth Bay was painted by the landscape artist John Constable in 1816–17.")
    assert [f for f in extract_facts(doc, _chunks(doc)) if f.kind == "year"] == []


def test_one_fact_stated_on_two_pages_is_not_counted_twice():
    from benchsmith.generators.frames.kinds import repeated_statement

    church = [_doc(f"c{i}", t, f"{t} is a painting by the American artist Frederic Edwin Church (1826–1900).")
              for i, t in enumerate(["Niagara Falls", "The Heart of the Andes"])]
    other = _doc("m", "Dancing Fairies", "Dancing Fairies is a painting by the Swedish painter August Malmström (1829–1901).")
    born = [next(f for f in extract_facts(d, _chunks(d)) if f.kind == "year") for d in [*church, other]]
    assert repeated_statement(born) is not None and repeated_statement([born[0], born[2]]) is None
    limits = [_doc(f"l{i}", f"Page {i}", "Also the bucket policies are limited to 20 KB in size." if i else
                   "Bucket policies are limited to 20 KB in size.") for i in range(2)]
    assert repeated_statement([next(f for f in extract_facts(d, _chunks(d)) if f.dimension == "data") for d in limits])


@pytest.mark.parametrize("text", [
    "## Objects can be up to 5 TB in size",  # a heading
    "**Can objects be up to 5 TB in size?**",  # a FAQ title
    "For example, objects can be up to 5 TB in size here.",  # a worked example
    "The name of each object can be from 1 to 4 bytes long in this setting.",  # a range's bound
])
def test_headings_questions_examples_and_range_bounds_give_no_fact(text):
    doc = _doc("d9", "Limits", text)
    assert [f for f in extract_facts(doc, _chunks(doc)) if f.kind == "quantity"] == []


def test_count_questions_split_the_values_at_a_round_threshold():
    import random

    from benchsmith.generators.frames.derive import count_threshold
    from benchsmith.generators.frames.wording import question
    facts = [_year_fact(f"f{i}", f"d{i}", y) for i, y in enumerate([1821, 1843, 1888, 1901, 1910])]
    params = count_threshold(facts, random.Random(0))
    assert params["below"] and params["threshold"] % 5 == 0 and params["threshold"] not in (1821, 1843, 1888, 1901, 1910)
    expected = sum(f.value < params["threshold"] for f in facts)
    answer = compute("count", [f.fact_id for f in facts], {f.fact_id: f for f in facts}, params, {})
    assert answer == str(expected) and 0 < expected < 5
    q = question("count", facts, ["A", "B", "C", "D", "E"], None, params)
    assert q.startswith("How many of these works were made before ") and "\u201cE\u201d" in q
    with pytest.raises(ValueError, match="none or all"):
        compute("count", [f.fact_id for f in facts], {f.fact_id: f for f in facts}, {"threshold": 1700, "below": True}, {})
    with pytest.raises(MissingInput):
        compute("count", ["f0", "gone"], {f.fact_id: f for f in facts}, params, {})


def test_quantity_questions_never_name_a_page_and_identical_measures_are_skipped():
    from benchsmith.generators.frames.wording import question
    from benchsmith.schemas.frames import FramesFact

    def qty(fid, value, unit, label):
        return FramesFact(fact_id=fid, doc_id=fid, chunk_id=fid + "-0", kind="quantity", dimension="data", value=value,
                          unit=unit, span=Span(start=0, end=4), text="x", value_span=Span(start=0, end=4),
                          value_text=f"{value} {unit}", label=label)
    a, b = qty("a", 20, "KB", "the maximum size of bucket policies"), qty("b", 5, "GB", "the maximum size of an object")
    q = question("gap", [a, b], ["Bucket policy examples", "Working with objects"])
    # 5 GB less 20 KB is not whole in GB: the question says how to round
    assert q == ("How much larger is the maximum size of an object than the maximum size of bucket policies, in GB? "
                 "Round to two decimals.")
    assert question("gap", [a, qty("c", 8, "KB", "the maximum size of bucket policies")], ["P", "Q"]) is None


def _made(fid, doc, year, title):
    return FramesFact(fact_id=fid, doc_id=doc, chunk_id=doc + "-0", kind="year", dimension="year:made", value=year, unit="",
                      span=Span(start=0, end=30), text=f"{title} is a painting of {year}.",
                      value_span=Span(start=24, end=28), value_text=str(year))


@pytest.mark.parametrize("op, years, answer", [("between", [1800, 1850, 1820, 1700, 1900], "C"),
                                               ("after", [1800, 1790, 1830, 1810], "D")])
def test_constraint_questions_name_their_candidates_and_need_every_one(op, years, answer):
    """A closed set: "Of C, D and E, which was painted after A but before B?"; leaving out any candidate leaves the
    answer open, so each article is needed (an open "work whose article mentions X" set is never asked)."""
    from benchsmith.generators.frames.wording import question
    from benchsmith.validators.frames import Missing, rederive

    names = "ABCDE"
    facts = [_made(f"f{n}", f"d{n}", y, names[n]) for n, y in enumerate(years)]
    bounds = 2 if op == "between" else 1
    titles = {f.fact_id: names[n] for n, f in enumerate(facts)}
    assert compute(op, [f.fact_id for f in facts], {f.fact_id: f for f in facts}, {}, titles) == answer
    q = question(op, facts, list(names[:len(facts)]), None, {"bounds": bounds})
    listed = ", ".join(f"\u201c{n}\u201d" for n in names[bounds:len(facts) - 1])
    assert q.startswith(f"Of {listed} and \u201c{names[len(facts) - 1]}\u201d, which was painted ") and "mention" not in q
    item = type("I", (), {})()
    item.derivation = type("D", (), {"op": op, "inputs": [f.fact_id for f in facts], "unit": "years", "params": {}})()
    item.facts = facts
    values = {f.fact_id: float(f.value) for f in facts}
    assert rederive(item, values, titles) == answer
    for f in facts:
        with pytest.raises(Missing):
            rederive(item, {k: v for k, v in values.items() if k != f.fact_id}, titles)


def test_reuse_caps_hold_back_a_fact_or_answer_seen_too_often_and_loosen_per_round():
    from benchsmith.generators.frames.assemble import Draft
    from benchsmith.generators.frames.config import FramesConfig
    from benchsmith.generators.frames.usage import overused, reuse_caps, variety_caps

    cfg = FramesConfig(n=5)
    facts = [_made("f1", "d1", 1800, "A"), _made("f2", "d2", 1810, "B")]
    draft = Draft("constraints", "after", "q", "B", [], facts, ["f1", "f2"], {"d1": "bound", "d2": "answer"}, None, {})
    used = Counter({"f1": cfg.fact_reuse - 1})
    variety = variety_caps(cfg)
    assert not overused(draft, used, reuse_caps(cfg, 0), variety)
    used["f1"] += 1
    assert overused(draft, used, reuse_caps(cfg, 0), variety) and not overused(draft, used, reuse_caps(cfg, 1), variety)
    assert overused(draft, Counter({"answer:d2": cfg.answer_reuse}), reuse_caps(cfg, 0), variety)
    # the loosening stops at twice the setting: one fact never runs through a whole set
    assert reuse_caps(cfg, 50) == (2 * cfg.fact_reuse, 2 * cfg.answer_reuse)


def _qty(fid, value, unit, label, dimension="data"):
    return FramesFact(fact_id=fid, doc_id="d" + fid, chunk_id=fid + "-0", kind="quantity", dimension=dimension, value=value,
                      unit=unit, span=Span(start=0, end=10), text=f"{label} {value} {unit}",
                      value_span=Span(start=0, end=4), value_text=f"{value} {unit}", label=label)


def test_shapes_and_thresholds_are_capped_without_loosening():
    """At most 16% of a set in one question shape (8 of 50) and 4% on one threshold (2 of 50), whatever the round."""
    from benchsmith.generators.frames.assemble import Draft
    from benchsmith.generators.frames.config import FramesConfig
    from benchsmith.generators.frames.usage import overused, reuse_caps, usage, variety_caps

    cfg = FramesConfig(n=50)
    assert variety_caps(cfg) == (8, 2) and variety_caps(FramesConfig(n=3)) == (2, 1)
    facts = [_qty("a", 20, "KB", "the maximum size of bucket policies"), _qty("b", 5, "TB", "the maximum size of an object"),
             _qty("c", 2, "KB", "the maximum size of user-defined metadata")]
    draft = Draft("numerical", "count", "q", "1", [], facts, ["a", "b", "c"], {}, None, {},
                  params={"threshold": 30 * 1024, "below": False, "shown": "30 KB"})
    assert draft.shape == "count:figure" and "threshold:30 KB" in usage(draft)
    loose = reuse_caps(cfg, 7)
    assert overused(draft, Counter({"shape:count:figure": 8}), loose, variety_caps(cfg))
    assert overused(draft, Counter({"threshold:30 KB": 2}), loose, variety_caps(cfg))
    assert not overused(draft, Counter({"shape:count:figure": 7, "threshold:30 KB": 1}), loose, variety_caps(cfg))
    # one figure stated on two pages is one statement for the reuse cap
    twin = Draft("numerical", "count", "q", "1", [], [facts[0].model_copy(update={"fact_id": "a2", "doc_id": "da2"}),
                                                     *facts[1:]], ["a2", "b", "c"], {}, None, {})
    assert set(usage(draft)) & set(usage(twin)) >= {"figure:the maximum size of bucket policies=20480"}


def test_a_measure_with_different_values_on_two_pages_is_told_apart_by_its_page_or_dropped():
    from benchsmith.generators.core.figures.measure import measure_key
    from benchsmith.generators.frames.assemble import Assembler

    assert measure_key("the maximum size of a SQL expression") == measure_key("the maximum length of a SQL expression")
    docs = [_doc("s", "Selecting content from objects", "The maximum length of a SQL expression is 256 KB."),
            _doc("g", "Querying archived objects", "An SQL expression is limited to 128 KB."),
            _doc("x", "Glacier limits", "An SQL expression is limited to 64 KB."),
            _doc("p", "Bucket policies", "Bucket policies are limited to 20 KB in size.")]
    facts = {d.doc_id: extract_facts(d, _chunks(d)) for d in docs}
    asm = Assembler({d.doc_id: d for d in docs}, facts, link_graph(docs), 0)
    labels = {d: f.label for (_, d), fs in asm.alternatives.items() for f in fs}
    assert labels == {"s": "the maximum length of a SQL expression when selecting content from objects",
                      "g": "the maximum size of a SQL expression when querying archived objects",
                      "p": "the maximum size of bucket policies"}
    assert [r.input_ref for r in asm.rejected if r.reason == "ambiguous_measure"] == ["x"]


def test_figure_questions_ratio_window_extreme_and_converted_difference():
    """Answers over named figures: each computed by code, re-derived by the validator, and every figure needed."""
    import random

    from benchsmith.generators.frames.derive import window
    from benchsmith.generators.frames.wording import answer_name, question
    from benchsmith.validators.frames import Missing, rederive

    policy, header, meta = (_qty("a", 20, "KB", "the maximum size of bucket policies"),
                            _qty("b", 8, "KB", "the maximum size of a PUT request header"),
                            _qty("c", 2, "KB", "the maximum size of user-defined metadata"))
    byid = {f.fact_id: f for f in (policy, header, meta)}
    names = {f.fact_id: answer_name(f, "t") for f in byid.values()}
    assert compute("ratio", ["a", "c"], byid, {}, names) == "10"
    assert question("ratio", [policy, meta], ["P", "M"]) == (
        "How many times larger is the maximum size of bucket policies than the maximum size of user-defined metadata?")
    assert question("ratio", [policy, header], ["P", "H"]).endswith("Round to two decimals.")
    assert compute("gap_in", ["a", "b"], byid, {}, names) == "12288 bytes"
    assert question("gap_in", [policy, header], ["P", "H"]).endswith("Give the difference in bytes.")
    assert compute("largest", ["a", "b", "c"], byid, {}, names) == "maximum size of bucket policies"
    params = window([policy, header, meta], random.Random(0))
    # one of the roundest one-digit figures between the neighbours (2 KB | 8 KB | 20 KB): 3 or 5 KB, then 10 KB
    assert params["shown_low"] in ("3 KB", "5 KB") and params["shown_high"] == "10 KB"
    assert compute("within", ["a", "b", "c"], byid, params, names) == "maximum size of a PUT request header"
    q = question("within", [policy, header, meta], ["P", "H", "M"], None, params)
    assert q.startswith(f"Which of these is larger than {params['shown_low']} but smaller than 10 KB: the maximum size of bucket policies")
    item = type("I", (), {})()
    item.facts = [policy, header, meta]
    for op, answer in (("within", "maximum size of a PUT request header"), ("ratio", "2.5"), ("gap_in", "12288 bytes")):
        inputs = ["a", "b", "c"] if op == "within" else ["a", "b"]
        unit = "bytes" if op == "gap_in" else "KB"
        item.derivation = type("D", (), {"op": op, "inputs": inputs, "unit": unit, "params": {**params, "names": names}})()
        values = {i: float(byid[i].value) * 1024 for i in inputs}
        assert rederive(item, values, names) == answer
        for gone in inputs:  # without any one figure there is no answer (a difference becomes the other side alone)
            rest = {k: v for k, v in values.items() if k != gone}
            if op == "gap_in":
                assert rederive(item, rest, names) != answer
                continue
            with pytest.raises(Missing):
                rederive(item, rest, names)
    with pytest.raises(ValueError):  # one bound rules nothing out: both constraints must bind
        compute("within", ["a", "b", "c"], byid, {**params, "high": 30 * 1024}, names)


def test_article_counts_are_trimmed_back_to_frames_mix_when_a_size_runs_short():
    from benchsmith.generators.frames.balance import balance_sizes

    year = type("F", (), {"kind": "year", "dimension": "year:made"})()
    item = lambda k, op="gap": type("I", (), {"articles": [None] * k, "item_id": f"i{k}", "question": "q",  # noqa: E731
                                              "derivation": type("D", (), {"op": op})(), "facts": [year]})()
    plan = Counter({"2": 18, "3": 17, "4": 8, "5+": 7})
    accepted = [(None, "t", item(k)) for k in [2] * 18 + [3] * 10 + [4] * 8 + [5] * 6]
    kept, dropped = balance_sizes(accepted, plan)
    sizes = Counter(min(len(i.articles), 5) for _, _, i in kept)
    assert abs(sizes[3] / len(kept) - 0.35) <= 0.05 and abs(sizes[2] / len(kept) - 0.36) <= 0.05
    assert dropped and all(r.reason == "article_mix" for r in dropped) and len(kept) + len(dropped) == 42
    balanced = [(None, "t", item(k)) for k in [2] * 18 + [3] * 17 + [4] * 8 + [5] * 7]
    assert balance_sizes(balanced, plan) == (balanced, [])
    # a small request cannot come within 5 points (4 items: 2/1/1/0): its short set is held to its plan, not emptied
    small = [(None, "t", item(k)) for k in [2, 3, 4]]
    assert balance_sizes(small, Counter({"2": 2, "3": 1, "4": 1})) == (small, [])
    # a size with no item at all is not made up by trimming the others away
    no_large = [(None, "t", item(k)) for k in [2] * 16 + [3] * 16 + [4] * 7]
    assert balance_sizes(no_large, plan)[0] == no_large
    # of the over-filled size, the question of the shape the set holds most goes first (not merely the latest),
    # so the shape cap of the smaller set trims less after
    shaped = [(None, "t", item(2, op)) for op in ["order"] * 6 + ["gap"] * 2] + \
        [(None, "t", item(3, op)) for op in ("gap", "gap", "count", "count")]
    kept, dropped = balance_sizes(shaped, Counter({"2": 4, "3": 4, "4": 2, "5+": 2}))
    ops = [i.derivation.op for _, _, i in kept]
    assert dropped and ops.count("gap") == 4 and ops.count("order") == 6 - len(dropped)


def test_a_life_span_counts_only_as_the_maker_s():
    """'Before Renoir, Claude Monet (1840–1926) painted ...' in La Promenade's lead is not its painter's birth."""
    other = _doc("r", "La Promenade", "La Promenade is an 1870 painting by Renoir. Before Renoir, Claude Monet (1840–1926) "
                 "painted a couple together in a wood.")
    own = _doc("h", "Road in Häme", "Häme road is the most famous work of Werner Holmberg (1830–1860).")
    assert not any(f.dimension == "year:born" for f in extract_facts(other, _chunks(other)))
    assert [f.value for f in extract_facts(own, _chunks(own)) if f.dimension == "year:born"] == [1830]


@pytest.mark.parametrize("title, text, year", [
    ("The Valkhof", "The Valkhof is an oil painting by Aelbert Cuyp, likely painted between 1652 and 1654.", None),
    ("The Angelus", "The Angelus is an oil painting by Millet, completed between 1857 and 1859.", None),
    ("Paysage", "Paysage is an oil painting created circa 1907 by the French artist.", None),
    ("La Promenade (Renoir)", "La Promenade is a landscape. Before Renoir, Claude Monet painted \"Bazille\" (1865).", None),
    ("Cairn in Snow", "Cairn in Snow is a landscape. It was created in 1807.", 1807),
    ("Aurora Borealis", "Aurora Borealis is an 1865 painting by Frederic Edwin Church.", 1865),
])
def test_a_work_s_year_is_one_certain_year_from_a_sentence_about_it(title, text, year):
    doc = _doc("y", title, text)
    assert [f.value for f in extract_facts(doc, _chunks(doc)) if f.dimension == "year:made"] == ([year] if year else [])


def test_a_short_set_keeps_each_shape_within_its_share_of_what_it_holds():
    from types import SimpleNamespace

    from benchsmith.generators.frames.balance import settle

    def item(op, n):
        fact = SimpleNamespace(dimension="data", kind="quantity")
        return SimpleNamespace(articles=[None] * 2, facts=[fact], derivation=SimpleNamespace(op=op),
                               item_id=f"{op}{n}", question="q")

    accepted = [(None, "t", item("count", n)) for n in range(6)] + [(None, "t", item(op, 0)) for op in "abcdefghij"]
    kept, dropped = settle(accepted, Counter({"2": 50}), 0.16)
    # 16% of the 12 kept, rounded down (never above the share) but at least 2
    assert sum(i.derivation.op == "count" for _, _, i in kept) == 2 and len(kept) == 12
    assert [r.reason for r in dropped] == ["shape_share"] * 4 and dropped[0].input_ref == "count5"


def test_questions_compare_only_figures_of_one_kind():
    """Six linked pages, two kinds of limit: no draft puts a policy limit beside an object limit, however often drawn;
    three pages of one kind make a three-figure question, four do not."""
    from benchsmith.generators.frames.assemble import Assembler, fact_kind

    texts = {"a": "Bucket policies are limited to 20 KB in size.", "b": "Access point policies are limited to 8 KB in size.",
             "c": "Session policies are limited to 4 KB in size.", "d": "Objects can be up to 5 TB in size.",
             "e": "The maximum size of objects to be copied is 5 GB.", "f": "Within the header, the user-defined metadata "
             "is limited to 2 KB in size."}
    titles = {k: f"Page {k.upper()}" for k in texts}
    docs = [_doc(k, titles[k], t, links=[titles[o] for o in texts if o != k]) for k, t in texts.items()]
    facts = {d.doc_id: extract_facts(d, _chunks(d)) for d in docs}
    asm = Assembler({d.doc_id: d for d in docs}, facts, link_graph(docs), 0)
    kinds = {k: fact_kind(f) for k, fs in facts.items() for f in fs if f.kind == "quantity"}
    assert kinds["a"] == kinds["b"] == kinds["c"] and kinds["d"] == kinds["e"] and len(set(kinds.values())) == 3
    seen = set()
    for _ in range(60):
        for k in (2, 3):
            draft = asm.draft("numerical", k)
            if draft is not None:
                assert len({kinds[f.doc_id] for f in draft.facts}) == 1, draft.question
                seen.add(frozenset(f.doc_id for f in draft.facts))
    assert frozenset("abc") in seen and frozenset("de") in seen
    assert asm.options("numerical", 4) == []


def test_the_oldest_of_two_works_is_the_older():
    from benchsmith.generators.frames.wording import question
    two = [_made("f1", "d1", 1848, "A"), _made("f2", "d2", 1861, "B")]
    assert question("roman", two, ["A", "B"]).startswith("In what year was the older of \u201cA\u201d and \u201cB\u201d painted?")
    three = [*two, _made("f3", "d3", 1870, "C")]
    assert "the oldest of \u201cA\u201d, \u201cB\u201d and \u201cC\u201d" in question("roman", three, ["A", "B", "C"])
