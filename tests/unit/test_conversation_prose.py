"""Question seeds for plain prose (forum answers, public-service pages, encyclopedia paragraphs)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from benchsmith.generators.conversations.facts import fact_question, repeated_names
from benchsmith.generators.conversations.passages import Passage, find_seeds
from benchsmith.generators.conversations.prose import advice_question, advice_seeds, noun_phrases, topic_seeds
from benchsmith.generators.conversations.verify import classify_question
from benchsmith.generators.conversations.wording import word
from benchsmith.types import Chunk, Span


def _chunk(text: str, title: str = "") -> Chunk:
    return Chunk(chunk_id="p1#0", doc_id="p1", title=title, text=text, span=Span(start=0, end=len(text)), index=0,
                 n_tokens=len(text.split()))


@pytest.mark.parametrize(("sentence", "question"), [
    ("You should have a separate business account.", "Should I have a separate business account?"),
    ("You cannot open an account in USA unless you have an address to provide to the bank.",
     "Can I open an account in USA?"),  # the condition is the answer's, not the question's
    ("If you are a developer, you can further customize the web chat by writing code.",
     "Can I further customize the web chat if I am a developer?"),
    ("Yes, you may have as many current accounts as you want, but ask why.",
     "Can I have as many current accounts as I want?"),
    ("Mixing business and personal funds is a bad practice.", "Is mixing business and personal funds a good idea?"),
    ("It is best to take immediate protective action as soon as you hear of an emergency.",
     "Is it a good idea to take immediate protective action?"),
    ("Don't waste money on a third party warranty.", "Should I waste money on a third party warranty?"),
    ("Move valuables to higher levels.", "Should I move valuables to higher levels?"),
    ("IBM Cloudant strongly encourages you to use a partitioned database where the data model allows.",
     "Should I use a partitioned database?"),
])
def test_advice_becomes_the_question_it_answers(sentence, question):
    found = advice_question(sentence)
    assert found is not None and found[1] == question
    assert classify_question(question) & {"Opinion", "Factoid"}  # a type the wording check reads back


@pytest.mark.parametrize("sentence", [
    "You can do so by opening the console.",  # "so" leans on the sentence before
    "You should check the table below.",  # the writer pointing, not advice
    "You must grant the required permissions to the IAM role first.",  # a walkthrough's step
    "You can simply get a cashier's check made out for the amount.",  # "the amount" of what?
    "Choose Create bucket.",  # a console click, not a tip
])
def test_advice_that_leans_on_its_page_is_not_asked(sentence):
    assert advice_question(sentence) is None


def test_documentation_orders_and_obligations_are_steps_not_advice():
    assert advice_question("Sign up for an AWS account if you do not have one.", technical=True) is None
    assert advice_question("You need to include the version ID in the request.", technical=True) is None
    assert advice_question("You can specify a different storage class for the replicas.", technical=True) == (
        "specify a different storage class for the replicas", "Can I specify a different storage class for the replicas?")


def test_advice_answer_goes_on_only_with_sentences_on_the_same_thing():
    text = ("You should have a separate business account. Mixing business and personal funds is a bad practice. "
            "The weather in town was very nice all of last week.")
    passage = Passage(_chunk(text), find_seeds(_chunk(text)).sentences)
    first = next(s for s in advice_seeds(passage) if s.detail == "Should I have a separate business account?")
    assert first.answer == (0, 1)


def test_noun_phrases_are_things_not_clauses():
    phrases = {p for _, p in noun_phrases("The client generates the signature. A safe room is a room below ground. "
                                          "Keep the groundwater resource clean. The rocky layer underneath may melt.")}
    assert "safe room" in phrases
    assert "client generates" not in phrases  # a verb before a determiner
    assert "groundwater resource clean" not in phrases
    assert not any("underneath" in p for p in phrases)


def test_topic_seed_needs_the_phrase_as_a_subject_and_keeps_its_article():
    text = ("A safe room is a room, preferably below ground, in which people can take shelter from a tornado. "
            "If a safe room has no windows, it can also be a place to shelter. "
            "Turn off the gas at the outside main valve before you leave the house today.")
    passage = find_seeds(_chunk(text))
    seeds = topic_seeds(passage, Counter({"safe room": 2, "outside main valve": 2}))
    assert [(s.term, s.detail) for s in seeds] == [("the safe room", "a safe room")]
    wording = word(seeds[0], "Summarization", random.Random(0))
    assert wording is not None and "a safe room" in wording.user and "Summarization" in classify_question(wording.user)


@pytest.mark.parametrize(("sentence", "question"), [
    ("The Green Bay Packers franchise , founded in 1919 , is the oldest team not to change locations .",
     "What is the oldest team not to change locations?"),
    ("The Pittsburgh Steelers have the most Super Bowl championship titles , with six .",
     "Who has the most Super Bowl championship titles?"),
    ("EV is used to quantify the total price of a company's worth.", "What is EV used for?"),
    ("Half moon is often used to mean the first and third quarter moons .", "What does Half moon mean?"),
    ("The tournament brackets are made up of six teams from each conference .",
     "What are the tournament brackets made up of?"),
    ("Transfer of any amount over $14k per year to a single person triggers gift tax liability.",
     "What triggers gift tax liability?"),
    ("A large basalt rock collected by astronaut David Scott in 1971 is informally known as Great Scott .",
     "What is Great Scott?"),
])
def test_encyclopedia_and_forum_facts(sentence, question):
    assert fact_question(sentence)[1] == question


def test_no_fact_about_a_subject_the_page_set_up_before():
    assert fact_question("The same skill is used for all integrations.") is None


def test_names_keep_the_article_the_text_gives_them():
    names = repeated_names("Fans say the Patriots won. Critics say the Patriots lost. Later the NFL grew and the NFL "
                           "expanded.", "")
    assert "the Patriots" in names and "the NFL" in names
    # a name that modifies another noun after "the" is written without it as a subject
    lens = repeated_names("You open the Storage Lens dashboard. Then the Storage Lens dashboard shows metrics.", "")
    assert "Storage Lens" in lens


def test_faq_answer_may_open_on_yes_and_lean_on_the_question():
    text = ("Does the Red Cross recommend stocking duct tape and plastic sheeting? Yes. These materials have always "
            "been recommended as part of a disaster supplies kit. They may be needed if the public is advised to "
            "shelter in place.")
    seeds = [s for s in find_seeds(_chunk(text)).seeds if s.kind == "faq"]
    assert seeds and seeds[0].answer == (1, 2, 3)


def test_first_person_forum_sentences_are_not_an_answer():
    passage = find_seeds(_chunk("I have a number of bank accounts at different banks in town. "
                                "A savings account often does not come with a debit card at all."))
    assert all(0 not in s.answer for s in passage.seeds)


def test_faq_answer_may_name_the_question_in_another_inflection():
    # "fluoridated" / "fluoride", "responsibility" / "responsible": the page answers what it asked
    for text in ("Is our water fluoridated? Fluoride is not added to the water by the city. There are low levels of "
                 "fluoride naturally occurring in the water.",
                 "Is housing my responsibility if I receive an internship? Interns are responsible for making their own "
                 "housing arrangements."):
        assert [s for s in find_seeds(_chunk(text)).seeds if s.kind == "faq"], text
    # a yes/no question followed by something else than its answer still makes no seed
    text = "Is the bathroom a good room in which to shelter? The situation will vary with the kind of event."
    assert not [s for s in find_seeds(_chunk(text)).seeds if s.kind == "faq"]
