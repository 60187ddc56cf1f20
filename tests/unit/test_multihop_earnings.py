"""Two companies' reported results compared, each from its own wire earnings report (stories written for these
tests in the collection's table style)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchsmith.generators.multihop.compose.earnings import company_name, earnings_candidates, read_results
from benchsmith.types import Document
from benchsmith.validators.multihop import limit_value

T0 = datetime(1987, 2, 26, 15, 0, tzinfo=UTC)


def _report(i: int, title: str, body: str, days: int = 0) -> Document:
    return Document(doc_id=f"r-{i}", title=title, text=body, source="Reuters", published_at=T0 + timedelta(days=days))


KESTREL = _report(1, "KESTREL FOODS INC <KFI> 4TH QTR NET", (
    "OMAHA, Neb., Feb 26 - Shr 45 cts vs 58 cts\n    Net 12.6 mln vs 15.8 mln\n    Revs 337.3 mln vs 315.2 mln\n"
    "    Year\n    Shr 1.22 dlrs vs 1.06 dlrs\n    Net 66 mln vs 66.2 mln\n    Revs 1.59 billion vs 997.1 mln"))
ARDMORE = _report(2, "<ARDMORE LTD> 4TH QTR NET", (
    "CHICAGO, Feb 27 - Shr 80 cts vs 72 cts\n    Net 55,513,000 vs 48,741,000\n    Revs 290.9 mln vs 264.2 mln"), 1)
DUNMORE = _report(3, "DUNMORE CORP <DUN> 4TH QTR LOSS", (
    "NEW YORK, Feb 27 - Shr loss 51 cts vs loss three cts\n    Net loss 7,041,000 vs loss 467,000\n"
    "    Revs 138.9 mln vs 131.4 mln"), 1)
LATER = _report(4, "CSX HOLDINGS CORP 4TH QTR NET", (
    "RICHMOND, Va., Oct 20 - Shr 10 cts vs 8 cts\n    Net 3,100,000 vs 2,000,000\n    Revs 40.1 mln vs 30.0 mln"), 236)


def test_a_headline_company_is_written_as_prose_writes_it():
    assert company_name("BROWN-FORMAN INC <BFD>") == "Brown-Forman Inc"
    assert company_name("<CINRAM LTD>") == "Cinram Ltd"
    assert company_name("USX CORP") == "USX Corp"
    assert company_name("NATIONAL SEA PRODUCTS AND OIL CO") == "National Sea Products and Oil Co"
    assert company_name("HUB BANCORP") == "HUB Bancorp" and company_name("HUB BANCORP", frozenset({"hub"})) == "Hub Bancorp"
    assert company_name("BEN AND JERRY'S HOMEMADE INC", frozenset({"Ben"})) == "Ben and Jerry's Homemade Inc"


def test_only_the_headline_period_block_is_read_and_losses_are_not():
    results = read_results([KESTREL, ARDMORE, DUNMORE])
    got = {(r.page.name, r.measure): (r.figure, r.amount) for r in results}
    assert got[("Kestrel Foods Inc", "net income")] == ("12.6 mln", 12.6e6)  # not the year's 66 mln
    assert got[("Kestrel Foods Inc", "revenue")] == ("337.3 mln", 337.3e6)
    assert got[("Ardmore Ltd", "net income")] == ("55,513,000", 55513000)
    assert ("Dunmore Corp", "net income") not in got  # a loss, and a "LOSS" headline
    for r in results:  # each figure is cited with its report's opening (dateline) through its own line
        text = {KESTREL.doc_id: KESTREL.text, ARDMORE.doc_id: ARDMORE.text}[r.page.doc_id]
        cited = text[r.cited.start:r.cited.end]
        assert r.cited.start == 0 and cited.split("\n")[-1].strip().split()[1] == r.figure.split()[0]


def test_two_reports_of_one_period_compare_and_the_answer_follows_the_figures():
    cands = earnings_candidates(read_results([KESTREL, ARDMORE, LATER]), seed=0, choice_every=99)
    by_measure = {c["computation"]["attribute"]: c for c in cands}
    net = by_measure["net income"]
    x, y = net["computation"]["values"]
    assert (net["answer"] == "Yes") == (limit_value(x, "money") > limit_value(y, "money"))
    assert net["query"].startswith("Did ") and "fourth-quarter net income" in net["query"]
    flip = net["flip"]
    assert flip["answer"] != net["answer"] and flip["computation"]["values"] == [y, x]
    # an October "fourth quarter" is another fiscal year: never paired with February's
    assert all("Csx" not in c["query"] and "CSX" not in c["query"] for c in cands)


def test_a_choice_names_the_company_with_the_larger_figure():
    cands = earnings_candidates(read_results([KESTREL, ARDMORE]), seed=0, choice_every=1)
    net = next(c for c in cands if c["computation"]["attribute"] == "net income")
    assert net["query"].startswith("Which company reported higher fourth-quarter net income, ")
    assert net["answer"] == "Ardmore Ltd" and net["computation"]["choice"][0] in net["query"]


def test_reports_in_two_currencies_are_never_compared():
    montreal = _report(5, "<IVACO INC> YEAR NET", "MONTREAL, Feb 26- Shr 1.11 dlrs vs 1.04 dlrs\n    Net 44,092,000 vs 35,145,000")
    manila = _report(6, "PHILIPPINE LONG DISTANCE <PHI> YEAR NET", (
        "NEW YORK, Feb 26 - Shr primary 95.30 pesos vs 29.71 pesos\n    Net 1.9 billion vs 779 mln"))
    boston = _report(7, "HUB BANCORP YEAR NET", ("BOSTON, Feb 26 - Shr 1.01 dlrs vs 90 cts\n    Net 9,100,000 vs 8,000,000"
                                                "\n    NOTE: the bank is the region's main hub."))
    results = read_results([montreal, manila, boston])
    assert {r.page.name: r.currency for r in results} == {"Ivaco Inc": "CA", "Hub Bancorp": "US"}  # pesos: none
    assert earnings_candidates(results, seed=0) == []


def test_the_collections_place_codes_tell_the_currency_where_there_is_no_dateline():
    body = "Shr 1.11 dlrs vs 1.04 dlrs\n    Net 44,092,000 vs 35,145,000"
    weston = Document(doc_id="w", title="GEORGE WESTON LTD YEAR NET", text=body, published_at=T0,
                      metadata={"places": ["canada"]})
    tokyo = Document(doc_id="t", title="NIPPON KOGAKU YEAR NET", text=body, published_at=T0, metadata={"places": ["japan"]})
    assert [(r.page.name, r.currency) for r in read_results([weston, tokyo])] == [("George Weston Ltd", "CA")]



def test_without_dateline_or_place_codes_a_canadian_note_tells_the_currency():
    body = "Shr 1.11 dlrs vs 1.04 dlrs\n    Net 44,092,000 vs 35,145,000\n    NOTE: Figures in Canadian dlrs."
    (r,) = read_results([Document(doc_id="p", title="POWER FINANCIAL YEAR NET", text=body, published_at=T0)])
    assert r.currency == "CA"


def test_with_only_a_headline_a_report_is_us_only_under_a_us_ticker():
    body = "Shr 1.11 dlrs vs 1.04 dlrs\n    Net 44,092,000 vs 35,145,000"
    listed = Document(doc_id="a", title="HUB BANCORP <HUB> YEAR NET", text=body, published_at=T0)
    bracketed = Document(doc_id="b", title="<MEMOTEC DATA INC> YEAR NET", text=body, published_at=T0)
    foreign = Document(doc_id="c", title="SAXTON INDUSTRIES LTD <SAXIF> YEAR NET", text=body, published_at=T0)
    dateline = Document(doc_id="d", title="<CINRAM LTD> YEAR NET", text="Scarborough, Ontario, Feb 26 - " + body,
                        published_at=T0, metadata={"places": ["usa"]})  # the collection's code is wrong here
    assert [(r.page.doc_id, r.currency) for r in read_results([listed, bracketed, foreign, dateline])] == [
        ("a", "US"), ("d", "CA")]


def test_a_dateline_with_a_two_word_province_is_read():
    body = "HALIFAX, Nova Scotia, March 3 - Oper shr 1.11 dlrs vs 1.04 dlrs\n    Revs 144.1 mln vs 135.0 mln"
    doc = Document(doc_id="n", title="<NATIONAL SEA PRODUCTS LTD> 4TH QTR NET", text=body, published_at=T0,
                   metadata={"places": ["usa"]})
    assert [r.currency for r in read_results([doc])] == ["CA"]
