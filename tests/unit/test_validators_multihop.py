"""Each multihop validator catches the bug it exists for, on tiny constructed items."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from benchsmith.schemas.multihop import MultihopEvidence, MultihopItem
from benchsmith.types import Chunk, Document, Provenance, Span
from benchsmith.validators import VALIDATORS, CorpusIndex, Issue, ValidationContext, Validator, errors, run_validators
from benchsmith.validators.dedup import QueryDeduplicator

T1 = "Harrowgate Builders won the contract for the Eastport ferry terminal. The contract is worth 64 million dollars."
T2 = "Harrowgate Builders will renovate Ridgeview Stadium. The renovation costs 48 million dollars."
T3 = "Ferries, trams and buses carry people across Harbor City every day of the week."


def _docs():
    return [
        Document(doc_id="d1", title="Ferry", text=T1, source="Ledger", published_at=datetime(2024, 1, 9, tzinfo=UTC)),
        Document(doc_id="d2", title="Stadium", text=T2, source="Sports", published_at=datetime(2024, 2, 6, tzinfo=UTC)),
        Document(doc_id="d3", title="Transit", text=T3, source="Ledger", published_at=None),
    ]


def _ctx():
    docs = _docs()
    chunks = [Chunk(chunk_id=f"{d.doc_id}#0", doc_id=d.doc_id, text=d.text, span=Span(start=0, end=len(d.text)), index=0, n_tokens=9) for d in docs]
    return ValidationContext(CorpusIndex(docs, chunks), entity_names=["Harrowgate Builders", "Ridgeview Stadium", "Harbor City"])


def _ev(doc_id, text, sentence, claim=None):
    start = text.index(sentence)
    return MultihopEvidence(doc_id=doc_id, chunk_id=f"{doc_id}#0", span=Span(start=start, end=start + len(sentence)),
                            fact=sentence, claim=claim or sentence, bridge_entity="Harrowgate Builders")


def _item(qtype, query, answer, evidence, computation=None, **extra):
    prov = Provenance(step="test", extra={"computation": computation or {}, **extra})
    return MultihopItem(item_id="mh-x", query=query, answer=answer, question_type=qtype, evidence=evidence, provenance=prov)


def _codes(item, ctx=None):
    return {i.code for i in errors(run_validators(item, ctx or _ctx(), [n for n in VALIDATORS.names() if n != "dedup.query"]))}


S1 = "The contract is worth 64 million dollars."
S2 = "The renovation costs 48 million dollars."


def test_every_registered_validator_conforms():
    assert set(VALIDATORS.names()) >= {"grounding.verbatim", "grounding.documents", "leakage.answer_in_query",
                                       "consistency.temporal", "consistency.comparison", "null.proof", "dedup.query",
                                       "multihop.evidence_count"}
    for name in VALIDATORS.names():
        v = VALIDATORS.get(name)
        assert isinstance(v, Validator) and v.name == name
        assert v.applies_to is None or all(isinstance(k, str) for k in v.applies_to)


def test_validators_apply_only_to_their_item_kinds():
    from types import SimpleNamespace

    from benchsmith.types import EvidenceRef
    from benchsmith.validators import names_for

    generic = set(names_for("conversation_turn"))
    assert {"grounding.verbatim", "grounding.documents", "dedup.query"} <= generic
    assert not generic & {"null.proof", "consistency.temporal", "leakage.answer_in_query", "multihop.evidence_count"}
    # A non-multihop item with misplaced evidence is caught by the generic grounding check alone.
    ref = EvidenceRef(doc_id="d1", chunk_id="d1#0", span=Span(start=0, end=5), text="Wrong")
    item = SimpleNamespace(kind="conversation_turn", evidence_refs=lambda: [ref], required_documents=1)
    issues = run_validators(item, _ctx(), ["grounding.verbatim", "grounding.documents", "null.proof"])
    assert [i.code for i in issues] == ["evidence_not_verbatim", "fact_not_in_chunk"]


def test_corpus_index_phrase_search_is_whole_word_and_keeps_no_corpus_string():
    index = _ctx().index
    assert index.phrase_occurs("harrowgate builders") and index.phrase_occurs("Ledger")  # text and source
    assert not index.phrase_occurs("Harrow")  # part of a word is not an occurrence
    assert not index.phrase_occurs("Builders Harrowgate")  # the words, but not as the phrase
    assert [d.doc_id for d in index.documents_with_phrase("Harrowgate Builders")] == ["d1", "d2"]
    assert not any(isinstance(v, str) and len(v) > len(T1) for v in vars(index).values())


def test_good_comparison_passes_and_wrong_answer_is_caught():
    ev = [_ev("d1", T1, S1), _ev("d2", T2, S2)]
    comp = {"op": "gt", "unit": "dollar", "values": [64e6, 48e6]}
    assert _codes(_item("comparison_query", "Is the first figure higher?", "Yes", ev, comp)) == set()
    assert _codes(_item("comparison_query", "Is the first figure higher?", "No", ev, comp)) == {"comparison_inconsistent"}


def test_span_must_hold_the_fact_verbatim():
    good = _ev("d1", T1, S1)
    shifted = good.model_copy(update={"span": Span(start=good.span.start + 1, end=good.span.end + 1)})
    item = _item("comparison_query", "q?", "Yes", [shifted, _ev("d2", T2, S2)], {"op": "gt", "unit": "dollar"})
    assert "evidence_not_verbatim" in _codes(item)
    invented = good.model_copy(update={"fact": "The contract is worth 99 million dollars."})
    assert "evidence_not_verbatim" in _codes(_item("inference_query", "q?", "x", [invented, _ev("d2", T2, S2)]))


def test_one_document_is_not_multi_hop():
    ev = [_ev("d1", T1, S1), _ev("d1", T1, "Harrowgate Builders won the contract for the Eastport ferry terminal.")]
    assert "too_few_documents" in _codes(_item("inference_query", "Which firm?", "Harrowgate Builders", ev))


def test_inference_answer_must_not_leak():
    ev = [_ev("d1", T1, S1), _ev("d2", T2, S2)]
    assert "answer_leak" in _codes(_item("inference_query", "Which firm, Harrowgate Builders?", "Harrowgate Builders", ev))
    assert "answer_leak_partial" in _codes(_item("inference_query", "Which firm is Harrowgate?", "Harrowgate Builders", ev))
    assert _codes(_item("inference_query", "Which firm won both contracts?", "Harrowgate Builders", ev)) == set()


@pytest.mark.parametrize(("op", "answer", "ok"), [("before_after", "Before", True), ("before_after", "After", False),
                                                   ("in_order", "Yes", True), ("in_order", "No", False)])
def test_temporal_answers_follow_publication_dates(op, answer, ok):
    ev = [_ev("d1", T1, S1), _ev("d2", T2, S2)]
    codes = _codes(_item("temporal_query", "Which came first?", answer, ev, {"op": op}))
    assert (codes == set()) is ok
    if not ok:
        assert codes == {"temporal_inconsistent"}


def test_temporal_needs_dates():
    ev = [_ev("d1", T1, S1), _ev("d3", T3, T3)]
    assert "temporal_missing_date" in _codes(_item("temporal_query", "q?", "Yes", ev, {"op": "in_order"}))


def test_null_proof_exact_fuzzy_and_bm25():
    def null(query, entities):
        return _item("null_query", query, "Insufficient information.", [], {"op": "null"}, null_entities=entities, null_sources=[])

    assert _codes(null("What did Zorvex Quillam Labs build?", ["Zorvex Quillam Labs"])) == set()
    assert "null_entity_in_corpus" in _codes(null("What did Harrowgate Builders build?", ["Harrowgate Builders"]))
    assert "null_entity_fuzzy_match" in _codes(null("What did Harrowgate Bulders build?", ["Harrowgate Bulders"]))
    assert "null_answer" in _codes(_item("null_query", "q?", "Yes", [], {}, null_entities=["Zorvex"], null_sources=[]))


def test_null_proof_search_top_chunks():
    index = _ctx().index
    top = index.top("Harrowgate Builders contract ferry")
    assert top[0].chunk_id == "d1#0"
    index.prefetch(["renovation stadium", "ferry"])
    assert index.top("renovation stadium")[0].chunk_id == "d2#0"


def test_query_dedup_is_near_duplicate_aware():
    d = QueryDeduplicator(threshold=0.8)
    q = "Which company won the ferry contract in Eastport and renovated Ridgeview Stadium in Millbrook last year?"
    assert d.duplicate_of("a", q) is None
    assert d.duplicate_of("b", q.replace("last year", "last year ")) == "a"
    assert d.duplicate_of("c", "Did the Ledger report the vote before the Sports Daily covered the final match?") is None


def test_issue_shape():
    i = Issue("x", "warning", "m")
    assert not i.is_error and errors([i, Issue("y", "error", "n")])[0].code == "y"


def test_all_mention_without_a_term_is_not_rederived_as_yes():
    # A blank term used to match every claim, so a missing term silently confirmed "Yes".
    ev = [_ev("d1", T1, S1), _ev("d2", T2, S2)]
    item = _item("comparison_query", "Do both reports mention it?", "Yes", ev, {"op": "all_mention", "term": ""})
    codes = {i.code for i in run_validators(item, _ctx(), ["consistency.comparison"])}
    assert codes == {"comparison_not_computable"}
    named = _item("comparison_query", "Do both reports mention dollars?", "Yes", ev, {"op": "all_mention", "term": "dollars"})
    assert _codes(named) == set()


def test_blank_phrase_is_never_contained():
    from benchsmith.text import contains_phrase

    assert contains_phrase("The Eastport ferry terminal", "eastport FERRY")
    assert not contains_phrase("The Eastport ferry terminal", "port")
    assert not contains_phrase("anything", "  ")


def test_surface_rejects_pasted_long_marked_up_or_duplicated_questions():
    ev = [_ev("d1", T1, S1), _ev("d2", T2, S2)]
    first = "Harrowgate Builders won the contract for the Eastport ferry terminal."
    pasted = "Is it true that Harrowgate Builders won the contract for the Eastport ferry terminal?"
    assert "copied_span" in _codes(_item("inference_query", pasted, "Yes", [_ev("d1", T1, first), ev[1]]))
    long = "Which firm " + "really " * 30 + "won?"
    assert "question_too_long" in _codes(_item("inference_query", long, "Harrowgate Builders", ev))
    marked = "Which firm won the [contract](Contract.md)?"
    assert "markup" in _codes(_item("inference_query", marked, "Harrowgate Builders", ev))
    twice = [_ev("d1", T1, S1), _ev("d2", T2 + " " + S1, S1)]
    assert "duplicated_evidence" in _codes(_item("inference_query", "Which firm won both contracts?", "Harrowgate Builders", twice))
    assert _codes(_item("inference_query", "Which firm won both contracts?", "Harrowgate Builders", ev)) == set()


def test_composed_comparisons_are_rederived_from_their_evidence():
    ev = [_ev("d1", T1, S1), _ev("d2", T2, S2)]
    earlier = {"op": "earlier", "values": ["48", "64"], "anchors": []}
    # Values must be in their own evidence sentence, in order.
    assert "comparison_value_missing" in _codes(_item("comparison_query", "Was X made before Y?", "Yes", ev, earlier))
    ok = {"op": "earlier", "values": ["64", "48"]}
    assert _codes(_item("comparison_query", "Was X made before Y?", "No", ev, ok)) == set()
    assert "comparison_inconsistent" in _codes(_item("comparison_query", "Was X made before Y?", "Yes", ev, ok))


def test_two_near_identical_evidence_sentences_are_refused():
    from types import SimpleNamespace

    from benchsmith.validators.multihop import DistinctEvidence

    ev = lambda fact: SimpleNamespace(fact=fact)  # noqa: E731
    same = SimpleNamespace(evidence=[ev("Qantas Airways Ltd said it would buy four Boeing 747 aircraft for 1.2 billion dlrs."),
                                     ev("Qantas Airways Ltd said it would buy four Boeing 747 aircraft for 1.2 billion dlrs, officials said.")])
    assert [i.code for i in DistinctEvidence().check(same, None)] == ["near_identical_evidence"]
    apart = SimpleNamespace(evidence=[ev("Qantas Airways Ltd said it would buy four Boeing 747 aircraft."),
                                      ev("Qantas shares rose two cents on the Sydney exchange after the order.")])
    assert DistinctEvidence().check(apart, None) == []
