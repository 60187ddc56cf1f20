"""Backoff arithmetic, Retry-After parsing, the sqlite cache and the price table."""

from __future__ import annotations

import email.utils
import json
import multiprocessing
import random
import time
from pathlib import Path

import pytest

from benchsmith.errors import InputError
from benchsmith.llm.backends.openai import parse_retry_after
from benchsmith.llm.base import GenerationConfig, Message, RawResponse, TransientError, Usage
from benchsmith.llm.cache import ResponseCache, cache_key
from benchsmith.llm.ledger import PriceTable, UsageLedger, summarize_ledger
from benchsmith.llm.retry import RetryPolicy, with_retries


def test_backoff_is_full_jitter_within_a_growing_capped_window() -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=5.0)
    rng = random.Random(0)
    for attempt, cap in [(0, 1.0), (1, 2.0), (2, 4.0), (3, 5.0), (8, 5.0)]:
        delays = [policy.delay(attempt, rng=rng) for _ in range(200)]
        assert 0.0 <= min(delays) and max(delays) <= cap
        assert max(delays) > cap * 0.8  # really spread over the window, not a constant


def test_retry_after_is_honoured_and_capped() -> None:
    policy = RetryPolicy(base_delay=0.01, max_retry_after=10.0)
    assert 3.0 <= policy.delay(0, retry_after=3.0) <= 3.01
    assert 10.0 <= policy.delay(0, retry_after=3600.0) <= 10.01


def test_parse_retry_after_seconds_and_http_date() -> None:
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("0.5") == 0.5
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    now = time.time()
    date = email.utils.formatdate(now + 30, usegmt=True)
    assert 28.0 <= parse_retry_after(date, now=now) <= 31.0
    assert parse_retry_after(email.utils.formatdate(now - 30, usegmt=True), now=now) == 0.0


async def test_with_retries_gives_up_after_the_limit() -> None:
    calls = 0

    async def always_busy() -> str:
        nonlocal calls
        calls += 1
        raise TransientError("busy", status=503)

    with pytest.raises(TransientError):
        await with_retries(always_busy, RetryPolicy(max_retries=3, base_delay=0.001))
    assert calls == 4

    outcomes = iter([TransientError("x", retry_after=0.001), "done"])

    async def flaky() -> str:
        value = next(outcomes)
        if isinstance(value, Exception):
            raise value
        return value

    assert await with_retries(flaky, RetryPolicy(base_delay=0.001)) == ("done", 1)


def _key(content: str, **config: object) -> str:
    return cache_key("openai", "m", [Message(role="user", content=content)], GenerationConfig(**config), None)


def test_cache_key_depends_on_everything_that_changes_the_answer() -> None:
    base = _key("q")
    assert base == _key("q")
    assert base != _key("q2")
    assert base != _key("q", temperature=0.7)
    assert base != cache_key("openai", "m", [Message(role="user", content="q")], GenerationConfig(), {"type": "object"})
    assert base != cache_key("openai", "m2", [Message(role="user", content="q")], GenerationConfig(), None)
    assert base != cache_key("vllm", "m", [Message(role="user", content="q")], GenerationConfig(), None)


def test_cache_roundtrip_and_persistence(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "cache")
    raw = RawResponse(text="hello", usage=Usage(prompt_tokens=3, completion_tokens=1), finish_reason="stop")
    assert cache.get("k") is None
    cache.put("k", "openai/m", raw)
    cache.close()
    reopened = ResponseCache(tmp_path / "cache")
    assert reopened.get("k") == raw
    assert len(reopened) == 1
    assert (tmp_path / "cache" / "llm-cache.sqlite3").exists()


def _writer(path: str, start: int) -> None:
    cache = ResponseCache(path)
    for i in range(start, start + 200):
        cache.put(f"k{i}", "m", RawResponse(text=str(i)))


def test_cache_is_safe_for_concurrent_processes(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")  # separate processes, separate sqlite connections
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), n * 200)) for n in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    cache = ResponseCache(tmp_path)
    assert len(cache) == 600
    assert cache.get("k420").text == "420"


def test_price_table_costs_and_unknown_models(tmp_path: Path) -> None:
    table = PriceTable({"openai/gpt-x": {"input": 2.0, "output": 8.0}, "local-model": [0.1, 0.2]})
    assert table.cost("openai", "gpt-x", 1_000_000, 500_000) == (6.0, True)
    assert table.cost("vllm", "local-model", 10_000_000, 0) == pytest.approx((1.0, True))
    assert table.cost("openai", "unknown", 100, 100) == (0.0, False)
    yaml_file = tmp_path / "prices.yaml"
    yaml_file.write_text("gpt-x:\n  input: 1.5\n  output: 3\n")
    assert PriceTable.from_file(yaml_file).cost("openai", "gpt-x", 2_000_000, 0) == (3.0, True)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"gpt-x": {"input": 1}}))
    with pytest.raises(InputError, match="bad.json"):
        PriceTable.from_file(bad)


def test_ledger_lines_and_summary(tmp_path: Path) -> None:
    path = tmp_path / "usage.jsonl"
    ledger = UsageLedger(path)
    ledger.record({"model": "m", "step": "a", "cache_hit": False, "prompt_tokens": 10, "completion_tokens": 5,
                   "cost_usd": 0.5, "retries": 2, "error": None, "price_known": True})
    ledger.record({"model": "m", "step": "b", "cache_hit": True, "prompt_tokens": 10, "completion_tokens": 5,
                   "cost_usd": 0.0, "retries": 0, "error": None, "price_known": True})
    ledger.record({"model": "m", "step": "b", "cache_hit": False, "prompt_tokens": 0, "completion_tokens": 0,
                   "cost_usd": 0.0, "retries": 4, "error": "TransientError", "price_known": False})
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and all("time" in json.loads(line) for line in lines)
    totals = summarize_ledger(path)
    assert totals["calls"] == 3 and totals["cache_hits"] == 1 and totals["errors"] == 1
    assert totals["prompt_tokens"] == 10  # cache hits cost nothing and add no tokens
    assert totals["retries"] == 6 and totals["cost_usd"] == 0.5 and totals["unpriced_calls"] == 1
    assert totals["by_step"]["b"]["calls"] == 2


def test_price_file_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from benchsmith.llm import get_client

    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"scripted/x": {"input": 1_000_000, "output": 0}}))
    monkeypatch.setenv("BENCHSMITH_LLM_PRICES", str(prices))
    client = get_client("scripted/x", responses=["ok"])
    done = client.complete_sync("abcdefgh")  # 2 estimated prompt tokens
    client.close()
    assert done.cost_usd == pytest.approx(2.0) and client.usage.unpriced_calls == 0


def test_cache_file_that_is_not_sqlite_is_an_input_error(tmp_path: Path) -> None:
    notes = tmp_path / "notes.sqlite3"
    notes.write_text("these are my notes, not a database\n" * 20)
    with pytest.raises(InputError) as err:
        ResponseCache(notes)
    assert str(notes) in str(err.value) and notes.read_text().startswith("these are my notes")
