"""A story's typo is not copied into a question (Reuters-21578 wording, stories written for the test)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchsmith.generators.multihop.models import BridgeGroup
from benchsmith.generators.multihop.queries._phrasing import weak_bridge
from benchsmith.generators.multihop.queries.typos import has_misspelling, misspelt_words
from benchsmith.types import Document

T0 = datetime(1987, 3, 2, 9, 0, tzinfo=UTC)
TYPO = "RLR Financial Serivces Inc said the National Association of Securities Dealers will not delist its stock."


def _wire(dated: bool = True) -> dict[str, Document]:
    texts = [TYPO, "Cenergy Corp said it sold its Texas wells."]
    texts += [f"Apex Financial Services Inc said unit {i} raised its dividend." for i in range(6)]
    texts += [f"Story {i} on grain and energy markets." for i in range(100)]  # a wire collection: many dated stories
    return {f"d-{i}": Document(doc_id=f"d-{i}", title=f"STORY {i}", text=t, source="Reuters",
                               published_at=T0 + timedelta(hours=i) if dated else None) for i, t in enumerate(texts)}


def _group(surface: str) -> BridgeGroup:
    return BridgeGroup(kind="entity", key=surface.lower(), surface=surface, label="ORG")


def test_two_swapped_letters_of_a_word_the_corpus_writes_often_are_a_typo():
    docs = _wire()
    assert "serivces" in misspelt_words(docs)
    assert has_misspelling("RLR Financial Serivces Inc", docs)
    assert not has_misspelling("Apex Financial Services Inc", docs)  # the right spelling
    # a brand made from a common word by a changed letter is a name ("Cenergy" of "energy"), not a typo
    assert not has_misspelling("Cenergy Corp", docs)


def test_a_wire_entity_spelt_with_a_typo_is_no_bridge():
    docs = _wire()
    assert weak_bridge(_group("RLR Financial Serivces Inc"), docs)
    assert not weak_bridge(_group("Apex Financial Services Inc"), docs)
    # an encyclopedia's rare spellings are names more often than typos ("Monet" beside "Monte"): not judged there
    assert not weak_bridge(_group("RLR Financial Serivces Inc"), _wire(dated=False))


def _named(spelling: str):
    """How subject_refs names a story about `spelling` beside another story (None: it cannot)."""
    from benchsmith.generators.multihop.models import Claim, Entity, Fact
    from benchsmith.generators.multihop.queries._phrasing import subject_refs

    docs = _wire()
    docs["d-0"] = docs["d-0"].model_copy(update={"title": "RLR FINANCIAL <RLRF> WON'T BE DELISTED",
                                                 "text": TYPO.replace("RLR Financial Serivces Inc", spelling)})
    docs["d-1"] = docs["d-1"].model_copy(update={"title": "CENERGY <CRG> SELLS TEXAS WELLS"})
    nasd = Entity("National Association of Securities Dealers", "ORG", "national association of securities dealers")

    def claim(doc_id: str, company: str) -> Claim:
        text = docs[doc_id].text
        fact = Fact(f"f-{doc_id}", doc_id, f"{doc_id}#0", 0, len(text), text)
        return Claim(f"c-{doc_id}", fact, text, nasd.text, nasd.norm, "ORG", "stock", "stock",
                     (nasd, Entity(company, "ORG", company.lower())))

    claims = [claim("d-0", spelling), claim("d-1", "Cenergy Corp")]
    ents = {"d-0": {"rlr": ("ORG", spelling)}, "d-1": {"cenergy": ("ORG", "Cenergy Corp")}}
    named = subject_refs([docs["d-0"], docs["d-1"]], claims, docs, [nasd.text], dated=False, doc_entities=ents)
    return None if named is None else named[0]


def test_a_story_is_not_named_by_its_misspelt_company():
    typo = _named("RLR Financial Serivces Inc")
    assert typo is None or not any("Serivces" in r for r in typo), typo
    right = _named("RLR Financial Services Inc")  # the same story with the name spelt right is named by it
    assert right is not None and right[0].endswith("on RLR Financial Services Inc"), right
