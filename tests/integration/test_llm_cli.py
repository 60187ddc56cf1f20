"""`benchsmith llm ping` and `benchsmith llm usage` through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.llm import get_client
from benchsmith.llm.stub_server import StubReply, StubServer


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_ping_success_and_failure(capsys: pytest.CaptureFixture[str]) -> None:
    with StubServer(responder="pong") as srv:
        code, out, _ = run_cli(["llm", "ping", f"openai/m@{srv.base_url}"], capsys)
    assert code == 0 and "'pong'" in out and "tokens in" in out
    with StubServer(responder=StubReply(503)) as srv:
        code, out, _ = run_cli(["llm", "ping", f"openai/m@{srv.base_url}", "--max-retries", "0"], capsys)
    assert code == 1 and "503" in out


def test_usage_summarises_a_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = tmp_path / "usage.jsonl"
    client = get_client("scripted/x", responses={"a": "1", "b": "2"}, ledger_path=ledger, cache_dir=tmp_path / "c",
                        prices={"x": {"input": 1000.0, "output": 1000.0}})
    client.complete_many_sync([[{"role": "user", "content": p}] for p in ("a", "b", "a")])
    client.complete_sync("a", step="again")
    client.close()
    code, out, _ = run_cli(["llm", "usage", str(ledger), "--json"], capsys)
    totals = json.loads(out)
    assert code == 0 and totals["calls"] == 4 and totals["cache_hits"] == 2
    assert totals["cost_usd"] == pytest.approx(client.usage.cost_usd) and totals["cost_usd"] > 0
    assert totals["by_step"]["again"]["calls"] == 1
    code, out, _ = run_cli(["llm", "usage", str(ledger)], capsys)
    assert code == 0 and "calls 4 (cache hits 2)" in out


def test_usage_bad_ledger_names_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = tmp_path / "usage.jsonl"
    ledger.write_text('{"model": "m"}\n{broken\n')
    code, _, err = run_cli(["llm", "usage", str(ledger)], capsys)
    assert code == 2 and f"{ledger}:2" in err.replace("\n", "")
    code, _, err = run_cli(["llm", "usage", str(tmp_path / "absent.jsonl")], capsys)
    assert code == 2 and "not found" in err


@pytest.mark.parametrize("second_line", ['[1, 2]', '{"model": "m", "prompt_tokens": "lots"}'])
def test_usage_rejects_a_malformed_entry_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       second_line: str) -> None:
    ledger = tmp_path / "usage.jsonl"
    ledger.write_text('{"model": "m"}\n' + second_line + "\n")
    code, _, err = run_cli(["llm", "usage", str(ledger)], capsys)
    assert code == 2 and f"{ledger}:2" in err.replace("\n", "")


def test_ping_stops_its_background_loop(capsys: pytest.CaptureFixture[str]) -> None:
    import threading

    with StubServer(responder="pong") as srv:
        code, _, _ = run_cli(["llm", "ping", f"openai/ping-probe@{srv.base_url}"], capsys)
    assert code == 0
    assert not [t for t in threading.enumerate() if t.name == "benchsmith-llm-openai/ping-probe" and t.is_alive()]
