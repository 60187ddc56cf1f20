"""Wire stories tied by one actor: the actor opens one story and has a part of its own in the other; a story is
named by its headline's actor, never by a side actor; the wire's own name is no bridge (stories written for these
tests in 1980s wire style)."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

from benchsmith.generators.multihop.grouping import central_first
from benchsmith.generators.multihop.queries.inference import central_to_both
from benchsmith.generators.multihop.queries.story_subjects import headline_names, prominent_in
from benchsmith.types import Document

T0 = datetime(1987, 3, 2, 9, 0, tzinfo=UTC)


def _doc(i: int, title: str, text: str, days: int = 0) -> Document:
    return Document(doc_id=f"w-{i}", title=title, text=text, source="Reuters", published_at=T0 + timedelta(days=days))


ORDER = _doc(1, "HALVORSEN AIR TO BUY SIX JETS FROM KESTREL", (
    "OSLO, March 2 - Halvorsen Air A/S has placed a firm order with Kestrel Aircraft Corp for six medium-range jets "
    "at a cost of 40 mln dlrs each, chairman Olav Brenne said.\n    Deliveries will begin in 1989, he said."))
LEASE = _doc(2, "ARDMORE LEISURE NEGOTIATING JET LEASE", (
    "LONDON, March 3 - Ardmore Leisure Group Plc said its charter unit was in advanced negotiations with banks for "
    "the lease of ten jets.\n    The aircraft would be built by Kestrel Aircraft Corp, which has offered "
    "favourable terms, the company said.\n    Kestrel Aircraft Corp declined to comment."), days=1)
PASSING = _doc(3, "DUNMORE TEXTILE SETS PREFERRED OFFER", (
    "NEW YORK, March 4 - Dunmore Textile Co said it filed with the Securities and Exchange Commission for an "
    "offering of two mln preferred shares.\n    Proceeds will repay debt owed to Castellan Bank, it said.\n    "
    "Its chairman once flew on a Kestrel Aircraft Corp jet, a spokesman said."), days=2)
FILING = _doc(4, "EVERLY CHEMICAL FILES FOR DEBT OFFERING", (
    "NEW YORK, March 5 - Everly Chemical Corp said it filed with the Securities and Exchange Commission for a "
    "proposed offering of 100 mln dlrs of debentures.\n    The company said proceeds would be used for expansion."),
    days=3)


def test_an_actor_that_opens_one_story_and_recurs_in_another_ties_them():
    assert central_to_both([ORDER, LEASE], "Kestrel Aircraft Corp")
    assert prominent_in(LEASE, "Kestrel Aircraft Corp")  # named twice, on its own


def test_a_passing_mention_or_a_filing_office_ties_nothing():
    assert not prominent_in(PASSING, "Kestrel Aircraft Corp")  # once, far down the story
    assert not central_to_both([ORDER, PASSING], "Kestrel Aircraft Corp")
    # The SEC that two filing stories name in their first sentences opens neither.
    assert not central_to_both([PASSING, FILING], "Securities and Exchange Commission")


def test_pairs_are_drawn_from_the_stories_the_bridge_is_central_to():
    docs = {d.doc_id: d for d in (ORDER, LEASE, PASSING, FILING)}
    order = central_first(["w-3", "w-2", "w-1"], "Kestrel Aircraft Corp", docs)
    assert order[:2] == ["w-1", "w-2"] and order[2] == "w-3"


def test_a_headline_names_its_actor_in_full_by_initials_or_by_a_distinctive_word():
    assert headline_names("HALVORSEN AIR TO BUY SIX JETS FROM KESTREL", {"Kestrel Aircraft Corp"}, {"air", "jets"})
    assert headline_names("CCC CREDITS FOR HONDURAS", {"Commodity Credit Corporation"})
    assert not headline_names("DUNMORE TEXTILE SETS PREFERRED OFFER", {"Castellan Bank"}, {"bank"})


def test_generated_wire_items_never_name_a_story_by_a_side_actor_nor_bridge_by_the_wire(generate_multihop_on):


    rng = random.Random(4)
    stories = []
    actors = ["Halvorsen Mills Inc", "Kestrel Petroleum Corp", "Ardmore Shipping Co", "Brindle Foods Inc",
              "Castellan Steel Corp", "Dunmore Textile Co", "Everly Chemical Corp", "Fairhaven Airlines Inc"]
    banks = ["Banque Orlay Capital Markets", "Tidemark Securities Ltd", "Greywater Finance Corp", "Solvane Trust Co"]
    plans = ["set a note issue of 100 mln dlrs", "build a new plant costing 80 mln dlrs",
             "buy a stake of 12 pct in a rival"]
    heads = ["SETS NOTE ISSUE", "PLANS NEW PLANT", "BUYS STAKE IN RIVAL"]
    for i, co in enumerate(actors):
        for k in range(3):
            bank = banks[(i + k) % len(banks)]
            short = co.rsplit(" ", 1)[0]
            text = (f"CHICAGO, March {2 + k * 9} - {co} said it will {plans[k]}, lead manager {bank} said, adding "
                    f"that Reuters had been told of the plan.\n    {co} said the move would lift earnings next year, "
                    f"the company told Reuters.\n    Analysts at {bank} said {short} had been expected to act for "
                    f"some weeks.\n    Shares of {co} rose {rng.randint(2, 9)} cts in active trading on Monday.\n    "
                    f"A spokesman for {co} declined to say whether further steps were planned.")
            stories.append({"title": f"{short.upper()} {heads[k]}", "text": text, "source": "Reuters",
                            "published_at": f"1987-03-{2 + k * 9:02d}T10:00:00"})
    for j in range(100):
        topic = ["cocoa", "coffee", "sugar", "rubber", "tin"][j % 5]
        stories.append({"title": f"{topic.upper()} PRICES {'RISE' if j % 2 else 'FALL'} IN WEEK {j}",
                        "text": f"LONDON, March {1 + j % 28} - Prices of {topic} moved {j % 7 + 2} pct in the week, "
                                f"traders said.\n    Dealers said demand from consumers was steady in week {j}.\n    "
                                f"Stocks held in producer warehouses were put at {j + 20},000 tonnes.",
                        "source": "Reuters", "published_at": f"1987-03-{1 + j % 28:02d}T0{j % 9}:00:00"})
    items = generate_multihop_on([{"doc_id": f"n-{i}", **s} for i, s in enumerate(stories)],
                                 "--n", "20", "--ner", "rules", "--min-tokens", "20")
    assert items
    # Two stories on one company, days apart, are ordered by what each reports of it.
    assert any(re.match(r"Was the Reuters report on [A-Z]\w+ \w+'s? [a-z ]+ published before the one on its [a-z ]+\?$",
                        i["query"]) for i in items if i["question_type"] == "temporal_query")
    for item in items:
        # A lead manager quoted in a first sentence names no story.
        assert not any(re.search(rf"\bon {b}", item["query"]) for b in banks), item["query"]
        assert (item.get("evidence") or [{}])[0].get("bridge_entity") != "Reuters"
        assert item["answer"] != "Reuters"


def _subjects(title: str, text: str) -> list[str]:
    from benchsmith.generators.multihop.queries.story_subjects import subject_candidates

    return [s.phrase for s in subject_candidates(_doc(9, title, text))]


def test_a_headline_attribution_a_nationality_and_a_typo_name_no_story():
    # "- SOURCES" says who reported it: no "Poehl's sources".
    assert not any("sources" in p for p in _subjects(
        "VOSS SAYS FURTHER RATE CUT POSSIBLE - SOURCES",
        "BONN, March 9 - Central bank president Karl Otto Voss told a symposium that rates could fall, banking "
        "sources said. The sources were reporting Voss's remarks."))
    # "West German bankers" is a nationality before a noun, not a person whose surname the headline gives.
    assert not any("West German's" in p for p in _subjects(
        "GERMAN EUROBOND MARKET EXPECTS BREATHING SPACE",
        "FRANKFURT, March 2 - Fewer mark issues are expected this week, West German bankers said. Managers said "
        "they were planning a low issue volume."))
    # What the lead gives its company must share a word with the headline: not "Orlay's affiliates", not a typo.
    phrases = _subjects("ORLAY <ORL> SUES TIDEMARK EQUITY",
                        "LOS ANGELES, March 9 - Orlay Co said it filed suit against Tidemark Equity and against "
                        "its affiliates. The company said its sut charges misuse of information.")
    assert not any("affiliates" in p or "sut" in p.split() for p in phrases)


def test_a_compound_modifier_stays_and_a_generic_event_needs_its_owner():
    phrases = _subjects("BRINDLE <BRD> SELLS SINKING FUND DEBENTURES",
                        "NEW YORK, March 2 - Brindle Corp is raising 200 mln dlrs through an offering of sinking "
                        "fund debentures due 2017, said lead manager Tidemark Securities. The debentures were priced at par.")
    assert "Brindle's sinking fund debentures" in phrases and "fund debentures" not in phrases
    phrases = _subjects("ROYAL ORLAY BANK SEES IMPROVED RESULTS",
                        "TORONTO, March 3 - Royal Orlay Bank of Canada said it expects to report improved results "
                        "in future earnings periods.")
    assert "improved results" not in phrases


def test_an_organization_by_its_initials_is_a_wire_bridge_but_code_is_not():
    from benchsmith.generators.multihop.models import BridgeGroup
    from benchsmith.generators.multihop.queries._phrasing import weak_bridge

    wire = {f"w-{i}": _doc(i, "COCOA PRICES", "LONDON, March 2 - Cocoa rose.", days=i % 20) for i in range(120)}
    assert not weak_bridge(BridgeGroup("entity", "opec", "OPEC", "ORG"), wire)
    assert weak_bridge(BridgeGroup("entity", "opec", "OPEC", "ORG"))  # a manual's "POST" or "GET": code
    assert weak_bridge(BridgeGroup("entity", "shultz", "Shultz", "PERSON"), wire)  # a surname alone


def test_one_firms_names_are_one_bridge_in_the_spread():
    from benchsmith.generators.multihop.spread import StorySpread

    docs = {f"w-{i}": _doc(i, "X", "LONDON, March 2 - Text.", days=i % 20) for i in range(120)}
    spread = StorySpread(docs)
    assert spread.admit("inference_query", ["w-1", "w-2"], "First Boston Inc")
    assert not spread.admit("inference_query", ["w-3", "w-4"], "First Boston Corp")
    assert spread.admit("temporal_query", ["w-5", "w-6"], "First Boston Corp")


def test_an_event_a_headline_denies_names_no_story_and_initials_keep_their_case():
    phrases = _subjects("KESTREL SAYS NO PLANS FOR EMERGENCY OPEC TALKS",
                        "KUWAIT, March 2 - Kestrel Oil Co said it had no plans for emergency OPEC talks. The "
                        "emergency OPEC talks were urged by Ecuador, it said.")
    assert not any("talks" in p for p in phrases)
    from benchsmith.generators.multihop.queries.headline_subjects import _cased

    assert _cased("emergency opec talks", "It wanted emergency Opec talks, said OPEC.") == "emergency Opec talks"
    assert _cased("crude oil prices", "Crude oil prices rose; crude oil output fell.") == "crude oil prices"


def test_a_mention_comparison_may_name_its_stories_by_the_bridge_and_never_asks_a_term_their_names_give():
    from benchsmith.generators.multihop.queries.comparison import build_comparison
    from benchsmith.generators.multihop.queries.temporal import _event, _the_one_on

    assert _the_one_on("the Reuters report on Du Pont's suit against Phillips", "Du Pont Co") == \
        "the one on its suit against Phillips"
    assert _event("the Reuters report on Du Pont's aramid fibers", "Du Pont Co") == "aramid fibers"
    assert callable(build_comparison)


def test_a_story_named_by_a_place_takes_the_article_the_story_gives_it():
    from benchsmith.generators.multihop.queries._phrasing import _as_written

    assert _as_written("Gaza Strip", "the export of citrus fruit from the Gaza Strip to Europe") == "the Gaza Strip"
    assert _as_written("Cheung Kong", "shares of the Cheung Kong group of companies") == "Cheung Kong"
    assert _as_written("Anacomp Inc", "the Anacomp Inc said") == "Anacomp Inc"


def test_an_inference_answer_read_out_of_a_longer_name_is_refused():
    from benchsmith.generators.multihop.queries.whole_names import whole_name_in

    gao = "The fund is facing a deficit, the General Accounting Office told a House Banking hearing."
    assert not whole_name_in(gao, "Accounting Office") and whole_name_in(gao, "General Accounting Office")
