"""The llm strategy's parse checks: a model reply is held to the evidence it was asked about."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from benchsmith.generators.core.step import Reply
from benchsmith.generators.multihop.llm_steps import (
    ClaimsOut,
    EvidenceView,
    QueryOut,
    SetClaims,
    SetClaimsInput,
    Source,
    WordingInput,
    WordQuery,
    WriteSetClaims,
    claims_model,
    replaced_words,
    set_claims_input,
)
from benchsmith.generators.multihop.models import BridgeGroup, Claim, ClaimSet, Draft, Fact
from benchsmith.llm.structured import json_schema_for
from benchsmith.types import Document, Rejected

F1 = Fact("f1", "d1", "d1#0", 0, 50, "Harrowgate Builders won the ferry terminal contract.")
F2 = Fact("f2", "d2", "d2#0", 0, 60, "Harrowgate Builders will renovate Ridgeview Stadium.")


def _claim(f: Fact) -> Claim:
    return Claim(f"c-{f.fact_id}", f, f.text, "Harrowgate Builders", "harrowgate builders", "ORG", "contract", "contract")


def _input() -> SetClaimsInput:
    views = tuple(EvidenceView(_claim(f), title, "Ledger", "2024-01-09") for f, title in ((F1, "Ferry plan"), (F2, "Stadium")))
    return SetClaimsInput("Harrowgate Builders", "entity", views)


def _reply(parsed, text="{}") -> Reply:
    return Reply(parsed=parsed, text=text, model="scripted/x", prompt_name="p", prompt_hash="h")


def _claims(payload: dict) -> ClaimsOut:
    return claims_model(2).model_validate(payload)


def _split(out) -> tuple[SetClaims, list[Rejected]]:
    sets = [o for o in out if isinstance(o, SetClaims)]
    assert len(sets) == 1
    return sets[0], [o for o in out if isinstance(o, Rejected)]


def test_claims_that_stay_with_their_evidence_become_llm_claims():
    claims, dropped = _split(WriteSetClaims().parse(_reply(_claims({"claim_1": F1.text, "claim_2": F2.text})), _input()))
    assert [c.strategy for c in claims.claims] == ["llm", "llm"] and not dropped
    assert [c.fact.fact_id for c in claims.claims] == ["f1", "f2"]


def test_an_invented_fact_falls_back_to_the_heuristic_claim_and_is_recorded():
    invented = "Harrowgate Builders was fined 900 million dollars for fraud."
    claims, dropped = _split(WriteSetClaims().parse(_reply(_claims({"claim_1": invented, "claim_2": F2.text})), _input()))
    assert claims.claims[0] == _claim(F1)  # the heuristic claim, labelled heuristic
    assert claims.claims[0].strategy == "heuristic" and claims.claims[1].strategy == "llm"
    assert [r.reason for r in dropped] == ["claim_drift"] and "fraud" in dropped[0].detail
    assert dropped[0].input_ref == "f1" and "sentence 1" in dropped[0].detail


def test_a_skipped_sentence_and_a_missing_bridge_fall_back_per_sentence():
    # The model wrote only the claim of sentence 2: sentence 1 keeps its heuristic claim.
    claims, dropped = _split(WriteSetClaims().parse(_reply(_claims({"claim_2": F2.text})), _input()))
    assert [c.strategy for c in claims.claims] == ["heuristic", "llm"] and [r.reason for r in dropped] == ["claim_missing"]
    out = WriteSetClaims().parse(_reply(_claims({"claim_1": F1.text, "claim_2": "The firm will renovate Ridgeview Stadium."})),
                                 _input())
    claims, dropped = _split(out)
    assert [c.strategy for c in claims.claims] == ["llm", "heuristic"]
    assert [r.reason for r in dropped] == ["bridge_missing_from_claim"] and dropped[0].input_ref == "f2"


def test_claims_are_read_by_sentence_number_whatever_the_model_miscounts():
    model = claims_model(3)
    assert model.model_validate({"claim_1": "a", "claim_3": "c", "claim_4": "extra"}).claims == {1: "a", 3: "c", 4: "extra"}
    assert model.model_validate({"claims": ["a", "b"]}).claims == {1: "a", 2: "b"}  # a bare list, in order
    assert model.model_validate({"Claim 2": "b", "sentence_3": "c"}).claims == {2: "b", 3: "c"}
    assert model.model_validate({"claims": {"claim_2": "b"}}).claims == {2: "b"}
    for bad in ({"answer": "a"}, {"claims": [1]}, "a, b"):
        with pytest.raises(ValidationError):
            model.model_validate(bad)


def test_the_schema_sent_asks_for_one_key_per_sentence_and_the_cap_scales():
    schema = json_schema_for(WriteSetClaims().response_model_for(_input()))
    assert schema["required"] == ["claim_1", "claim_2"] and set(schema["properties"]) == {"claim_1", "claim_2"}
    assert schema["additionalProperties"] is False
    assert json_schema_for(claims_model(4))["required"][-1] == "claim_4"
    step = WriteSetClaims()
    assert step.max_tokens_for(_input()) < step.max_tokens  # two claims get less room than four


def test_the_prompt_names_the_pronoun_the_heuristic_resolved():
    fact = Fact("f3", "d3", "d3#0", 0, 40, "She announced a ferry terminal for Harrowgate Builders.")
    claim = replace(_claim(fact), text="Elena Marsh announced a ferry terminal for Harrowgate Builders.",
                    resolved="Elena Marsh")
    assert replaced_words(fact.text, claim) == "She"
    assert replaced_words("The company grew.", replace(claim, text="Harrowgate Builders grew.",
                                                         resolved="Harrowgate Builders")) == "The company"
    assert replaced_words(F1.text, _claim(F1)) == ""
    cs = ClaimSet(BridgeGroup("entity", "harrowgate builders", "Harrowgate Builders", "ORG"), (claim, _claim(F2)), ())
    docs = {d: Document(doc_id=d, title=f"Title {d}", text="x") for d in ("d2", "d3")}
    prompt = WriteSetClaims().build_prompt(set_claims_input(cs, docs))[-1]["content"]
    assert '(in it, "She" is Elena Marsh)' in prompt and prompt.count('(in it, "') == 1
    assert '"claim_1": "...", "claim_2": "..."' in prompt and "claim_3" not in prompt


def test_a_worded_query_must_draw_on_every_evidence_claim():
    draft = Draft(query="draft", answer="Harrowgate Builders", question_type="inference_query",
                  claims=(_claim(F1), _claim(F2)), bridge_entity="Harrowgate Builders", bridge_topic=None)
    item = WordingInput(draft, (Source("Ledger", "Ferry plan", "2024"), Source("Daily", "Stadium", "2024")), "organization")
    good = WordQuery().parse(_reply(QueryOut(query="Which firm won the ferry contract and will renovate the stadium?")), item)
    assert isinstance(good, Draft) and good.strategy == "llm" and good.answer == "Harrowgate Builders"
    # An injected title talked the model into a question about something else.
    kept, bad = WordQuery().parse(_reply(QueryOut(query="What is the capital of France, in your opinion?")), item)
    assert isinstance(bad, Rejected) and bad.reason == "query_not_tied_to_evidence" and "France" in bad.detail
    assert kept is draft and kept.query == "draft" and kept.strategy == "heuristic"  # the template wording, labelled
    # The prompt's own numbering copied into the question ("report 1's") reads as nonsense.
    kept, bad = WordQuery().parse(_reply(QueryOut(query="Did report 1's firm win the ferry contract and renovate the stadium?")), item)
    assert isinstance(bad, Rejected) and bad.reason == "prompt_label_in_query" and kept is draft


def _item(qtype="inference_query", answer="Harrowgate Builders", *, warnings=(), computation=None, facts=None):
    from benchsmith.schemas.multihop import MultihopEvidence, MultihopItem
    from benchsmith.types import Provenance, Span

    facts = facts or ["Harrowgate Builders won the ferry contract.", "Harrowgate Builders will renovate the stadium."]
    evidence = [MultihopEvidence(doc_id=f"d{i}", chunk_id=f"d{i}#0", span=Span(start=0, end=len(f)), fact=f, claim=f)
                for i, f in enumerate(facts)]
    extra = {"computation": computation} if computation else {}
    return MultihopItem(item_id="mh-1", query="Which firm won the ferry contract and will renovate the stadium?",
                        answer=answer, question_type=qtype, evidence=evidence, keywords=[], warnings=list(warnings),
                        provenance=Provenance(step="t", extra=extra))


def _qa(step, answer, alone):
    from benchsmith.generators.core.step import Reply
    from benchsmith.generators.multihop.llm_steps import QAAnswers

    return Reply(parsed=QAAnswers(answer=answer, answers_alone=alone), text="{}", model="m", prompt_name="p", prompt_hash="h")


def _inp(item, n=2):
    from benchsmith.generators.multihop.llm_steps import AloneInput

    return AloneInput(item, tuple((f"Doc {i}", "text") for i in range(n)))


def test_the_qa_check_confirms_an_answer_the_model_finds_itself_and_records_it():
    from benchsmith.generators.multihop.llm_steps import CheckItem

    inp = _inp(_item(computation={"anchors": ["ferry", "stadium"]}))
    out = CheckItem().parse(_qa(CheckItem(), "The firm is Harrowgate Builders.", ["unknown", "unknown"]), inp)
    record = out.provenance.extra["qa_check"]
    assert record["verdict"] == "confirmed" and record["answer"] == "The firm is Harrowgate Builders."
    assert out.provenance.extra["computation"]["anchors"] == ["ferry", "stadium"]  # the rest of the provenance is kept
    assert "answer" not in CheckItem().variables(inp)  # the model answers blind: the gold answer is never shown


def test_the_qa_check_rejects_a_wrong_answer_nothing_proves():
    from benchsmith.generators.multihop.llm_steps import CheckItem

    # The answer is named in no evidence sentence: the model's different answer decides.
    unproved = _item(answer="Corvane Analytics")
    out = CheckItem().parse(_qa(CheckItem(), "Harrowgate Builders", ["unknown", "unknown"]), _inp(unproved))
    assert isinstance(out, Rejected) and out.reason == "qa_answer_mismatch" and "Corvane Analytics" in out.detail
    # A comparison whose computation the validators could not re-derive has no proof either.
    comp = _item("comparison_query", "Yes", warnings=["comparison_not_computable"], computation={"op": "gt"})
    assert CheckItem().parse(_qa(CheckItem(), "No", ["unknown", "unknown"]), _inp(comp)).reason == "qa_answer_mismatch"
    # "Insufficient information" is a disagreement, not an agreement, for an answerable item.
    assert CheckItem().parse(_qa(CheckItem(), "Insufficient information.", ["unknown"] * 2), _inp(unproved)).reason \
        == "qa_answer_mismatch"


def test_a_weak_models_disagreement_with_a_proved_answer_is_inconclusive_kept_or_dropped():
    from benchsmith.generators.multihop.llm_steps import CheckItem

    comp = _item("comparison_query", "No", computation={"op": "gt", "anchors": ["ferry"]})
    kept = CheckItem().parse(_qa(CheckItem(), "Yes", ["unknown", "unknown"]), _inp(comp))
    record = kept.provenance.extra["qa_check"]
    assert record["verdict"] == "inconclusive" and "re-derived" in record["why"][0] and record["answer"] == "Yes"
    dropped = CheckItem(inconclusive="drop").parse(_qa(CheckItem(), "Yes", ["unknown", "unknown"]), _inp(comp))
    assert isinstance(dropped, Rejected) and dropped.reason == "qa_inconclusive"
    # The same disagreement on an entity answer named in every claim is inconclusive too.
    named = CheckItem().parse(_qa(CheckItem(), "Port Calloway", ["unknown", "unknown"]), _inp(_item()))
    assert named.provenance.extra["qa_check"]["verdict"] == "inconclusive"
    with pytest.raises(ValueError):
        CheckItem(inconclusive="maybe")


def test_the_qa_check_also_rejects_an_item_one_document_answers_unless_the_hops_are_proved():
    from benchsmith.generators.multihop.llm_steps import CheckItem

    step = CheckItem()
    plain = _item()  # no anchors: nothing shows each document is needed
    assert step.parse(_qa(step, "Harrowgate Builders", ["Harrowgate Builders", "unknown"]), _inp(plain)).reason \
        == "single_document_answerable_llm"
    assert step.parse(_qa(step, "Harrowgate Builders", ["unknown"]), _inp(plain)).reason == "alone_count_mismatch"
    anchored = _item(computation={"anchors": ["ferry", "stadium"]})
    out = step.parse(_qa(step, "Harrowgate Builders", ["Harrowgate Builders", "unknown"]), _inp(anchored))
    assert out.provenance.extra["qa_check"]["verdict"] == "inconclusive" and "document 1" in out.provenance.extra["qa_check"]["why"][0]


def test_null_queries_are_not_sent_to_the_qa_check():
    from benchsmith.generators.multihop.llm_steps import CheckItem

    null = _item("null_query", "Insufficient information.", facts=["x"]).model_copy(update={"evidence": []})
    (out,) = CheckItem().skip(_inp(null, 0))
    assert out.provenance.extra["qa_check"]["verdict"] == "not_asked"
    assert CheckItem().skip(_inp(_item())) is None


def test_answer_alone_rejects_an_item_one_document_answers():
    from benchsmith.generators.core.step import Reply
    from benchsmith.generators.multihop.llm_steps import AloneInput, AloneOut, AnswerAlone
    from benchsmith.schemas.multihop import MultihopItem
    from benchsmith.types import Provenance

    item = MultihopItem(item_id="mh-1", query="When was the director of the film Ferry Days born?", answer="1901",
                        question_type="bridge_query", evidence=[], keywords=[], provenance=Provenance(step="multihop.query.bridge"))
    inp = AloneInput(item, (("Ferry Days", "a film directed by Elena Marsh"), ("Elena Marsh", "Elena Marsh (born 1901)")))
    step = AnswerAlone()

    def reply(answers):
        return Reply(parsed=AloneOut(answers=answers), text="{}", model="m", prompt_name=step.template, prompt_hash="h")

    assert step.parse(reply(["unknown", "unknown"]), inp).provenance.extra["qa_check"]["verdict"] == "confirmed"
    rejected = step.parse(reply(["unknown", "She was born in 1901."]), inp)
    assert rejected.reason == "single_document_answerable_llm" and "document 2" in rejected.detail
    assert step.parse(reply(["unknown"]), inp).reason == "alone_count_mismatch"
    null = item.model_copy(update={"question_type": "null_query", "answer": "Insufficient information."})
    assert step.skip(AloneInput(null, inp.documents)) == [null]


def test_the_qa_check_asks_a_grammar_for_one_answer_per_document_and_still_counts():
    from benchsmith.generators.multihop.llm_steps import CheckItem, QAAnswers

    inp = _inp(_item(), 3)
    model = CheckItem().response_model_for(inp)
    schema = json_schema_for(model)
    assert schema["properties"]["answers_alone"]["minItems"] == schema["properties"]["answers_alone"]["maxItems"] == 3
    assert set(schema["required"]) == {"answer", "answers_alone"}
    assert "minItems" not in json_schema_for(QAAnswers)["properties"]["answers_alone"]  # the shared model is untouched
    verdict = model.model_validate({"answer": "Harrowgate Builders", "answers_alone": ["unknown", "unknown"], "reason": "x"})
    out = CheckItem().parse(_reply(verdict), inp)  # a miscount still reaches the step's own check
    assert isinstance(out, Rejected) and out.reason == "alone_count_mismatch"
    assert CheckItem().max_tokens_for(inp) < 150  # a few words per answer, not a paragraph of reasons


def test_an_answer_one_hop_states_is_proved_but_a_shared_entity_must_be_in_every_claim():
    from benchsmith.generators.multihop.qa_answers import answer_proof

    facts = ["Gaby Days is a 1987 film directed by Luis Mandora.", "Luis Mandora (born 1954) is a director."]
    inverse = _item("inference_query", "Gaby Days", computation={"op": "inverse_bridge"}, facts=facts)
    assert answer_proof(inverse) == "the answer is stated verbatim in an evidence sentence"
    shared = _item("inference_query", "Gaby Days", computation={"op": "bridge_entity"}, facts=facts)
    assert answer_proof(shared) is None  # the shared entity is missing from the second claim
    assert answer_proof(_item(computation={"op": "bridge_entity"})) == "the answer is named in every evidence claim"
