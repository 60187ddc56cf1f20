"""Count limits ("up to 10 tags with an object"): read with their holder, compared only with counts of one noun."""

from __future__ import annotations

import pytest

from benchsmith.generators.frames.counts import count_kind, counts
from benchsmith.generators.frames.facts import extract_facts
from benchsmith.generators.frames.graph import link_graph
from benchsmith.types import Chunk, Document, Span


def _doc(doc_id, title, text, links=()):
    return Document(doc_id=doc_id, title=title, text=text, links=list(links))


def _chunks(doc):
    return (Chunk(chunk_id=doc.doc_id + "-0", doc_id=doc.doc_id, text=doc.text, span=Span(start=0, end=len(doc.text)),
                  index=0, n_tokens=len(doc.text.split())),)


@pytest.mark.parametrize("line, value, noun, label", [
    ("You can associate up to 10 tags with an object.", 10, "tags", "the maximum number of tags per object"),
    ("You can apply up to 50 job tags to each Batch Operations job.", 50, "job tags",
     "the maximum number of job tags per Batch Operations job"),
    ("An ACL can have up to 100 grants.", 100, "grants", "the maximum number of grants in an ACL"),
    ("An S3 Lifecycle configuration can have up to 1,000 rules.", 1000, "rules",
     "the maximum number of rules in an S3 Lifecycle configuration"),
    ("By default, you can create up to 100 buckets in each of your AWS accounts.", 100, "buckets",
     "the maximum number of buckets per AWS account"),
    ("Amazon S3 has a limitation of 50 routing rules per website configuration.", 50, "routing rules",
     "the maximum number of routing rules per website configuration"),
    ("You can delete up to 1000 objects in a single HTTP request.", 1000, "objects",
     "the maximum number of objects deleted per HTTP request"),
    # a holder of several words leading "Each ... returns" names whose limit it is ("Each request returns" does not)
    ("Each list keys response returns a page of up to 1,000 keys with an indicator indicating truncation.", 1000, "keys",
     "the maximum number of keys per list keys response"),
])
def test_a_count_limit_is_read_with_its_holder(line, value, noun, label):
    [(v, n, lab, start, end)] = list(counts(line))
    assert (v, n, lab) == (value, noun, label)
    assert line[start:end].startswith(f"{value:,}" if "," in line[start:end] else str(value))


@pytest.mark.parametrize("line", [
    "Each request returns up to 1,000 keys.",  # "a request": of no request in particular
    "A tag set can contain as many as 50 tags, or it can be empty.",  # the holder is named by the thing counted
    "Each request returns up to 1,000 versions, unless you specify a lower number.",  # a bare "request" again
    "You can add up to 100 rules to the configuration.",  # which configuration the sentence does not say
    "A description can be up to 256 characters long.",  # characters measure a length; they are no things held
    "The bucket holds 10 tags with an object.",  # no limit wording
])
def test_a_count_without_a_named_holder_or_limit_gives_no_fact(line):
    assert list(counts(line)) == []


def test_counts_compare_only_with_counts_of_one_noun():
    """Tags beside tags (10 per object, 50 per job), rules beside rules: never tags beside rules; the question asks
    how much higher one limit is and the answer counts the noun, re-derived from the cited values."""
    from benchsmith.generators.frames.assemble import Assembler, fact_kind

    texts = {"a": "You can associate up to 10 tags with an object.", "b": "You can associate up to 50 tags with a job.",
             "c": "An S3 Lifecycle configuration can have up to 1,000 rules.",
             "d": "Amazon S3 has a limitation of 50 routing rules per website configuration."}
    titles = {k: f"Page {k.upper()}" for k in texts}
    docs = [_doc(k, titles[k], t, links=[titles[o] for o in texts if o != k]) for k, t in texts.items()]
    facts = {d.doc_id: extract_facts(d, _chunks(d)) for d in docs}
    kinds = {k: fact_kind(f) for k, fs in facts.items() for f in fs if f.kind == "quantity"}
    assert kinds == {"a": count_kind("tags"), "b": count_kind("tags"), "c": count_kind("rules"), "d": count_kind("rules")}
    assert all(f.dimension == "count" and f.changeable for fs in facts.values() for f in fs if f.kind == "quantity")
    asm = Assembler({d.doc_id: d for d in docs}, facts, link_graph(docs), 0)
    seen = {}
    for _ in range(40):
        draft = asm.draft("numerical", 2)
        if draft is not None:
            assert len({kinds[f.doc_id] for f in draft.facts}) == 1, draft.question
            seen[frozenset(f.doc_id for f in draft.facts), draft.op] = (draft.question, draft.answer)
    assert seen[frozenset("ab"), "gap"] == (
        "How much higher is the maximum number of tags per job than the maximum number of tags per object?", "40 tags")
    assert seen[frozenset("ab"), "ratio"][1] == "5"
    assert seen[frozenset("cd"), "gap"][1] == "950 rules"  # "routing rules" and "rules" both count rules
    assert seen[frozenset("cd"), "ratio"][1] == "20"
    assert set(seen) <= {(frozenset("ab"), op) for op in ("gap", "ratio")} | {(frozenset("cd"), op) for op in ("gap", "ratio")}
    assert asm.options("post_processing", 2) == []  # counts are not converted to another unit


def test_a_count_fact_passes_the_independent_rederivation():
    from benchsmith.validators.frames import read_value

    doc = _doc("a", "Page A", "You can associate up to 1,000 tags with an object.")
    [fact] = [f for f in extract_facts(doc, _chunks(doc)) if f.kind == "quantity"]
    assert (fact.unit, fact.value, fact.label) == ("tags", 1000, "the maximum number of tags per object")
    assert read_value(fact, doc.text) == 1000


def test_a_count_in_a_table_row_or_led_by_for_each_or_of_the_page_s_thing():
    from benchsmith.generators.frames.counts import row_count

    assert row_count("Maximum number of parts per upload") == ("parts", "the maximum number of parts per upload")
    assert row_count("Maximum object size") is None and row_count("Maximum number of characters in a name") is None
    line = "For each list parts request, Amazon S3 returns the parts information, up to a maximum of 1,000 parts."
    assert [c[2] for c in counts(line)] == ["the maximum number of parts per list parts request"]
    cors = "You can add up to 100 rules to the configuration."
    assert [c[2] for c in counts(cors, "Cross-origin resource sharing (CORS)")] == ["the maximum number of rules per CORS configuration"]
    assert list(counts(cors, "Cross-origin resource sharing")) == []  # "the configuration" of what, the page does not say


def test_a_table_row_is_read_whole_even_when_a_cell_holds_a_full_stop():
    """"| Part size | 5 MB to 5 GB. There is no ... |" once split the table, so the rows after it read as a header."""
    text = ("The following table gives the limits.\n\n| Item | Specification |\n| --- | --- |\n"
            "| Maximum number of parts per upload | 10,000 |\n| Part size | 5 MB to 5 GB. There is no limit on the last part. |\n"
            "| Maximum number of parts returned for a list parts request | 1000 |\n")
    doc = _doc("a", "Multipart upload limits", text)
    facts = [f for f in extract_facts(doc, _chunks(doc)) if f.kind == "quantity"]
    assert sorted((f.label, f.value, f.from_table) for f in facts) == [
        ("the maximum number of parts per upload", 10000, True),
        ("the maximum number of parts returned for a list parts request", 1000, True)]
    for f in facts:
        assert doc.text[f.span.start:f.span.end] == f.text and f.text.startswith("| Maximum number of parts")


def test_a_count_threshold_is_worded_in_the_head_noun():
    import random

    from benchsmith.generators.frames.derive import window
    from benchsmith.schemas.frames import FramesFact

    def fact(fid, value, unit):
        return FramesFact(fact_id=fid, doc_id=fid, chunk_id=fid, kind="quantity", dimension="count", value=value, unit=unit,
                          span=Span(start=0, end=1), text="x", value_span=Span(start=0, end=1), value_text="x", label=fid)

    params = window([fact("a", 50, "routing rules"), fact("b", 100, "rules"), fact("c", 1000, "rules")], random.Random(0))
    assert params["shown_low"].endswith(" rules") and "routing" not in params["shown_low"]
