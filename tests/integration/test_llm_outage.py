"""A model server that is down, hangs, or is misnamed: runs stop soon, with a clear message (issue 9 item 2)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.errors import DeadlineExceeded, ServiceUnavailable
from benchsmith.llm import BackendConfigError, get_client
from benchsmith.llm.stub_server import StubReply, StubServer

EXAMPLE = example_corpus() / "corpus.jsonl"
FAST = {"retry_base_delay": 0.01, "retry_max_delay": 0.05}


def user(i: int) -> list[dict[str, str]]:
    return [{"role": "user", "content": f"prompt {i}"}]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class HungServer:
    """Accepts connections, reads what comes, never answers."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(256)
        self.accepted = 0
        self._conns: list[socket.socket] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}/v1"

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted += 1
            self._conns.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self._conns:
            conn.close()


@pytest.fixture
def hung() -> Iterator[HungServer]:
    server = HungServer()
    yield server
    server.close()


async def test_server_down_stops_after_a_bounded_number_of_requests() -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    client = get_client(f"openai/m@{url}", concurrency=4, breaker_failures=8, **FAST)
    started = time.monotonic()
    with pytest.raises(ServiceUnavailable) as caught:
        await client.complete_many([user(i) for i in range(500)])
    elapsed = time.monotonic() - started
    assert client.usage.requests <= 8 + 4  # the breaker's limit, plus those already on their way
    assert elapsed < 5
    message = str(caught.value)
    assert url in message and "8 requests in a row" in message and "cannot reach" in message
    # Every later call fails at once, without a request.
    before = client.usage.requests
    with pytest.raises(ServiceUnavailable):
        await client.complete(user(0))
    assert client.usage.requests == before


async def test_hung_server_ends_in_bounded_time_including_requests_in_flight(hung: HungServer) -> None:
    client = get_client(f"openai/m@{hung.base_url}", concurrency=4, timeout_s=0.3, breaker_failures=8, **FAST)
    started = time.monotonic()
    with pytest.raises(ServiceUnavailable, match="timeout"):
        await client.complete_many([user(i) for i in range(200)])
    assert time.monotonic() - started < 5  # two rounds of 0.3 s timeouts, not 200 x 5 x 0.3 s
    assert hung.accepted >= 4


async def test_deadline_ends_requests_in_flight(hung: HungServer) -> None:
    client = get_client(f"openai/m@{hung.base_url}", concurrency=4, timeout_s=60, deadline_s=0.5, **FAST)
    started = time.monotonic()
    with pytest.raises(DeadlineExceeded, match="deadline of 0.5 s"):
        await client.complete_many([user(i) for i in range(20)])
    assert time.monotonic() - started < 3  # not the 60 s read timeout


async def test_flaky_server_does_not_trip_the_breaker() -> None:
    # Two 500s then an answer, for every prompt: never 8 failures in a row.
    counts: dict[str, int] = {}

    def flaky(request: dict) -> StubReply | str:
        prompt = request["messages"][-1]["content"]
        counts[prompt] = counts.get(prompt, 0) + 1
        return "ok" if counts[prompt] > 2 else StubReply(500, text="overloaded")

    with StubServer(flaky) as srv:
        client = get_client(f"openai/m@{srv.base_url}", concurrency=1, breaker_failures=8, **FAST)
        done = await client.complete_many([user(i) for i in range(10)])
    assert all(d.ok for d in done) and client.usage.retries == 20


async def test_rate_limits_do_not_count_as_an_outage() -> None:
    with StubServer([StubReply(429, retry_after="0")] * 12 + ["ok"]) as srv:
        client = get_client(f"openai/m@{srv.base_url}", breaker_failures=3, max_retries=20, **FAST)
        done = await client.complete(user(0))
    assert done.ok and srv.requests == 13


def test_malformed_url_is_refused_at_once_without_requests() -> None:
    for spec in ("openai/m@not a url", "openai/m@localhost:8000/v1", "openai/m@ftp://host/v1"):
        with pytest.raises(BackendConfigError, match="not a server URL"):
            get_client(spec)
    with pytest.raises(BackendConfigError, match="not an http"):
        get_client("openai/m", base_url="not a url")


def test_password_in_the_url_stays_out_of_messages() -> None:
    port = closed_port()
    client = get_client(f"openai/m@http://user:s3cret@127.0.0.1:{port}/v1", breaker_failures=2, max_retries=3,
                        **FAST)
    with pytest.raises(ServiceUnavailable) as caught:
        asyncio.run(client.complete(user(0)))
    assert "s3cret" not in str(caught.value) and "user:***@127.0.0.1" in str(caught.value)


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    out = tmp_path_factory.mktemp("hcn_outage") / "corpus"
    try:
        main(["corpus", "ingest", str(EXAMPLE), "--out", str(out)])
    except SystemExit as exc:
        assert not exc.code
    return out


def _generate(corpus_dir: Path, out: Path, llm: str) -> list[str]:
    return [sys.executable, "-m", "benchsmith", "generate", "multihop", "--corpus", str(corpus_dir), "--n", "20",
            "--strategy", "llm", "--ner", "rules", "--llm", llm, "--out", str(out)]


def _env() -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2] / "src")
    return {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}


@pytest.mark.slow
def test_cli_run_against_a_server_that_is_down_stops_with_a_clear_message(corpus_dir: Path, tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    started = time.monotonic()
    proc = subprocess.run(_generate(corpus_dir, tmp_path / "out", f"openai/x@{url}"), capture_output=True,
                          text=True, timeout=120, env=_env())
    elapsed = time.monotonic() - started
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert url in proc.stderr and "requests in a row" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert elapsed < 60  # was: still running after 950 s and 6,821 requests
    summary = json.loads((tmp_path / "out" / ".run" / "summary.json").read_text())
    assert summary["status"] == "stopped" and "requests in a row" in summary["stop_reason"]
    assert summary["llm"]["requests"] < 100


_SIGINT_SCRIPT = """
import sys
from benchsmith.llm import get_client
from benchsmith.pipeline import Run
url, work = sys.argv[1], sys.argv[2]
with Run(work, name="sigint", requested=8, config={}, progress=False) as run:
    client = run.llm_client(f"openai/m@{url}", timeout_s=60, concurrency=4)
    # A sync stage function runs in worker threads, each waiting on the client's background loop.
    run.stage("ask", range(8), lambda i: [client.complete_sync(f"prompt {i}").text], key=str, concurrency=4)
"""


def _default_ctrl_c() -> None:
    """The child takes Ctrl-C as a user's terminal sends it: a run started in the background (`cmd &` in a script,
    as CI may) hands its children SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_a_run_with_requests_in_flight(tmp_path: Path, hung: HungServer) -> None:
    script = tmp_path / "run.py"
    script.write_text(_SIGINT_SCRIPT)
    proc = subprocess.Popen([sys.executable, str(script), hung.base_url, str(tmp_path / "work")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
                            preexec_fn=_default_ctrl_c)
    try:
        deadline = time.monotonic() + 60
        while hung.accepted < 4 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert hung.accepted >= 4, "the requests never reached the server"
        time.sleep(0.3)  # four requests on the wire, waiting for answers that never come
        proc.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _out, err = proc.communicate(timeout=30)
        # Before: the worker threads were joined at exit and waited out 60 s timeouts x 5 attempts.
        assert time.monotonic() - sent < 10, err[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode != 0
    summary = json.loads((tmp_path / "work" / "summary.json").read_text())
    assert summary["status"] == "interrupted"
