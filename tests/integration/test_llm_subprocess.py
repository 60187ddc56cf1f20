"""The LLM layer across processes: a SIGKILLed run resumes from the cache; the stub server as a command."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from benchsmith.llm import get_client
from benchsmith.llm.base import GenerationConfig, Message
from benchsmith.llm.cache import ResponseCache, cache_key
from benchsmith.llm.stub_server import StubServer

N_PROMPTS = 40

RUNNER = textwrap.dedent(
    """
    import asyncio, sys
    from benchsmith.llm import get_client

    async def main(base_url, cache_dir, out):
        client = get_client(f"openai/m@{base_url}", cache_dir=cache_dir, concurrency=4)
        prompts = [f"prompt {i}" for i in range(N_PROMPTS)]
        results = await client.complete_many([[{"role": "user", "content": p}] for p in prompts])
        with open(out, "w") as fh:
            fh.write("\\n".join(r.text for r in results))
        print("requests", client.usage.requests, "cache_hits", client.usage.cache_hits, flush=True)

    asyncio.run(main(*sys.argv[1:]))
    """
    .replace("N_PROMPTS", str(N_PROMPTS))
)


def _run(script: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(script), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _cached_prompts(cache_dir: Path) -> set[str]:
    cache = ResponseCache(cache_dir)
    try:
        found = set()
        for i in range(N_PROMPTS):
            prompt = f"prompt {i}"
            key = cache_key("openai", "m", [Message(role="user", content=prompt)], GenerationConfig(), None)
            if cache.get(key) is not None:
                found.add(prompt)
        return found
    finally:
        cache.close()


def test_sigkill_mid_run_then_rerun_repeats_no_answered_prompt(tmp_path: Path) -> None:
    script = tmp_path / "runner.py"
    script.write_text(RUNNER)
    cache_dir, out = tmp_path / "cache", tmp_path / "out.txt"
    with StubServer(delay=0.03) as srv:
        first = _run(script, srv.base_url, str(cache_dir), str(out))
        deadline = time.monotonic() + 30
        while srv.requests < 12 and time.monotonic() < deadline:
            time.sleep(0.005)
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
        first.stdout.close(), first.stderr.close()
        assert first.returncode == -signal.SIGKILL and not out.exists()
        answered_before_kill = _cached_prompts(cache_dir)
        assert 8 <= len(answered_before_kill) < N_PROMPTS

        second = _run(script, srv.base_url, str(cache_dir), str(out))
        stdout, stderr = second.communicate(timeout=60)
        assert second.returncode == 0, stderr
    assert out.read_text().splitlines() == [f"prompt {i}" for i in range(N_PROMPTS)]
    for prompt in answered_before_kill:
        assert srv.count_for(prompt) == 1, prompt  # never asked again after its answer was on disk
    assert f"cache_hits {len(answered_before_kill)}" in stdout
    # Only requests in flight at the kill (at most the concurrency) can have been sent twice.
    assert N_PROMPTS <= srv.requests <= N_PROMPTS + 4


def test_stub_server_runs_as_a_command(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"rules": [{"match": "capital", "response": "Paris"}], "default": "?"}))
    proc = subprocess.Popen(
        [sys.executable, "-m", "benchsmith.llm.stub_server", "--port", "0", "--script", str(script),
         "--no-json-schema"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        line = proc.stdout.readline().strip()
        assert line.startswith("listening on http://127.0.0.1:")
        client = get_client(f"openai/m@{line.removeprefix('listening on ')}")
        assert client.complete_sync("What is the capital of France?").text == "Paris"
        assert client.complete_sync("Anything else?").text == "?"
    finally:
        proc.terminate()
        proc.wait(10)
        proc.stdout.close()
