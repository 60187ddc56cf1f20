"""Reading 1980s wire copy: hard-wrapped lines, datelines, ticker and company tags, roles fused into names,
day names, headlines and "the company said" (stories written for these tests in that style)."""

from __future__ import annotations

from benchsmith.generators.multihop.claims import is_headline, main_entity, resolve_subject
from benchsmith.generators.multihop.coref import resolve_antecedent
from benchsmith.generators.multihop.entity_types import EntityTypes
from benchsmith.generators.multihop.facts import candidate_sentences
from benchsmith.generators.multihop.ner import SentenceAnalysis, analyze_sentences, split_conjoined
from benchsmith.types import Chunk, Document, Span
from benchsmith.validators.markup import clean

STORY = (
    "TOLEDO, Ohio, March 3 - Harrowgate Mills Inc <HGM> said it\n"
    "agreed to sell its flour unit to <Bexley Grain\n"
    "Holdings Ltd> for 41 mln dlrs in cash.\n"
    "    The company said the sale, which is subject to approval by\n"
    "shareholders, will close by the end of April.\n"
    "    Harrowgate said it would use the 41 mln dlrs to cut its debt.\n"
)


def _doc(text: str, title: str = "HARROWGATE MILLS <HGM> TO SELL FLOUR UNIT", doc_id: str = "w1") -> Document:
    return Document(doc_id=doc_id, title=title, text=text, source="Wire")


def _chunks(doc: Document) -> list[Chunk]:
    return [Chunk(chunk_id=doc.doc_id + "#0", doc_id=doc.doc_id, text=doc.text, span=Span(start=0, end=len(doc.text)),
                  index=0, n_tokens=len(doc.text.split()))]


def test_wire_sentences_span_their_wrapped_lines_and_leave_the_dateline_out():
    doc = _doc(STORY)
    facts = [f for f, reason in candidate_sentences(doc, _chunks(doc)) if reason is None]
    first = facts[0]
    assert STORY[first.start : first.end] == first.text  # evidence stays verbatim, line breaks and tags included
    assert first.text.startswith("Harrowgate Mills Inc <HGM> said it\nagreed")
    assert first.readable == "Harrowgate Mills Inc said it agreed to sell its flour unit to Bexley Grain Holdings Ltd for 41 million dollars in cash."
    assert [f.readable.split()[0] for f in facts] == ["Harrowgate", "The", "Harrowgate"]


def test_ticker_tags_are_dropped_and_company_tags_keep_their_name():
    assert clean("USX Corp <X> and <Sedio N.V.> agreed, <Union Faith Canada\nHolding Ltd> said.") == (
        "USX Corp and Sedio N.V. agreed, Union Faith Canada\nHolding Ltd said.")


def _names(sentence: str) -> list[str]:
    (analysis,) = analyze_sentences([sentence])
    for e in analysis.entities:
        assert sentence[e.start : e.start + len(e.text)] == e.text  # offsets stay exact after every trim
    return [e.text for e in analysis.entities]


def test_roles_are_not_part_of_a_persons_name():
    assert _names("Agriculture Secretary Richard Lyng said the plan would cost 40 mln dlrs.") == ["Richard Lyng"]
    assert _names("It was rejected by Secretary of State George Shultz on Friday.") == ["George Shultz"]
    assert _names("Analyst Rosemarie Morbelli of Ingalls and Snyder said shares fell.")[0].startswith("Rosemarie Morbelli")
    assert _names("Shigeki Matsumoto of Nikko Securities Co Ltd said yields rose.") == ["Shigeki Matsumoto", "Nikko Securities Co Ltd"]


def test_days_months_openers_and_party_tags_are_never_names():
    assert _names("Because April sales fell, Brasco Corp cut prices on Wednesday February 25.") == ["Brasco Corp"]
    assert _names("Talks were held Thursday and Friday with Rep John Duncan (R-Iowa).") == ["John Duncan"]
    assert _names("Analysts said the December's OPEC accord held.") == ["OPEC"]


def test_sentence_initial_company_names_are_read_and_echoed_acronyms_and_possessives_trimmed():
    assert _names("BankAmerica filed the offer on January 26.") == ["BankAmerica"]
    assert _names("Chrysler said it would recall 40,000 cars.") == ["Chrysler"]
    assert _names("Marsh said the terminal would open in 2025.") == []
    assert _names("Arrivals rose to 155,221 bags in the week.") == []
    assert _names("The Saudi Press Agency SPA quoted the Tower Commission's report.") == ["Saudi Press Agency", "Tower Commission"]


def test_names_joined_by_and_split_only_where_the_corpus_names_each_part():
    analyses = {
        "a": analyze_sentences(["Officials said Shultz and Weinberger met the Securities and Exchange Commission."]),
        "b": analyze_sentences(["Officials said Shultz would go and Weinberger would attend."]),
    }
    names = [e.text for e in split_conjoined(analyses)["a"][0].entities]
    assert names == ["Shultz", "Weinberger", "Securities and Exchange Commission"]


def test_a_headline_is_not_the_name_of_the_story_subject():
    doc = _doc(STORY)
    assert is_headline(doc.title) and not is_headline("Hay Field (painting)")
    facts = [f for f, reason in candidate_sentences(doc, _chunks(doc)) if reason is None]
    analyses = analyze_sentences([f.readable for f in facts])
    main = main_entity(doc, analyses)
    assert main is not None and main.text == "Harrowgate Mills Inc"


def test_the_company_said_resolves_to_the_company_the_story_opens_with():
    types = EntityTypes({"harrowgate mills inc": {"ORG": 3}, "toledo": {"GPE": 2}, "ohio": {"GPE": 2},
                         "bexley grain holdings ltd": {"ORG": 2}})
    at = STORY.index("The company said")
    ent = resolve_antecedent(STORY, at, frozenset({"ORG"}), types)
    assert ent is not None and ent.text == "Harrowgate Mills Inc"
    text, resolved, reason = resolve_subject(
        "The company said the sale will close by the end of April.", None,
        lambda labels, gender=None: resolve_antecedent(STORY, at, labels, types, gender))
    assert reason is None and text.startswith("Harrowgate Mills Inc said the sale")


def test_split_conjoined_keeps_analyses_it_does_not_change():
    a = SentenceAnalysis((), "topic", ())
    assert split_conjoined({"d": [a]})["d"][0] is a


def test_wire_figures_keep_their_scale_and_unit_in_either_writing():
    from benchsmith.generators.multihop.text import wire_words
    from benchsmith.quantities import extract_quantities

    raw = "Net income was 790,000 dlrs or seven cts a share on revenues of 7.7 mln dlrs, up 12 pct."
    for text in (raw, wire_words(raw)):  # the evidence as written, the sentence as questions read it
        assert [(q.value, q.unit) for q in extract_quantities(text)] == [(790000.0, "dollar"), (7.7e6, "dollar"), (12.0, "percent")]
    assert wire_words(raw).startswith("Net income was 790,000 dollars or seven cents a share on revenues of 7.7 million")
    assert [q.unit for q in extract_quantities("12 millionaires and 5%, 3 percent")] == ["millionaire", "percent", "percent"]


def test_a_countrys_ministry_or_reserve_bank_is_never_a_bridge_name():
    from benchsmith.generators.multihop.entity_types import COMMON

    rows = [("Istvan Nagy, a Finance Ministry official, said subsidies fell.", ["Finance Ministry", "Istvan Nagy"]),
            ("Rates will fall, Finance Ministry sources in Tokyo said.", ["Finance Ministry"]),
            ("The Reserve Bank said M-3 rose.", ["Reserve Bank"]),
            ("The World Bank lent 300 mln dlrs, the Federal Reserve said.", ["World Bank", "Federal Reserve"])]
    pairs = [(s, SentenceAnalysis(tuple(_entity(s, n) for n in names), "", ())) for s, names in rows]
    types = EntityTypes.from_analyses(pairs)
    assert types.label("finance ministry") == COMMON and types.label("reserve bank") == COMMON
    assert types.label("world bank") != COMMON and types.label("federal reserve") != COMMON


def _entity(sentence: str, name: str):
    from benchsmith.generators.multihop.models import Entity

    return Entity(name, "ORG", name.lower(), sentence.index(name))


def test_foreign_names_keep_their_joining_words_and_lose_where_they_are_based():
    assert _names("The loan is led by Paris-based Union de Banques Arabes et Francaises, bankers said.") == [
        "Union de Banques Arabes et Francaises"]


def test_a_surname_known_from_a_full_name_splits_a_pair_of_names():
    analyses = {"a": analyze_sentences(["Officials said Shultz and Weinberger met on Friday."]),
                "b": analyze_sentences(["The report criticised Defense Secretary Caspar Weinberger, but George Shultz was spared."])}
    assert [e.text for e in split_conjoined(analyses)["a"][0].entities] == ["Shultz", "Weinberger"]


def test_a_name_broken_over_two_wire_lines_still_occurs_in_the_story():
    from benchsmith.text import contains_phrase

    assert contains_phrase("a spinoff of part of <Shearson Lehman Brothers\nInc>, said it", "Shearson Lehman Brothers Inc")
    assert not contains_phrase("Shearson Lehman Brothers Incorporated", "Shearson Lehman Brothers Inc")


def test_a_company_named_with_and_stays_one_name():
    analyses = {"a": analyze_sentences(["Officials said <Sumitomo Trust and Banking Co Ltd> will provide the LOC."]),
                "b": analyze_sentences(["Officials said Sumitomo Trust was chosen."])}
    assert [e.text for e in split_conjoined(analyses)["a"][0].entities] == ["Sumitomo Trust and Banking Co Ltd", "LOC"]


def test_two_single_names_joined_by_and_are_two_names_and_ratings_are_none():
    analyses = {"a": analyze_sentences(["Officials said Algeria and Mali would attend, while Standard and Poor's and Moody's rated it AA and Baa-3."])}
    assert [e.text for e in split_conjoined(analyses)["a"][0].entities] == ["Algeria", "Mali", "Standard and Poor's", "Moody"]


def test_an_institution_every_country_has_is_no_bridge_but_a_named_one_is():
    from benchsmith.generators.multihop.entity_types import generic_institution
    assert generic_institution("national bank") and generic_institution("finance ministry")
    assert generic_institution("state development bank")
    assert not generic_institution("national westminster bank") and not generic_institution("world bank")
