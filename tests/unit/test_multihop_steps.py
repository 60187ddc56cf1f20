"""Unit tests of the multihop generator steps on tiny inline documents (no model)."""

from __future__ import annotations

import random

import pytest

from benchsmith.errors import InputError
from benchsmith.generators.multihop.claims import build_claims, entailed, main_entity, resolve_subject
from benchsmith.generators.multihop.config import parse_evidence, parse_mix, quotas
from benchsmith.generators.multihop.facts import candidate_sentences, fact_filter_reason
from benchsmith.generators.multihop.grouping import bridge_groups, build_claim_graph, draw_claim_set
from benchsmith.generators.multihop.models import Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, analyze_sentences, extract_quantities
from benchsmith.generators.multihop.selection import select_articles
from benchsmith.types import Chunk, Document, Span


def _doc(doc_id, text, **kw):
    return Document(doc_id=doc_id, text=text, **kw)


def _chunk(doc):
    return Chunk(chunk_id=f"{doc.doc_id}#0", doc_id=doc.doc_id, text=doc.text, span=Span(start=0, end=len(doc.text)), index=0, n_tokens=len(doc.text.split()))


def test_selection_drops_short_and_near_duplicate_articles():
    base = " ".join(f"word{i}" for i in range(200))
    docs = [_doc("a", base), _doc("b", base + " extra"), _doc("c", "too short text"), _doc("d", " ".join(f"other{i}" for i in range(200)))]
    kept, rejected = select_articles(docs, min_tokens=150)
    assert [d.doc_id for d in kept] == ["a", "d"]
    reasons = {r.input_ref: r.reason for r in rejected}
    assert reasons == {"b": "near_duplicate_article", "c": "too_short"}


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        ("Greywater Shipping reported revenue of 1.18 billion dollars for 2023.", None),
        ("Will the ferry open on time next spring in Eastport?", "not_declarative"),
        ('"We are thrilled," said the mayor of Harbor City today.', "quoted_opinion"),
        ("I think the new stadium in Millbrook looks wonderful indeed.", "opinion"),
        ("the weather was pleasant and calm all through the long afternoon.", "no_entity_number_or_date"),
        ("Short one.", "too_short"),
    ],
)
def test_fact_filter(sentence, reason):
    assert fact_filter_reason(sentence) == reason


def test_candidate_sentences_are_verbatim_spans_inside_one_chunk():
    doc = _doc("d1", "Mara Voss founded Kestrel Robotics in 2019. She grew it to 40 staff by 2023.")
    facts = candidate_sentences(doc, [_chunk(doc)])
    assert len(facts) == 2
    for fact, _reason in facts:
        assert doc.text[fact.start : fact.end] == fact.text
        assert fact.chunk_id == "d1#0"
    # A sentence that no single chunk holds is flagged, never mapped to a wrong chunk.
    half = Chunk(chunk_id="d1#0", doc_id="d1", text=doc.text[:20], span=Span(start=0, end=20), index=0, n_tokens=3)
    assert candidate_sentences(doc, [half])[0][1] == "crosses_chunk_boundary"


def test_quantities_and_rule_entities():
    qs = extract_quantities("The contract is worth 64 million dollars and 1,200 jobs, up 7 percent since 2021.")
    by_unit = {q.unit: q.value for q in qs}
    assert by_unit["dollar"] == 64e6 and by_unit["job"] == 1200 and by_unit["percent"] == 7 and by_unit["year"] == 2021
    (a,) = analyze_sentences(["Mayor Elena Marsh met Harrowgate Builders in Harbor City."], nlp=None)
    assert {e.norm for e in a.entities} >= {"elena marsh", "harrowgate builders", "harbor city"}


def test_pronoun_subject_resolved_to_main_entity_and_entailment_holds():
    main = Entity("Mara Voss", "PERSON", "mara voss")
    text, resolved, reason = resolve_subject("She founded Kestrel Robotics in 2019.", main)
    assert (text, resolved, reason) == ("Mara Voss founded Kestrel Robotics in 2019.", "Mara Voss", None)
    assert resolve_subject("His company grew.", main)[0] == "Mara Voss's company grew."
    assert resolve_subject("She left.", None)[2] == "unresolved_pronoun"
    assert resolve_subject("This was a record.", main)[2] == "dangling_reference"
    assert entailed(text, "She founded Kestrel Robotics in 2019.", resolved) == []
    assert entailed("Mara Voss sold Kestrel Robotics in 2019.", "She founded Kestrel Robotics in 2019.", "Mara Voss") == ["sold"]


def test_main_entity_prefers_title_then_most_mentioned():
    a = SentenceAnalysis((Entity("Teutberga", "PERSON", "teutberga"),), "queen", ())
    assert main_entity(_doc("x", "t", title="Teutberga"), [a]).text == "Teutberga"
    b = SentenceAnalysis((Entity("Kestrel", "ORG", "kestrel"), Entity("Voss", "PERSON", "voss")), "robot", ())
    c = SentenceAnalysis((Entity("Voss", "PERSON", "voss"),), "robot", ())
    assert main_entity(_doc("y", "t", title="a long headline about robots and more"), [b, c]).text == "Voss"


def _claim(doc_id, text, entities, topic="ferry"):
    fact = Fact(f"f-{doc_id}", doc_id, f"{doc_id}#0", 0, len(text), text)
    a = SentenceAnalysis(tuple(entities), topic, extract_quantities(text))
    claim, rej = build_claims(fact, a, None, {e.norm: 2 for e in entities})
    assert rej is None
    return claim


def test_bridge_groups_span_documents_and_claim_sets_prefer_distinct_sources():
    e = Entity("Harrowgate Builders", "ORG", "harrowgate builders")
    claims = [
        _claim("d1", "Harrowgate Builders won the ferry contract in 2024.", [e]),
        _claim("d2", "Harrowgate Builders employs 900 people.", [e]),
        _claim("d3", "Harrowgate Builders renovated the stadium.", [e]),
        _claim("d3", "Harrowgate Builders hired 50 engineers.", [e]),
    ]
    groups = {(g.kind, g.key): g for g in bridge_groups(build_claim_graph(claims))}
    g = groups[("entity", "harrowgate builders")]
    assert g.n_docs == 3 and len(g.claims_by_doc["d3"]) == 2
    docs = {d: _doc(d, "x", source=s) for d, s in (("d1", "A"), ("d2", "A"), ("d3", "B"))}
    used: set[str] = set()
    cs = draw_claim_set(g, 2, docs, random.Random(0), used)
    assert {docs[c.fact.doc_id].source for c in cs.claims} == {"A", "B"}
    assert len({c.fact.doc_id for c in cs.claims}) == 2
    assert draw_claim_set(g, 2, docs, random.Random(0), used) is None  # one free document left


def test_mix_evidence_and_quotas():
    mix = parse_mix("inference=0.32,comparison=0.33,temporal=0.23,null=0.12")
    assert abs(sum(mix.values()) - 1) < 1e-9
    assert quotas(40, mix) == {"inference_query": 13, "comparison_query": 13, "bridge_query": 0, "temporal_query": 9, "null_query": 5}
    assert sum(quotas(7, mix).values()) == 7
    assert parse_evidence("2-3") == (2, 3)
    with pytest.raises(InputError):
        parse_mix("bogus=1")
    with pytest.raises(InputError):
        parse_evidence("x")



def test_near_duplicates_point_at_the_earliest_kept_text():
    from benchsmith.generators.core.near_duplicates import near_duplicates

    texts = [" ".join(f"w{i}x{j}" for j in range(40)) for i in range(12)]
    texts += ["", texts[10], texts[3] + " extra"]
    assert near_duplicates(texts, threshold=0.8) == {13: 10, 14: 3}


def test_rule_entities_carry_their_own_offsets():
    # `sentence.find` used to give the second "Lumora" the offset of "Lumora Energy" (0 -> context votes read the wrong words).
    s = "In March Lumora Energy hired staff, and later the board of Lumora expanded to Mayor  Elena Marsh."
    (a,) = analyze_sentences([s], nlp=None)
    for e in a.entities:
        assert s[e.start : e.start + len(e.text)] == e.text
    assert {e.text: e.start for e in a.entities}["Lumora"] == s.index("of Lumora") + 3
