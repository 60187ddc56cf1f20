"""Manual null queries: a count limit the manual states for some holders, asked of a holder of the same kind that the
manual writes of having such things but never gives a figure for (proved over every page)."""

from __future__ import annotations

import random

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.generators.multihop.compose.limit_nulls import (
    build_limit_null,
    held_by,
    limit_null_candidates,
    stated_anywhere,
)
from benchsmith.generators.multihop.compose.page_limits import read_page_limits
from benchsmith.types import Document
from benchsmith.validators.corpus_index import CorpusIndex


def _doc(doc_id, title, text):
    return Document(doc_id=doc_id, title=title, text=text)


BASE = [
    _doc("cors", "Cross-origin resource sharing (CORS)", "CORS lets pages load resources.\n\n"
         "You can add up to 100 rules to the configuration.\n"),
    _doc("life", "Lifecycle configuration elements", "An S3 Lifecycle configuration can have up to 1,000 rules.\n"),
    _doc("repl", "Replication", "Add the replication configuration to the source bucket. The replication configuration "
         "holds replication rules that name a destination.\n\nEach replication rule has a priority. Amazon S3 reads "
         "the replication configuration when an object is written, and you can delete the replication configuration "
         "at any time.\n"),
    _doc("repl2", "Replication examples", "Example 2: Replication configuration with two rules\n\nIn this configuration, "
         "the two rules specify filters. The replication configuration is stored with the bucket.\n"),
    _doc("notif", "Notifications", "The notification configuration sends events. You store the notification "
         "configuration on a bucket. A notification configuration names a queue.\n\nThe notification configuration "
         "is XML. The notification configuration can be empty.\n"),
]


def _limits(docs):
    return read_page_limits(docs, {d.doc_id: chunk_documents([d]) for d in docs})


def _occurs(docs):
    return lambda phrase: any(phrase.lower() in d.text.lower() for d in docs)


def test_a_holder_of_the_stated_kind_with_no_figure_anywhere_is_asked():
    cands = limit_null_candidates(_limits(BASE), BASE, _occurs(BASE))
    assert [(c["noun"], c["bare"]) for c in cands] == [("rules", "replication configuration")]
    assert cands[0]["stated_for"] == ["cors configuration", "s3 lifecycle configuration"]
    # the notification configuration is of the same kind but the manual never writes of its rules: not plausible
    assert not held_by("notification configuration", "rules", BASE)
    # "two or more" and a worked example's "two rules" count instances, not a capacity
    assert not stated_anywhere("replication configuration", "rules", BASE)


def test_any_page_stating_a_figure_for_the_pair_refuses_it():
    for text in ("A replication configuration can have as many as 1,000 rules.",
                 "You can add up to 1,000 replication rules.",
                 "The replication configuration holds rules. There is no limit on the number of rules."):
        docs = [*BASE, _doc("limit", "Replication limits", text + "\n")]
        assert stated_anywhere("replication configuration", "rules", docs), text
        assert not limit_null_candidates(_limits(docs), docs, _occurs(docs)), text


def test_the_draft_is_a_grammatical_null_query_whose_recorded_phrase_is_absent():
    index = CorpusIndex(BASE, chunk_documents(BASE))
    drafts = [build_limit_null(index, random.Random(seed)) for seed in range(6)]
    queries = {d.query for d in drafts}
    assert queries <= {"How many rules can a replication configuration hold?",
                       "What is the maximum number of rules per replication configuration?"}
    assert len(queries) == 2
    for d in drafts:
        assert d.answer == "Insufficient information." and d.question_type == "null_query"
        assert d.null_entities == ("rules per replication configuration",)
        assert not index.phrase_occurs(d.null_entities[0])
        assert d.computation["unstated_limit"]["holder"] == "replication configuration"
    assert build_limit_null(CorpusIndex(BASE[:2], chunk_documents(BASE[:2])), random.Random(0)) == "no_unstated_limits"


POLICIES = [
    _doc("bp", "Bucket policies", "Bucket policies are limited to 20 KB in size.\n"),
    _doc("ap", "Access points", "+ Access point policies are limited to 20 KB in size.\n"),
    _doc("kms", "Encryption", "The key policy controls use of the key. Attach a key policy to each key. A key policy "
         "names principals.\n\nEdit the key policy in the console. The key policy is JSON. Review the key policy.\n"),
    _doc("iam", "IAM", "A user policy is attached to a user. Write a user policy in JSON. The user policy can be up to "
         "2 KB.\n\nAn access policy grants access. An access policy is a bucket policy or a user policy. Each access "
         "policy is JSON. The access policy is evaluated. Your access policy may deny. An access policy applies.\n\n"
         "Attach the user policy. Review the user policy. Delete the user policy.\n"),
]


def test_a_size_is_asked_of_a_kind_of_the_stated_holders_never_sized_anywhere():
    from benchsmith.generators.multihop.compose.limit_nulls import size_null_candidates

    cands = size_null_candidates(_limits(POLICIES), POLICIES, _occurs(POLICIES))
    # the key policy is a policy the manual never sizes; the user policy is sized ("up to 2 KB"), and "an access
    # policy" is a wider class that bucket policies belong to
    assert [c["bare"] for c in cands] == ["key policy"]
    assert cands[0]["stated_for"] == ["access point policy", "bucket policy"]
    index = CorpusIndex(POLICIES, chunk_documents(POLICIES))
    draft = build_limit_null(index, random.Random(0))
    assert draft.query == "What is the maximum size of a key policy?" and not index.phrase_occurs(draft.null_entities[0])
