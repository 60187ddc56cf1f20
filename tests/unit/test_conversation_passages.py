"""Question seeds from passage structure, and the wording of heuristic turns."""

from __future__ import annotations

import random

from benchsmith.generators.conversations.passages import clean_term, find_seeds, howto_from_title, split_sentences
from benchsmith.generators.conversations.verify import classify_question
from benchsmith.generators.conversations.wording import clarification, comparative, word
from benchsmith.types import Chunk, Span

TEXT = (
    "A lifecycle rule is a set of actions that the vault applies to a group of objects. "
    "To enable lifecycle rules, open the vault settings and choose Rules. "
    "Vault Replication lets you copy objects between regions automatically. "
    "We recommend that you test a rule on a small prefix first. "
    "It applies at midnight."
)


def _chunk(text: str = TEXT, title: str = "Managing lifecycle rules") -> Chunk:
    return Chunk(chunk_id="d1#0", doc_id="d1", title=title, text=text, span=Span(start=0, end=len(text)), index=0,
                 n_tokens=len(text.split()))


def test_sentences_keep_their_offsets():
    sentences = split_sentences(TEXT)
    assert len(sentences) == 5
    for s in sentences:
        assert TEXT[s.start : s.start + len(s.text)] == s.text


def test_seeds_of_each_structure():
    seeds = {(s.kind, s.term) for s in find_seeds(_chunk()).seeds}
    assert ("definition", "A lifecycle rule") in seeds
    assert ("procedure", "enable lifecycle rules") in seeds
    assert ("capability", "Vault Replication") in seeds
    assert ("recommendation", "Managing lifecycle rules") in seeds
    assert ("overview", "Managing lifecycle rules") in seeds
    # "It applies at midnight." leans on the previous sentence: no seed is made of it
    assert not any(t.startswith("It") for _, t in seeds)


def test_terms_that_are_not_noun_phrases_are_refused():
    assert clean_term("It") is None
    assert clean_term("While this") is None
    assert clean_term("NAV is  how much") is None
    assert clean_term("Select doesn't") is None
    assert clean_term("Europa Clipper’s propulsion module") == "Europa Clipper’s propulsion module"


def test_howto_from_gerund_titles():
    assert howto_from_title("Adding objects to versioning-suspended buckets") == "add objects to versioning-suspended buckets"
    assert howto_from_title("Making requests using IAM credentials") == "make requests using IAM credentials"
    assert howto_from_title("Setting permissions for website access") == "set permissions for website access"
    assert howto_from_title("Bucket policy examples") is None


def test_pronoun_follow_up_keeps_a_standalone_rewrite():
    seed = next(s for s in find_seeds(_chunk()).seeds if s.kind == "capability")
    w = word(seed, "Factoid", random.Random(0), pronoun=True)
    assert w.user == "What does it let you do?" and not w.standalone
    assert w.rewrite == "What does Vault Replication let you do?"


def test_every_wording_reads_back_as_its_type():
    rng = random.Random(1)
    seeds = find_seeds(_chunk()).seeds
    for seed in seeds:
        for qtype in ("Factoid", "Explanation", "Keyword", "Non-Question", "How-To", "Opinion", "Summarization"):
            for pronoun in (False, True):
                w = word(seed, qtype, rng, pronoun=pronoun)
                if w is not None:
                    assert qtype in classify_question(w.user), (qtype, w.user)
    d = next(s for s in seeds if s.kind == "definition")
    assert classify_question(comparative(d, d, pronoun=True).user) == {"Comparative"}
    assert classify_question(clarification("the lifecycle rule", random.Random(0)).user)


def test_entity_answers_are_about_the_name_itself_not_a_longer_name_or_its_owner():
    from benchsmith.generators.conversations.passages import entity_seeds

    text = ("Europa Clipper will fly past the moon fifty times. Europa Clipper carries nine instruments. "
            "Jupiter's moon Europa has an icy crust. Jupiter's strong radiation belts are a hazard for the craft.")
    chunk = _chunk(text, title="Meet Europa Clipper")
    seeds = {s.term: s for s in entity_seeds(chunk, split_sentences(text), "Meet Europa Clipper")}
    assert "Europa Clipper" in seeds
    assert "Jupiter" not in seeds  # only ever its possessive: the sentences are about its moon and its belts
    assert "Europa" not in seeds  # 'Europa Clipper' is another subject


def test_title_case_is_lowered_only_where_the_result_reads_as_prose_or_a_name():
    from benchsmith.generators.conversations.heuristic import natural_case

    assert natural_case("Amazon S3 Transfer Acceleration", {"transfer"}) == "Amazon S3 Transfer Acceleration"
    assert natural_case("Wildfires in the Amazon", {"wildfires", "in", "the"}) == "wildfires in the Amazon"


def test_questions_from_page_titles_are_in_the_users_voice_and_drop_disambiguation():
    from benchsmith.generators.conversations.passages import Seed, clean_title

    assert clean_title("Lunar distance (astronomy)") == "Lunar distance"
    seed = Seed("d1#0", "recommendation", "Cleaning up your example resources", (0,))
    asked = {word(seed, "Opinion", random.Random(i)).user for i in range(6)}
    assert all("cleaning up my example resources" in q for q in asked), asked


def test_a_gerund_subject_is_a_practice_not_a_definition():
    text = "Spreading requests across many connections is a common design pattern to scale performance."
    assert not [s for s in find_seeds(_chunk(text, title="Performance guidelines")).seeds if s.kind == "definition"]
