"""Heuristic query builders compute their answers by construction; the validators agree with them."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from benchsmith.generators.multihop.claims import build_claims
from benchsmith.generators.multihop.grouping import keywords_for
from benchsmith.generators.multihop.items import draft_to_item, qrels_rows, to_multihop_rag
from benchsmith.generators.multihop.models import BridgeGroup, ClaimSet, Draft, Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, extract_quantities
from benchsmith.generators.multihop.queries import NULL_ANSWER, build_comparison, build_inference, build_null, build_temporal
from benchsmith.types import Document

E = Entity("Harrowgate Builders", "ORG", "harrowgate builders")
TEXTS = {
    "d1": "Harrowgate Builders won the ferry contract worth 64 million dollars.",
    "d2": "Harrowgate Builders signed a stadium contract worth 48 million dollars.",
    "d3": "Harrowgate Builders finished a school contract worth 70 million dollars.",
}
DATES = {"d1": datetime(2024, 1, 9, tzinfo=UTC), "d2": datetime(2024, 2, 6, tzinfo=UTC), "d3": datetime(2023, 5, 1, tzinfo=UTC)}
OTHERS = {"d1": ("ORG", "Eastport Ferry Company"), "d2": ("FAC", "Ridgeview Stadium"), "d3": ("ORG", "Millbrook School Board")}
# Headlines that say what each story reports: a report is named by its headline's event.
HEADLINES = {"d1": "Ferry Contract Won", "d2": "Stadium Contract Signed", "d3": "School Contract Finished"}
DOCS = {d: Document(doc_id=d, title=HEADLINES[d], text=f"{t} It was agreed with {OTHERS[d][1]}.", source=f"Source {d}",
                    published_at=DATES[d], metadata={"author": "A", "category": "business"}) for d, t in TEXTS.items()}
ENTS = {d: {name.lower(): (label, name)} for d, (label, name) in OTHERS.items()}  # what the sentence analysis found


def _set_over(entity, texts, topic, label="ORG", mentions=3):
    """A claim set bridged by `entity` over one claim per text (doc id -> sentence)."""
    claims = []
    for d, text in texts.items():
        fact = Fact(f"f-{d}", d, f"{d}#0", 0, len(text), text)
        claim, _ = build_claims(fact, SentenceAnalysis((entity,), topic, extract_quantities(text)), None, {entity.norm: mentions})
        claims.append(claim)
    g = BridgeGroup("entity", entity.norm, entity.text, label, {c.fact.doc_id: [c] for c in claims})
    return ClaimSet(g, tuple(claims), keywords_for(claims, entity.text))


def _cs(doc_ids, group_kind="entity"):
    claims = []
    for d in doc_ids:
        text = TEXTS[d]
        fact = Fact(f"f-{d}", d, f"{d}#0", 0, len(text), text)
        claim, _ = build_claims(fact, SentenceAnalysis((E,), "contract", extract_quantities(text)), None, {E.norm: 3})
        claims.append(claim)
    g = BridgeGroup(group_kind, E.norm, E.text, "ORG", {c.fact.doc_id: [c] for c in claims})
    return ClaimSet(g, tuple(claims), keywords_for(claims, E.text))


def test_inference_hides_the_bridge_and_names_reports_by_source_and_subject():
    d = build_inference(_cs(["d1", "d2"]), DOCS, random.Random(0), doc_entities=ENTS)
    assert isinstance(d, Draft)
    assert d.answer == "Harrowgate Builders" and "harrowgate" not in d.query.lower()
    # Each story is named by what it is about (its lead's noun phrase), as a reader would refer to it.
    assert "the Source d1 report on the ferry contract" in d.query
    assert "the Source d2 report on the stadium contract" in d.query
    assert TEXTS["d1"].rstrip(".") not in d.query and len(d.query.split()) <= 25
    assert d.computation["anchors"] == ["ferry contract", "stadium contract"]


def test_comparison_numeric_answer_is_computed():
    answers = set()
    # The measure ("contract") names no story, nor a side actor: each headline names the story's other party.
    docs = {d: doc.model_copy(update={"title": f"{OTHERS[d][1]} Deal"}) for d, doc in DOCS.items()}
    for seed in range(12):
        d = build_comparison(_cs(["d1", "d2", "d3"]), docs, random.Random(seed), doc_entities=ENTS)
        assert "report on Eastport Ferry Company" in d.query and "naming" not in d.query
        values = d.computation["values"]
        assert sorted(values) == [48e6, 64e6, 70e6]
        # The values follow the evidence order, whatever order the builder chose.
        assert values == [{"d1": 64e6, "d2": 48e6, "d3": 70e6}[c.fact.doc_id] for c in d.claims]
        expected = all(values[0] > v for v in values[1:]) if d.computation["op"] == "gt" else all(values[0] < v for v in values[1:])
        assert d.answer == ("Yes" if expected else "No")
        answers.add(d.answer)
    assert answers == {"Yes", "No"}


def test_temporal_answer_follows_dates_and_both_answers_occur():
    answers = set()
    for seed in range(12):
        d = build_temporal(_cs(["d1", "d2"]), DOCS, random.Random(seed), doc_entities=ENTS)
        first, second = (DATES[c.fact.doc_id] for c in d.claims)
        assert d.answer == ("Yes" if first < second else "No")
        # Each source ran one story on Harrowgate Builders: source and entity name the stories.
        first_src, second_src = (DOCS[c.fact.doc_id].source for c in d.claims)
        assert d.query == f"Did {first_src} report on Harrowgate Builders before {second_src} did?"
        assert "2024" not in d.query and "January" not in d.query  # the months would give the order away
        answers.add(d.answer)
    assert answers == {"Yes", "No"}


def test_temporal_names_each_story_by_its_subject_when_its_source_ran_several():
    one_source = {k: v.model_copy(update={"source": "Harbor Ledger"}) for k, v in DOCS.items()}
    d = build_temporal(_cs(["d1", "d2"]), one_source, random.Random(0), doc_entities=ENTS)
    assert d.query.startswith("Did the Harbor Ledger report on the ")
    assert " mention Harrowgate Builders before the Harbor Ledger report on the " in d.query and len(d.query.split()) <= 25
    assert "2024" not in d.query  # an ordering question never gives the dates away
    first, second = (DATES[c.fact.doc_id] for c in d.claims)
    assert d.answer == ("Yes" if first < second else "No")


def test_temporal_without_dates_is_refused():
    undated = {k: v.model_copy(update={"published_at": None}) for k, v in DOCS.items()}
    assert build_temporal(_cs(["d1", "d2"]), undated, random.Random(0)) == "missing_published_at"


def test_temporal_refuses_two_stories_of_one_day_even_hours_apart():
    # Wire copy carries clock times; a reader told only the reports cannot order them within a day.
    same_day = {"d1": DOCS["d1"], "d2": DOCS["d2"].model_copy(update={"published_at": datetime(2024, 1, 9, 17, 5, tzinfo=UTC)})}
    assert build_temporal(_cs(["d1", "d2"]), same_day, random.Random(0), doc_entities=ENTS) == "same_publication_day"


def test_temporal_refuses_a_bridge_that_is_a_piece_of_a_longer_name_in_a_story():
    # "Did the report on FmHA's loans mention the Accounting Office before ...": the story wrote "the General
    # Accounting Office", so the name asked is not the one it mentions.
    part = Entity("Accounting Office", "ORG", "accounting office")
    texts = {"d1": "The General Accounting Office audited the ferry contract.",
             "d2": "The Accounting Office audited the stadium contract."}
    docs = {d: DOCS[d].model_copy(update={"text": t}) for d, t in texts.items()}
    cs = _set_over(part, texts, "contract")
    assert build_temporal(cs, docs, random.Random(0), doc_entities=ENTS) == "partial_name"
    whole = {"d1": docs["d1"].model_copy(update={"text": texts["d2"].replace("stadium", "ferry")}), "d2": docs["d2"]}
    assert isinstance(build_temporal(cs, whole, random.Random(0), doc_entities=ENTS), Draft)


def test_null_query_invents_names_outside_the_vocabulary():
    vocab = {"harrowgate", "builders"}
    d = build_null(_cs(["d1", "d2"]), vocab, random.Random(3))
    assert d.answer == NULL_ANSWER and d.claims == ()
    for name in (*d.null_entities, *d.null_sources):
        assert name in d.query
        assert not any(w.lower() in vocab for w in name.split())


def test_item_records_spans_qrels_and_original_format():
    d = build_inference(_cs(["d1", "d2"]), DOCS, random.Random(0), doc_entities=ENTS)
    item = draft_to_item(d, DOCS, seed=7)
    assert item.kind == "multihop_item" and item.provenance.seed == 7
    ev = item.evidence[0]
    assert DOCS[ev.doc_id].text[ev.span.start : ev.span.end] == ev.fact
    assert qrels_rows(item) == [f"{item.item_id} 0 d1#0 1", f"{item.item_id} 0 d2#0 1"]
    rag = to_multihop_rag(item, DOCS).model_dump(mode="json")
    assert "kind" not in rag
    assert set(rag) == {"query", "answer", "question_type", "evidence_list"}
    assert set(rag["evidence_list"][0]) == {"author", "category", "fact", "published_at", "source", "title", "url"}
    assert rag["evidence_list"][0]["author"] == "A"
    assert draft_to_item(d, DOCS, seed=7).item_id == item.item_id


def test_a_mention_question_cites_the_sentence_that_states_the_term():
    from types import SimpleNamespace as NS

    from benchsmith.generators.multihop.queries.comparison import _citing

    def claim(doc_id, text):
        return NS(text=text, fact=NS(doc_id=doc_id, text=text))

    on_bridge = [claim("a", "Harrowgate Builders won the contract."), claim("b", "Harrowgate Builders hired staff.")]
    cs = NS(group=NS(claims_by_doc={"a": on_bridge[:1], "b": on_bridge[1:]}))
    elsewhere = {"a": [claim("a", "Tidemark Ventures backed the deal.")], "b": [claim("b", "The mayor spoke.")]}
    # Story a mentions the term only in another sentence: it is cited after the bridge claim; story b lacks it.
    cited = _citing(cs, on_bridge, "Tidemark Ventures", [True, False], elsewhere)
    assert [c.text for c in cited] == ["Harrowgate Builders won the contract.", "Tidemark Ventures backed the deal.",
                                       "Harrowgate Builders hired staff."]
    # A story said to mention the term with no claim stating it: no question (its Yes would not be in the evidence).
    assert _citing(cs, on_bridge, "Tidemark Ventures", [True, True], elsewhere) is None
    # A claim that names the term only by resolving "The firm" does not show it in its sentence.
    resolved = NS(text="Tidemark Ventures led it.", fact=NS(doc_id="b", text="The firm led it."))
    assert _citing(cs, on_bridge, "Tidemark Ventures", [True, True], {**elsewhere, "b": [resolved]}) is None


def test_a_place_both_stories_name_only_in_passing_is_no_inference_bridge():
    place = Entity("West Germany", "GPE", "west germany")
    texts = {"p1": "Japan's car parts makers will open two plants, a trade official said on Monday.",
             "p2": "Farm ministers want a tax on imported oilseeds, officials said in Brussels."}
    later = {"p1": " Exports to West Germany rose 12 pct.", "p2": " West Germany opposed the tax."}
    docs = {d: Document(doc_id=d, title=f"Story {d}", text=t + later[d], source=f"Wire {d}", published_at=DATES["d1"])
            for d, t in texts.items()}
    claims = []
    for d in docs:
        start = len(texts[d]) + 1
        sentence = docs[d].text[start:]
        fact = Fact(f"f-{d}", d, f"{d}#0", start, len(docs[d].text), sentence)
        claim, _ = build_claims(fact, SentenceAnalysis((place,), "trade", extract_quantities(sentence)), None, {place.norm: 2})
        claims.append(claim)
    group = BridgeGroup("entity", place.norm, place.text, "GPE", {c.fact.doc_id: [c] for c in claims})
    cs = ClaimSet(group, tuple(claims), keywords_for(claims, place.text))
    assert build_inference(cs, docs, random.Random(0)) == "incidental_place"
    # The same place in both headlines: what the stories are about, so the rule lets it through.
    about = {d: doc.model_copy(update={"title": "WEST GERMANY TRADE"}) for d, doc in docs.items()}
    assert build_inference(cs, about, random.Random(0)) != "incidental_place"


def test_a_place_is_no_inference_bridge_on_a_wire_collection_even_in_both_headlines(monkeypatch):
    import benchsmith.generators.multihop.queries.inference as inference
    place = Entity("South Africa", "GPE", "south africa")
    texts = {"p1": "SOWETO, South Africa, March 2 - Miners in South Africa backed a strike.",
             "p2": "STOCKHOLM, March 2 - Sweden will decree trade sanctions against South Africa."}
    docs = {d: Document(doc_id=d, title="SOUTH AFRICA " + d.upper(), text=t, source="Wire", published_at=DATES["d1"])
            for d, t in texts.items()}
    cs = _set_over(place, texts, "trade", label="GPE", mentions=2)
    monkeypatch.setattr(inference, "is_wire", lambda documents: True)
    assert build_inference(cs, docs, random.Random(0)) == "place_bridge"
    monkeypatch.setattr(inference, "is_wire", lambda documents: False)  # an encyclopedia's place can still link two articles
    assert build_inference(cs, docs, random.Random(0)) != "place_bridge"


def test_a_mention_written_sentence_initially_with_the_is_asked_without_a_capital_the():
    cs = _cs(["d1", "d2"])
    group = BridgeGroup("entity", cs.group.key, "The Harrowgate Builders", "ORG", cs.group.claims_by_doc)
    d = build_temporal(ClaimSet(group, cs.claims, cs.keywords), DOCS, random.Random(0), doc_entities=ENTS)
    assert isinstance(d, Draft) and " The " not in d.query and "mention Harrowgate Builders before" in d.query


def test_a_compared_body_is_named_with_its_article_a_company_without():
    from benchsmith.generators.multihop.queries.comparison import _as_named
    docs = [Document(doc_id="a", title="EC FARM PRICES", text="The EC's Brussels Commission wants cuts. Traders on "
                     "the New York Stock Exchange sold. Harrowgate Mills Inc rose.", source="Wire")]
    assert _as_named("Brussels Commission", docs) == "the Brussels Commission"  # an institution's common noun
    assert _as_named("New York Stock Exchange", docs) == "the New York Stock Exchange"  # the story writes "the"
    assert _as_named("Harrowgate Mills Inc", docs) == "Harrowgate Mills Inc"
