"""The baseline RAG system end to end: bm25 over a tiny corpus + a scripted LLM, and every preset's prompt."""

import re

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery, Turn
from benchsmith.evaluation.generation import score_samples
from benchsmith.evaluation.generation.samples import build_samples
from benchsmith.evaluation.systems import PRESETS, BaselineRAG, extract_multihop_answer
from benchsmith.llm import get_client
from benchsmith.types import Chunk, Span


def chunk(cid, text):
    return Chunk(chunk_id=cid, doc_id=cid.split("-")[0], text=text, span=Span(start=0, end=len(text)), index=0,
                 n_tokens=len(text.split()))


CHUNKS = [
    chunk("d1-0", "The Harbor City lighthouse was built in 1871 by the port authority."),
    chunk("d2-0", "Harbor City's ferry to Gull Island leaves every hour from Pier 4."),
    chunk("d3-0", "The city library opened a maker space with 3D printers in 2021."),
    chunk("d4-0", "Gull Island has a colony of puffins that nest on its cliffs."),
]
BENCH = EvalBenchmark(name="tiny", chunks=CHUNKS, queries=[
    EvalQuery(query_id="q1", question="When was the Harbor City lighthouse built?", answers=["1871"],
              relevant={"d1-0": 1}, answerability="answerable"),
    EvalQuery(query_id="q2", question="Where does the ferry to Gull Island leave from?", answers=["Pier 4"],
              relevant={"d2-0": 1}, history=[Turn(role="user", content="Tell me about ferries."),
                                             Turn(role="assistant", content="There is one to Gull Island.")]),
])


def answer_from_prompt(messages):
    """A 'model' that answers from the first passage it was shown (or says it does not know)."""
    prompt = messages[-1].content
    if "1871" in prompt:
        return 'The answer to the question is "1871"'
    if "Pier 4" in prompt:
        return 'The answer to the question is "Pier 4"'
    return "I do not have specific information"


def client():
    return get_client("scripted/rag", responses=answer_from_prompt)


def test_bm25_baseline_end_to_end_scores_full_marks():
    rag = BaselineRAG(BENCH, llm=client(), retriever="bm25", preset="multihop-rag", k=2)
    preds = rag.run()
    assert [p.id for p in preds] == ["q1", "q2"]
    assert [p.answer for p in preds] == ["1871", "Pier 4"]               # post-processed answer
    assert preds[0].raw == 'The answer to the question is "1871"'
    assert preds[0].contexts[0].id == "d1-0" and len(preds[0].contexts) <= 2
    samples = build_samples(BENCH, {p.id: p for p in preds}).samples
    result = score_samples(samples, "em,multihop_qa,extractiveness")
    assert all(result.per_item[q]["em"] == 1.0 for q in ("q1", "q2"))
    settings = rag.settings()
    assert settings["preset"] == "multihop-rag" and settings["k"] == 2 and settings["template_hash"].startswith("sha256:")


def test_oracle_and_no_context_presets_need_no_retriever():
    oracle = BaselineRAG(BENCH, llm=client(), preset="mirage-oracle")
    contexts = oracle.contexts_for(BENCH.queries)
    assert [[c.id for c in cs] for cs in contexts] == [["d1-0"], ["d2-0"]]
    base = BaselineRAG(BENCH, llm=client(), preset="frames-naive")
    preds = base.run()
    assert all(p.contexts == [] for p in preds)
    assert preds[0].answer == "I do not have specific information"
    with pytest.raises(InputError, match="retriever"):
        BaselineRAG(BENCH, llm=client(), preset="mtrag")


def test_failed_llm_call_is_recorded_not_invented():
    failing = get_client("scripted/fail", responses=[{"error": "permanent", "message": "model gone"}] * 2,
                         max_retries=0)
    preds = BaselineRAG(BENCH, llm=failing, preset="frames-naive").run()
    assert all(p.answer == "" and "model gone" in p.error for p in preds)
    sample_set = build_samples(BENCH, {p.id: p for p in preds})
    assert sample_set.samples == [] and set(sample_set.failed) == {"q1", "q2"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_renders(name):
    rag = BaselineRAG(BENCH, llm=client(), retriever="bm25", preset=name)
    query = BENCH.queries[1]
    messages = rag.build_messages(query, rag.contexts_for([query])[0])
    text = messages[-1]["content"]
    assert query.question in text
    if PRESETS[name].context != "none":
        assert "Pier 4" in text
    else:
        assert "Pier 4" not in text


def test_mtrag_prompt_has_instruction_passages_and_turns():
    rag = BaselineRAG(BENCH, llm=client(), retriever="bm25", preset="mtrag")
    query = BENCH.queries[1]
    text = rag.build_messages(query, rag.contexts_for([query])[0])[-1]["content"]
    assert "fewer than 150 words" in text and "I do not have specific information" in text
    assert re.search(r"DOCUMENT 1:\n.*Pier 4", text)
    assert text.index("User: Tell me about ferries.") < text.index("Agent: There is one") < text.index(
        "User: Where does the ferry")


def test_extract_multihop_answer():
    assert extract_multihop_answer('Reasoning...\nThe answer to the question is "Yes"') == "Yes"
    assert extract_multihop_answer("  Insufficient information. ") == "Insufficient information."


def test_oracle_preset_without_gold_text_is_an_error():
    bench = EvalBenchmark(name="no-text", queries=[EvalQuery(query_id="x", question="?", relevant={"missing": 1})])
    with pytest.raises(InputError, match="no text"):
        BaselineRAG(bench, llm=client(), preset="frames-oracle").run()
