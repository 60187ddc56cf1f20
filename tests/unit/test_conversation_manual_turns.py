"""Turns a demanding reviewer accepts on technical manuals (found on the Apache HTTP Server manual): whole, specific
topics; answers that are whole sentences and say more than the question; unanswerable questions that fit the kind
of thing asked about."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from benchsmith.generators.conversations.facts import fact_question
from benchsmith.generators.conversations.grounding import Grounded, complete_lists
from benchsmith.generators.conversations.passages import Passage, Seed, clean_term, find_seeds
from benchsmith.generators.conversations.phrases import cut_phrase, vague_phrase
from benchsmith.generators.conversations.prose import advice_question, advice_seeds, noun_phrases, topic_seeds
from benchsmith.generators.conversations.quotable import _usable
from benchsmith.generators.conversations.unanswerable import a_subject, fitting_attributes
from benchsmith.generators.conversations.wording import word
from benchsmith.types import Chunk, Span


def _chunk(text: str, title: str = "") -> Chunk:
    return Chunk(chunk_id="p1#0", doc_id="p1", title=title, text=text, span=Span(start=0, end=len(text)), index=0,
                 n_tokens=len(text.split()))


@pytest.mark.parametrize("term", ["the method that", "The depth actually", "the URL of some worker", "A side effect",
                                  "the specified location", "The standard approach", "the value for a user",
                                  "the default behavior"])
def test_cut_or_vague_phrases_are_no_terms(term):
    assert clean_term(term) is None
    assert cut_phrase(term) or vague_phrase(term)


@pytest.mark.parametrize("term", ["the Listen directive", "A safe room", "a regular expression", "the user name",
                                  "the mime.types file", "The Hudson River School", "the set of permissions"])
def test_specific_phrases_stay_terms(term):
    assert clean_term(term) == term


def test_a_sentence_cut_at_a_line_break_is_not_quoted_nor_asked():
    tail = "the method that is used to authenticate the user."
    assert not _usable(tail)
    assert fact_question(tail) is None
    assert not _usable("the URL of some worker is a leading substring of the URL of another worker.")
    assert _usable("rotatelogs is a simple program for use with piped logs.")  # a command's name, written as such


def test_a_definition_says_whether_its_term_is_one_thing():
    text = "rotatelogs is a simple program for use in conjunction with the piped logfile feature of the server."
    seed = next(s for s in find_seeds(_chunk(text)).seeds if s.kind == "definition")
    assert word(seed, "Factoid", random.Random(0)).user == "What is rotatelogs?"


def test_a_file_name_is_not_cut_at_its_dot():
    found = advice_question("You should not edit the mime.types file, because it may be replaced when you upgrade.",
                            technical=True)
    assert found is not None and found[1] == "Should I edit the mime.types file?"
    assert ("the", "mime") not in noun_phrases("Do not edit the mime.types file by hand.")


def test_yes_no_turns_come_from_recommendations_that_say_more_than_the_question():
    assert advice_question("You should now have two files: server.key and server.crt.", technical=True) is None
    text = ("You can also specify any necessary httpd command line arguments. "
            "You should not edit the mime.types file, because it may be replaced when you upgrade your server.")
    passage = find_seeds(_chunk(text))
    asked = [s.detail for s in advice_seeds(passage, technical=True)]
    assert asked == ["Should I edit the mime.types file?"]  # the first answer only repeats its question


def test_topics_in_a_manual_are_described_not_mentioned_in_passing():
    text = ("A side effect is that old log files will not be closed immediately. "
            "A regular expression may be used to specify a set of request headers. "
            "The specified location matches exactly the path component of the URL.")
    counts = Counter({"side effect": 3, "regular expression": 5, "specified location": 2})
    assert topic_seeds(find_seeds(_chunk(text)), counts, technical=True) == []
    defined = "A safe room is a room below ground in which people can take shelter from a tornado."
    assert [s.term for s in topic_seeds(find_seeds(_chunk(defined)), Counter({"safe room": 2}), technical=True)] == [
        "the safe room"]


def test_a_procedure_on_the_pages_own_thing_is_not_asked():
    text = "To change the default behavior, you can specify the status codes to consider, separated by spaces."
    assert not [s for s in find_seeds(_chunk(text)).seeds if s.kind == "procedure"]


def test_a_list_introduction_left_alone_by_a_trim_fails_the_answer():
    text = "The standard approach is a graceful restart: apachectl -k graceful restarts the server."
    passage = Passage(_chunk(text), [])
    grounded = Grounded(["The standard approach is a graceful restart:"], {"p1#0": ["The standard approach is a graceful restart:"]})
    assert not complete_lists(grounded, {"p1#0": passage})


def test_unanswerable_questions_fit_a_directive():
    own = ["The Listen directive tells the server to accept incoming requests on the specified port. "
           "Listen is now a required directive. Use the command line option to configure the endpoint."]
    kind, attributes = fitting_attributes("Listen", own, [], technical=True, rng=random.Random(0), asked=Counter())
    questions = {a.question for a in attributes}
    assert kind == "D"
    assert not any("competitors" in q or "changed over the years" in q or "criticisms" in q for q in questions)
    _, attributes = fitting_attributes("a certificate signing request (CSR)", ["A CSR is a file you send to a CA."], [],
                                       technical=True, rng=random.Random(0), asked=Counter())
    assert not any("changed over the years" in a.question for a in attributes)


def test_unanswerable_subjects_are_whole_noun_phrases():
    assert not a_subject("the method that")
    assert not a_subject("the URL identifying a direct worker")
    assert a_subject("the Listen directive")


def test_seed_type_is_kept():  # the Seed shape the tests above build on
    assert Seed("c", "topic", "x", (0,)).kind == "topic"


def test_a_response_that_only_says_the_question_back_is_refused():
    from benchsmith.generators.conversations.builder import restates
    assert restates("You cannot modify the logging format at runtime.", "Can I modify the logging format at runtime?")
    assert not restates("You should not edit the mime.types file, because it may be replaced when you upgrade.",
                        "Should I edit the mime.types file?")
    assert not restates("CAPM is a pricing model.", "What is CAPM?")


def test_advice_and_goals_in_the_askers_own_words():
    assert advice_question("You may wish to provide custom error responses in another language.") is None
    text = ("To be able to manage an httpd service with the monitor, you have to first install the service. "
            "To check if you are using suexec, run apache2ctl -V and check for the location of SUEXEC_BIN.")
    goals = {s.term for s in find_seeds(_chunk(text)).seeds if s.kind == "procedure"}
    assert "manage an httpd service with the monitor" in goals
    seed = next(s for s in find_seeds(_chunk(text)).seeds if s.term.startswith("check"))
    assert word(seed, "How-To", random.Random(0)).user.endswith("if I am using suexec?")


def test_checklists_gerunds_and_quantifiers_are_not_subjects():
    text = ("Is the target group NOT the superuser group? Presently, suEXEC does not allow the root group to run programs. "
            "Building MPMs as DSO modules allows the MPM to be changed by updating the LoadModule directive. "
            "Multiple Listen directives may be used to specify a number of addresses. "
            "Multiple Listen directives for the same address will result in an error message.")
    seeds = find_seeds(_chunk(text)).seeds
    assert not [s for s in seeds if s.kind == "faq"]
    assert not [s for s in seeds if s.kind == "capability"]
    assert not [s for s in seeds if "Multiple" in s.term]


def test_phrases_specific_only_by_what_follows_or_pointing_at_the_page_are_vague():
    assert vague_phrase("the corresponding concept in HTTP 1.1")
    assert vague_phrase("the implied value judgement")
    assert vague_phrase("the subject matter")
    assert not vague_phrase("the syndicated loan")


def test_encyclopedia_wording_agrees_with_its_sentence():
    from benchsmith.generators.conversations.facts import prose_fact_question
    from benchsmith.generators.conversations.wording import clarify_name
    assert fact_question("The Impressionists were the first artists who made plein-air painting a major genre.")[1] == (
        "Who were the first artists who made plein-air painting a major genre?")
    assert prose_fact_question("httpd for Windows contains the ability to load modules at runtime.")[1].startswith(
        "What does httpd for Windows")
    painting = "The West Wind is a painting by Canadian artist Tom Thomson, one of his best known works."
    seed = next(s for s in find_seeds(_chunk(painting)).seeds if s.kind == "definition")
    assert seed.detail != "person"
    assert all(" it?" not in clarify_name("Monet", random.Random(i)).user for i in range(4))
    assert clean_term("The Magpie ()") == "The Magpie"
    assert not _usable("As discussed above, the environment passed to CGI scripts includes the meta-information.")


def test_a_manual_is_asked_prices_and_rivals_only_where_its_pages_talk_of_them():
    own = ["SSI lets you drop simple directives into your HTML files. Configure the server to permit SSI with the "
           "Options directive. The request is parsed by the filter and the command output is included."]
    _, attributes = fitting_attributes("SSI", own, [], technical=True, rng=random.Random(0), asked=Counter(),
                                       neighbourhood=own)
    assert not any("competitors" in a.question or "cost" in a.question for a in attributes)
    priced = own + ["Other providers and vendors charge a fee; pricing is per request, $0.005 for each."]
    _, attributes = fitting_attributes("SSI", own, [], technical=True, rng=random.Random(0), asked=Counter(),
                                       neighbourhood=priced)
    assert any("cost" in a.question for a in attributes)


def test_no_fact_about_an_order_or_the_pages_own_thing():
    from benchsmith.generators.conversations.facts import prose_fact_question
    assert prose_fact_question("Remember to always include a ProxyPassReverse directive for the backend.") is None
    assert fact_question("The protocol is used to determine which module should handle a request.") is None
    assert vague_phrase("a very common request by users")
    assert advice_question("You should first consider the alternatives before resorting to mod_rewrite.") is None


def test_scraps_cut_at_a_line_are_not_quoted():
    assert not _usable("IIS and other Windows servers.")
    assert not _usable("scope of the various virtual hosting configurations.")
    assert not _usable("Apache also provides SSI pages with the standard CGI environment variables as discussed above.")
    assert _usable("Never grant any network privileges to the LocalSystem account!")


def test_a_sentence_of_quote_marks_only_is_no_fragment_and_no_crash():
    from benchsmith.generators.conversations.quotable import fragment_start
    assert not fragment_start('"“')
    assert not _usable('"“')


def test_headings_pointers_and_the_pages_own_module_are_not_asked():
    from benchsmith.generators.conversations.facts import prose_fact_question
    assert prose_fact_question("A Certificate contains your RSA public key and your name.")[1].startswith(
        "What does a certificate")
    assert not _usable("To create a dbm file, first create a text map file as described in the txt section.")
    assert vague_phrase("the module and its functionality")
    assert vague_phrase("the valid locations for the directive")
    text = ("What Should Not be Cached? Content that is time sensitive should not be cached by the proxy server. "
            "Content that varies per request should not be cached either.")
    assert not [s for s in find_seeds(_chunk(text)).seeds if s.kind == "faq"]


def test_prose_advice_and_short_orders_stay_askable():
    assert _usable("Research bank term deposit interest rates.")
    text = "Move valuables to higher levels. Mixing business and personal funds is a bad practice."
    assert "Should I move valuables to higher levels?" in {s.detail for s in advice_seeds(find_seeds(_chunk(text)))}
    assert fact_question("The Minnesota Vikings were the first team to have appeared a record four times without a win.")[1] == (
        "What was the first team to have appeared a record four times without a win?")


def test_no_yes_no_question_on_certain_things():
    assert advice_question("You can authenticate certain types of requests by passing query-string parameters.",
                           technical=True) is None


def test_numbers_placeholders_checklists_and_adverbs_are_not_subjects():
    from benchsmith.generators.conversations.facts import prose_fact_question
    assert not a_subject("error code 2186") and not a_subject("test_condition")
    assert a_subject("Signature Version 4") and a_subject("mod_ssl")
    assert clean_term("Currently httpd") is None
    assert prose_fact_question("Files processed for server-side includes no longer accept requests by default.") is None
    text = ("Was the wrapper called with the proper number of arguments? The wrapper will only execute if it is given "
            "the proper number of arguments.")
    assert not [s for s in find_seeds(_chunk(text)).seeds if s.kind == "faq"]


def test_names_are_not_asked_what_they_mean_and_steps_leaning_back_are_not_quoted():
    text = "Snow at Argenteuil is an oil-on-canvas landscape painting from the Impressionist artist Claude Monet."
    seed = next(s for s in find_seeds(_chunk(text)).seeds if s.kind == "definition")
    assert all("mean" not in word(seed, "Explanation", random.Random(i)).user for i in range(6))
    assert not _usable("You then attach a similar policy to user Bob, identifying folder Bob in the Resource value.")
    assert fact_question("Blodwen Davies was the first biographer of Thomson, and a Theosophist.")[1].startswith("Who was")


def test_a_console_step_is_no_answer_about_a_name():
    from benchsmith.generators.conversations.passages import entity_seeds, split_sentences
    text = ("CloudFront fills in the **Origin ID** for you. CloudFront caches content at edge locations. "
            "CloudFront writes logs to your log bucket within 24 hours.")
    seeds = entity_seeds(_chunk(text, "CloudFront"), split_sentences(text), "CloudFront")
    assert seeds and all(0 not in s.answer for s in seeds)


def test_a_code_name_keeps_its_case_at_the_start_of_a_turn():
    seed = Seed("p1#0", "definition", "mod_socache_dbm", (0,), "is")
    assert word(seed, "Keyword", random.Random(0)).user == "mod_socache_dbm?"


def test_a_manual_is_not_asked_whether_a_tool_can_be_used_for_an_unsaid_purpose():
    assert advice_question("You can also use permissions policies (bucket and user policies) to manage tag permissions.",
                           technical=True) is None
    assert advice_question("You should use a partitioned database.", technical=True) is not None


def test_a_common_nouns_phrase_with_prepositions_is_no_unanswerable_subject_but_a_name_is():
    assert not a_subject("depiction of snow in Europe")
    assert a_subject("University of Phoenix") and a_subject("the Bank of England")


def test_captions_asides_and_comparatives_are_not_quoted_nor_asked():
    from benchsmith.generators.conversations.facts import prose_fact_question
    assert not _usable("The httpd binary invoked by apache2ctl.")
    assert _usable("The file is created by the installer.")
    assert not _usable("A bucket owner, however, can configure a bucket to be a Requester Pays bucket.")
    assert prose_fact_question("Newer openssl versions may include additional ciphers.") is None
