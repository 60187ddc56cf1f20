"""What a "both mention" comparison may ask about: whole names only, and no No that a reader would doubt."""

from __future__ import annotations

from benchsmith.generators.multihop.queries.comparison import _as_named, _near_miss
from benchsmith.generators.multihop.queries.headline_subjects import headline_subjects
from benchsmith.generators.multihop.queries.whole_names import whole_name_in
from benchsmith.types import Document

WIRE = ("Under one agreement it will acquire 15 Boeing Co <BA> 767 planes and 98 General\nElectric Co <GE> engines. "
        "Full production of the Single Channel Ground and Airborne Radio System was delayed. "
        "In New York, the Ford Motor Co unit said it sold a record 1.5 million vehicles.")


def test_a_piece_of_a_longer_name_is_no_whole_name():
    assert not whole_name_in(WIRE, "Electric Co")  # "General Electric Co", across a wrapped line
    assert whole_name_in(WIRE, "General Electric Co")
    assert not whole_name_in(WIRE, "Single Channel Ground")  # cut at "and Airborne Radio System"
    assert whole_name_in(WIRE, "New York")  # "In" opens the sentence; it is no part of the name
    assert whole_name_in(WIRE, "Boeing Co")


def test_a_persons_title_is_no_part_of_the_name_but_an_offices_first_word_is():
    text = "Mayor Elena Marsh opened the terminal. The General Accounting Office audited it."
    assert whole_name_in(text, "Elena Marsh", person=True)  # "Mayor" is her title
    assert not whole_name_in(text, "Elena Marsh")  # read as any name, "Mayor Elena Marsh" might be a longer one
    assert not whole_name_in(text, "Accounting Office")  # "General" begins the office's name
    assert not whole_name_in("Acme's Marsh Elena Marsh unit.", "Elena Marsh", person=True)
    # An officer's title after an institution, and a list after a person, end the name (Reuters-21578 wording).
    assert whole_name_in("OTTAWA, March 4 - Bank of Canada Governor John Crow said", "Bank of Canada")
    assert whole_name_in("Federal Reserve chief Paul Volcker and International Monetary Fund officials", "Paul Volcker",
                         person=True)
    assert not whole_name_in("the Single Channel Ground and Airborne Radio System", "Single Channel Ground")
    both = "Apple Computer Inc and AST Research Inc said they are offering"
    assert whole_name_in(both, "AST Research Inc") and whole_name_in(both, "Apple Computer Inc")
    assert whole_name_in("Southwest Airlines Co's TranStar Airlines said", "Southwest Airlines Co's")


def test_the_article_of_a_longer_name_is_not_the_shorter_names():
    doc = Document(doc_id="d", title="T", text=WIRE)
    assert _as_named("Ford", [doc]) == "Ford"  # "the Ford Motor Co unit"
    assert _as_named("Single Channel Ground and Airborne Radio System", [doc]).startswith("the ")


def test_a_story_naming_a_distinctive_word_of_the_term_is_a_near_miss():
    assert _near_miss("25 widebodied A300's from <Airbus Industrie>", "Airbus A300s")
    assert not _near_miss("talks with West Germany's central bank", "West Texas Intermediate")
    assert not _near_miss("the Bank of England said", "Bank of China")


def test_a_quantity_in_a_headline_names_no_event():
    text = ("PARIS, March 2 - French industry is failing and the government has little room for manoeuvre to "
            "reflate the economy, the OECD said. France's manoeuvre is limited.")
    assert headline_subjects("FRANCE HAS LITTLE ROOM FOR MANOEUVRE, OECD SAYS", text, text) == []


def test_a_maker_before_its_model_takes_no_article():
    doc = Document(doc_id="d", title="T", text="it will acquire the Boeing 767-300 planes")
    assert _as_named("Boeing", [doc]) == "Boeing"


def test_a_headline_adjective_names_no_event():
    text = ("PALO ALTO, Calif., March 3 - Syntex Corp said its subsidiary has introduced a rapid, antibody-based test "
            "to diagnose strep throat. Syntex said the test takes ten minutes.")
    assert "Syntex's rapid" not in [s.phrase for s in headline_subjects("SYNTEX <SYN> SETS RAPID STREP THROAT TEST",
                                                                        text, text)]


def test_an_institution_or_union_is_named_with_the_article():
    from benchsmith.generators.multihop.queries._phrasing import _as_written

    assert _as_written("Soviet Union", "exports to Soviet Union") == "the Soviet Union"
    assert _as_written("Stock Exchange of Singapore", "") == "the Stock Exchange of Singapore"
    assert _as_written("Bank of America", "") == "Bank of America"
    assert _as_written("Anacomp Inc", "") == "Anacomp Inc"


def test_a_headline_word_before_a_figure_is_its_verb():
    text = ("LONDON, March 3 - Montedison Finance Overseas Ltd, a unit of Montedison SpA, is issuing a 50 mln "
            "Australian dlr eurobond, lead manager Orion Royal Bank Ltd said. The unit issues bonds each year.")
    phrases = [s.phrase for s in headline_subjects("MONTEDISON UNIT ISSUES 50 MLN AUSTRALIAN DLR BOND", text, text)]
    assert not any(p.endswith("issues") for p in phrases)


def test_a_generic_result_or_a_time_names_no_story():
    text = ("GENEVA, March 3 - Ford Europe's net earnings soared by 71 per cent last year to 559 mln dlrs, "
            "Kenneth Whipple said. The earnings were a record last year.")
    phrases = [s.phrase for s in headline_subjects("FORD <F> EUROPE EARNINGS UP 71 PCT LAST YEAR", text, text)]
    assert not any(p.endswith(("earnings", "year")) for p in phrases), phrases


def test_a_predicate_word_or_a_sentence_stop_names_no_story():
    # Reuters-21578 headlines: the story's offer "is underway"; "Tax Court." ends a sentence of the story.
    text = ("MEMPHIS, March 3 - Morgan Keegan Inc said an offering of one mln of its common shares is underway at "
            "15.25 dlrs per share.")
    phrases = [s.phrase for s in headline_subjects("MORGAN KEEGAN <MOR> SHARE OFFER UNDERWAY", text, text)]
    assert not [p for p in phrases if p.endswith("underway")]
    text = ("WASHINGTON, March 3 - Carl Vance is being nominated by President Reagan as a judge of the Tax Court, the "
            "White House said. Vance would succeed Ann Lydell at the Tax Court.")
    phrases = [s.phrase for s in headline_subjects("TRADE LAWYER NOMINATED TAX COURT JUDGE", text, text)]
    assert phrases and not [p for p in phrases if "." in p]
