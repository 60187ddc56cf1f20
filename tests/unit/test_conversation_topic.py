"""Open-domain naturalness: fact and entity seeds, topic neighbourhoods, plausible unanswerables, longer answers."""

from __future__ import annotations

from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.estimate import estimate_conversations
from benchsmith.generators.conversations.facts import fact_question, repeated_names
from benchsmith.generators.conversations.grounding import Grounded, continue_answer
from benchsmith.generators.conversations.passages import Passage, clean_title, find_seeds, headline, split_sentences
from benchsmith.generators.conversations.topic import Topics, anchors
from benchsmith.generators.conversations.unanswerable import ATTRIBUTES, category
from benchsmith.types import Chunk, Span


def _chunk(cid: str, text: str, title: str = "") -> Chunk:
    return Chunk(chunk_id=cid, doc_id=cid.split("#")[0], title=title, text=text, span=Span(start=0, end=len(text)),
                 index=0, n_tokens=len(text.split()))


def test_fact_sentences_give_their_question():
    assert fact_question("The Pittsburgh Steelers have won six Super Bowls since the merger.") == (
        "the Pittsburgh Steelers", "How many Super Bowls have the Pittsburgh Steelers won?")
    assert fact_question("The Chicago Cardinals were founded in 1898 as an amateur team.") == (
        "the Chicago Cardinals", "When were the Chicago Cardinals founded?")
    assert fact_question("Europa Clipper is located in a clean room.") == ("Europa Clipper", "Where is Europa Clipper located?")
    # a sentence led by a pronoun or an adverbial has no subject a question can name
    assert fact_question("It was founded in 1898 by a painter.") is None
    assert fact_question("In 1960 the team was moved to St. Louis.") is None


def test_fact_seed_is_asked_as_a_factoid():
    chunk = _chunk("d1#0", "The Pittsburgh Steelers have won six Super Bowls since the merger. The team plays in Pittsburgh.",
                   "Pittsburgh Steelers")
    facts = [s for s in find_seeds(chunk).seeds if s.kind == "fact"]
    assert facts and facts[0].detail == "How many Super Bowls have the Pittsburgh Steelers won?"
    assert facts[0].answer[0] == 0


def test_repeated_names_skip_sentence_openers_and_possessives():
    text = ("Europa Clipper will launch in 2024. The mission is led by NASA. Europa Clipper’s antenna was tested. "
            "However, the team said more.")
    names = repeated_names(text, "")
    assert "Europa Clipper" in names
    assert "However" not in names and "The" not in names


def test_site_furniture_is_cut_from_titles_and_headlines_are_not_topics():
    assert clean_title("FAQs • Disaster Preparedness") == "Disaster Preparedness"
    assert clean_title("FAQs • Dublin • CivicEngage") == "Dublin"
    assert headline("Drought Fuels Wildfires in the Amazon")
    assert headline("Europa's Interior May Be Hot Enough to Fuel Seafloor Volcanoes")
    assert not headline("Lunar phase")
    assert not headline("Configuring a redirect for a static website")


def test_scraped_glue_is_not_quoted():
    chunk = _chunk("d1#0", "The main body of the spacecraft consists of its avionics vault.Read MoreWorkers use a crane to "
                           "lift the antenna. The antenna is the largest on any planetary spacecraft built by NASA.")
    seeds = find_seeds(chunk).seeds
    quoted = {find_seeds(chunk).sentences[i].text for s in seeds for i in s.answer}
    assert not any("MoreWorkers" in q for q in quoted)


FOOTBALL = [
    _chunk("f1#0", "The Arizona Cardinals played the Los Angeles Rams in London. The Cardinals won the football game.",
           "Arizona Cardinals"),
    _chunk("f2#0", "The Cardinals moved from Chicago to St. Louis. The football team later moved to Arizona.",
           "Cardinals history"),
    _chunk("f3#0", "The Super Bowl is the championship football game of the league. The Rams played in it.", "Super Bowl"),
]
MOON = [
    _chunk("m1#0", "A lunar phase is the shape of the Moon's sunlit portion. The phases repeat every lunar month.",
           "Lunar phase"),
    _chunk("m2#0", "The lunar distance is the distance from Earth to the Moon. The Moon orbits Earth monthly.",
           "Lunar distance"),
]


def test_topics_keep_a_conversation_in_its_neighbourhood():
    topics = Topics(FOOTBALL + MOON)
    assert topics.similarity("f1#0", "f2#0") > topics.similarity("f1#0", "m1#0")
    assert topics.related("f2#0", ["f1#0"])
    assert not topics.related("m1#0", ["f1#0", "f2#0"])
    assert anchors("f1#0", ["f2#0", "f3#0", "f2#0"]) == ["f2#0", "f3#0", "f1#0"]


def test_unanswerable_attributes_fit_what_the_term_names():
    assert category("floods", ["Floods are the most common disaster in the United States."]) == "C"
    assert category("Europa Clipper", ["Europa Clipper will study Jupiter's moon."]) == "E"
    docs = ["Configure the service in the console. Enable the feature with the API. Each plan has an endpoint."]
    assert category("IBM Cloudant", docs) == "N"
    for_floods = {a.question for a in ATTRIBUTES if "C" in a.fits}
    assert "What was the original motivation behind {t}?" not in for_floods
    assert "Can {t} be used offline?" not in {a.question for a in ATTRIBUTES if "E" in a.fits}


def test_short_answers_go_on_with_the_sentences_that_continue_them():
    text = ("The telecom subsystem is the link between Europa Clipper and Earth. It provides command reception and data "
            "downlink. It also provides interplanetary navigation data. Mission staff toured the clean room on Friday.")
    chunk = _chunk("e1#0", text)
    passage = Passage(chunk, split_sentences(text))
    grounded = Grounded()
    grounded.add("e1#0", passage.sentences[0].text)
    continue_answer({"e1#0": passage}, grounded, "the telecom subsystem", target=40, max_words=150)
    assert grounded.sentences == [s.text for s in passage.sentences[:3]]  # the unrelated fourth sentence is not added
    assert grounded.used["e1#0"] == grounded.sentences


def test_sentences_already_said_are_dropped_and_a_repeated_direct_answer_fails():
    grounded = Grounded()
    grounded.add("a", "First sentence here.")
    grounded.add("b", "Second sentence here.")
    assert grounded.drop({"Second sentence here."})
    assert grounded.sentences == ["First sentence here."] and "b" not in grounded.used
    assert not grounded.drop({"First sentence here."})


def test_dry_run_estimate_grows_with_the_request():
    chunks = FOOTBALL + MOON
    small = estimate_conversations(chunks, ConversationConfig(n=2, proof_retrievers=("bm25",)))
    large = estimate_conversations(chunks, ConversationConfig(n=20, proof_retrievers=("bm25",)))
    assert 0 < small.calls < large.calls
    assert large.calls >= 20 * 8  # at least one call per turn of the request
    steps = {s.step: s for s in large.steps}
    assert steps["conversations.llm.unanswerable"].calls < steps["conversations.llm.user_turn"].calls
    assert all(s.prompt_tokens_per_call > 0 for s in large.steps)


def test_a_one_word_name_takes_the_noun_it_is_always_written_with():
    text = ("The available plans include Lite and Standard. The Lite plan is free. Lite plan instances have a fixed "
            "amount of capacity. You are limited to one Lite plan instance.")
    assert "the Lite plan" in repeated_names(text, "")
    entity = [s for s in find_seeds(_chunk("c1#0", text)).seeds if s.kind == "entity"]
    assert any(s.term == "the Lite plan" and len(s.answer) >= 2 for s in entity)


def test_similarity_is_the_cosine_of_the_two_passages_whichever_rows_are_kept():
    import numpy as np

    texts = {"a#0": "Arizona Cardinals playoff football season", "b#0": "Cardinals football playoff games won",
             "c#0": "lunar phases of the moon and tides", "d#0": "moon tides ocean lunar cycle",
             "e#0": "bread baking with sourdough starter", "f#0": "railway timetable for regional trains"}
    topics = Topics([_chunk(cid, text) for cid, text in texts.items()])
    dense = topics.matrix.toarray()
    for x in texts:
        for y in texts:
            want = float(dense[topics.row[x]] @ dense[topics.row[y]])
            assert abs(topics.similarity(x, y) - want) < 1e-6, (x, y)
    assert topics.similarity("a#0", "b#0") > 0.2 > topics.similarity("a#0", "c#0")
    assert topics.similarity("a#0", "missing#0") == 0.0 and np.isclose(topics.similarity("c#0", "c#0"), 1.0)
