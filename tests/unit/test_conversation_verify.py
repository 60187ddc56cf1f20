"""Question types read back from wording; faithfulness of extractive responses; repetition within a conversation."""

from __future__ import annotations

import pytest

from benchsmith.generators.conversations.verify import Repetition, agree, classify_question, unsupported_sentences


@pytest.mark.parametrize("text,label", [
    ("What is a lifecycle rule?", "Factoid"),
    ("How do I enable versioning?", "How-To"),
    ("What is the difference between a bucket and a vault?", "Comparative"),
    ("Why would I use replication?", "Explanation"),
    ("Can you give me an overview of storage classes?", "Summarization"),
    ("Is there a best practice for naming buckets?", "Opinion"),
    ("lifecycle rules", "Keyword"),
    ("I'd like to understand it better.", "Non-Question"),
    ("What is a vault, and how do I create one?", "Composite"),
    ("Wait, what is Amazon S3?", "Factoid"),
])
def test_classify(text, label):
    assert label in classify_question(text)


def test_agree_reports_the_labels_read_back():
    ok, found = agree(["Opinion"], "What is a lifecycle rule?")
    assert not ok and found == ["Factoid"]


def test_unsupported_sentences_catch_words_not_in_the_passages():
    passages = ["A vault stores objects.  Each object has a key.", "Rules run at midnight."]
    assert unsupported_sentences("A vault stores objects. Rules run at midnight.", passages) == []
    assert unsupported_sentences("A vault stores objects forever. Rules run at midnight.", passages) == [
        "A vault stores objects forever."]
    # the fixed "not in the documents" sentence is checked by the proof, not here
    assert unsupported_sentences("However, I do not have specific information about prices in the documents.", []) == []


def test_repetition_finds_near_duplicate_questions_and_responses():
    rep = Repetition()
    rep.add("What is a lifecycle rule in the vault?", "A lifecycle rule is a set of actions applied to objects.")
    assert rep.question_repeats("What is the lifecycle rule in a vault?")
    assert not rep.question_repeats("How do I enable replication?")
    assert rep.response_repeats("A lifecycle rule is a set of actions applied to objects.")
    assert not rep.response_repeats("Replication copies objects between regions.")


def test_opinion_is_the_agents_view_not_a_third_partys_recommendation_or_an_expectation():
    from benchsmith.generators.conversations.verify import classify_question

    for question in ("Should I have a separate business account?", "When should I use lifecycle configuration?",
                     "What do you recommend for retention dates?", "Is mixing business and personal funds a good idea?",
                     "What are the best practices for naming buckets?"):
        assert "Opinion" in classify_question(question), question
    for question in ("Does the Red Cross recommend stocking duct tape and plastic sheeting?",
                     "How long should I anticipate being in the room in which I am sheltering-in-place?",
                     "Can I assess my storage based on data protection best practices in Amazon S3?"):
        assert classify_question(question) == {"Factoid"}, question
