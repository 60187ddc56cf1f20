"""The conversations llm strategy: scripted backend, malformed output to the ledger, the local stub server, and a
SIGKILL mid-run followed by a rerun that repeats no answered prompt."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.data import example_corpus
from benchsmith.generators.conversations import GENERATOR, ConversationConfig
from benchsmith.generators.core.runner import generate_items
from benchsmith.llm import get_client
from benchsmith.llm.stub_server import StubServer

sys.path.insert(0, str(Path(__file__).parent))
from conversation_llm_fakes import respond, stub_responder  # noqa: E402

EXAMPLE = example_corpus() / "corpus.jsonl"
BENCHSMITH = Path(sys.executable).with_name("benchsmith")
CONCURRENCY = 4


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    out = tmp_path_factory.mktemp("hcn_conv") / "corpus"
    try:
        main(["corpus", "ingest", str(EXAMPLE), "--out", str(out)])
    except SystemExit as exc:
        assert not exc.code
    return out


def _config(n: int = 2) -> ConversationConfig:
    return ConversationConfig(n=n, strategy="llm", llm="scripted/fake", turns=(5, 6), min_turns=3,
                              proof_retrievers=("bm25",))


def test_scripted_run_end_to_end_with_calls_growing_with_the_request(corpus_dir):
    corpus = load_corpus_dir(corpus_dir)
    calls = {}
    for n in (1, 3):
        client = get_client("scripted/fake", responses=respond)
        result = generate_items(GENERATOR, corpus, _config(n), n=n, client=client)
        assert len(result.items) == n
        calls[n] = result.summary.llm.requests
        for item in result.items:
            assert item.strategy == "llm" and not item.baseline
            for t in item.turns:
                if t.answerability in ("ANSWERABLE", "PARTIAL"):
                    assert t.relevant and t.provenance.model == "scripted/fake"
                if t.answerability in ("UNANSWERABLE", "PARTIAL"):
                    assert t.proof is not None and t.proof.method.startswith("LLM entailment")
                if "relabelled_from" in t.provenance.extra:  # the check's types replace the target's
                    assert t.provenance.extra["target_type"] not in t.question_types
    assert calls[1] < calls[3] <= calls[1] * 3 + 10


def test_malformed_output_lands_in_the_ledger(corpus_dir):
    corpus = load_corpus_dir(corpus_dir)
    broken = {"n": 0}

    def flaky(messages):
        text = respond(messages)
        if messages[-1].content.startswith("You play the user"):
            broken["n"] += 1
            if broken["n"] == 2:
                return "this is not JSON {"
        return text

    result = generate_items(GENERATOR, corpus, _config(2), n=2, client=get_client("scripted/flaky", responses=flaky))
    failed = [r for r in result.rejected if r.step == "conversations.llm.user_turn"]
    # the client's repair attempt also failed (the fake answers it with more non-JSON): the raw text is kept
    assert failed and failed[0].reason == "unparseable_output" and failed[0].raw_output
    assert len(result.items) == 2  # the turn was drafted again from the next passage


def _command(corpus_dir: Path, out: Path, server: StubServer) -> list[str]:
    return [str(BENCHSMITH), "generate", "conversations", "--corpus", str(corpus_dir), "--n", "3", "--seed", "2",
            "--strategy", "llm", "--llm", f"openai/stub-model@{server.base_url}", "--turns", "5-6", "--min-turns", "3",
            "--proof-retrievers", "bm25", "--concurrency", str(CONCURRENCY), "--out", str(out)]


def _env() -> dict[str, str]:
    return {**os.environ, "OPENAI_API_KEY": "test-key", "PYTHONUNBUFFERED": "1"}


def _request_counts(server: StubServer) -> Counter[str]:
    return Counter(json.dumps(r["messages"], sort_keys=True) for r in server.received if r.get("messages"))


def test_stub_server_run_then_sigkill_and_resume_repeats_no_answered_prompt(corpus_dir, tmp_path):
    if not BENCHSMITH.is_file():
        pytest.skip(f"benchsmith console script missing beside {sys.executable}")
    reference = tmp_path / "reference"
    with StubServer(stub_responder, delay=0.002) as server:
        done = subprocess.run(_command(corpus_dir, reference, server), env=_env(), capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        ref_counts = _request_counts(server)
    assert set(ref_counts.values()) == {1}
    assert (reference / "mtrag" / "conversations").is_dir()

    out = tmp_path / "resumed"
    with StubServer(stub_responder, delay=0.01) as server:
        proc = subprocess.Popen(_command(corpus_dir, out, server), env=_env(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        kill_at = len(ref_counts) // 2
        deadline = time.monotonic() + 60
        while server.requests < kill_at and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        assert proc.poll() is None, f"the run ended before the kill point:\n{proc.communicate()[1]}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=10)
        assert not (out / "items.jsonl").exists()
        first = server.requests
        done = subprocess.run(_command(corpus_dir, out, server), env=_env(), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        total = _request_counts(server)

    assert (out / "items.jsonl").read_text() == (reference / "items.jsonl").read_text()
    assert set(total) == set(ref_counts)
    repeated = {k: n for k, n in total.items() if n > 1}
    assert len(repeated) <= CONCURRENCY and all(n == 2 for n in repeated.values())
    assert server.requests - first <= len(ref_counts) - first + CONCURRENCY
