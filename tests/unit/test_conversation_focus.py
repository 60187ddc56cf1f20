"""Turns stay on their question: openers name their subject, responses stop at the answer, keywords are answered,
unanswerable attributes come from the corpus's own domain, and public prose gives questions."""

from __future__ import annotations

import random
from collections import Counter

from benchsmith.generators.conversations.facts import prose_fact_question
from benchsmith.generators.conversations.focus import (
    answers_keyword,
    focus_words,
    opener_names_subject,
    trim_to_focus,
)
from benchsmith.generators.conversations.grounding import Grounded
from benchsmith.generators.conversations.passages import find_seeds
from benchsmith.generators.conversations.unanswerable import fitting_attributes
from benchsmith.types import Chunk, Span


def _grounded(*sentences: str) -> Grounded:
    g = Grounded()
    for i, s in enumerate(sentences):
        g.add(f"c{i % 2}", s)
    return g


def test_opener_from_advice_must_share_its_page_title():
    title = "Configuring S3 Object Lock retention"
    assert not opener_names_subject("Can I explicitly set a different duration value?", "advice", "", title)
    assert opener_names_subject("Can I set a retention period on an Object Lock version?", "advice", "", title)
    assert not opener_names_subject("How do I create a new instance?", "procedure", "create a new instance",
                                    "IBM Cloudant plans and provisioning")


def test_opener_worded_on_its_term_names_it():
    assert opener_names_subject("What is a partitioned database?", "definition", "a partitioned database", "")
    assert not opener_names_subject("What does it mean?", "definition", "a partitioned database", "")


def test_untitled_forum_opener_needs_two_words_of_substance():
    assert opener_names_subject("Can I get a free checking account?", "advice", "", "")
    assert not opener_names_subject("Should I do that first?", "advice", "", "")


def test_response_stops_where_it_leaves_the_question():
    g = _grounded("Amazon SNS is a managed messaging service.",
                  "It delivers messages to subscribers.",
                  "Create an Amazon SNS topic.",
                  "Buckets can be versioned.")
    dropped = trim_to_focus(g, focus_words("What does Amazon SNS mean?", "Amazon SNS"), how_to=False)
    assert dropped == 2
    assert g.sentences == ["Amazon SNS is a managed messaging service.", "It delivers messages to subscribers."]
    assert sum(len(v) for v in g.used.values()) == 2  # what the response quotes follows what it says


def test_off_topic_sentence_ends_the_answer_even_if_a_later_one_is_on_topic():
    g = _grounded("The Lite plan is free.", "Billing is monthly.", "The Lite plan has fixed capacity.")
    trim_to_focus(g, focus_words("What can you tell me about the Lite plan?", "the Lite plan"), how_to=False)
    assert g.sentences == ["The Lite plan is free."]


def test_how_to_answer_keeps_its_steps():
    g = _grounded("To enable versioning, open the bucket properties.", "Choose Enable versioning for the bucket.")
    trim_to_focus(g, focus_words("How do I enable versioning?", "enable versioning"), how_to=True)
    assert len(g.sentences) == 2


def test_keyword_is_answered_by_a_sentence_about_it():
    assert answers_keyword(_grounded("Market cap is the share price times the number of shares."), "market cap")
    assert not answers_keyword(_grounded("Companies are delivered debt-free, so the cash is distributed."), "market cap")


def test_prose_fact_questions():
    assert prose_fact_question("Pet waste can contain harmful bacteria such as E. coli and fecal coliform.") == (
        "pet waste", "What can pet waste contain?")
    assert prose_fact_question("Flooding can also occur when a dam breaks, producing flash floods.") == (
        "flooding", "When can flooding occur?")
    assert prose_fact_question("Wildland Fires include wildfires and fires set according to a plan.")[1] == (
        "What do wildland fires include?")
    assert prose_fact_question("Global warming is made worse by the melting of polar ice.")[1] == (
        "What makes global warming worse?")
    # a subject leaning on the page, and a responsibility of "their own", are not asked
    assert prose_fact_question("The water can contain lead from old pipes in some homes.") is None
    assert prose_fact_question("Interns are responsible for making their own housing arrangements.") is None


def test_plural_class_definition_is_a_definition_seed():
    text = ("Spreading basins are designated areas of land that are very permeable to rain water. "
            "Floods are common in spring.")
    seeds = find_seeds(Chunk(doc_id="d", chunk_id="d#0", text=text, title="Ground water", span=Span(start=0, end=len(text)),
                             index=0, n_tokens=len(text.split())))
    defs = [s for s in seeds.seeds if s.kind == "definition"]
    assert [s.term for s in defs] == ["spreading basins"]  # "Floods are common" defines nothing


def test_unanswerable_attributes_come_from_the_neighbourhoods_domain():
    own = ["The NASA internship program offers paid positions to students at NASA centers."]
    faq = ["Interns are responsible for making their own housing arrangements.",
           "The Office of STEM Engagement does not require a letter of recommendation."]
    _, attributes = fitting_attributes("NASA", own, faq, technical=False, rng=random.Random(0), asked=Counter(),
                                       neighbourhood=own + faq)
    asked = {a.question for a in attributes}
    assert "Are there any books or documentaries about {t}?" not in asked
    films = own + ["A documentary film about the Apollo program was released.", "Several books tell the story."]
    _, attributes = fitting_attributes("NASA", own, films, technical=False, rng=random.Random(0), asked=Counter(),
                                       neighbourhood=films)
    assert "Are there any books or documentaries about {t}?" in {a.question for a in attributes}


def test_overview_is_not_answered_by_a_step():
    from benchsmith.generators.conversations.focus import opens_on_statement

    step = _grounded("Add three conversation starter messages.")
    assert not opens_on_statement(step, ["Non-Question"], "topic")
    assert not opens_on_statement(step, ["Summarization"], "topic")
    assert opens_on_statement(step, ["Non-Question"], "procedure")  # "I need to add starters." wants the steps
    assert opens_on_statement(_grounded("A conversation starter is an example question."), ["Summarization"], "topic")


def test_advice_drops_a_trailing_either():
    from benchsmith.generators.conversations.prose import advice_question

    found = advice_question("Don't rule out a hybrid approach either.")
    assert found is not None and found[1] == "Should I rule out a hybrid approach?"
