"""Which retrieved passages a turn marks relevant: every one supporting the response or answering the question,
never one that merely shares a word."""

from __future__ import annotations

from benchsmith.generators.conversations.grounding import Grounded, answer_bearing, contexts_for, states
from benchsmith.generators.conversations.passages import find_seeds
from benchsmith.types import Chunk, Span


def _chunk(text: str, chunk_id: str) -> Chunk:
    return Chunk(chunk_id=chunk_id, doc_id=chunk_id.split("#")[0], title="", text=text,
                 span=Span(start=0, end=len(text)), index=0, n_tokens=len(text.split()))


ANSWER = "The Harbor Lions have the most league championship titles, with seven."
QUOTED = _chunk("League records. " + ANSWER + " The Gulls have the most appearances.", "a#0")
RESTATES = _chunk("Champions. The Harbor Lions have won seven league championships, the most of any club ; "
                  "the Gulls and the Owls have four each.", "b#0")
SAME_WORDS = _chunk("The league was founded in 1920 by seven clubs. Its championship game is played in January.", "c#0")
ANSWERS_QUESTION = _chunk("Club history. The Harbor Lions hold the league record for championship titles, having "
                          "won seven since their founding in the harbor district.", "d#0")
COPY = _chunk("Archive copy. " + ANSWER, "e#0")


def _grounded() -> Grounded:
    g = Grounded()
    g.add("a#0", ANSWER)
    return g


def test_a_sentence_stating_the_response_in_other_words_supports_it():
    assert states(RESTATES.text.split(". ", 1)[1], ANSWER)
    assert not states(SAME_WORDS.text, ANSWER)  # "league", "seven", "championship": shared words, another fact
    assert not states("The Harbor Lions play seven games.", ANSWER)


def test_every_supporting_or_answering_passage_is_relevant_and_a_word_in_common_is_not():
    chunks = [QUOTED, RESTATES, SAME_WORDS, ANSWERS_QUESTION, COPY]
    passages = {c.chunk_id: find_seeds(c) for c in chunks}
    ranked = [(c, 1.0) for c in chunks]
    found = answer_bearing(ranked, passages, "the Harbor Lions", _grounded(), limit=0,
                           question="Which club has the most league championship titles?")
    assert found == {"b#0", "d#0", "e#0"}  # restated, answered, copied; the quoting passage is relevant as quoted
    contexts = contexts_for(ranked, _grounded(), {c.chunk_id: c for c in chunks}, found)
    assert [c.relevance for c in contexts] == [1, 1, 0, 1, 1]


def test_a_passage_holding_the_question_words_but_none_of_the_answer_is_not_relevant():
    off = _chunk("Which club has the most league championship titles is asked every year by fans in January.", "f#0")
    passages = {off.chunk_id: find_seeds(off)}
    assert answer_bearing([(off, 1.0)], passages, "the Harbor Lions", _grounded(), limit=0,
                          question="Which club has the most league championship titles?") == set()


def test_only_prose_sentences_can_answer_a_question():
    from benchsmith.generators.conversations.grounding import _prose
    assert _prose("The Harbor Lions hold the league record for championship titles.")
    assert not _prose("2017 Harbor Lions season")  # a heading
    assert not _prose("+ [Managing Harbor Lions championship titles](titles.md) + [Records](records.md)")
    assert not _prose("Date : December 10 Game time : 2 : 05 p.m. Game attendance : 61,000")
    assert not _prose("return new Promise(function(resolve) { // pass the championship titles on")


def test_words_most_of_the_corpus_uses_prove_no_passage_relevant():
    from benchsmith.generators.conversations.grounding import common_stems

    # a product guide: every passage says "Vault bucket object"; only one also states how long retention lasts
    filler = [_chunk(f"Vault stores each object in a bucket. Topic {i} covers bucket object setting number {i}.", f"x{i}#0")
              for i in range(24)]
    answer = "Vault keeps a deleted object in the bucket for thirty days before the purge."
    stating = _chunk("Retention. Vault keeps a deleted object in its bucket for thirty days, then purges it.", "s#0")
    sharing = _chunk("Vault keeps every object of a bucket for days, and a deleted object in the bucket is greyed.", "n#0")
    chunks = [*filler, stating, sharing]
    common = common_stems(chunks)
    assert {"vault", "bucket", "object"} <= common and "thirty" not in common
    g = Grounded()
    g.add("q#0", answer)
    passages = {c.chunk_id: find_seeds(c) for c in (stating, sharing)}
    ranked = [(stating, 1.0), (sharing, 1.0)]
    question = "How long does Vault keep a deleted object in the bucket?"
    # counted, the product's words make the passage that only names them "state" the answer; discounted, it does not
    assert answer_bearing(ranked, passages, "Vault", g, limit=0, question=question) == {"s#0", "n#0"}
    assert answer_bearing(ranked, passages, "Vault", g, limit=0, question=question, common=common) == {"s#0"}
    assert common_stems(chunks[:10]) == frozenset()  # too few passages to tell the corpus's own words


def test_a_passage_restating_only_the_rounding_off_of_an_answer_does_not_answer_the_question():
    direct = "The Harbor Lions have the most league championship titles, with seven."
    padding = "The club plays its home games at the old harbor stadium near the river."
    g = Grounded()
    g.add("a#0", direct)
    g.add("a#0", padding)
    stadium = _chunk("Venues. The club plays home games at the old harbor stadium beside the river mouth.", "v#0")
    passages = {stadium.chunk_id: find_seeds(stadium)}
    ranked = [(stadium, 1.0)]
    assert answer_bearing(ranked, passages, "the Harbor Lions", g, limit=0) == {"v#0"}  # every sentence a claim
    assert answer_bearing(ranked, passages, "the Harbor Lions", g, limit=0, claims=[direct]) == set()


def test_a_passage_quoted_only_to_round_an_answer_off_is_not_used_up():
    from benchsmith.generators.conversations.drafts import Draft, used_up
    from benchsmith.generators.conversations.passages import Seed
    from benchsmith.generators.conversations.wording import Wording

    g = Grounded()
    g.add("a#0", "The Harbor Lions have the most league championship titles, with seven.")
    g.add("b#0", "The Harbor Lions play their home games at the old harbor stadium.")  # padding from another passage
    wording = Wording(user="Who has the most titles?", rewrite="Who has the most titles?", types=["Factoid"],
                      standalone=True)
    draft = Draft(wording, "ANSWERABLE", "the Harbor Lions", "fact", seeds=[Seed("a#0", "fact", "the Harbor Lions", (0,))],
                  grounded=g)
    assert used_up(draft) == {"a#0"}  # b#0 keeps its own questions for a later turn
    draft.seeds = []
    assert used_up(draft) == {"a#0", "b#0"}


def test_capped_loose_places_go_to_passages_the_conversation_has_not_marked_yet():
    # both passages name the club on the answer's subject (loosely relevant); the first was marked by an earlier turn
    earlier = _chunk("Club history. The Harbor Lions joined the league in 1950 with seven dock workers.", "m#0")
    new = _chunk("Stadium. The Harbor Lions play league home games before seven thousand fans.", "n#0")
    passages = {c.chunk_id: find_seeds(c) for c in (earlier, new)}
    ranked = [(earlier, 2.0), (new, 1.0)]
    g = Grounded()  # a long answer: sharing two of its words and the club's name is far from stating it
    g.add("a#0", "The Harbor Lions have the most league championship titles, seven won under coach Mara Voss "
                 "between 1950 and 1990 at the old river ground.")
    args = (ranked, passages, "the Harbor Lions", g)
    assert answer_bearing(*args, limit=None) == {"m#0", "n#0"}  # both qualify: the order only decides the capped place
    assert answer_bearing(*args, limit=1) == {"m#0"}  # retrieval order when the conversation marked neither
    assert answer_bearing(*args, limit=1, marked={"m#0"}) == {"n#0"}  # the conversation moves on
    # a marked passage holding the answer is not a loose one: still relevant, whatever the cap
    copy = _chunk("Archive. " + g.sentences[0], "k#0")
    passages[copy.chunk_id] = find_seeds(copy)
    assert answer_bearing([(copy, 3.0), *ranked], passages, "the Harbor Lions", g, limit=1,
                          marked={"k#0", "m#0"}) == {"k#0", "n#0"}
