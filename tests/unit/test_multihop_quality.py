"""Question quality on inline sentences: entity types, pronouns, topics, measured quantities, placeholders, length."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from benchsmith.generators.multihop.claims import build_claims, resolve_subject
from benchsmith.generators.multihop.coref import resolve_antecedent
from benchsmith.generators.multihop.entity_types import NEUTRAL, EntityTypes
from benchsmith.generators.multihop.grouping import keywords_for
from benchsmith.generators.multihop.models import BridgeGroup, ClaimSet, Draft, Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, extract_quantities
from benchsmith.generators.multihop.queries import build_comparison, build_inference
from benchsmith.generators.multihop.queries._phrasing import mask, placeholder_problem, report_refs, type_noun
from benchsmith.generators.multihop.queries.comparison import shared_measure
from benchsmith.generators.multihop.topics import is_topic_phrase
from benchsmith.types import Document


def _ent(sentence: str, text: str, label: str) -> Entity:
    return Entity(text, label, text.lower(), sentence.index(text))


def _types(rows: list[tuple[str, list[tuple[str, str]]]]) -> EntityTypes:
    pairs = [(s, SentenceAnalysis(tuple(_ent(s, t, lab) for t, lab in ents), "", ())) for s, ents in rows]
    return EntityTypes.from_analyses(pairs)


# -- entity types --------------------------------------------------------------------------

def test_company_that_ner_calls_a_place_is_voted_an_org():
    types = _types([
        ("Quillpay said it had 2.3 million users.", [("Quillpay", "GPE")]),
        ("Quillpay reported revenue of 88 million dollars.", [("Quillpay", "GPE")]),
        ("Quillpay has raised 140 million dollars.", [("Quillpay", "GPE")]),
        ("Brandt signed a deal with Quillpay.", [("Quillpay", "ORG")]),
    ])
    assert types.label("quillpay") == "ORG"


def test_robot_model_is_not_a_person_and_surname_inherits_full_name():
    types = _types([
        ("Its first robot, the K1, can lift boxes.", [("K1", "PERSON")]),
        ("The K1 needed about 90 minutes.", [("K1", "PERSON")]),
        ("Mayor Elena Marsh opened the terminal.", [("Elena Marsh", "PERSON")]),
        ("Marsh called it a turning point.", [("Marsh", "ORG")]),
        ("Marsh won 14 wards.", [("Marsh", "ORG")]),
    ])
    assert types.label("k1") == "PRODUCT"
    assert types.label("marsh") == "PERSON"


def test_weak_vote_is_neutral_and_phrased_as_name():
    types = _types([
        ("Work at Ridgeview will start in October.", [("Ridgeview", "ORG")]),
        ("The Gulls play at Ridgeview again.", [("Ridgeview", "FAC")]),
    ])
    assert types.label("ridgeview") == NEUTRAL
    assert type_noun(NEUTRAL) == "name"


# -- pronouns ------------------------------------------------------------------------------

KESTREL = (
    "Kestrel Robotics has raised 38 million dollars in a Series A round led by Tidemark Ventures. "
    "Its first robot, the K1, can lift boxes weighing up to 25 kilograms."
)
DEBATE = (
    "Mayor Elena Marsh spoke about the Eastport ferry terminal. Okafor focused on costs and traffic. "
    "He said the ferry terminal had gone over budget."
)
KESTREL_TYPES = _types([
    ("Kestrel Robotics has raised 38 million dollars.", [("Kestrel Robotics", "ORG")]),
    ("The round was led by Tidemark Ventures.", [("Tidemark Ventures", "ORG")]),
    ("Mayor Elena Marsh spoke.", [("Elena Marsh", "PERSON")]),
    ("Councillor Rafael Okafor spoke.", [("Rafael Okafor", "PERSON")]),
    ("Okafor said no.", [("Okafor", "GPE")]),
    ("The terminal is in Eastport.", [("Eastport", "GPE")]),
    ("Lucia Brandt scored twice.", [("Lucia Brandt", "PERSON")]),
    ("Brandt is 24 years old.", [("Brandt", "PERSON")]),
    ("Head coach Bram Tolliver spoke.", [("Bram Tolliver", "PERSON")]),
])


def test_its_resolves_to_the_previous_org_subject_not_the_last_org_named():
    ent = resolve_antecedent(KESTREL, KESTREL.index("Its first"), frozenset({"ORG"}), KESTREL_TYPES)
    assert ent is not None and ent.text == "Kestrel Robotics"
    text, resolved, reason = resolve_subject(
        "Its first robot, the K1, can lift boxes weighing up to 25 kilograms.", None,
        lambda labels, gender: resolve_antecedent(KESTREL, KESTREL.index("Its first"), labels, KESTREL_TYPES, gender),
    )
    assert reason is None and text.startswith("Kestrel Robotics's first robot")


def test_speech_verb_subject_resolves_to_a_person_never_a_place():
    ent = resolve_antecedent(DEBATE, DEBATE.index("He said"), frozenset({"PERSON"}), KESTREL_TYPES, "m")
    assert ent is not None and ent.text == "Okafor"


def test_she_skips_a_man_named_later():
    text = (
        "Brandt is 24 years old. Head coach Bram Tolliver said his squad was happy. "
        "She joined the Gulls in 2022."
    )
    ent = resolve_antecedent(text, text.index("She joined"), frozenset({"PERSON"}), KESTREL_TYPES, "f")
    assert ent is not None and ent.text == "Brandt"


def test_pronoun_without_antecedent_is_dropped_with_a_reason():
    fact = Fact("f1", "d", "d#0", 0, 30, "She leads a group of 22 researchers.")
    claim, rej = build_claims(fact, SentenceAnalysis((), "group", ()), None, {}, lambda labels, gender: None)
    assert claim is None and rej.reason == "unresolved_pronoun"
    # "It values Quillpay at ...": the pronoun is the round, not Quillpay.
    _, _, reason = resolve_subject("It values Quillpay at 1.1 billion dollars.", None, lambda labels, gender: Entity("Quillpay", "ORG", "quillpay"))
    assert reason == "unresolved_pronoun"
    assert resolve_subject("It was the last match at Ridgeview Stadium.", None, lambda labels, gender: None)[2] == "dangling_reference"


# -- topics and measured quantities --------------------------------------------------------

def test_topic_phrases_must_be_noun_phrases():
    for bad in ("low shot", "use cathode material", "fell", "first", "people familiar", "receive terminals", ""):
        assert not is_topic_phrase(bad), bad
    for good in ("ferry terminal", "sodium cathode", "league title", "revenue"):
        assert is_topic_phrase(good), good


def _claim(doc: str, text: str, ents: list[Entity]) -> object:
    fact = Fact(f"f-{doc}", doc, f"{doc}#0", 0, len(text), text)
    claim, rej = build_claims(fact, SentenceAnalysis(tuple(ents), "", extract_quantities(text)), None, {e.norm: 3 for e in ents})
    assert claim is not None, rej
    return claim


TID = Entity("Tidemark Ventures", "ORG", "tidemark ventures")


def test_numbers_with_the_same_unit_but_different_measures_are_not_compared():
    a = _claim("a", "Quillpay has raised 140 million dollars in a funding round led by Tidemark Ventures.", [TID])
    b = _claim("b", "Wen Achterberg of Tidemark Ventures gave a further 5 million dollars in her own name.", [TID])
    c = _claim("c", "Kestrel Robotics has raised 95 million dollars in a round led by Tidemark Ventures.", [TID])
    assert shared_measure((a, b), "dollar")[1] == "different_measured_quantity"
    assert shared_measure((a, c), "dollar") == ("round", None)


# -- phrasing ------------------------------------------------------------------------------

def test_placeholder_problems_are_caught():
    assert placeholder_problem("this place values this place at 1.1 billion dollars", "this place") == "placeholder_repeated"
    assert placeholder_problem("Greywater will buy 60 this product robots", "this product") == "bridge_used_as_modifier"
    assert placeholder_problem("attendance at the renovated this facility rose", "this facility") == "bridge_after_modifier"
    assert placeholder_problem("this person said the plan was late", "this person") is None
    assert mask("The centre is directed by Professor Ines Fairweather.", "Ines Fairweather", "this person") == "The centre is directed by this person."


def _doc(d: str, source: str, month: int, title: str) -> Document:
    return Document(doc_id=d, title=title, text="x", source=source, published_at=datetime(2025, month, 3, tzinfo=UTC))


def test_reports_are_named_by_source_and_month_and_titles_only_when_needed():
    docs = [_doc("a", "Harbor City Ledger", 3, "Marsh Wins"), _doc("b", "Valley Tech Review", 3, "Robots"), _doc("c", "Harbor City Ledger", 5, "Ferry")]
    assert report_refs(docs) == [
        "the Harbor City Ledger report from March 2025", "the Valley Tech Review report from March 2025", "the Harbor City Ledger report from May 2025",
    ]
    twins = [_doc("a", "Harbor City Ledger", 3, "Marsh Wins"), _doc("b", "Harbor City Ledger", 3, "Ferry Opens")]
    assert report_refs(twins) == ['the Harbor City Ledger article "Marsh Wins"', 'the Harbor City Ledger article "Ferry Opens"']


def test_inference_uses_two_reports_named_by_their_subjects_and_refuses_reports_it_cannot_name():
    e = Entity("Dock Road", "FAC", "dock road")
    texts = {
        "a": "Rafael Okafor said the night trucks jammed Dock Road.",
        "b": "Elena Marsh promised a wider bus lane on Dock Road.",
        "c": "Someone spoke at Dock Road.",
    }
    # A report is named by what its headline says (a headline that says nothing leaves the report unnamed).
    titles = {"a": "Night Trucks Return", "b": "Wider Bus Lane Promised", "c": "T c"}
    docs = {d: _doc(d, f"Source {d}", 3, titles[d]).model_copy(update={"text": t}) for d, t in texts.items()}

    def ents(t):
        found = [Entity("Dock Road", "FAC", "dock road", t.index("Dock Road"))]
        found += [Entity(n, "PERSON", n.lower(), t.index(n)) for n in ("Rafael Okafor", "Elena Marsh") if n in t]
        return found

    claims = tuple(_claim(d, t, ents(t)) for d, t in texts.items())
    cs = ClaimSet(BridgeGroup("entity", e.norm, e.text, "FAC", {c.fact.doc_id: [c] for c in claims}), claims, keywords_for(claims, e.text))
    draft = build_inference(cs, docs, random.Random(0))
    assert isinstance(draft, Draft) and [c.fact.doc_id for c in draft.claims] == ["a", "b"]
    assert "the Source a report on night trucks" in draft.query and "the Source b report on the wider bus lane" in draft.query
    assert draft.answer == "Dock Road" and "dock road" not in draft.query.lower()
    unnamed = ClaimSet(cs.group, (claims[2], claims[0]), cs.keywords)
    assert build_inference(unnamed, docs, random.Random(0)) == "reports_not_distinguishable"


def test_mention_comparison_never_asks_about_a_bare_common_word():
    e = Entity("Bram Tolliver", "PERSON", "bram tolliver")
    texts = {"a": "Head coach Bram Tolliver welcomed the plan.", "b": "Head coach Bram Tolliver praised the squad."}
    docs = {d: _doc(d, f"Source {d}", 3, f"T {d}") for d in texts}
    claims = tuple(_claim(d, t, [Entity(e.text, "PERSON", e.norm, t.index(e.text))]) for d, t in texts.items())
    cs = ClaimSet(BridgeGroup("entity", e.norm, e.text, "PERSON", {c.fact.doc_id: [c] for c in claims}), claims, keywords_for(claims, e.text))
    out = build_comparison(cs, docs, random.Random(0))
    assert out == "nothing_to_compare"


def test_sentence_initial_word_with_a_weak_type_is_not_a_bridge():
    types = _types([
        ("Turnout was 61 percent, up from 55 percent.", [("Turnout", "PERSON")]),
        ("Turnout in 2021 was 55 percent.", [("Turnout", "PERSON")]),
        ("The Gulls play at Ridgeview again.", [("Ridgeview", "FAC")]),
        ("Work at Ridgeview will start in October.", [("Ridgeview", "ORG")]),
    ])
    assert types.label("turnout") == "COMMON"  # no bridge label: never "Which person ... => Turnout"
    assert types.label("ridgeview") == NEUTRAL  # seen mid-sentence: still a name


def test_counts_are_compared_as_numbers_of_things():
    e = Entity("Calloway University", "ORG", "calloway university")
    texts = {"a": "A cathode from Calloway University survived 2,400 charge cycles.", "b": "A cathode from Calloway University survived 1,800 charge cycles."}
    docs = {d: _doc(d, f"Source {d}", 3, f"Lab {d.upper()} Group Test").model_copy(
        update={"text": t + f" Lab {d.upper()} Group ran it."}) for d, t in texts.items()}
    claims = tuple(_claim(d, t, [Entity(e.text, "ORG", e.norm, t.index(e.text))]) for d, t in texts.items())
    cs = ClaimSet(BridgeGroup("entity", e.norm, e.text, "ORG", {c.fact.doc_id: [c] for c in claims}), claims, keywords_for(claims, e.text))
    ents = {d: {f"lab {d} group": ("ORG", f"Lab {d.upper()} Group")} for d in texts}
    d = build_comparison(cs, docs, random.Random(1), doc_entities=ents)
    assert isinstance(d, Draft) and "number of charge cycles" in d.query
    # Never the bare "the Source a report", never a story named by the compared measure itself, and only by the
    # actor its headline names (never "the report naming" a name the story mentions in passing).
    assert "report on Lab A Group" in d.query and "report on Lab B Group" in d.query
    assert d.computation["measure"] == "cycle"
