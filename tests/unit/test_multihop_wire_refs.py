"""Wire stories named by an entity are named by its whole name (Reuters-21578 wording, stories written for the test)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchsmith.generators.multihop.models import Claim, Entity, Fact
from benchsmith.generators.multihop.queries._phrasing import subject_refs
from benchsmith.types import Document

T0 = datetime(1987, 3, 2, 9, 0, tzinfo=UTC)
STORIES = {
    "n-1": ("NYSE SAYS GENERAL REFRACTORIES <GRX> NO COMMENT",
            "NEW YORK, March 11 - The New York Stock Exchange said General Refractories Co had no comment on the "
            "activity in its stock.\n    The exchange said it contacted the company."),
    "n-2": ("ANCHOR GLASS <AGLS> CLEARED FOR NYSE LISTING",
            "NEW YORK, March 2 - Anchor Glass Container Corp said it has been cleared to apply for listing on the New "
            "York Stock Exchange.\n    Trading should begin in April."),
}


def _docs() -> dict[str, Document]:
    docs = {d: Document(doc_id=d, title=t, text=s, source="Reuters", published_at=T0 + timedelta(days=i))
            for i, (d, (t, s)) in enumerate(STORIES.items())}
    for i in range(100):  # unrelated dated stories make it a wire collection
        docs[f"f-{i}"] = Document(doc_id=f"f-{i}", title=f"FILLER {i}", text=f"Story {i} on grain.", source="Reuters",
                                  published_at=T0 + timedelta(days=i))
    return docs


def _claim(doc_id: str, sentence: str, ents: tuple[Entity, ...]) -> Claim:
    fact = Fact(f"f-{doc_id}", doc_id, f"{doc_id}#0", 0, len(sentence), sentence)
    nyse = Entity("New York Stock Exchange", "ORG", "new york stock exchange")
    return Claim(f"c-{doc_id}", fact, sentence, nyse.text, nyse.norm, "ORG", "stock", "stock", (nyse, *ents))


def test_a_story_is_never_named_by_a_piece_of_its_companys_name():
    docs = _docs()
    part = Entity("Refractories Co", "ORG", "refractories co")  # what a tagger may read of "General Refractories Co"
    anchor = Entity("Anchor Glass Container Corp", "ORG", "anchor glass container corp")
    claims = [_claim("n-1", STORIES["n-1"][1].split("\n")[0][22:], (part,)),
              _claim("n-2", STORIES["n-2"][1].split("\n")[0][21:], (anchor,))]
    ents = {"n-1": {part.norm: ("ORG", part.text)}, "n-2": {anchor.norm: ("ORG", anchor.text)}}
    named = subject_refs([docs["n-1"], docs["n-2"]], claims, docs, ["New York Stock Exchange"], dated=False,
                         doc_entities=ents)
    assert named is None or not any(r.endswith("on Refractories Co") for r in named[0])


def test_one_name_spelt_two_ways_names_no_pair_of_reports():
    # Reuters-21578 re-sent "Cynergy Corp" as "Cenergy Corp": one event, not two stories to tell apart.
    from benchsmith.generators.multihop.queries._phrasing import _misspelt_twins

    assert _misspelt_twins(["Cynergy Corp", "Cenergy Corp"])
    assert not _misspelt_twins(["Cynergy Corp", "Cynergy Corp"])  # one name twice is for other checks
    assert not _misspelt_twins(["Calmat", "Wrather"]) and not _misspelt_twins(["Amerford", "Certron"])
    assert not _misspelt_twins(["Lab A Group", "Lab B Group"])  # two labs, not one misspelt
    assert _misspelt_twins(["RLR Financial Serivces Inc", "RLR Financial Services Inc"])
