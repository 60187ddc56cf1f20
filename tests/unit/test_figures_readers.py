"""The generator-neutral figure readers (`generators/core/figures/`): counts with their holders, sizes named by
what they measure or by how they are done, table rows, and which figures measure one kind of thing.
Both FRAMES and the multihop manual limits read through these; their own tests cover only what they build on top."""

from __future__ import annotations

import pytest

from benchsmith.generators.core.figures.actions import action_phrase
from benchsmith.generators.core.figures.builder import UNITS
from benchsmith.generators.core.figures.counts import counts, row_count
from benchsmith.generators.core.figures.facts import extract_facts
from benchsmith.generators.core.figures.measure import measure_kind, measure_phrase
from benchsmith.generators.core.figures.quantities import QUANTITY
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


def test_a_count_in_a_table_row_or_led_by_for_each_or_of_the_page_s_thing():
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


@pytest.mark.parametrize("line, label", [
    ("With the Amazon S3 Console, you can upload a single object up to 160 GB in size.",
     "the maximum size of an object uploaded with the Amazon S3 Console"),
    ("+ **Upload an object in parts—**Using the multipart upload API, you can upload a single large object, up to 5 TB "
     "in size.", "the maximum size of an object uploaded using the multipart upload API"),
    ("You can create a copy of your object up to 5 GB in size in a single atomic operation.",
     "the maximum size of an object copied in a single atomic operation"),
])
def test_a_size_the_reader_can_act_on_is_named_by_the_way_it_is_done(line, label):
    value = next(w for w in ("160 GB", "5 TB", "5 GB") if w in line)
    start, end = line.index(value), line.index(value) + len(value)
    assert action_phrase(line, start, end, "data") == label
    # the object sizes are one kind, so they are compared with each other and with "the maximum size of an object"
    assert measure_kind(label, "data") == measure_kind("the maximum size of an object", "data") == "data:max:object"


def test_a_size_without_a_way_of_doing_it_is_no_fact():
    # the same page says 5 GB for one PUT and 5 TB for a multipart upload: "you can upload objects up to 5 GB" alone
    # would be a false limit
    line = "You can upload objects up to 5 GB in size."
    assert action_phrase(line, line.index("5 GB"), line.index("5 GB") + 4, "data") is None
    line = "With a single PUT operation, you can upload a single object up to 5 GB in size."
    assert action_phrase(line, line.index("5 GB"), line.index("5 GB") + 4, "time") is None


@pytest.mark.parametrize("sentence, phrase", [
    ("Bucket policies are limited to 20 KB in size.", "the maximum size of bucket policies"),
    ("You store objects in buckets, and each object can be up to 5 TB in size.", "the maximum size of an object"),
    ("The form data and boundaries (excluding the file) cannot exceed 20 KB.", "the maximum size of form data and boundaries"),
    ("The maximum length of a SQL expression is 256 KB.", "the maximum length of a SQL expression"),
    ("The Amazon S3 console limits the amount of data returned to 40 MB.", "the maximum amount of data returned"),
    ("S3 RTC replicates most new objects within 15 minutes.", "the time within which S3 RTC replicates most new objects"),
    ("After it is enabled, it can take up to 20 minutes for you to see the benefit.", None),  # "it" names nothing
    ("The form said 20 KB.", None),
    ("+ The maximum length of a record in the input or result is 1 MB.", "the maximum length of a record in the input or result"),
    ("The minimal storage duration period is 90 days for the S3 Glacier storage class and 180 days for Deep Archive.",
     "the minimal storage duration period for the S3 Glacier storage class"),
    ("And, the length of your Amazon S3 location path cannot be more than 512 bytes.",
     "the maximum length of the Amazon S3 location path"),
    ("Within the header, the user-defined metadata is limited to 2 KB in size.", "the maximum size of user-defined metadata"),
    ("S3 RTC replicates most objects in seconds and 99.99 percent of objects within 15 minutes.", None),  # two figures
])
def test_measure_phrase_names_a_figure_by_what_it_measures(sentence, phrase):
    m = next(m for m in QUANTITY.finditer(sentence) if m.group(3).lower() in UNITS)
    assert measure_phrase(sentence, m.start(), UNITS[m.group(3).lower()][0], m.end()) == phrase


@pytest.mark.parametrize("a, b, same", [
    ("the maximum size of bucket policies", "the maximum size of access point policies", True),
    ("the maximum size of a SQL expression when querying archived objects",
     "the maximum length of a SQL expression when selecting content from objects", True),
    ("the minimal storage duration period for the S3 Glacier storage class", "the minimum storage duration of S3 One Zone", True),
    ("the maximum size of an object", "the maximum size of objects to be copied", True),
    ("the maximum size of user-defined metadata", "the maximum length of a SQL expression", False),
    ("the maximum size of an object", "the maximum size of a PUT request header", False),
    ("the maximum size of bucket policies", "the minimum size of bucket policies", False),  # a bound is no limit's peer
    ("the time within which CloudFront writes logs to your log bucket",
     "the interval at which Amazon S3 writes website access logs to your log bucket", True),
    ("the time within which replication metrics are available", "the time within which the majority of objects replicate",
     False),
])
def test_figures_share_a_kind_only_when_they_measure_the_same_thing(a, b, same):
    assert measure_kind(a, "data") is not None and (measure_kind(a, "data") == measure_kind(b, "data")) == same
    assert measure_kind("the maximum amount of data", "data") is None  # of anything


def test_a_fact_is_neutral_and_frames_wraps_it_field_for_field():
    """multihop reads the neutral Fact; FRAMES gets the same values as its schema record (no FRAMES type below both)."""
    from benchsmith.generators.core.figures.builder import Fact
    from benchsmith.generators.frames.facts import extract_facts as frames_facts

    doc = _doc("a", "Bucket policies", "Bucket policies are limited to 20 KB in size. You can associate up to 10 tags with an object.")
    neutral = extract_facts(doc, _chunks(doc))
    assert neutral and all(type(f) is Fact for f in neutral)
    wrapped = frames_facts(doc, _chunks(doc))
    assert [(f.fact_id, f.label, f.value, f.unit, f.span, f.value_text) for f in wrapped] == [
        (f.fact_id, f.label, f.value, f.unit, f.span, f.value_text) for f in neutral]
    assert sorted(f.label for f in neutral) == ["the maximum number of tags per object", "the maximum size of bucket policies"]
