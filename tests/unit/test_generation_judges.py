"""LLM judges with the scripted backend and with a local OpenAI-compatible stub server."""

import json

import pytest

from benchsmith.evaluation.generation import GenerationSample, get_metric, score_samples_async
from benchsmith.evaluation.generation.judges import parse_rating
from benchsmith.evaluation.generation.judges.idk import build_prompt as idk_prompt
from benchsmith.llm import get_client
from benchsmith.llm.stub_server import StubServer, last_user_message

SAMPLES = [
    GenerationSample("a1", "Where is the Eiffel Tower?", "It is in Paris.", references=("Paris",),
                     contexts=("The Eiffel Tower stands in Paris.",), answerability="answerable"),
    GenerationSample("u1", "Who won in 2090?", "I do not have specific information about that.",
                     references=("",), contexts=("Unrelated text.",), answerability="unanswerable"),
]


def scripted(responder):
    return get_client("scripted/judge", responses=lambda messages: responder(messages[-1].content))


@pytest.mark.parametrize("text, expected", [
    ("Good answer.\nRating: [[8]]", 0.8),
    ("... strictly following this format: \"Rating: [[rating]]\", for example: \"Rating: [[5]]\".\nRating: [[7]]", 0.7),
    ("Score: 9/10", 0.9),
    ("I'd give it 6 out of 10", 0.6),
    ("Rating: [[8.5]]", 0.85),
    ("Rating: [[0]]", None),       # out of (0, 1] after /10
    ("Rating: [[11]]", None),
    ("no number at all", None),
])
def test_parse_rating_follows_mtrag(text, expected):
    assert parse_rating(text) == (pytest.approx(expected) if expected is not None else None)


async def test_autorater_and_idk_with_scripted_backend():
    def respond(prompt):
        if "Reference answer" in prompt:
            return {"explanation": "same city", "decision": "TRUE" if "Paris." in prompt else "FALSE"}
        return {"label": "yes" if "do not have" in prompt.split("[Response]")[-1] else "no"}

    client = scripted(respond)
    result = await score_samples_async(SAMPLES[:1], "autorater", judges=[client])
    assert result.per_item["a1"]["autorater"] == 1.0
    result = await score_samples_async(SAMPLES, "idk,answerability_accuracy", judges=[client])
    assert result.per_item["a1"] == {"idk": 0.0, "answerability_accuracy": 1.0}
    assert result.per_item["u1"] == {"idk": 1.0, "answerability_accuracy": 1.0}


async def test_conditioned_metric_uses_idk_verdicts():
    client = scripted(lambda p: {"label": "yes" if "do not have" in p.split("[Response]")[-1] else "no"})
    result = await score_samples_async(SAMPLES, "recall,recall_idk", judges=[client])
    assert result.per_item["a1"]["recall_idk"] == result.per_item["a1"]["recall"] == 1.0
    assert result.per_item["u1"]["recall_idk"] == 1.0  # unanswerable and declined


async def test_rb_llm_median_over_judges_and_rejected_reply_counted():
    judges = [scripted(lambda p: "Fine.\nRating: [[6]]"), scripted(lambda p: "Great.\nRating: [[9]]"),
              scripted(lambda p: "Rating: [[8]]")]
    result = await score_samples_async(SAMPLES[:1], "rb_llm", judges=judges)
    assert result.per_item["a1"]["rb_llm"] == pytest.approx(0.8)
    bad = await score_samples_async(SAMPLES[:1], "rb_llm", judges=[scripted(lambda p: "I refuse to rate.")])
    assert bad.per_item["a1"]["rb_llm"] is None
    assert bad.counts["rb_llm"]["rejected_by_reason"] == {"no_rating": 1}
    assert bad.rejected[0]["raw_output"] == "I refuse to rate."
    fallback = await get_metric("rb_llm", paper_fallback=True).ajudge(SAMPLES[:1], [scripted(lambda p: "meh")])
    assert fallback[0].score == 0.5


async def test_faithfulness_counts_supported_statements():
    def respond(prompt):
        if "Break the answer down" in prompt:
            return {"statements": ["The Eiffel Tower is in Paris.", "It is 900 m tall."]}
        return {"verdicts": [{"statement": "a", "reason": "stated", "supported": True},
                             {"statement": "b", "reason": "not stated", "supported": False}]}

    result = await score_samples_async(SAMPLES[:1], "faithfulness", judges=[scripted(respond)])
    assert result.per_item["a1"]["faithfulness"] == 0.5
    mismatch = await score_samples_async(SAMPLES[:1], "faithfulness", judges=[scripted(
        lambda p: {"statements": ["x"]} if "Break the answer" in p else {"verdicts": []})])
    assert mismatch.per_item["a1"]["faithfulness"] is None
    assert mismatch.counts["faithfulness"]["rejected_by_reason"] == {"verdict_count_mismatch": 1}


def test_judge_without_clients_is_an_error():
    import asyncio

    with pytest.raises(ValueError, match="judge model"):
        asyncio.run(score_samples_async(SAMPLES[:1], "autorater", judges=[]))


async def test_judges_over_stub_server_malformed_output_is_rejected(tmp_path):
    def responder(request):
        prompt = last_user_message(request)
        if "Where is the Eiffel" in prompt:
            return json.dumps({"explanation": "matches", "decision": "TRUE"})
        return "The answer looks right to me."  # never valid JSON, even after repair asks

    with StubServer(responder) as server:
        client = get_client(f"openai/stub-model@{server.base_url}", cache_dir=tmp_path / "cache",
                            ledger_path=tmp_path / "ledger.jsonl", retry_base_delay=0.001, repair_attempts=1)
        samples = [SAMPLES[0], GenerationSample("b1", "Capital of Peru?", "Lima", references=("Lima",))]
        result = await score_samples_async(samples, "autorater", judges=[client])
        await client.aclose()
        assert result.per_item["a1"]["autorater"] == 1.0
        assert result.per_item["b1"]["autorater"] is None
        assert result.counts["autorater"]["rejected_votes"] == 1
        assert result.rejected[0]["input_ref"] == "b1"
        served = server.requests
        # resume: a second run answers from the cache without new requests
        client = get_client(f"openai/stub-model@{server.base_url}", cache_dir=tmp_path / "cache",
                            retry_base_delay=0.001, repair_attempts=1)
        again = await score_samples_async(samples[:1], "autorater", judges=[client])
        await client.aclose()
        assert again.per_item["a1"]["autorater"] == 1.0 and server.requests == served
    assert (tmp_path / "ledger.jsonl").read_text().count("judge_autorater") >= 2


def test_idk_prompt_carries_conversation():
    sample = GenerationSample("c", "And the second?", "No idea.", history=(("user", "Name two rivers"), ("assistant", "Nile")))
    text = idk_prompt(sample)[0]["content"]
    assert "user: Name two rivers\nassistant: Nile\nuser: And the second?" in text
    assert text.rstrip().endswith('{"label": "yes" | "no" | "partial"}')


async def test_answerability_accuracy_metric_used_directly():
    client = scripted(lambda p: {"label": "yes"})
    outcomes = await get_metric("answerability_accuracy").ajudge(SAMPLES, [client])
    assert [o.score for o in outcomes] == [0.0, 1.0]   # declines both: wrong on a1, right on u1
