"""The multihop llm strategy against a real OpenAI-compatible server, when one is given.

Either start one with `bash ../shared/tools/real_llm.sh PORT` (llama-cpp-python with a 0.5B instruct model)
and run with BENCHSMITH_REAL_LLM_URL=http://127.0.0.1:PORT/v1 (and BENCHSMITH_REAL_LLM_MODEL if the
model is not served as qwen0.5b), or set BENCHSMITH_REAL_LLM=1 and the test starts the server that script
installed (its cached venv and model), skipping with the missing path when either is absent. It is opt-in:
a run takes tens of minutes on a CPU. The path is checked, not the weak model's quality.
BENCHSMITH_LLM_STRUCTURED=text runs the same path without the server's grammar (replies still validated).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.data import example_corpus

MODEL = os.environ.get("BENCHSMITH_REAL_LLM_MODEL", "qwen0.5b")
EXAMPLE = example_corpus() / "corpus.jsonl"
# A 0.5B model on a shared 2-core CPU takes 20 s to several minutes a call (0.1 to 2.5 s a token under load).
TIMEOUT = os.environ.get("BENCHSMITH_REAL_LLM_TIMEOUT", "600")
DEADLINE = os.environ.get("BENCHSMITH_REAL_LLM_DEADLINE", "2400")  # seconds of model use before the run stops cleanly
N_ITEMS = os.environ.get("BENCHSMITH_REAL_LLM_N", "3")
# Where ../shared/tools/real_llm.sh keeps the server's venv and the model file.
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "benchsmith-real-llm"
SERVER_PYTHON = CACHE / "venv" / "bin" / "python"
MODEL_FILE = CACHE / "qwen2.5-coder-0.5b-instruct-q4km.gguf"


def _why_not_local() -> str | None:
    """Why this test cannot start the cached server itself, or None when it can."""
    if os.environ.get("BENCHSMITH_REAL_LLM") != "1":
        return ("no real LLM server: set BENCHSMITH_REAL_LLM_URL=http://HOST:PORT/v1, or BENCHSMITH_REAL_LLM=1 to start "
                "the one ../shared/tools/real_llm.sh installs (it takes minutes a call on a CPU)")
    if not SERVER_PYTHON.is_file():
        return f"server binary not available: {SERVER_PYTHON} (run ../shared/tools/real_llm.sh once to build it)"
    if not MODEL_FILE.is_file():
        return f"model not available: {MODEL_FILE} (run ../shared/tools/real_llm.sh once to fetch it)"
    return None


pytestmark = [pytest.mark.slow]


@pytest.fixture(scope="module")
def server_url():
    """The given server's URL, or one started here from the cached binary and model (stopped afterwards)."""
    given = os.environ.get("BENCHSMITH_REAL_LLM_URL")
    if given:
        yield given
        return
    why = _why_not_local()
    if why:
        pytest.skip(why)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen([str(SERVER_PYTHON), "-m", "llama_cpp.server", "--model", str(MODEL_FILE), "--host", "127.0.0.1",
                             "--port", str(port), "--n_threads", "2", "--n_ctx", "4096", "--model_alias", MODEL],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(240):
            if proc.poll() is not None:
                pytest.fail(f"the LLM server exited with {proc.returncode} before answering")
            try:
                if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        else:
            pytest.fail("the LLM server did not answer within 120 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_server_answers_a_structured_request(server_url: str) -> None:
    from pydantic import BaseModel

    from benchsmith.llm import get_client

    class City(BaseModel):
        city: str

    with get_client(f"openai/{MODEL}@{server_url}", timeout_s=float(TIMEOUT)) as client:
        done = client.complete_sync([{"role": "user", "content": "Name the capital of France as JSON."}],
                                    response_model=City)
    assert done.ok, done.rejected
    assert done.structured_mode in ("json_schema", "json_object", "guided_json", "text")


def test_multihop_llm_strategy_against_the_real_server(tmp_path: Path, server_url: str) -> None:
    httpx.get(f"{server_url}/models", timeout=10).raise_for_status()
    corpus = tmp_path / "corpus"
    try:
        main(["corpus", "ingest", str(EXAMPLE), "--out", str(corpus)])
    except SystemExit as exc:
        assert not exc.code
    out = tmp_path / "out"
    # llama-cpp-python answers one request at a time: more in flight only wait out the read timeout.
    # --deadline bounds the model time: a run it stops is checkpointed, and the same command continues it (once).
    args = ["generate", "multihop", "--corpus", str(corpus), "--n", N_ITEMS, "--strategy", "llm", "--llm",
            f"openai/{MODEL}@{server_url}", "--concurrency", "1", "--timeout", TIMEOUT, "--deadline", DEADLINE, "--out", str(out)]
    for _attempt in range(2):
        try:
            main(args)
            rc = 0
        except SystemExit as exc:
            rc = int(exc.code or 0)
        if (out / "items.jsonl").is_file():
            break
    assert rc in (0, 1), rc  # 1: fewer items than asked; a weak model may fall short
    items = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert items, "no item produced"
    docs = load_corpus_dir(corpus).documents_by_id
    for item in items:  # every evidence sentence is verbatim in its document, whoever wrote the claims
        assert item["evidence"] or item["question_type"] == "null_query"
        for e in item["evidence"]:
            assert docs[e["doc_id"]].text[e["span"]["start"] : e["span"]["end"]] == e["fact"]
        extra = item["provenance"]["extra"]
        assert set(extra.get("claim_strategy", [])) <= {"llm", "heuristic", "composed"}
        # The model's QA check ran (or, for a null query, was not needed) and its verdict is on the item.
        assert extra["qa_check"]["verdict"] in ("confirmed", "inconclusive", "not_asked")
        if extra["qa_check"]["verdict"] == "inconclusive":
            assert extra["qa_check"]["why"]
    ledger = [json.loads(line) for line in (out / ".run" / "llm-usage.jsonl").read_text().splitlines()]
    answered = [row for row in ledger if not row["error"]]
    assert answered and {row["structured_mode"] for row in answered} <= {"json_schema", "json_object", "text"}
    assert {row["step"] for row in answered} >= {"multihop.claims_llm", "multihop.qa_check"}
