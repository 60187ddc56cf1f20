"""The circuit breaker / deadline (guard.py) and structured-output modes (response_formats.py), without a server."""

from __future__ import annotations

import asyncio

import pytest

from benchsmith.errors import BudgetExceeded, DeadlineExceeded, RunStopped, ServiceUnavailable
from benchsmith.llm import response_formats as formats
from benchsmith.llm.base import TransientError
from benchsmith.llm.guard import StopGuard


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_stop_errors_are_run_stops() -> None:
    for cls in (BudgetExceeded, ServiceUnavailable, DeadlineExceeded):
        assert issubclass(cls, RunStopped)


def test_breaker_opens_after_n_outage_failures_in_a_row() -> None:
    guard = StopGuard("http://h/v1", breaker_failures=3)
    down = TransientError("cannot reach http://h/v1")
    guard.failure(down)
    guard.failure(TransientError("HTTP 503", status=503))
    guard.success()  # an answer in between starts the count again
    guard.failure(down)
    guard.failure(down)
    with pytest.raises(ServiceUnavailable, match=r"http://h/v1 failed 3 requests in a row \(last error: cannot reach"):
        guard.failure(down)
    with pytest.raises(ServiceUnavailable):
        guard.check()


def test_rate_limits_reset_the_count_and_none_disables_the_breaker() -> None:
    guard = StopGuard("e", breaker_failures=2)
    guard.failure(TransientError("t"))
    guard.failure(TransientError("slow down", status=429))  # the server answered
    guard.failure(TransientError("t"))
    guard.check()
    off = StopGuard("e", breaker_failures=None)
    for _ in range(100):
        off.failure(TransientError("t"))
    off.check()


def test_deadline_with_a_fake_clock() -> None:
    clock = Clock()
    guard = StopGuard("e", deadline_s=10, clock=clock)
    clock.now += 9.9
    guard.check()
    assert guard.time_left() == pytest.approx(0.1)
    clock.now += 0.2
    with pytest.raises(DeadlineExceeded, match="deadline of 10 s"):
        guard.check()


@pytest.mark.parametrize("bad", [0, -1])
def test_guard_options_are_checked(bad: int) -> None:
    with pytest.raises(ValueError):
        StopGuard("e", breaker_failures=bad)
    with pytest.raises(ValueError):
        StopGuard("e", deadline_s=bad)


async def test_a_trip_ends_waiting_requests_and_sleeps_at_once() -> None:
    guard = StopGuard("e")
    never = asyncio.get_running_loop().create_future()
    waiting = asyncio.ensure_future(guard.run(never))
    sleeping = asyncio.ensure_future(guard.sleep(60))
    await asyncio.sleep(0.01)
    guard.trip(ServiceUnavailable("down"))
    for task in (waiting, sleeping):
        with pytest.raises(ServiceUnavailable, match="down"):
            await asyncio.wait_for(task, 1)
    assert never.cancelled()


async def test_deadline_ends_a_request_in_flight() -> None:
    guard = StopGuard("e", deadline_s=0.05)
    with pytest.raises(DeadlineExceeded):
        await asyncio.wait_for(guard.run(asyncio.sleep(30)), 2)
    with pytest.raises(DeadlineExceeded):
        guard.check()


@pytest.mark.parametrize(("status", "body", "refusal"), [
    (500, "[{'msg': \"Input should be 'text' or 'json_object'\"}]", True),  # llama-cpp-python
    (422, "Failed to deserialize the JSON body: response_format: unknown variant `json_schema`", True),  # TGI
    (400, 'response_format type must be one of "text" or "json_object", but got: json_schema', True),  # llama.cpp
    (400, "failed to compile grammar", True),
    (400, "prompt is too long", False),
    (500, "CUDA out of memory", False),
    (429, "response_format rate limit", False),
    (404, "model json_schema-7b not found", False),
])
def test_format_refusals_are_recognised_by_their_body_whatever_the_status(status: int, body: str,
                                                                          refusal: bool) -> None:
    assert formats.is_format_refusal(status, body) is refusal


def test_mode_order() -> None:
    assert formats.next_mode(formats.JSON_SCHEMA, vllm=False) == formats.JSON_OBJECT
    assert formats.next_mode(formats.JSON_SCHEMA, vllm=True) == formats.GUIDED_JSON
    assert formats.next_mode(formats.JSON_OBJECT, vllm=False) == formats.TEXT
    assert formats.next_mode(formats.GUIDED_JSON, vllm=True) == formats.TEXT


def test_request_bodies_per_mode() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    bodies = {}
    for mode in formats.MODES:
        body = {"messages": [{"role": "user", "content": "q"}]}
        formats.apply_mode(body, mode, schema, "A", strict=False)
        bodies[mode] = body
    assert bodies["json_schema"]["response_format"]["json_schema"] == {"name": "A", "schema": schema, "strict": False}
    assert bodies["json_object"]["response_format"] == {"type": "json_object", "schema": schema, "value": schema}
    assert bodies["guided_json"]["guided_json"] == schema and "response_format" not in bodies["guided_json"]
    text = bodies["text"]
    assert "response_format" not in text and text["messages"][0]["role"] == "system"
    assert '"a"' in text["messages"][0]["content"] and text["messages"][1] == {"role": "user", "content": "q"}
    # An existing system message is extended, not doubled (some chat templates take only one).
    extended = formats.with_schema_instruction([{"role": "system", "content": "Be brief."}], schema)
    assert len(extended) == 1 and extended[0]["content"].startswith("Be brief.")


def test_vllm_is_recognised_by_its_error_body_or_model_list() -> None:
    assert formats.looks_like_vllm({"object": "error", "message": "x"}, None)
    assert formats.looks_like_vllm(None, {"data": [{"id": "m", "owned_by": "vllm"}]})
    assert not formats.looks_like_vllm({"error": {"message": "x"}}, {"data": [{"id": "m", "owned_by": "me"}]})


def test_length_bounds_are_not_sent_for_grammar_decoding():
    """llama.cpp expands maxLength into a grammar rule per character; 1500 made its server die."""
    from pydantic import BaseModel, Field

    from benchsmith.llm.response_formats import JSON_OBJECT, JSON_SCHEMA, apply_mode
    from benchsmith.llm.structured import json_schema_for

    class Out(BaseModel):
        query: str = Field(min_length=10, max_length=1500)
        tags: list[str] = Field(max_length=20)

    schema = json_schema_for(Out)
    for mode in (JSON_SCHEMA, JSON_OBJECT):
        body = {"messages": []}
        apply_mode(body, mode, schema, "Out", strict=False)
        sent = str(body["response_format"])
        assert "maxLength" not in sent and "minLength" not in sent and "maxItems" not in sent
        assert "'query'" in sent and "'required'" in sent
    assert schema["properties"]["query"]["maxLength"] == 1500  # the model itself still checks the reply


def test_small_item_counts_reach_a_grammar_but_not_openai_strict_mode():
    """A schema asking for exactly three answers makes a grammar-bound model write three; OpenAI's strict
    json_schema mode refuses item bounds, and large bounds blow up llama.cpp's grammar."""
    from benchsmith.llm.response_formats import GUIDED_JSON, JSON_OBJECT, JSON_SCHEMA, TEXT, apply_mode

    schema = {"type": "object", "properties": {
        "answers": {"type": "array", "items": {"type": "string", "maxLength": 50}, "minItems": 3, "maxItems": 3},
        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 20}}}
    sent = {}
    for mode in (JSON_SCHEMA, JSON_OBJECT, GUIDED_JSON, TEXT):
        body = {"messages": [{"role": "user", "content": "q"}]}
        apply_mode(body, mode, schema, "Out", strict=False)
        sent[mode] = body
    grammar = sent[JSON_OBJECT]["response_format"]["schema"]["properties"]
    assert grammar["answers"]["minItems"] == grammar["answers"]["maxItems"] == 3
    assert "maxItems" not in grammar["tags"] and "maxLength" not in grammar["answers"]["items"]
    assert sent[GUIDED_JSON]["guided_json"]["properties"]["answers"]["maxItems"] == 3
    strict = sent[JSON_SCHEMA]["response_format"]["json_schema"]["schema"]["properties"]
    assert "minItems" not in strict["answers"] and "maxItems" not in strict["answers"]
    assert schema["properties"]["tags"]["maxItems"] == 20  # the caller's schema is not modified
