"""A manual's default states compared between two pages, answers re-derived by the comparison validator, and the
composer asking each pair the way that keeps Yes and No even."""

from __future__ import annotations

import random

from _multihop_item import validator_item

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.generators.multihop.compose.defaults import default_candidates, read_defaults
from benchsmith.generators.multihop.models import Draft
from benchsmith.types import Document
from benchsmith.validators.multihop import ComparisonConsistency


def _doc(doc_id, title, text):
    return Document(doc_id=doc_id, title=title, text=text)


PAGES = [
    _doc("ver", "Using versioning", "Versioning keeps every version of an object.\n\nBy default, S3 Versioning is disabled.\n"),
    _doc("log", "Amazon S3 server access logging", "Logs record requests.\n\nBy default, logging is disabled.\n"),
    _doc("ct", "Security best practices", "When you set up your AWS account, CloudTrail is enabled by default.\n\n"
         "It records API calls.\n"),
    _doc("ev", "Configuring Amazon S3 event notifications", "By default, notifications are not enabled for any type of "
         "event.\n"),
    _doc("bpa", "Creating access points", "All block public access settings are enabled by default for access points.\n"),
    _doc("bad", "Misc", "By default, it is disabled. When you enable it, this is enabled by default.\n"
         "By default, `acl` is enabled.\n"),
    _doc("enc", "Protecting data using encryption", "By default, encryption is enabled.\n"),  # no name in the title
]


def test_defaults_are_read_with_the_feature_the_page_names():
    found = {(d.page.doc_id, d.subject, d.state, d.word) for d in read_defaults(PAGES)}
    assert ("ver", "S3 Versioning", "off", "disabled") in found
    assert ("log", "Amazon S3 server access logging", "off", "disabled") in found  # one common word: the title's name
    assert ("ct", "CloudTrail", "on", "enabled") in found
    assert ("ev", "Amazon S3 event notifications", "off", "not enabled") in found  # "for any type of event" adds nothing
    assert not [d for d in read_defaults(PAGES) if d.page.doc_id in ("bad", "bpa", "enc")]  # pronouns, code, long name


def _item(cand):
    return validator_item(cand, PAGES)


def test_answers_follow_the_states_and_the_validator_re_derives_them():
    cands = default_candidates(read_defaults(PAGES), random.Random(0))
    assert len({c["key"] for c in cands}) == len(cands) == 2  # four features, each in one pair
    assert len({s for c in cands for s in c["computation"]["subjects"]}) == 4
    seen = set()
    for cand in cands:
        for c in (cand, cand["flip"]):
            assert c["key"] == cand["key"]  # one pair of features, whichever way it is asked
            seen.add(c["answer"])
            item = _item(c)
            assert ComparisonConsistency().check(item, None) == [], c["query"]
            item.answer = "No" if c["answer"] == "Yes" else "Yes"
            assert ComparisonConsistency().check(item, None), c["query"]
            assert "enabled" not in c["query"] and "disabled" not in c["query"]  # the reader's words, not the page's
        assert {cand["answer"], cand["flip"]["answer"]} == {"Yes", "No"}
    queries = {c["query"] for seed in range(8) for cand in default_candidates(read_defaults(PAGES), random.Random(seed))
               for c in (cand, cand["flip"])}
    assert any(q.startswith("Unlike CloudTrail, is S3 Versioning") or q.startswith("Unlike S3 Versioning, is CloudTrail")
               for q in queries)
    assert any(q.startswith("Are both") and q.endswith("off by default?") for q in queries)
    # "Unlike X, ..." says X's state differs: never asked so that the answer is No (its premise would be false)
    unlike = [c for seed in range(8) for cand in default_candidates(read_defaults(PAGES), random.Random(seed))
              for c in (cand, cand["flip"]) if c["query"].startswith("Unlike")]
    assert unlike and all(c["answer"] == "Yes" for c in unlike)


def test_the_composer_asks_the_way_that_keeps_yes_and_no_even():
    from benchsmith.generators.multihop.compose.drafts import Composer

    docs = {d.doc_id: d for d in PAGES}
    comp = Composer(docs, {d.doc_id: chunk_documents([d]) for d in PAGES}, seed=0, n=40)
    cands = default_candidates(read_defaults(PAGES), random.Random(0))
    answers = [d.answer for d in (comp.to_draft(c) for c in cands) if isinstance(d, Draft)]
    assert len(answers) == 2 and answers.count("Yes") == 1


def test_a_candidate_is_asked_the_other_way_when_accepted_answers_lean_its_way():
    from benchsmith.generators.multihop.compose.drafts import Composer

    docs = {d.doc_id: d for d in PAGES}
    cand = default_candidates(read_defaults(PAGES), random.Random(0))[0]
    for lean in ("Yes", "No"):
        comp = Composer(docs, {d.doc_id: chunk_documents([d]) for d in PAGES}, seed=0, n=40)
        comp.yes_no[lean] += 2
        draft = comp.to_draft(cand)
        assert draft.answer != lean and draft.query in (cand["query"], cand["flip"]["query"])
