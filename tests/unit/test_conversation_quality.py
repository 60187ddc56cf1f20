"""What a reader rejects in heuristic turns, each pinned by the rule that now prevents it."""

from __future__ import annotations

from benchsmith.generators.conversations.grounding import Grounded, answer_from, continue_answer
from benchsmith.generators.conversations.heuristic import natural_case
from benchsmith.generators.conversations.passages import Seed, _usable, find_seeds, instructs
from benchsmith.generators.conversations.unanswerable import a_subject, category, technical_corpus
from benchsmith.generators.conversations.verify import classify_question
from benchsmith.generators.conversations.wording import _lower_article, _plural
from benchsmith.types import Chunk, Span


def _chunk(text: str, title: str = "Page", chunk_id: str = "d1#0") -> Chunk:
    return Chunk(chunk_id=chunk_id, doc_id=chunk_id.split("#")[0], title=title, text=text,
                 span=Span(start=0, end=len(text)), index=0, n_tokens=len(text.split()))


def test_questions_a_page_asks_and_answers_become_turns_only_when_self_contained():
    text = ("Can contaminated groundwater be cleaned up? Yes, but it can be time-consuming and expensive for the city. "
            "Should they be wet? Wet towels under a door are used when a fire is on the other side. "
            "How do I pay my water bill? Water bills are mailed out on a two-month cycle to every household. "
            "Is plastic really going to stop a chemical agent? The recommendation will be provided by local officials.")
    faqs = [s.detail for s in find_seeds(_chunk(text)).seeds if s.kind == "faq"]
    assert faqs == ["Can contaminated groundwater be cleaned up?"]


def test_a_list_introduction_is_never_quoted_without_its_items():
    text = "IBM Cloudant supports two types of databases:\n\nThe SDK for Python is the official library for Python."
    passage = find_seeds(_chunk(text))
    grounded = Grounded()
    assert not answer_from(passage, Seed("d1#0", "capability", "IBM Cloudant", (0,)), grounded, 150)
    assert grounded.sentences == []


def test_sentences_leaning_on_an_unquoted_referent_are_not_quotable():
    assert not _usable("You send requests to Amazon S3 using this client.")
    assert not _usable("After that, Amazon S3 will no longer accept requests that use Signature Version 2.")
    assert not _usable("Fourteen other NFL franchises have won at least one Super Bowl .")
    assert not _usable("As such, we recommend that you protect them appropriately.")
    assert not _usable("Adds a sample object to the bucket.")
    assert not _usable("The canonical user ID of the owner of the source bucket.")
    assert _usable("Create an IAM role and attach this role to the user who runs the job.")
    assert _usable("A job contains all of the information necessary to run the operation.")


def test_padding_goes_on_with_the_answer_not_with_the_next_subject():
    text = ("The Minnesota Vikings were the first team to have appeared a record four times without a win . "
            "The Buffalo Bills played in a record four Super Bowls in a row and lost every one .")
    passage = find_seeds(_chunk(text, "Super Bowl"))
    grounded = Grounded()
    grounded.add("d1#0", passage.sentences[0].text)
    continue_answer({"d1#0": passage}, grounded, "the Minnesota Vikings", target=95, max_words=150)
    assert len(grounded.sentences) == 1


def test_title_case_is_lowered_but_product_names_keep_their_case():
    common = {"listing", "keys", "using", "the", "for", "managing", "access", "with", "glacier", "select", "amplify"}
    assert natural_case("Listing Keys Using the AWS SDK for Java", common) == "listing keys using the AWS SDK for Java"
    assert natural_case("Managing Access with ACLs", common) == "managing access with ACLs"
    assert natural_case("S3 Glacier Select", common) == "S3 Glacier Select"
    assert natural_case("AWS Amplify", common) == "AWS Amplify"


def test_words_that_agree_with_the_term():
    assert _lower_article("An ACL") == "an ACL"
    assert not _plural("Amazon S3 Storage Lens") and not _plural("AWS Organizations")
    assert _plural("the Minnesota Vikings") and _plural("wet towels")


def test_unanswerable_questions_fit_what_the_term_names():
    product = ["configure the console API", "enable the service plan", "the SDK request endpoint"]
    assert category("the Standard plan", product) == "P"  # a part: its launch, not its rivals
    assert category("IBM Cloudant", product) == "N"
    assert technical_corpus(product) and not technical_corpus(["The Moon orbits the Earth .", "Floods are common ."])
    assert not a_subject("wet towels under a door") and a_subject("University of Phoenix Stadium")


def test_a_how_to_answer_must_say_what_to_do_and_a_letter_of_recommendation_is_no_opinion():
    assert instructs("To enable versioning, choose Properties.", strict=True)
    assert not instructs("With S3 Batch Operations, you can perform large-scale operations.", strict=True)
    assert "Opinion" not in classify_question("Is a Letter of Recommendation required?")
    assert "Opinion" in classify_question("What do you recommend for backups?")


def test_a_recommendation_is_asked_only_about_its_page():
    seeds = find_seeds(_chunk("We recommend that you first review the introductory topics about access.",
                              "Using bucket policies and user policies")).seeds
    assert not [s for s in seeds if s.kind == "recommendation"]
