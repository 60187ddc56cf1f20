"""The openai backend against stub servers that behave like vLLM, llama.cpp, llama-cpp-python, Ollama, TGI and OpenAI.

Per flavour: the structured-output mode the client settles on (switching costs no
retry), the requests it sent, and the multihop llm strategy end to end through the CLI.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.llm import get_client
from benchsmith.llm.stub_flavours import (
    EXPECTED_MODE,
    FLAVOURS,
    Flavour,
    requested_mode,
)
from benchsmith.llm.stub_server import StubServer

sys.path.insert(0, str(Path(__file__).parent))
from multihop_llm_fakes import stub_responder  # noqa: E402

EXAMPLE = example_corpus() / "corpus.jsonl"
FAST = {"retry_base_delay": 0.001, "retry_max_delay": 0.01}


class Answer(BaseModel):
    answer: str
    confidence: float


def ask(i: int) -> dict:
    return {"messages": [{"role": "user", "content": f"question {i}"}], "response_model": Answer}


@pytest.mark.parametrize("flavour", sorted(FLAVOURS))
async def test_client_settles_on_the_mode_the_server_takes(flavour: str, caplog: pytest.LogCaptureFixture,
                                                            tmp_path: Path) -> None:
    reply = '{"answer": "Paris", "confidence": 0.9}'
    caplog.set_level(logging.INFO, logger="benchsmith.llm")
    with StubServer(reply, flavour=flavour) as srv:
        client = get_client(f"openai/m@{srv.base_url}", concurrency=1, ledger_path=tmp_path / "l.jsonl", **FAST)
        done = await client.complete_many([ask(i) for i in range(4)])
        await client.aclose()
    expected = EXPECTED_MODE[flavour]
    assert [d.parsed for d in done] == [Answer(answer="Paris", confidence=0.9)] * 4
    assert {d.structured_mode for d in done} == {expected}
    sent = [requested_mode(r) for r in srv.received]
    # A refusal costs one extra request, once; never a retry.
    assert sent == ([expected] * 4 if expected == "json_schema" else ["json_schema", expected, expected, expected,
                                                                        expected])
    assert client.usage.retries == 0 and client.usage.errors == 0
    assert all(r.get("stream") is False for r in srv.received)
    switches = [r for r in caplog.records if "refused structured output" in r.getMessage()]
    assert len(switches) == (0 if expected == "json_schema" else 1)
    rows = [json.loads(line) for line in (tmp_path / "l.jsonl").read_text().splitlines()]
    assert {r["structured_mode"] for r in rows} == {expected}


async def test_a_server_that_refuses_every_format_gets_plain_text_with_the_schema_in_the_prompt() -> None:
    stubborn = Flavour("llamacpp", enforces=frozenset())  # llama-server's error, no format accepted
    with StubServer('{"answer": "Paris", "confidence": 1}', flavour=stubborn) as srv:
        client = get_client(f"openai/m@{srv.base_url}", concurrency=1, **FAST)
        first = await client.complete(**ask(1))
        second = await client.complete(**ask(2))
    assert first.ok and second.ok and first.structured_mode == "text" and not first.native_schema
    assert [requested_mode(r) for r in srv.received] == ["json_schema", "json_object", "text", "text"]
    system = srv.received[-1]["messages"][0]
    assert system["role"] == "system" and '"confidence"' in system["content"]
    assert client.usage.retries == 0


async def test_vllm_gets_guided_json_and_structured_outputs() -> None:
    with StubServer('{"answer": "a", "confidence": 1}', flavour="vllm") as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        await client.complete(**ask(0))
    body = srv.received[-1]
    assert "response_format" not in body
    assert body["guided_json"]["required"] == ["answer", "confidence"] == body["structured_outputs"]["json"]["required"]


async def test_tgi_json_object_carries_the_schema_as_value_and_a_plain_text_422_is_a_refusal() -> None:
    with StubServer('{"answer": "a", "confidence": 1}', flavour="tgi") as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete(**ask(0))
    assert done.ok
    fmt = srv.received[-1]["response_format"]
    assert fmt["type"] == "json_object" and fmt["value"] == fmt["schema"]


async def test_a_refusal_of_a_plain_request_is_an_ordinary_error_not_a_mode_switch() -> None:
    # A 400 naming response_format to a request that carried none cannot be fixed by changing modes.
    from benchsmith.llm.stub_server import StubReply

    with StubServer(StubReply(400, text="bad response_format")) as srv:
        client = get_client(f"openai/m@{srv.base_url}", **FAST)
        done = await client.complete([{"role": "user", "content": "hi"}])
    assert srv.requests == 1 and done.rejected.reason == "request_failed"


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    out = tmp_path_factory.mktemp("hcn_flavours") / "corpus"
    try:
        main(["corpus", "ingest", str(EXAMPLE), "--out", str(out)])
    except SystemExit as exc:
        assert not exc.code
    return out


@pytest.mark.slow
@pytest.mark.parametrize("flavour", sorted(FLAVOURS))
def test_multihop_llm_strategy_end_to_end(flavour: str, corpus_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    with StubServer(stub_responder, flavour=flavour) as server:
        args = ["generate", "multihop", "--corpus", str(corpus_dir), "--n", "6", "--strategy", "llm",
                "--ner", "rules", "--llm", f"openai/stub-model@{server.base_url}", "--out", str(out)]
        try:
            main(args)
            rc = 0
        except SystemExit as exc:
            rc = int(exc.code or 0)
        requests = server.requests
    assert rc == 0
    assert len((out / "items.jsonl").read_text().splitlines()) == 6
    summary = json.loads((out / "summary.json").read_text())
    assert summary["llm"]["requests"] == requests and summary["llm"]["retries"] == 0
    rows = [json.loads(line) for line in (out / ".run" / "llm-usage.jsonl").read_text().splitlines()]
    modes = {r["structured_mode"] for r in rows if not r["error"]}
    assert modes == {EXPECTED_MODE[flavour]}
