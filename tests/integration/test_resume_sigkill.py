"""A two-stage pipeline killed with SIGKILL mid-run and started again finishes with the same items
as an uninterrupted run, without duplicates, and repeats no LLM request that had been answered."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.llm.cache import ResponseCache
from benchsmith.llm.stub_server import StubReply, StubServer, last_user_message

N_INPUTS = 40
SCRIPT = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from benchsmith.fileio import write_jsonl_atomic
    from benchsmith.llm import Message
    from benchsmith.pipeline import Run

    run_dir, base_url = Path(sys.argv[1]), sys.argv[2]
    questions = [{"id": f"q{i:02d}", "topic": f"topic {i % 7}"} for i in range(N_INPUTS)]

    def prepare(q):
        return [{"id": q["id"], "prompt": f"Question {q['id']} about {q['topic']}?"}]

    with Run(run_dir, name="resume-demo", requested=len(questions), config={"llm": "openai/stub-model"},
             progress=False) as run:
        client = run.llm_client(f"openai/stub-model@{base_url}", concurrency=4, retry_base_delay=0.01)
        prompts = run.stage("prepare", questions, prepare, key=lambda q: q["id"])

        async def answer(p):
            c = await client.complete([Message(role="user", content=p["prompt"])], step="answer", input_ref=p["id"])
            if c.rejected:
                return [c.rejected]
            return [{"id": p["id"], "prompt": p["prompt"], "answer": c.text}]

        items = run.stage("answer", prompts, answer, key=lambda p: p["id"], concurrency=4)
        write_jsonl_atomic(run_dir / "items.jsonl", items)
        summary = run.finish(produced=len(items))
    sys.exit(summary.exit_code)
    """
).replace("N_INPUTS", str(N_INPUTS))


def slow_answer(request: dict) -> StubReply:
    prompt = last_user_message(request)
    rng = random.Random(prompt)  # the same prompt always waits as long and gets the same answer
    return StubReply(text=f"Answer: {prompt[::-1]}", delay=rng.uniform(0.03, 0.08))


@pytest.fixture(scope="module")
def script(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("resume") / "pipeline.py"
    path.write_text(SCRIPT)
    return path


def command(script: Path, run_dir: Path, server: StubServer) -> list[str]:
    return [sys.executable, str(script), str(run_dir), server.base_url]


def env() -> dict[str, str]:
    return {**os.environ, "OPENAI_API_KEY": "test-key", "PYTHONUNBUFFERED": "1"}


def read_items(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "items.jsonl").read_text().splitlines()]


def cached_prompts(run_dir: Path) -> set[str]:
    """Prompts whose answer was in the response cache when the process died."""
    cache = ResponseCache(run_dir / "llm-cache")
    try:
        rows = cache._conn.execute("SELECT response FROM responses").fetchall()
    finally:
        cache.close()
    prefix = "Answer: "
    return {json.loads(r[0])["text"].removeprefix(prefix)[::-1] for r in rows}


def checkpointed_prompts(run_dir: Path) -> set[str]:
    """Prompts of the inputs the answer stage had checkpointed when the process died."""
    path = run_dir / "stages" / "answer.jsonl"
    if not path.exists():
        return set()
    prompts = set()
    for line in path.read_text().split("\n"):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:  # empty, or a line the kill cut short
            continue
        prompts |= {o["prompt"] for o in entry["outputs"]}
    return prompts


@pytest.fixture(scope="module")
def reference_items(script, tmp_path_factory) -> list[dict]:
    run_dir = tmp_path_factory.mktemp("reference")
    with StubServer(slow_answer) as server:
        done = subprocess.run(command(script, run_dir, server), env=env(), capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert server.requests == N_INPUTS
    items = read_items(run_dir)
    assert len(items) == N_INPUTS
    return items


@pytest.mark.parametrize("kill_after_requests", [5, 17, 30])
def test_sigkill_then_rerun_matches_uninterrupted_run(script, reference_items, tmp_path, kill_after_requests):
    run_dir = tmp_path / "run"
    with StubServer(slow_answer) as server:
        proc = subprocess.Popen(command(script, run_dir, server), env=env(), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while server.requests < kill_after_requests and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        assert proc.poll() is None, f"the run ended before the kill point:\n{proc.communicate()[1]}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=10)
        assert proc.returncode == -signal.SIGKILL

        answered = cached_prompts(run_dir)
        checkpointed = checkpointed_prompts(run_dir)
        assert checkpointed <= answered
        first_run = Counter(server.prompt_counts)
        assert 0 < len(answered) < N_INPUTS, "the kill should fall mid-run"
        assert not (run_dir / "items.jsonl").exists()

        done = subprocess.run(command(script, run_dir, server), env=env(), capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        total = Counter(server.prompt_counts)

    items = read_items(run_dir)
    assert items == reference_items
    assert len({item["id"] for item in items}) == N_INPUTS
    keys = [json.loads(line)["key"] for line in (run_dir / "stages" / "answer.jsonl").read_text().splitlines()]
    assert sorted(keys) == sorted(set(keys)) and len(keys) == N_INPUTS

    # No prompt answered (cached) before the kill was asked again; every other prompt was asked
    # exactly once by the second run. Only requests cut off in flight by the kill are repeated.
    second_run = total - first_run
    assert all(total[p] == 1 for p in answered), {p: total[p] for p in answered if total[p] != 1}
    assert set(second_run) == {item["prompt"] for item in items} - answered
    assert all(n == 1 for n in second_run.values())
    assert sum(n == 2 for n in total.values()) <= 4  # at most `concurrency` requests were in flight

    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["status"] == "complete" and summary["produced"] == N_INPUTS
    assert summary["llm"]["requests"] == len(second_run)
    assert summary["llm"]["cache_hits"] == len(answered - checkpointed)
