"""The openai backend and shared wrappers against a real local HTTP server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from pydantic import BaseModel

from benchsmith.errors import BudgetExceeded
from benchsmith.llm import BackendConfigError, GenerationConfig, get_client
from benchsmith.llm.stub_server import StubReply, StubServer, per_prompt, sequence

FAST = {"retry_base_delay": 0.001, "retry_max_delay": 0.01}


class Answer(BaseModel):
    answer: str
    confidence: float


def user(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": text}]


async def test_success_returns_text_usage_and_ledger(tmp_path: Path) -> None:
    ledger = tmp_path / "usage.jsonl"
    with StubServer(responder="Paris.") as srv:
        client = get_client(f"openai/stub-model@{srv.base_url}", ledger_path=ledger,
                            prices={"stub-model": {"input": 1.0, "output": 2.0}})
        done = await client.complete(user("Capital of France?"), step="qa", input_ref="q1")
        await client.aclose()
    assert done.ok and done.text == "Paris." and done.retries == 0 and not done.cached
    assert done.usage.prompt_tokens > 0 and done.usage.completion_tokens > 0
    sent = srv.received[0]
    assert sent["model"] == "stub-model" and sent["temperature"] == 0.0 and "response_format" not in sent
    [row] = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert row["step"] == "qa" and row["input_ref"] == "q1" and row["cache_hit"] is False
    assert row["prompt_tokens"] == done.usage.prompt_tokens and row["price_known"] is True
    expected = (done.usage.prompt_tokens * 1.0 + done.usage.completion_tokens * 2.0) / 1e6
    assert row["cost_usd"] == pytest.approx(expected) and client.usage.cost_usd == pytest.approx(expected)


async def test_429_with_retry_after_then_success() -> None:
    with StubServer(responder=[StubReply(429, retry_after="0.2"), "ok"]) as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        loop = asyncio.get_running_loop()
        started = loop.time()
        done = await client.complete(user("hi"))
        elapsed = loop.time() - started
    assert done.ok and done.text == "ok" and done.retries == 1 and done.requests == 2
    assert srv.requests == 2
    assert elapsed >= 0.2  # waited as long as the server asked, not the tiny backoff
    assert client.usage.retries == 1


async def test_persistent_500_is_rejected_after_the_retry_limit(tmp_path: Path) -> None:
    with StubServer(responder=StubReply(500, text="boom")) as srv:
        client = get_client(f"openai/m@{srv.base_url}", max_retries=3, cache_dir=tmp_path,
                            ledger_path=tmp_path / "usage.jsonl", **FAST)
        done = await client.complete(user("hi"), response_model=Answer, step="answer", input_ref="x7")
    assert srv.requests == 4  # one attempt + three retries
    [row] = [json.loads(line) for line in (tmp_path / "usage.jsonl").read_text().splitlines()]
    assert row["retries"] == 3 and "HTTP 500" in row["error"] and row["input_ref"] == "x7"
    assert not done.ok and done.parsed is None
    assert done.rejected.reason == "request_failed" and done.rejected.step == "answer"
    assert done.rejected.input_ref == "x7" and "500" in done.rejected.detail and "boom" in done.rejected.detail
    assert client.usage.errors == 1 and client.usage.rejected == 1
    # Failures are not cached: a re-run asks again.
    with StubServer(responder='{"answer": "a", "confidence": 1}') as srv2:
        again = get_client(f"openai/m@{srv2.base_url}", cache_dir=tmp_path, **FAST)
        assert (await again.complete(user("hi"), response_model=Answer)).ok
    assert srv2.requests == 1


async def test_other_4xx_is_permanent_and_not_retried() -> None:
    with StubServer(responder=StubReply(422, text="prompt too long")) as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(user("hi"))
    assert srv.requests == 1 and done.rejected.reason == "request_failed" and "422" in done.rejected.detail


@pytest.mark.parametrize(("status", "hint"), [(401, "API key"), (404, "model name")])
async def test_auth_and_unknown_model_stop_the_run(status: int, hint: str) -> None:
    with StubServer(responder=StubReply(status, text="nope")) as srv:
        client = get_client(f"openai/m@{srv.base_url}", concurrency=1, **FAST)
        with pytest.raises(BackendConfigError, match=hint):
            await client.complete_many([user(f"p{i}") for i in range(20)])
    assert srv.requests == 1 and client.usage.errors == 1  # the first refusal stops the rest


async def test_connection_refused_is_transient_then_rejected() -> None:
    srv = StubServer()
    url = srv.base_url
    srv.stop()  # nothing listens on that port any more
    client = get_client(f"openai/m@{url}", max_retries=2, **FAST)
    done = await client.complete(user("hi"))
    assert done.rejected.reason == "request_failed" and "cannot reach" in done.rejected.detail
    assert done.requests == 3


@pytest.mark.parametrize("body", [{"choices": ["not an object"]},
                                  {"choices": [{"message": {"content": "a"}}], "usage": {"prompt_tokens": "n/a"}},
                                  {"choices": [{"message": {"content": ["a", "list"]}}]}])
async def test_wrongly_shaped_completion_is_a_rejection_not_a_crash(body: dict) -> None:
    with StubServer(responder=StubReply(body=body)) as srv:
        client = get_client(f"openai/m@{srv.base_url}", max_retries=1, **FAST)
        done = await client.complete(user("hi"))
        await client.aclose()
    assert done.rejected.reason == "request_failed" and "malformed completion" in done.rejected.detail
    assert srv.requests == 2  # retried once as a transient hiccup


async def test_timeout_and_broken_body_are_transient() -> None:
    with StubServer(responder=sequence(StubReply(body=b"<html>proxy error</html>"), "fine")) as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(user("hi"))
    assert done.text == "fine" and done.retries == 1
    with StubServer(delay=0.3) as slow:
        client = get_client(f"openai/m@{slow.base_url}", timeout_s=0.05, max_retries=1, **FAST)
        done = await client.complete(user("hi"))
    assert slow.requests == 2 and done.rejected.reason == "request_failed" and "timeout" in done.rejected.detail


async def test_malformed_json_is_repaired_by_asking_again() -> None:
    replies = sequence("Sure: {answer: Paris", '```json\n{"answer": "Paris", "confidence": 0.9}\n```')
    with StubServer(responder=replies) as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(user("Capital?"), response_model=Answer)
    assert done.ok and done.parsed == Answer(answer="Paris", confidence=0.9)
    assert done.repairs == 1 and srv.requests == 2
    follow_up = srv.received[1]["messages"]
    assert follow_up[-2] == {"role": "assistant", "content": "Sure: {answer: Paris"}
    assert "could not be used" in follow_up[-1]["content"] and '"confidence"' in follow_up[-1]["content"]


async def test_schema_violation_feedback_names_the_field() -> None:
    replies = sequence('{"answer": "Paris", "confidence": "high"}', '{"answer": "Paris", "confidence": 0.8}')
    with StubServer(responder=replies) as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(user("Capital?"), response_model=Answer)
    assert done.parsed.confidence == 0.8
    assert "confidence" in srv.received[1]["messages"][-1]["content"]


async def test_always_malformed_is_rejected_with_the_raw_text() -> None:
    with StubServer(responder="I would rather not answer in JSON.") as srv:
        client = get_client(f"openai/m@{srv.base_url}", repair_attempts=2, **FAST)
        done = await client.complete(user("Capital?"), response_model=Answer, step="answer")
    assert srv.requests == 3  # first ask + two repair asks
    assert done.parsed is None and not done.ok
    assert done.rejected.reason == "unparseable_output"
    assert done.rejected.raw_output == "I would rather not answer in JSON."
    with StubServer(responder='{"answer": 3}') as srv:
        client = get_client(f"openai/m@{srv.base_url}", repair_attempts=1, **FAST)
        done = await client.complete(user("Capital?"), response_model=Answer)
    assert done.rejected.reason == "schema_validation" and done.rejected.raw_output == '{"answer": 3}'
    assert "confidence" in done.rejected.detail


async def test_a_parse_failure_is_re_asked_once_by_default() -> None:
    """A slow local model spends a minute a call: one re-ask with the error, then the reply is rejected."""
    with StubServer(responder="I would rather not answer in JSON.") as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(user("Capital?"), response_model=Answer)
    assert srv.requests == 2 and done.repairs == 1 and done.rejected.reason == "unparseable_output"


async def test_native_json_schema_is_sent_when_accepted() -> None:
    with StubServer(responder='{"answer": "a", "confidence": 1}') as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(user("q"), response_model=Answer)
    assert done.native_schema and done.parsed.answer == "a"
    fmt = srv.received[0]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "Answer"
    assert fmt["json_schema"]["schema"]["required"] == ["answer", "confidence"]
    assert fmt["json_schema"]["strict"] is False


async def test_fallback_when_server_refuses_json_schema_is_remembered() -> None:
    with StubServer(responder='{"answer": "a", "confidence": 1}', accept_json_schema=False) as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        first = await client.complete(user("q1"), response_model=Answer)
        second = await client.complete(user("q2"), response_model=Answer)
    assert first.ok and second.ok and first.structured_mode == second.structured_mode == "json_object"
    # q1: refused, then resent at once (no retry spent) as json_object with the schema; q2: json_object from the start.
    assert [r["response_format"]["type"] for r in srv.received] == ["json_schema", "json_object", "json_object"]
    assert srv.received[1]["response_format"]["schema"]["required"] == ["answer", "confidence"]
    assert first.retries == 0 and client.usage.retries == 0


async def test_cache_hit_on_rerun_makes_zero_requests(tmp_path: Path) -> None:
    prompts = [f"question {i}" for i in range(6)]

    def answer(req: dict) -> str:
        return json.dumps({"answer": req["messages"][-1]["content"], "confidence": 1})

    requests = [{"messages": user(p), "response_model": Answer} for p in prompts]
    with StubServer(responder=answer) as srv:
        first = get_client(f"openai/m@{srv.base_url}", cache_dir=tmp_path / "cache")
        before = await first.complete_many(requests)
        await first.aclose()
        assert srv.requests == 6
        srv.reset_counts()
        rerun = get_client(f"openai/m@{srv.base_url}", cache_dir=tmp_path / "cache", max_calls=0)
        after = await rerun.complete_many(requests)
        assert srv.requests == 0  # every answer came from disk (and max_calls=0 would have raised otherwise)
    assert [c.parsed for c in after] == [c.parsed for c in before]
    assert all(c.cached for c in after) and rerun.usage.cache_hits == 6 and rerun.usage.requests == 0
    # The same model served from another port (a restarted server) is still the same model.
    with StubServer(responder=answer) as restarted:
        again = get_client(f"openai/m@{restarted.base_url}", cache_dir=tmp_path / "cache")
        assert [c.parsed for c in await again.complete_many(requests)] == [c.parsed for c in before]
    assert restarted.requests == 0
    # A different model or different parameters are asked afresh.
    with StubServer(responder=answer) as other:
        changed = get_client(f"openai/m2@{other.base_url}", cache_dir=tmp_path / "cache")
        await changed.complete(user("question 0"), response_model=Answer)
        await get_client(f"openai/m@{other.base_url}", cache_dir=tmp_path / "cache").complete(
            user("question 0"), GenerationConfig(temperature=0.5), response_model=Answer)
    assert other.requests == 2


async def test_identical_concurrent_requests_share_one_request(tmp_path: Path) -> None:
    with StubServer(responder="same", delay=0.05) as srv:
        client = get_client(f"openai/m@{srv.base_url}", cache_dir=tmp_path)
        results = await client.complete_many([user("dup")] * 5)
    assert srv.requests == 1 and [r.text for r in results] == ["same"] * 5


async def test_cancelling_one_of_two_identical_requests_leaves_the_other_answered(tmp_path: Path) -> None:
    with StubServer(responder="same", delay=0.1) as srv:
        client = get_client(f"openai/m@{srv.base_url}", cache_dir=tmp_path)
        first = asyncio.ensure_future(client.complete(user("dup")))
        await asyncio.sleep(0.02)  # the first request is on the wire; the second will wait on it
        second = asyncio.ensure_future(client.complete(user("dup")))
        await asyncio.sleep(0.02)
        first.cancel()
        done = await second
        await client.aclose()
    assert first.cancelled() and done.ok and done.text == "same"


async def test_concurrency_limit_is_respected() -> None:
    with StubServer(delay=0.03) as srv:
        client = get_client(f"openai/m@{srv.base_url}", concurrency=3)
        results = await client.complete_many([user(f"p{i}") for i in range(15)])
    assert [r.text for r in results] == [f"p{i}" for i in range(15)]  # echo, in input order
    assert srv.max_in_flight == 3


async def test_budget_on_calls_raises_and_stops_sending() -> None:
    with StubServer() as srv:
        client = get_client(f"openai/m@{srv.base_url}", max_calls=2, concurrency=1)
        with pytest.raises(BudgetExceeded, match="call limit"):
            await client.complete_many([user(f"p{i}") for i in range(5)])
    assert srv.requests == 2


async def test_budget_on_cost_raises() -> None:
    with StubServer(responder=StubReply(text="x", usage={"prompt_tokens": 500_000, "completion_tokens": 0})) as srv:
        client = get_client(f"openai/m@{srv.base_url}", max_cost=1.0, prices={"m": {"input": 2.0, "output": 0.0}})
        assert (await client.complete(user("a"))).cost_usd == pytest.approx(1.0)
        with pytest.raises(BudgetExceeded, match="cost limit"):
            await client.complete(user("b"))
    assert srv.requests == 1


async def test_missing_usage_is_estimated_and_flagged(tmp_path: Path) -> None:
    body = {"choices": [{"message": {"role": "assistant", "content": "twelve chars"}, "finish_reason": "stop"}]}
    with StubServer(responder=body) as srv:
        client = get_client(f"openai/m@{srv.base_url}", ledger_path=tmp_path / "l.jsonl")
        done = await client.complete(user("x" * 40))
    assert done.usage.completion_tokens == 3 and done.usage.prompt_tokens == 10
    row = json.loads((tmp_path / "l.jsonl").read_text())
    assert row["tokens_estimated"] is True and row["price_known"] is False


def test_sync_wrapper_and_env_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    with StubServer(responder=per_prompt({"ping": "pong"})) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        client = get_client("openai/m")
        assert client.complete_sync("ping").text == "pong"
        assert client.complete_sync([{"role": "user", "content": "ping"}]).text == "pong"
        assert [c.text for c in client.complete_many_sync([user("ping"), user("ping")])] == ["pong", "pong"]
    assert srv.requests == 4


async def test_api_key_is_sent_as_bearer() -> None:
    seen: list[dict] = []
    with StubServer(responder=lambda req: seen.append(req) or "ok") as srv:
        import httpx

        client = get_client(f"openai/m@{srv.base_url}", api_key="sk-abc", headers={"X-Extra": "1"})
        await client.complete(user("hi"))
        async with httpx.AsyncClient() as http:
            models = (await http.get(f"{srv.base_url}/models")).json()
    assert seen and models["data"][0]["id"] == "stub-model"
    assert client.backend._headers["Authorization"] == "Bearer sk-abc"


def test_openai_without_any_server_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from benchsmith.errors import BenchsmithError

    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "BENCHSMITH_LLM_BASE_URL", "BENCHSMITH_LLM_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(BenchsmithError, match="OPENAI_BASE_URL"):
        get_client("openai/gpt-4o-mini")
    with pytest.raises(BenchsmithError, match="unknown llm backend 'nosuch'"):
        get_client("nosuch/model")


async def test_sync_wrapper_inside_a_running_loop_and_from_threads() -> None:
    import concurrent.futures

    with StubServer(delay=0.02) as srv:
        with get_client(f"openai/m@{srv.base_url}", concurrency=2) as client:
            assert client.complete_sync("inside a loop").text == "inside a loop"
            with concurrent.futures.ThreadPoolExecutor(6) as pool:
                texts = list(pool.map(lambda i: client.complete_sync(f"t{i}").text, range(12)))
    assert texts == [f"t{i}" for i in range(12)]
    assert srv.max_in_flight == 2  # one limit shared by every calling thread


def test_stub_server_answers_a_non_object_body_with_400() -> None:
    import httpx

    with StubServer() as srv:
        response = httpx.post(f"{srv.base_url}/chat/completions", content=b"[1, 2]", timeout=5)
    assert response.status_code == 400 and "JSON object" in response.json()["error"]["message"]


async def test_the_structured_mode_can_be_chosen_by_the_user(monkeypatch) -> None:
    """BENCHSMITH_LLM_STRUCTURED=text: no response_format, the schema in the prompt, the reply still validated."""
    from benchsmith.errors import BenchsmithError

    monkeypatch.setenv("BENCHSMITH_LLM_STRUCTURED", "text")
    with StubServer(responder='{"answer": "Paris", "confidence": 0.9}') as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(user("Capital?"), response_model=Answer)
    sent = srv.received[0]
    assert done.parsed == Answer(answer="Paris", confidence=0.9) and done.structured_mode == "text"
    assert "response_format" not in sent and '"confidence"' in sent["messages"][0]["content"]
    monkeypatch.setenv("BENCHSMITH_LLM_STRUCTURED", "json_object")
    with StubServer(responder='{"answer": "Paris", "confidence": 0.9}') as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        await client.complete(user("Capital?"), response_model=Answer)
    assert srv.received[0]["response_format"]["type"] == "json_object"
    monkeypatch.setenv("BENCHSMITH_LLM_STRUCTURED", "grammar")
    with pytest.raises(BenchsmithError, match="BENCHSMITH_LLM_STRUCTURED"):
        get_client("openai/m@http://127.0.0.1:9/v1", **FAST)
