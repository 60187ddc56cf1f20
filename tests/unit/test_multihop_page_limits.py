"""A manual's stated limits (read by the shared figure reader, generators/core/figures) compared between two
pages: one kind of limit, two holders, each pair asked once, answers re-derived by the comparison validator."""

from __future__ import annotations

import random

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.generators.multihop.compose.page_limits import (
    page_limit_candidates,
    page_limit_pairs,
    question,
    read_page_limits,
)
from benchsmith.types import Document
from benchsmith.validators.multihop import ComparisonConsistency, limit_value


def _doc(doc_id, title, text):
    return Document(doc_id=doc_id, title=title, text=text)


PAGES = [
    _doc("tags", "Object tagging", "Tags categorize storage.\n\n+ You can associate up to 10 tags with an object.\n"),
    _doc("jobs", "Managing S3 Batch Operations jobs", "Jobs run operations.\n\n"
         "+ You can associate up to 50 tags with a job as long as they have unique tag keys.\n"),
    _doc("jobtags", "Controlling jobs with tags", "You can apply up to 50 job tags to each Batch Operations job.\n"),
    _doc("cors", "Cross-origin resource sharing (CORS)", "CORS lets pages load resources.\n\n"
         "You can add up to 100 rules to the configuration.\n"),
    _doc("life", "Lifecycle configuration elements", "An S3 Lifecycle configuration can have up to 1,000 rules.\n"),
    _doc("bp", "Bucket policy examples", "Bucket policies are limited to 20 KB in size.\n"),
    _doc("bp2", "Using bucket policies", "Bucket policies are limited to 20 KB in size.\n"),
    _doc("ap", "Access points restrictions", "+ Access point policies are limited to 20 KB in size.\n"),
    _doc("list", "Listing parts", "For each list parts request, Amazon S3 returns up to a maximum of 1,000 parts.\n"),
    _doc("mpu", "Multipart upload limits", "| Item | Specification |\n|---|---|\n"
         "| Maximum number of parts per upload | 10,000 |\n"),
]


def _limits_chunked():
    chunks = chunk_documents(PAGES)
    by_doc = {}
    for c in chunks:
        by_doc.setdefault(c.doc_id, []).append(c)
    return read_page_limits(PAGES, by_doc)


def test_limits_carry_their_kind_label_and_amount_in_base_units():
    found = {(lim.page.doc_id, lim.kind, lim.amount) for lim in _limits_chunked()}
    assert ("tags", "count:max:tag", 10.0) in found
    assert ("life", "count:max:rule", 1000.0) in found
    assert ("bp", "data:max:policy", 20 * 1024.0) in found
    assert limit_value("5 TB", "data") == 5 * 1024**4 and limit_value("7 days", "time") == 7 * 86400
    assert limit_value("10,000", "count") == 10000 and limit_value("20 tags", "data") is None


def test_one_limit_restated_is_no_pair_and_a_request_page_size_is_not_a_capacity():
    pairs = {frozenset((x.page.doc_id, y.page.doc_id)) for x, y in page_limit_pairs(_limits_chunked())}
    assert frozenset({"bp", "bp2"}) not in pairs  # the same limit on two pages
    assert frozenset({"jobs", "jobtags"}) not in pairs  # one job's tags in two wordings
    assert frozenset({"tags", "jobs"}) in pairs and frozenset({"cors", "life"}) in pairs
    assert frozenset({"bp", "ap"}) in pairs  # equal figures for two kinds of policy still compare
    by_id = {lim.page.doc_id: lim for lim in _limits_chunked()}
    assert question(by_id["list"], by_id["mpu"], True) is None  # parts one request returns vs parts an upload holds


def test_questions_name_each_holder_and_never_the_pages_own_verb():
    cands = page_limit_candidates(_limits_chunked(), random.Random(3))
    queries = {frozenset(p.doc_id for p, _ in c["evidence"]): c["query"] for c in cands}
    tags = queries[frozenset({"tags", "jobs"})] if frozenset({"tags", "jobs"}) in queries else queries[frozenset({"tags", "jobtags"})]
    assert "S3 Batch Operations job" in tags or "Batch Operations job" in tags  # "a job" says which job
    assert "associate" not in tags and " hold " in tags
    assert "Object tagging" not in " ".join(queries.values())  # no title is quoted
    policy = queries[frozenset({"bp", "ap"})] if frozenset({"bp", "ap"}) in queries else queries[frozenset({"bp2", "ap"})]
    assert "that of" in policy


def test_each_pair_is_asked_once_and_answers_are_balanced_and_re_derived():
    class Ev:
        def __init__(self, doc_id, fact):
            self.doc_id, self.fact, self.claim = doc_id, fact, fact

    class Item:
        question_type = "comparison_query"

    docs = {d.doc_id: d for d in PAGES}
    answers = []
    for seed in range(12):
        cands = page_limit_candidates(_limits_chunked(), random.Random(seed))
        by_key = {}
        for c in cands:  # pages restating one pair are alternatives of one question: one answer, one wording kind
            by_key.setdefault(c["key"], []).append(c)
        for alts in by_key.values():
            assert len({(a["answer"], a["template"]) for a in alts}) == 1
        firsts = [alts[0] for alts in by_key.values()]
        assert len({frozenset(c["computation"]["subjects"]) for c in firsts}) == len(firsts)
        for c in cands:
            item = Item()
            item.answer = c["answer"]
            item.evidence = [Ev(p.doc_id, docs[p.doc_id].text[v.start:v.end]) for p, v in c["evidence"]]
            item.provenance = type("P", (), {"extra": {"computation": c["computation"]}})()
            assert ComparisonConsistency().check(item, None) == [], c["query"]
            wrong = type("W", (), {})()
            wrong.__dict__.update(item.__dict__, answer="No" if c["answer"] == "Yes" else "Yes")
            wrong.question_type = "comparison_query"
            assert ComparisonConsistency().check(wrong, None), c["query"]
        answers += [c["answer"] for c in firsts]
    assert 0.3 <= answers.count("Yes") / len(answers) <= 0.7


LINES = [
    _doc("names", "Bucket restrictions", "Bucket names must be between 3 and 63 characters long.\n\n"
         "By default, you can create up to 100 buckets in each of your AWS accounts.\n"),
    _doc("aps", "Creating access points", "Access point names must meet the following conditions:\n"
         "+ Must be unique within a single AWS account and Region\n+ Must be between 3 and 50 characters long\n"),
    _doc("outposts", "Outposts restrictions", "+ Maximum number of Outposts buckets per Outpost is 100.\n"
         "+ Maximum number of access points per Outposts bucket is 10.\n"),
    _doc("tagging", "Object tagging", "+ A tag key can be up to 128 Unicode characters in length, and tag values can "
         "be up to 256 Unicode characters in length.\n"),
]


def test_restriction_lists_and_name_lengths_are_read_with_their_subject():
    from benchsmith.generators.multihop.compose.limit_lines import read_limit_lines

    found = {(lim.page.doc_id, lim.kind, lim.label, lim.figure) for lim in read_limit_lines(LINES)}
    # every length in characters is one kind: names, tag keys and values all compare
    assert ("names", "length:max:characters", "the maximum length of bucket names", "63 characters") in found
    # a list item with no subject takes the one its lead names
    assert ("aps", "length:max:characters", "the maximum length of access point names", "50 characters") in found
    assert ("outposts", "count:max:bucket", "the maximum number of Outposts buckets per Outpost", "100") in found
    assert ("tagging", "length:max:characters", "the maximum length of tag key", "128 Unicode characters") in found
    assert ("tagging", "length:max:characters", "the maximum length of tag values", "256 Unicode characters") in found
    assert limit_value("128 Unicode characters", "length") == 128


def test_name_lengths_and_equal_counts_are_worded_and_anchored_by_what_differs():
    from benchsmith.generators.multihop.compose.limit_lines import read_limit_lines

    limits = read_limit_lines(LINES) + read_page_limits(LINES, {d.doc_id: chunk_documents([d]) for d in LINES})
    by = {(lim.page.doc_id, lim.kind): lim for lim in limits}
    names, aps = by[("names", "length:max:characters")], by[("aps", "length:max:characters")]
    assert question(aps, names, True) == "Can an access point name be longer than a bucket name?"
    key = next(lim for lim in limits if lim.label == "the maximum length of tag key")
    assert question(key, names, False) == "Can a tag key be as long as a bucket name?"
    pairs = {frozenset((x.page.doc_id, y.page.doc_id)) for x, y in page_limit_pairs(limits) if x.dimension == "length"}
    assert frozenset({"names", "tagging"}) in pairs and frozenset({"aps", "tagging"}) in pairs
    outpost, account = by[("outposts", "count:max:bucket")], by[("names", "count:max:bucket")]
    assert question(outpost, account, False) == "Without a quota increase, can an Outpost hold as many buckets as an AWS account?"
    cands = page_limit_candidates(limits, random.Random(0))
    equal = next(c for c in cands if {p.doc_id for p, _ in c["evidence"]} == {"outposts", "names"})
    assert "100" not in equal["anchors"]  # one figure on both pages says nothing about which page answers


def test_two_counts_one_holder_takes_on_two_pages_compare():
    pages = [
        _doc("b", "Bucket restrictions", "By default, you can create up to 100 buckets in each of your AWS accounts.\n"),
        _doc("a", "Access points restrictions", "+ You can create a maximum of 1,000 access points per AWS account per "
             "Region.\n"),
        _doc("a2", "Access points notes", "+ You can create a maximum of 1,000 access points per AWS account per "
             "Region.\n\nBy default, you can create up to 100 buckets in each of your AWS accounts.\n"),
    ]
    limits = read_page_limits(pages, {d.doc_id: chunk_documents([d]) for d in pages})
    pairs = {frozenset((x.page.doc_id, y.page.doc_id)) for x, y in page_limit_pairs(limits)}
    assert frozenset({"a", "b"}) in pairs
    by = {(lim.page.doc_id, lim.kind): lim for lim in limits}
    # the bucket quota is a default (it can be raised): the question says so
    assert by[("b", "count:max:bucket")].default and not by[("a", "count:max:point")].default
    assert question(by[("a", "count:max:point")], by[("b", "count:max:bucket")], True) == \
        "Without a quota increase, can an AWS account hold more access points per Region than buckets?"
    cands = page_limit_candidates(limits, random.Random(0))
    # the page that states both counts answers alone: its pairs carry both figures as anchors for the hop check
    for c in cands:
        if "a2" in {p.doc_id for p, _ in c["evidence"]}:
            assert set(c["anchors"]) == {"1,000 access points", "100 buckets"}


def test_a_subjectless_list_item_is_cited_after_the_lead_that_names_it():
    from benchsmith.generators.multihop.compose.limit_lines import read_limit_lines

    class Ev:
        def __init__(self, doc_id, fact):
            self.doc_id, self.fact, self.claim = doc_id, fact, fact

    docs = {d.doc_id: d for d in LINES}
    cands = page_limit_candidates(read_limit_lines(LINES), random.Random(1))
    names = next(c for c in cands if {p.doc_id for p, _ in c["evidence"]} == {"aps", "names"})
    cited = [docs[p.doc_id].text[v.start:v.end] for p, v in names["evidence"]]
    assert "Access point names must meet the following conditions:" in cited
    assert "+ Must be between 3 and 50 characters long" in cited
    item = type("I", (), {"question_type": "comparison_query", "answer": names["answer"]})()
    item.evidence = [Ev(p.doc_id, docs[p.doc_id].text[v.start:v.end]) for p, v in names["evidence"]]
    item.provenance = type("P", (), {"extra": {"computation": names["computation"]}})()
    assert ComparisonConsistency().check(item, None) == []


def test_a_page_cited_enough_gives_way_to_another_page_stating_the_same_limit_and_a_pair_is_asked_once():
    from benchsmith.generators.multihop.compose.drafts import Composer
    from benchsmith.generators.multihop.models import Draft

    docs = {d.doc_id: d for d in PAGES}
    chunks = {d.doc_id: chunk_documents([d]) for d in PAGES}
    comp = Composer(docs, chunks, seed=1, n=20)  # each page cited once at most, twice with sentences not cited yet
    comp.doc_uses["bp"] = 2  # "Bucket policy examples" is spent; "Using bucket policies" states the same limit
    cands = [c for c in page_limit_candidates(comp.page_limits, random.Random(0)) if "policies" in c["query"]]
    outcomes = [comp.to_draft(c) for c in cands]
    drafts = [o for o in outcomes if isinstance(o, Draft)]
    assert len(drafts) == 1 and {c.fact.doc_id for c in drafts[0].claims} == {"bp2", "ap"}
    assert {o for o in outcomes if isinstance(o, str)} <= {"document_used_enough", "question_already_asked"}
    # a page cited once may be cited again by a question on a limit sentence no question cited: a manual's limits
    # page states many limits; a sentence cited before counts against the plain cap
    again = Composer(docs, chunks, seed=1, n=20)
    again.doc_uses.update({"bp": 1, "bp2": 1})
    assert isinstance(again.to_draft(cands[0]), Draft)
    spent = Composer(docs, chunks, seed=1, n=20)
    spent.doc_uses.update({"bp": 1, "bp2": 1})
    spent.used_sentences.update((p.doc_id, v.start) for p, v in cands[0]["evidence"])
    assert spent.to_draft(cands[0]) == "document_used_enough"


def test_the_older_patterns_do_not_ask_a_pair_the_page_limits_asked():
    from benchsmith.generators.multihop.compose.drafts import Composer
    from benchsmith.generators.multihop.models import Draft

    docs = {d.doc_id: d for d in PAGES}
    comp = Composer(docs, {d.doc_id: chunk_documents([d]) for d in PAGES}, seed=1, n=200)
    cands = comp.candidates("comparison_query", 50)
    older = [c for c in cands if c["template"].startswith("comparison.limit.") and "tags" in c["query"]]
    newer = [c for c in cands if c["template"].startswith("comparison.page_limit.") and "tags" in c["query"]]
    assert older and newer and {c["key"] for c in older} <= {c["key"] for c in newer}
    asked = next(c for c in newer if {p.doc_id for p, _ in c["evidence"]} == {"tags", "jobtags"})
    assert isinstance(comp.to_draft(asked), Draft)
    assert {comp.to_draft(c) for c in older} == {"question_already_asked"}  # a new page pair, the same question


def test_a_subject_that_means_something_only_on_its_page_is_not_asked():
    pages = [_doc("copy", "Put object copy", "+ Objects to be copied can be up to 5 GB in size.\n"),
             _doc("obj", "Working with objects", "Each object can be up to 5 TB in size.\n")]
    limits = read_page_limits(pages, {d.doc_id: chunk_documents([d]) for d in pages})
    by = {lim.page.doc_id: lim for lim in limits}
    assert set(by) == {"copy", "obj"}, [lim.label for lim in limits]
    assert question(by["copy"], by["obj"], True) is None and question(by["obj"], by["copy"], False) is None


def test_a_general_limit_and_a_narrower_holder_at_the_same_figure_are_no_pair():
    """"Is the maximum size of an object uploaded using the multipart upload API larger than that of an object?"
    (5 TB and 5 TB) is a tautology; the 5 GB single-operation copy beside the 5 TB object is a real question."""
    pages = [_doc("obj", "Working with objects", "You store objects in buckets, and each object can be up to 5 TB in size.\n"),
             _doc("up", "Uploading objects", "+ Using the multipart upload API, you can upload a single large object, "
                  "up to 5 TB in size.\n"),
             _doc("cp", "Copying objects", "You can create a copy of your object up to 5 GB in size in a single atomic "
                  "operation.\n")]
    by_doc = {}
    for c in chunk_documents(pages):
        by_doc.setdefault(c.doc_id, []).append(c)
    limits = read_page_limits(pages, by_doc)
    assert {lim.page.doc_id for lim in limits} == {"obj", "up", "cp"}
    pairs = {frozenset((x.page.doc_id, y.page.doc_id)) for x, y in page_limit_pairs(limits)}
    assert frozenset({"obj", "up"}) not in pairs
    assert frozenset({"obj", "cp"}) in pairs


def test_a_limit_a_whole_multiple_of_another_holders_is_an_inference_question_with_one_answer():
    """"Which configuration can hold ten times as many rules as a CORS configuration?": the CORS page gives 100, the
    Lifecycle page 1,000; no question where the multiple has no word, or two holders take the larger figure."""
    from benchsmith.generators.multihop.compose.hops import single_document
    from benchsmith.generators.multihop.compose.limit_multiples import limit_multiple_candidates

    cands = limit_multiple_candidates(_limits_chunked(), PAGES)
    rules = [c for c in cands if "rules" in c["query"]]
    assert [(c["query"], c["answer"]) for c in rules] == [
        ("Which configuration can hold ten times as many rules as a CORS configuration?", "S3 Lifecycle configuration"),
        ("Which configuration can hold a tenth as many rules as an S3 Lifecycle configuration?", "CORS configuration")]
    # 50 tags per job, five times an object's; the two job pages name the job in their own words, and one pair of
    # limits is one question (`key`) whichever way it is asked
    assert {c["answer"] for c in cands if "tags" in c["query"]} == {"Batch Operations job", "S3 Batch Operations job",
                                                                    "object"}
    assert len({c["key"] for c in cands if "tags" in c["query"]}) == 1
    # two kinds of policy of one size: "Which other policies ...", answered by the kind the question does not name
    same = {(c["query"], c["answer"]) for c in cands if "policies" in c["query"]}
    assert ("Which other policies have the same maximum size as access point policies?", "bucket policies") in same
    texts = {d.doc_id: d.text for d in PAGES}
    for c in cands:
        gold = {p.doc_id: texts[p.doc_id] for p, _ in c["evidence"]}
        assert len(gold) == 2 and single_document(gold, c["answer"], c["anchors"]) == []
    rival = [*PAGES, _doc("repl", "Replication configuration", "A replication configuration can have up to 1,000 rules.\n")]
    by_doc = {}
    for ch in chunk_documents(rival):
        by_doc.setdefault(ch.doc_id, []).append(ch)
    assert not [c for c in limit_multiple_candidates(read_page_limits(rival, by_doc)) if "ten times" in c["query"]]
    # a page no limit reader understood that states the answer's figure of the same thing is a second answer
    tag_set = [*PAGES, _doc("cost", "Cost allocation tags", "Each bucket has a tag set. A tag set can contain as many "
                            "as 50 tags, or it can be empty.\n")]
    assert not [c for c in limit_multiple_candidates(_limits_chunked(), tag_set) if "five times" in c["query"]]
    assert [c for c in limit_multiple_candidates(_limits_chunked(), PAGES) if "five times" in c["query"]]


def test_a_rate_per_second_has_no_holder():
    from benchsmith.generators.multihop.compose.page_limits import count_holder

    pages = [_doc("fifo", "FIFO queues", "+ FIFO queues support up to 300 messages per second (300 send, receive, or delete operations per second) without batching.\n"),
             _doc("batch", "Batch actions", "You can manipulate up to 10 messages with a single API call.\n")]
    chunks = chunk_documents(pages)
    limits = read_page_limits(pages, {c.doc_id: [c] for c in chunks})
    rate = next(lim for lim in limits if lim.page.doc_id == "fifo")
    assert count_holder(rate) is None  # "Can a second hold more messages than an API call?" is no question
    assert not page_limit_candidates(limits, random.Random(0))
