"""Newswire question sources: what a reader asks about a story, answered by its own sentence."""

from __future__ import annotations

from benchsmith.generators.conversations.news import news_question
from benchsmith.generators.conversations.passages import find_seeds
from benchsmith.types import Chunk, Span

STORY = ("ACCRA, March 3 - Ghana's cocoa purchases last week fell\n"
         "to 4,210 tonnes from 5,630 tonnes the week\n"
         "before because of dry weather in the main growing regions, the\n"
         "Cocoa Marketing Board said.\n"
         "    Ashanti Goldfields Corp said it has agreed to sell its\n"
         "smelting unit to a group of local investors for 12 mln dlrs.\n"
         "    Revenues rose to 80.2 mln dlrs from 71.5 mln dlrs.\n"
         "    Board officials are expected to review the mid-crop\n"
         "forecast at a meeting in Kumasi next week.\n")


def test_changes_announcements_and_causes_become_reader_questions():
    assert news_question("ACCRA, March 3 - Ghana's cocoa purchases last week fell to 4,210 tonnes "
                         "from 5,630 tonnes the week before because of dry weather.") == (
        "Ghana's cocoa purchases last week", "Why did Ghana's cocoa purchases last week fall?")
    assert news_question("Saudi crude oil output last month fell to an average of 3.5 mln barrels per day from 3.8 mln.")[1] \
        == "How much did Saudi crude oil output last month fall?"
    assert news_question("Ashanti Goldfields Corp said it has agreed to sell its smelting unit for 12 mln dlrs.")[1] \
        == "What did Ashanti Goldfields Corp announce?"
    assert news_question("LOS ANGELES, Feb 26 - Harbor Aircraft Corp said Korean Air signed orders for four jets.")[1] \
        == "What did Harbor Aircraft Corp say?"
    assert news_question("Dutch imports of oils were 2.16 mln tonnes in 1986.")[1] == "What were Dutch imports of oils?"


def test_a_subject_only_the_story_can_resolve_is_not_asked():
    assert news_question("Arrivals for the week ended February 22 were 155,221 bags.") is None  # of what, where?
    assert news_question("Revenues rose to 80.2 mln dlrs from 71.5 mln dlrs.") is None  # whose revenues?
    assert news_question("Underwriters are expected to abolish the lump-sum issuance system.") is None
    assert news_question("End-February reserves last year were 27.58 billion dlrs.") is None
    assert news_question("The Wednesday average rose to 946 mln dlrs from 148 mln a week earlier.") is None
    assert news_question("Both Marais and Develle said they agreed with that, so long as wages stay low.") is None
    assert news_question("The Bank said the public sector contribution to the growth was contractionary.") is None
    assert news_question("Manoogian said he will buy the 200,000 shares from the company.") is None  # who is he?
    assert news_question("Exports of the same commodities fell to 1.35 mln tonnes from 1.38 mln.") is None
    assert news_question("The council said it will meet again in September to discuss the quota plan.") is None


def test_a_wrapped_story_gives_seeds_answered_by_its_whole_sentence():
    chunk = Chunk(chunk_id="r1#0", doc_id="r1", title="GHANA COCOA PURCHASES FALL", text=STORY,
                  span=Span(start=0, end=len(STORY)), index=0, n_tokens=len(STORY.split()))
    passage = find_seeds(chunk)
    facts = {s.detail: [passage.sentences[i].text for i in s.answer] for s in passage.seeds if s.kind == "fact"}
    question = "Why did Ghana's cocoa purchases last week fall?"
    assert question in facts
    assert facts[question][0].endswith("the Cocoa Marketing Board said.")
    assert "What did Ashanti Goldfields Corp announce?" in facts


def test_a_reported_statement_is_no_term_to_define():
    from benchsmith.generators.conversations.passages import clean_term
    assert clean_term("Merrill said the loan") is None
    assert clean_term("the syndicated loan") == "the syndicated loan"


def test_a_story_s_own_the_thing_is_no_topic_across_stories():
    from collections import Counter

    from benchsmith.generators.conversations.prose import topic_seeds
    text = ("LONDON, March 2 - Nordbank is issuing a 100 mln dlr bond due\n"
            "1992 with a 7-1/2 pct coupon, lead manager Hill Samuel said.\n"
            "The payment date is March 25 and the bond will be listed in\n"
            "Luxembourg. The payment date was set by the issuer to suit\n"
            "investors in Europe, the lead manager said in its statement.\n")
    chunk = Chunk(chunk_id="r2#0", doc_id="r2", title="NORDBANK BOND", text=text, span=Span(start=0, end=len(text)),
                  index=0, n_tokens=len(text.split()))
    flat = chunk.model_copy(update={"text": " ".join(text.split())})
    counts = Counter({"payment date": 5})
    assert "the payment date" not in [s.term for s in topic_seeds(find_seeds(chunk), counts)]
    assert "the payment date" in [s.term for s in topic_seeds(find_seeds(flat), counts)]  # prose: a topic as before
