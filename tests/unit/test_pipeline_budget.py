"""A run that hits its LLM call limit stops cleanly and a re-run with a higher limit continues."""

from __future__ import annotations

import json

import pytest

from benchsmith.errors import BudgetExceeded
from benchsmith.llm import Message
from benchsmith.pipeline import Run


def answer_for(messages: list[Message]) -> str:
    return f"answer to {messages[-1].content}"


def run_pipeline(run_dir, max_calls: int | None, seen: list[str]):
    with Run(run_dir, name="qa", requested=10, config={"llm": "scripted/qa"}, progress=False) as run:
        client = run.llm_client("scripted/qa", responses=answer_for, max_calls=max_calls)

        async def ask(question: str) -> list:
            seen.append(question)
            completion = await client.complete([Message(role="user", content=question)], step="ask",
                                               input_ref=question)
            return [completion.rejected] if completion.rejected else [{"q": question, "a": completion.text}]

        items = run.stage("ask", [f"q{i}" for i in range(10)], ask, key=lambda q: q, concurrency=2)
        return run.finish(produced=len(items)), items


def test_budget_stop_writes_summary_and_rerun_continues(tmp_path):
    run_dir = tmp_path / "run"
    seen: list[str] = []
    with pytest.raises(BudgetExceeded, match="call limit"):
        run_pipeline(run_dir, max_calls=4, seen=seen)
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["status"] == "stopped" and summary["exit_code"] == 1
    assert "re-run with a higher limit" in summary["stop_reason"]
    assert summary["llm"]["requests"] == 4
    done = [json.loads(line)["key"] for line in (run_dir / "stages" / "ask.jsonl").read_text().splitlines()]
    assert len(done) == 4

    seen.clear()
    summary, items = run_pipeline(run_dir, max_calls=100, seen=seen)
    assert sorted(seen) == sorted(set(f"q{i}" for i in range(10)) - set(done))
    assert summary.status == "complete" and summary.exit_code == 0
    assert summary.llm.requests == 6 and summary.llm.cache_hits == 0
    assert [i["q"] for i in items] == [f"q{i}" for i in range(10)]
    assert items[3]["a"] == "answer to q3"

    # An identical re-run is answered from checkpoints: no stage work, no LLM call.
    seen.clear()
    summary, again = run_pipeline(run_dir, max_calls=0, seen=seen)
    assert again == items and seen == [] and summary.llm.calls == 0
