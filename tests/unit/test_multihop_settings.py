"""Two settings of one product, each stated on its own page, compared: the manual of one service (a queue) states
its settings' defaults and bounds one page each."""

from __future__ import annotations

from _multihop_item import validator_item

from benchsmith.generators.multihop.compose.settings import read_settings, setting_candidates
from benchsmith.types import Document
from benchsmith.validators.difficulty import wording_overlap
from benchsmith.validators.multihop import ComparisonConsistency

PAGES = [
    Document(doc_id="vis", title="Visibility timeout", text="Messages stay hidden while processed. The default "
             "visibility timeout for a message is 30 seconds. The minimum is 0 seconds. The maximum is 12 hours.\n"),
    Document(doc_id="poll", title="Long polling", text="Long polling saves requests. The maximum long polling wait "
             "time is 20 seconds.\n"),
    Document(doc_id="delay", title="Delay queues", text="Delay queues postpone delivery. The default (minimum) delay "
             "for a queue is 0 seconds. The maximum is 15 minutes.\n"),
    Document(doc_id="console", title="Creating a queue", text="For Visibility timeout, enter the duration. The default "
             "value is 30 seconds.\n"),
    Document(doc_id="vis2", title="Visibility timeout tutorial", text="The default visibility timeout for a message is "
             "30 seconds.\n"),
]


def test_a_bare_bound_takes_the_setting_its_previous_sentence_names_and_a_value_names_nothing():
    found = {(s.page.doc_id, s.bound, s.name, s.amount, s.named is not None) for s in read_settings(PAGES)}
    assert ("vis", "maximum", "visibility timeout for a message", 12 * 3600, True) in found
    assert ("vis", "minimum", "visibility timeout for a message", 0.0, True) in found
    assert ("poll", "maximum", "long polling wait time", 20.0, False) in found
    assert ("delay", "maximum", "delay for a queue", 900.0, True) in found
    assert not [f for f in found if f[0] == "console"]  # "The default value is 30 seconds": no setting named


def test_two_settings_on_two_pages_compare_both_ways_and_the_validator_re_derives_them():
    cands = setting_candidates(read_settings(PAGES), 0)
    asked = {frozenset(c["computation"]["subjects"]) for c in cands}
    assert frozenset({"the default visibility timeout for a message", "the maximum long polling wait time"}) in asked
    # one setting restated on two pages is no pair; a zero bound makes a trivial question
    assert all(len({s.split(" ", 2)[2] for s in pair}) == 2 for pair in asked)
    assert not [c for c in cands if "minimum" in c["query"] or "0 seconds" in c["computation"]["values"]]
    for cand in cands:
        for c in (cand, cand["flip"]):
            item = validator_item(c, PAGES)
            assert ComparisonConsistency().check(item, None) == [], c["query"]
            item.answer = "No" if c["answer"] == "Yes" else "Yes"
            assert ComparisonConsistency().check(item, None), c["query"]
        assert {cand["answer"], cand["flip"]["answer"]} == {"Yes", "No"}
        docs = [p.doc_id for p, _ in cand["evidence"]]
        assert len(set(docs)) == 2
    poll = next(c for c in cands if set(c["computation"]["subjects"]) == {"the default visibility timeout for a message",
                                                                          "the maximum long polling wait time"})
    longer = poll["computation"]["subjects"][0] == "the default visibility timeout for a message"
    assert poll["answer"] == ("Yes" if longer else "No")


def test_the_names_a_question_must_repeat_are_no_pasted_wording():
    question = "Is the maximum long polling wait time longer than the default visibility timeout for a message?"
    evidence = ["The maximum long polling wait time is 20 seconds.", "The default visibility timeout for a message is 30 seconds."]
    assert wording_overlap(question, evidence) > 0.8
    assert wording_overlap(question, evidence, ["long polling wait time", "visibility timeout for a message"]) < 0.7
