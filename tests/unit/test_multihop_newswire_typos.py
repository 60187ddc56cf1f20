"""Wire copy's misspelt names are one entity with the name they misspell, and only those."""

from __future__ import annotations

from benchsmith.generators.multihop.aliases import merge_aliases, typo_map
from benchsmith.generators.multihop.models import Claim, Entity, Fact


def _claim(doc_id: str, text: str, ents: list[tuple[str, str]]) -> Claim:
    fact = Fact(f"f-{doc_id}-{len(text)}", doc_id, f"{doc_id}#0", 0, len(text), text)
    entities = tuple(Entity(t, label, t.lower(), text.find(t)) for t, label in ents)
    return Claim(claim_id=f"c-{doc_id}-{len(text)}", fact=fact, text=text, target=ents[0][0],
                 target_norm=ents[0][0].lower(), target_label=ents[0][1], topic="", topic_norm="", entities=entities)


def test_a_slip_of_one_letter_in_a_long_word_joins_the_name_it_misspells():
    claims = [
        _claim("a", "Halvorsen Brokerage Partners raised its rating on Kestrel Mills.", [("Halvorsen Brokerage Partners", "ORG")]),
        _claim("b", "Analysts at Halvorsen Brokerage Partners cut the estimate.", [("Halvorsen Brokerage Partners", "ORG")]),
        _claim("c", "Halvorsen Brokrage said the offer was low.", [("Halvorsen Brokrage", "ORG")]),  # wire typo, truncated
        _claim("d", "Prime Minister Ingvar Calrsson said Sweden would act.", [("Ingvar Calrsson", "PERSON")]),
        _claim("e", "Ingvar Carlsson met the union leaders.", [("Ingvar Carlsson", "PERSON")]),
        _claim("f", "Ingvar Carlsson spoke again.", [("Ingvar Carlsson", "PERSON")]),
    ]
    mapping = typo_map(claims)
    assert mapping == {"halvorsen brokrage": "halvorsen brokerage partners", "ingvar calrsson": "ingvar carlsson"}
    merged, used = merge_aliases(claims)
    assert [e.norm for e in merged[2].entities] == ["halvorsen brokerage partners"]
    assert used["ingvar calrsson"] == "ingvar carlsson"


def test_different_names_a_letter_apart_stay_apart():
    claims = [
        _claim("a", "John Hunt resigned.", [("John Hunt", "PERSON")]),  # short words: Hunt and Hurt are two people
        _claim("b", "John Hurt joined the board.", [("John Hurt", "PERSON")]),
        _claim("c", "Marsden Holdings bought a mill.", [("Marsden Holdings", "ORG")]),  # two words differ
        _claim("d", "Marsdon Holding sold a mill.", [("Marsdon Holding", "ORG")]),
        _claim("e", "Cartwright Steel rose.", [("Cartwright Steel", "ORG")]),  # a person and a company: other kinds
        _claim("f", "Cartwrigt Steel was quoted.", [("Cartwrigt Steel", "PERSON")]),
        _claim("g", "Pemberton Mining said.", [("Pemberton Mining", "ORG")]),  # one spelling, two near ones: ambiguous
        _claim("h", "Pemberton Mineing said.", [("Pemberton Mineing", "ORG")]),
        _claim("i", "Pemberton Miming said.", [("Pemberton Miming", "ORG")]),
    ]
    mapping = typo_map(claims)
    assert "john hurt" not in mapping and "john hunt" not in mapping
    assert "marsdon holding" not in mapping and "cartwrigt steel" not in mapping
    assert "pemberton mining" not in mapping
