"""Technical-manual routes: typed-limit comparisons, invented-feature null queries, and works described
instead of named in bridge questions."""

from __future__ import annotations

import random

from benchsmith.generators.multihop.compose.limits import limit_comparisons, page_links, read_limits
from benchsmith.generators.multihop.compose.links import Link
from benchsmith.generators.multihop.compose.null import build_thing_null, compound_parts, product_names
from benchsmith.generators.multihop.compose.profiles import Profile, Value, read_profile
from benchsmith.generators.multihop.compose.questions import bridge_candidates
from benchsmith.types import Document
from benchsmith.validators.multihop import ComparisonConsistency


def _doc(doc_id, title, text, links=()):
    return Document(doc_id=doc_id, title=title, text=text, links=list(links))


PAGES = [
    _doc("tags", "Object tagging", "Tags categorize storage. + You can associate up to 10 tags with an object. Keys are unique."),
    _doc("jobs", "Managing jobs", "Jobs run operations. + You can associate up to 50 tags with a job as long as they have "
         "unique tag keys.", links=["Object tagging"]),
    _doc("bp", "Bucket policies", "Bucket policies are limited to 20 KB in size. They grant access."),
    _doc("ap", "Access points", "Access point policies are limited to 40 KB in size."),
    _doc("sql", "Select", "An SQL expression is limited to 128 KB."),
]


def test_limits_are_read_with_their_kind_subject_and_figure():
    limits = {(lim.kind, lim.subject, lim.amount) for lim in read_limits(PAGES)}
    assert (("count", "associate", "tags"), "object", 10.0) in limits
    assert (("count", "associate", "tags"), "job", 50.0) in limits  # cut before "as long as ..."
    assert (("size", "size", "KB"), "bucket policies", 20.0) in limits


def test_only_related_limits_are_compared_and_answers_follow_the_figures():
    cands = limit_comparisons(read_limits(PAGES), random.Random(1), 20, page_links(PAGES))
    pairs = {frozenset(p.doc_id for p, _ in c["evidence"]) for c in cands}
    assert frozenset({"tags", "jobs"}) in pairs and frozenset({"bp", "ap"}) in pairs
    assert not any("sql" in p for p in pairs)  # a SQL expression and a policy: an idle comparison
    for c in cands:
        x, y = c["computation"]["values"]
        assert c["answer"] == ("Yes" if float(x.split()[0]) > float(y.split()[0]) else "No")


def test_limit_comparisons_pass_the_comparison_validator():
    class Ev:
        def __init__(self, doc_id, fact):
            self.doc_id, self.fact, self.claim = doc_id, fact, fact

    class Item:
        question_type = "comparison_query"

    for c in limit_comparisons(read_limits(PAGES), random.Random(2), 20, page_links(PAGES)):
        item = Item()
        item.answer = c["answer"]
        item.evidence = [Ev(p.doc_id, v.text) for p, v in c["evidence"]]
        item.provenance = type("P", (), {"extra": {"computation": c["computation"]}})()
        assert ComparisonConsistency().check(item, None) == [], c["query"]


class _Index:
    def __init__(self, text):
        self.text = text.lower()

    def phrase_occurs(self, phrase):
        return phrase.lower() in self.text


MANUAL = ("Amazon S3 Storage Lens shows usage. Amazon S3 Storage Class Analysis helps. Amazon S3 Object Lock keeps "
          "objects. Amazon S3 Object Lambda changes them. Amazon S3 Transfer Lock is not a thing we write here. "
          "Amazon S3 Bucket Keys cut costs. Amazon S3 Condition Keys scope policies. Amazon S3 Access Lens exists too. "
          "Amazon S3 Access Analysis reviews. Amazon S3 Bucket Analysis. Amazon S3 Transfer Acceleration is fast.")


def test_invented_features_pair_real_feature_words_and_never_occur():
    things = product_names([MANUAL])
    brands, opening, closing = compound_parts(things)
    assert brands == ["Amazon S3"]
    assert "Storage" in opening and "Lens" in closing
    index = _Index(MANUAL)
    rng = random.Random(0)
    made = [d for d in (build_thing_null(things, index, rng) for _ in range(50)) if not isinstance(d, str)]
    assert made
    for d in made:
        name = d.null_entities[0]
        assert name.startswith("Amazon S3 ") and not index.phrase_occurs(name.removeprefix("Amazon S3 "))


def test_product_names_skip_code_identifiers_and_lowercase_words():
    names = product_names(["Use StoredCredentials AccountB to sign. The Amazon S3 Select feature reads. Bucket Keys "
                           "help, and a bucket is a container."])
    assert not any("StoredCredentials" in n for n in names)
    assert "Amazon S3 Select" in names
    assert "Bucket Keys" not in names  # "bucket" is a common word here, not a brand


def test_a_work_with_year_and_collection_is_named_not_described():
    # "the 1865 painting held by the National Gallery of Art" picks out one work of the corpus and many of the world
    text = ("The Quiet Pond is an 1865 oil painting by French artist Jean Marot. It is on display at the National "
            "Gallery of Art in Washington.")
    a = read_profile(_doc("a", "The Quiet Pond", text))
    assert a.home is not None and a.home.text == "National Gallery of Art"
    b = Profile("b", "Jean Marot", kind="person", born=Value("4 May 1820", 0, 40, 1820))
    link = Link(a, "painter", b, next(v for r, _, v in a.links if r == "painter"))
    cands = bridge_candidates([link], random.Random(0))
    assert cands[0]["query"] == "When was the painter of the painting The Quiet Pond born?"
    assert len(cands[0]["evidence"]) == 2 and cands[0]["anchors"] == ["The Quiet Pond"]


def test_with_corpus_capitalization_common_nouns_make_no_feature_names():
    text = MANUAL + " A bucket keeps keys and logs; access needs endpoints; the object is stored; storage grows."
    things = product_names([text])
    from benchsmith.generators.multihop.compose.null import proper_words

    _brands, opening, closing = compound_parts(things, proper_words([text]))
    assert "Bucket" not in opening and "Keys" not in closing and "Storage" not in opening
    assert "Lens" in closing


def test_invented_features_take_no_word_that_is_a_feature_of_its_own_or_of_one_feature_only():
    text = MANUAL + (" Amazon S3 Glacier stores archives. Amazon S3 Glacier Deep Archive is cheaper. Amazon S3 Glacier "
                     "Instant Retrieval is quick. Amazon S3 Replication Time Control adds a guarantee.")
    _brands, opening, closing = compound_parts(product_names([text]))
    assert "Glacier" not in opening  # "S3 Glacier Lens" would read as a real Glacier tool
    assert "Replication" not in opening and "Control" not in closing  # one feature's own words
    assert {"Object", "Access", "Bucket"} <= set(opening) and {"Lens", "Keys", "Analysis"} <= set(closing)
