"""Stories named by what they are about, in our bundled style and in 1987-newswire style (ALL-CAPS headlines,
"<Company Inc>" tags, "NEW YORK, March 3 -" datelines)."""

from __future__ import annotations

from datetime import UTC, datetime

from benchsmith.generators.multihop.queries.story_subjects import lead_text, story_ref, subject_candidates
from benchsmith.types import Document


def _doc(doc_id: str, title: str, text: str, source: str = "Reuters", day: int = 3, month: int = 3) -> Document:
    return Document(doc_id=doc_id, title=title, text=text, source=source,
                    published_at=datetime(1987, month, day, tzinfo=UTC))


WIRE = {
    "r1": _doc("r1", "TEXACO CANADA <TXC> RAISES CRUDE OIL PRICES",
               "TORONTO, March 3 - Texaco Canada Inc <TXC> said it raised the posted prices for crude oil by "
               "32 Canadian cts a barrel, effective today. The increase brings the price of its light crude to "
               "20.16 dlrs a barrel. Shell Canada Ltd matched the move."),
    "r2": _doc("r2", "<AMERICAN EXPRESS CO> UNIT SETS PUBLIC OFFERING",
               "NEW YORK, March 3 - Shearson Lehman Brothers Inc, a unit of American Express Co, said it filed "
               "for a public offering of 30 mln shares. Proceeds from the public offering will be used to reduce "
               "debt, the company said.", day=3),
    "r3": _doc("r3", "GENCORP <GY> BOARD REJECTS TAKEOVER BID",
               "AKRON, Ohio, March 4 - GenCorp Inc said its board unanimously rejected the takeover offer from "
               "General Partners. The board said the tender offer was inadequate. Shell Canada Ltd was not involved.",
               day=4),
    "r4": _doc("r4", "SHELL CANADA <SHC> MATCHES CRUDE PRICE RISE",
               "CALGARY, March 5 - Shell Canada Ltd said it raised its crude oil postings by 32 cts a barrel. "
               "Texaco Canada Inc made a similar increase.", day=5),
}


def test_a_dateline_is_not_part_of_the_lead():
    assert lead_text(WIRE["r1"]).split("\n")[1].startswith("Texaco Canada Inc <TXC> said")


def test_all_caps_headlines_give_the_subject_the_story_writes_in_lower_case():
    # The headline's actor (cased as the lead writes it) and its event; the verb ("RAISES") and ticker stay out.
    assert [s.phrase for s in subject_candidates(WIRE["r1"])][0] == "Texaco Canada's crude oil prices"
    assert "the public offering" in [s.phrase for s in subject_candidates(WIRE["r2"])]
    assert "GenCorp's takeover" in [s.phrase for s in subject_candidates(WIRE["r3"])]
    assert [s.phrase for s in subject_candidates(WIRE["r4"])][0] == "Shell Canada Ltd's crude oil postings"
    assert all("<" not in s.phrase and "TXC" not in s.phrase for d in WIRE.values() for s in subject_candidates(d))


def test_a_subject_two_stories_of_the_source_share_is_not_used_and_the_answer_never_names_one():
    # Texaco's crude price rise is also what r4's lead reports (both Reuters, same month): r1 has no subject of
    # its own left, and is named some other way (or not at all), never ambiguously.
    assert story_ref(WIRE["r1"], WIRE, avoid=["Shell Canada Ltd"], taken=[]) is None
    ref, subject = story_ref(WIRE["r2"], WIRE, avoid=["American Express Co"], taken=[])
    assert ref == "the Reuters report on the public offering"
    # The answer's words may not name the story ("offering" would give away an answer "public offering").
    assert story_ref(WIRE["r2"], WIRE, avoid=["public offering"], taken=[]) is None or \
        "offering" not in story_ref(WIRE["r2"], WIRE, avoid=["public offering"], taken=[])[0]


def test_a_verb_after_a_noun_is_not_read_as_a_plural_topic():
    doc = Document(doc_id="g", title="Greywater Shipping Has a Record Year", source="Wire",
                   published_at=datetime(2024, 1, 2, tzinfo=UTC),
                   text="Greywater Shipping reported higher revenue. The company operates the largest container terminal "
                        "at Port Calloway.")
    phrases = [s.anchor for s in subject_candidates(doc)]
    assert "company operates" not in phrases and "record year" not in phrases


def test_what_the_lead_gives_a_name_as_its_own_is_phrased_as_the_names():
    doc = Document(doc_id="k", title="A Second Machine", source="Valley Tech Review",
                   published_at=datetime(2024, 11, 26, tzinfo=UTC),
                   text="Kestrel Robotics unveiled its second robot, the K2, on November 25. Mayor Elena Marsh opened "
                        "the ferry terminal.")
    phrases = [s.phrase for s in subject_candidates(doc)]
    assert "Kestrel Robotics' second robot" in phrases
    assert not any(p.startswith("Elena Marsh's") for p in phrases)  # she opened it; it is not hers


def test_a_second_story_on_one_subject_is_told_apart_by_its_month_only_when_dated():
    a = _doc("a", "Ferry Terminal Opens", "Harbor City opened the new ferry terminal on Monday.", source="Ledger", month=1)
    b = _doc("b", "Ferry Terminal Costs Grow", "The new ferry terminal cost more than planned.", source="Ledger", month=6)
    docs = {"a": a, "b": b}
    ref, _ = story_ref(a, docs, avoid=[], taken=[])
    assert ref == "Ledger's January 1987 report on the ferry terminal"
    assert story_ref(a, docs, avoid=[], taken=[], dated=False) is None  # an ordering question may not give the month


def test_an_article_only_where_the_story_writes_one_before_the_whole_phrase():
    doc = Document(doc_id="n", title="Grid Storage and the Ferry Contract", source="Wire",
                   published_at=datetime(2024, 1, 2, tzinfo=UTC),
                   text="Demand for grid storage grew. Harrowgate won the ferry contract worth 64 million dollars. "
                        "The nitrogen dioxide levels fell.")
    phrases = {s.anchor: s.phrase for s in subject_candidates(doc)}
    assert phrases["grid storage"] == "grid storage"  # a mass noun, written bare
    assert phrases["ferry contract"] == "the ferry contract"
    assert "nitrogen dioxide levels" not in phrases  # the lead's, not the headline's


def test_dated_stories_without_a_source_are_still_named_by_subject():
    bare = {k: d.model_copy(update={"source": None}) for k, d in WIRE.items()}
    ref, subject = story_ref(bare["r2"], bare, avoid=[], taken=[])  # (r2's headline names its event)
    assert ref == "the report on the public offering"
    undated = bare["r2"].model_copy(update={"published_at": None})
    assert story_ref(undated, {**bare, "r2": undated}, avoid=[], taken=[]) is None  # an undated page is no story


def test_a_noun_phrase_only_the_lead_holds_names_no_story():
    # "the joint statement", "the auction system", "the slower pace": a reader knows a report by its headline.
    doc = Document(doc_id="w", title="SAUDI ARABIA REITERATES COMMITMENT TO OPEC PACT", source="Reuters",
                   published_at=datetime(1987, 3, 1, tzinfo=UTC),
                   text="RIYADH, March 1 - Saudi Arabian Oil Minister Hisham Nazer reiterated the kingdom's commitment "
                        "to the OPEC accord to boost world oil prices and meet stiffer international competition. "
                        "The ministers retained the auction system despite objections, and the joint statement said so.")
    anchors = {s.anchor for s in subject_candidates(doc)}
    assert not anchors & {"boost world oil", "stiffer international", "auction system", "joint statement", "world oil"}
    assert "commitment" in {s.anchor for s in subject_candidates(doc)} or not anchors


def test_headline_actor_and_event_compose_a_readers_name():
    def subjects(title, text):
        return [s.phrase for s in subject_candidates(_doc("h", title, text))]
    # A target named right before the event is a compound ("the Wrather stake"), not an owner.
    assert subjects("HONG KONG FIRM UPS WRATHER<WCO> STAKE TO 11 PCT",
                    "Industrial Equity Ltd, a Hong Kong investment firm, said it raised its stake in Wrather Corp "
                    "to 11.3 pct.")[0] == "the Wrather stake"
    # A country named by its adjective in the headline owns the event; a month is never an actor.
    assert subjects("INDONESIAN WHEAT IMPORTS EXPECTED TO FALL IN 1987",
                    "Indonesia's wheat imports are expected to fall to 1.5 mln tonnes in 1987, the embassy said."
                    )[0] == "Indonesia's wheat imports"
    # A verb after "TO", a figure and a number word never enter the event.
    got = subjects("QANTAS TO BUY FOUR 747-400'S FOR ONE BILLION DLRS",
                   "Qantas Airways Ltd has placed a firm order with Boeing Co for four 747-400 aircraft, chairman "
                   "Jim Leslie said.")
    assert not any(w in p for p in got for w in ("buy", "four", "billion"))
    # A name only ever written as a modifier takes no possessive ("the Swiss economy", never "Swiss' economy").
    assert subjects("SWISS ECONOMY IN EXCELLENT CONDITION, OECD SAYS",
                    "The Swiss economy is in excellent condition, the OECD said in its annual report.")[0] \
        == "the Swiss economy"


def test_a_place_inside_a_longer_name_or_used_as_a_modifier_does_not_open_the_story():
    from benchsmith.generators.multihop.queries.story_subjects import opens_story
    firm = _doc("f", "HONG KONG FIRM UPS WRATHER<WCO> STAKE TO 11 PCT",
                "Industrial Equity Ltd, a Hong Kong investment firm, said it raised its stake in Wrather Corp to 11 pct.")
    exchange = _doc("x", "SHARE TRADING IN CHEUNG KONG GROUP SUSPENDED",
                    "Trading in three Cheung Kong companies will be suspended, the Stock Exchange of Hong Kong said.")
    protest = _doc("p", "HONG KONG PROTEST OVER NUCLEAR PLANT",
                   "HONG KONG, March 2 - Legislators in Hong Kong urged China to halt the nuclear plant at Daya Bay.")
    assert not opens_story(firm, "Hong Kong") and not opens_story(exchange, "Hong Kong")
    assert opens_story(protest, "Hong Kong") and opens_story(firm, "Industrial Equity Ltd")


def test_an_owner_that_is_the_answer_is_not_named_even_in_the_possessive():
    doc = _doc("d", "DU PONT CO <DD> LAUNCHES IMPROVED ARAMID FIBERS",
               "WILMINGTON, Del., Feb 26 - The Du Pont Co said it has developed a new generation of high-strength "
               "aramid fibers which is stiffer than previous ones. Du Pont said the fibers sell under the Kevlar name.")
    ref, subject = story_ref(doc, {"d": doc}, avoid=["Du Pont Co"], taken=[])
    assert "Pont" not in ref and subject.anchor == "aramid fibers"


def test_a_person_named_by_surname_in_the_headline_owns_its_event_and_a_negated_event_is_none():
    def subjects(title, text):
        return [s.phrase for s in subject_candidates(_doc("h", title, text))]
    visit = subjects("SHULTZ VISIT TO MOSCOW POSSIBLE, SAY SOVIETS",
                     "A Soviet official said a visit to Moscow by U.S. Secretary of State George Shultz was under "
                     "consideration. The visit would follow new arms proposals.")
    assert visit[0] == "George Shultz's visit"
    assert not any("resignation" in p for p in subjects(
        "SHULTZ SAYS NO RESIGNATION OVER ARMS AFFAIR",
        "Secretary of State George Shultz said he would not resign. A resignation was never considered, he said."))
    # "TO ELECT" is a verb; "money supply" is a noun phrase the story writes before a verb.
    assert "the money supply" in subjects("U.S. M-1 MONEY SUPPLY ROSE 2.1 BILLION DLRS",
                                          "U.S. M-1 money supply rose 2.1 billion dlrs in the week, the Fed said.")
    assert not any("elect" in p for p in subjects("OLIN CORP <OLM> TO ELECT NEW CEO IN APRIL",
                                                   "Olin Corp said its board will elect a new chief executive."))


def test_a_name_wrapped_over_two_lines_or_written_in_lower_case_still_opens_the_story():
    from benchsmith.generators.multihop.queries.story_subjects import opens_story
    doc = _doc("s", "SHULTZ SAYS NO RESIGNATION OVER IRAN REPORT",
               "ANCHORAGE, Alaska, Feb 26 - Secretary of State George\nShultz acknowledged failings in the\n"
               "affair. Iran said the Gulf war would go on.")
    assert opens_story(doc, "George Shultz")
    war = _doc("w", "IRAN ANNOUNCES END OF MAJOR OFFENSIVE IN GULF WAR",
               "Iran announced tonight that its major offensive against Iraq in the Gulf war had ended.")
    assert opens_story(war, "Gulf War", as_modifier=True)


def test_a_regulator_a_filing_is_made_with_is_the_setting_not_the_subject():
    from benchsmith.generators.multihop.queries.story_subjects import opens_story
    doc = _doc("f", "HALVORSEN MILLS <HMI> TO OFFER NOTES",
               "Halvorsen Mills Inc said it filed a registration statement with the Securities and Exchange "
               "Commission for 100 mln dlrs of notes.")
    assert not opens_story(doc, "Securities and Exchange Commission", as_modifier=True)
    assert opens_story(doc, "Halvorsen Mills Inc", as_modifier=True)
    probe = _doc("p", "SEC OPENS INQUIRY INTO TRADING",
                 "The Securities and Exchange Commission said it opened an inquiry into trading in Kestrel shares.")
    assert opens_story(probe, "Securities and Exchange Commission", as_modifier=True)


def test_mixed_case_headlines_name_no_common_word_as_an_actor_and_no_vague_event():
    doc = Document(doc_id="m", title="Solvane Raises Money as Port Orders Grow", source="Valley Tech Review",
                   published_at=datetime(2025, 3, 10, tzinfo=UTC),
                   text="Solvane Materials has raised 46 million dollars from investors. Sodium-ion cells need it. "
                        "Orders at Port Calloway grew, and the port said more ships were coming.")
    phrases = [s.phrase for s in subject_candidates(doc)]
    assert not any("money" in p or "Port" in p.split("'")[0].split() for p in phrases)


def test_a_source_whose_name_opens_with_the_is_not_given_a_second_article() -> None:
    from benchsmith.generators.multihop.queries.story_subjects import report_of

    assert report_of(_doc("g1", "Ferry Terminal Opens", "Text.", source="The Guardian")) == "the Guardian report"
    assert report_of(_doc("h1", "Ferry Terminal Opens", "Text.", source="Harbor City Ledger")) == "the Harbor City Ledger report"


def test_pages_of_one_site_some_without_its_name_are_no_stories_of_two_sources() -> None:
    # A folder of manual pages: the site's name (a title suffix) became the source of most pages, a few had none.
    # Undated pages of one source are asked about by their subjects, never as "the The Rust Reference report".
    from benchsmith.generators.multihop.queries._phrasing import subject_refs

    pages = {f"p{i}": Document(doc_id=f"p{i}", title=f"Closure expressions {i}", source="The Rust Reference",
                               text="Closure expressions capture variables. The closure type implements Send.")
             for i in range(3)}
    pages["bare"] = Document(doc_id="bare", title="Introduction", source=None, text="This book is the reference.")
    docs = [pages["p0"], pages["p1"]]
    assert subject_refs(docs, [None, None], pages, []) is None
