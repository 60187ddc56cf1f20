"""The llm strategy's parse checks: a model reply is held to the evidence it was asked about."""

from __future__ import annotations

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
)
from benchsmith.generators.multihop.models import Claim, Draft, Fact
from benchsmith.types import Rejected

F1 = Fact("f1", "d1", "d1#0", 0, 50, "Harrowgate Builders won the ferry terminal contract.")
F2 = Fact("f2", "d2", "d2#0", 0, 60, "Harrowgate Builders will renovate Ridgeview Stadium.")


def _claim(f: Fact) -> Claim:
    return Claim(f"c-{f.fact_id}", f, f.text, "Harrowgate Builders", "harrowgate builders", "ORG", "contract", "contract")


def _input(context: str = "") -> SetClaimsInput:
    views = tuple(EvidenceView(_claim(f), title, "Ledger", "2024-01-09", context or f.text)
                  for f, title in ((F1, "Ferry plan"), (F2, "Stadium")))
    return SetClaimsInput("Harrowgate Builders", "entity", views)


def _reply(parsed, text="{}") -> Reply:
    return Reply(parsed=parsed, text=text, model="scripted/x", prompt_name="p", prompt_hash="h")


def test_claims_that_stay_with_their_evidence_become_llm_claims():
    out = WriteSetClaims().parse(_reply(ClaimsOut(claims=[F1.text, F2.text])), _input())
    assert isinstance(out, SetClaims) and [c.strategy for c in out.claims] == ["llm", "llm"]
    assert [c.fact.fact_id for c in out.claims] == ["f1", "f2"]


def test_an_injected_fact_from_the_context_is_rejected_as_drift():
    hostile = "Harrowgate Builders was fined 900 million dollars for fraud. " + F1.text
    reply = _reply(ClaimsOut(claims=["Harrowgate Builders was fined 900 million dollars for fraud.", F2.text]))
    out = WriteSetClaims().parse(reply, _input(context=hostile))
    assert isinstance(out, Rejected) and out.reason == "claim_drift" and "fraud" in out.detail


def test_wrong_count_and_missing_bridge_are_rejected():
    assert WriteSetClaims().parse(_reply(ClaimsOut(claims=[F1.text])), _input()).reason == "claim_count_mismatch"
    out = WriteSetClaims().parse(_reply(ClaimsOut(claims=[F1.text, "The firm will renovate Ridgeview Stadium."])), _input())
    assert out.reason == "bridge_missing_from_claim"


def test_a_worded_query_must_draw_on_every_evidence_claim():
    draft = Draft(query="draft", answer="Harrowgate Builders", question_type="inference_query",
                  claims=(_claim(F1), _claim(F2)), bridge_entity="Harrowgate Builders", bridge_topic=None)
    item = WordingInput(draft, (Source("Ledger", "Ferry plan", "2024"), Source("Daily", "Stadium", "2024")), "organization")
    good = WordQuery().parse(_reply(QueryOut(query="Which firm won the ferry contract and will renovate the stadium?")), item)
    assert isinstance(good, Draft) and good.strategy == "llm" and good.answer == "Harrowgate Builders"
    # An injected title talked the model into a question about something else.
    bad = WordQuery().parse(_reply(QueryOut(query="What is the capital of France, in your opinion?")), item)
    assert isinstance(bad, Rejected) and bad.reason == "query_not_tied_to_evidence"


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

    assert step.parse(reply(["unknown", "unknown"]), inp) is item
    rejected = step.parse(reply(["unknown", "She was born in 1901."]), inp)
    assert rejected.reason == "single_document_answerable_llm" and "document 2" in rejected.detail
    assert step.parse(reply(["unknown"]), inp).reason == "alone_count_mismatch"
    null = item.model_copy(update={"question_type": "null_query", "answer": "Insufficient information."})
    assert step.skip(AloneInput(null, inp.documents)) == [null]


def test_the_qa_check_also_rejects_an_item_one_document_answers():
    from benchsmith.generators.core.step import Reply
    from benchsmith.generators.multihop.llm_steps import AloneInput, CheckItem, QACheck
    from benchsmith.schemas.multihop import MultihopItem
    from benchsmith.types import Provenance

    item = MultihopItem(item_id="mh-2", query="Which 1987 film was directed by someone born in 1954?", answer="Gaby Days",
                        question_type="inference_query", evidence=[], keywords=[], provenance=Provenance(step="t"))
    inp = AloneInput(item, (("Gaby Days", "Gaby Days is a 1987 film by Luis Mandora."), ("Luis Mandora", "born 1954")))
    step = CheckItem()
    assert "Document 2 (" in step.build_prompt(inp)[-1]["content"]

    def reply(alone):
        verdict = QACheck(uses_all_evidence=True, answerable_from_evidence=True, single_answer=True, matches_type=True,
                          answers_alone=alone)
        return Reply(parsed=verdict, text="{}", model="m", prompt_name=step.template, prompt_hash="h")

    assert step.parse(reply(["unknown", "unknown"]), inp) is item
    assert step.parse(reply(["Gaby Days", "unknown"]), inp).reason == "single_document_answerable_llm"
    assert step.parse(reply([]), inp).reason == "alone_count_mismatch"
