"""The multihop llm strategy against a real OpenAI-compatible server, when one is given.

Start one with `bash ../shared/tools/real_llm.sh PORT` (llama-cpp-python with a 0.5B instruct model),
then run with BENCHSMITH_REAL_LLM_URL=http://127.0.0.1:PORT/v1 (and BENCHSMITH_REAL_LLM_MODEL if the
model is not served as qwen0.5b). The path is checked, not the weak model's quality.
BENCHSMITH_LLM_STRUCTURED=text runs the same path without the server's grammar (replies still validated).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import httpx
import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.data import example_corpus

URL = os.environ.get("BENCHSMITH_REAL_LLM_URL")
MODEL = os.environ.get("BENCHSMITH_REAL_LLM_MODEL", "qwen0.5b")
EXAMPLE = example_corpus() / "corpus.jsonl"
# A 0.5B model on a shared 2-core CPU takes 20 s to several minutes a call (0.1 to 2.5 s a token under load).
TIMEOUT = os.environ.get("BENCHSMITH_REAL_LLM_TIMEOUT", "600")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not URL, reason="no real LLM server: set BENCHSMITH_REAL_LLM_URL "
                                        "(start one with ../shared/tools/real_llm.sh PORT)"),
]


def test_server_answers_a_structured_request() -> None:
    from pydantic import BaseModel

    from benchsmith.llm import get_client

    class City(BaseModel):
        city: str

    with get_client(f"openai/{MODEL}@{URL}", timeout_s=float(TIMEOUT)) as client:
        done = client.complete_sync([{"role": "user", "content": "Name the capital of France as JSON."}],
                                    response_model=City)
    assert done.ok, done.rejected
    assert done.structured_mode in ("json_schema", "json_object", "guided_json", "text")


def test_multihop_llm_strategy_against_the_real_server(tmp_path: Path) -> None:
    httpx.get(f"{URL}/models", timeout=10).raise_for_status()
    corpus = tmp_path / "corpus"
    try:
        main(["corpus", "ingest", str(EXAMPLE), "--out", str(corpus)])
    except SystemExit as exc:
        assert not exc.code
    out = tmp_path / "out"
    try:
        main(["generate", "multihop", "--corpus", str(corpus), "--n", "6", "--strategy", "llm",
              "--llm", f"openai/{MODEL}@{URL}", "--concurrency", "1", "--timeout", TIMEOUT, "--out", str(out)])
        rc = 0
    except SystemExit as exc:
        rc = int(exc.code or 0)
    # llama-cpp-python answers one request at a time: more in flight only wait out the read timeout.
    assert rc in (0, 1)  # 1: fewer items than asked; a weak model may fall short
    items = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert items, "no item produced"
    docs = load_corpus_dir(corpus).documents_by_id
    for item in items:  # every evidence sentence is verbatim in its document, whoever wrote the claims
        assert item["evidence"] or item["question_type"] == "null_query"
        for e in item["evidence"]:
            assert docs[e["doc_id"]].text[e["span"]["start"] : e["span"]["end"]] == e["fact"]
        assert set(item["provenance"]["extra"]["claim_strategy"]) <= {"llm", "heuristic", "composed"}
    ledger = [json.loads(line) for line in (out / ".run" / "llm-usage.jsonl").read_text().splitlines()]
    answered = [row for row in ledger if not row["error"]]
    assert answered and {row["structured_mode"] for row in answered} <= {"json_schema", "json_object", "text"}
