"""Credentials in a model address or the API key never reach anything `generate` writes or prints."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchsmith.data import example_corpus
from benchsmith.llm.stub_server import StubServer

sys.path.insert(0, str(Path(__file__).parent))
from multihop_llm_fakes import stub_responder  # noqa: E402

EXAMPLE = example_corpus() / "corpus.jsonl"
BENCHSMITH = Path(sys.executable).with_name("benchsmith")


def test_password_in_the_model_url_and_the_api_key_are_written_nowhere(tmp_path):
    if not EXAMPLE.is_file() or not BENCHSMITH.is_file():
        pytest.skip("example corpus or console script missing")
    out = tmp_path / "bench"
    with StubServer(stub_responder) as server:
        url = server.base_url.replace("http://", "http://user:SECRETPW@")
        done = subprocess.run(
            [str(BENCHSMITH), "generate", "multihop", "--corpus", str(EXAMPLE), "--n", "4", "--strategy", "llm",
             "--ner", "rules", "--llm", f"openai/stub@{url}", "--out", str(out)],
            env={**os.environ, "OPENAI_API_KEY": "sk-TOPSECRETKEY"}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "SECRETPW" not in done.stdout + done.stderr and "TOPSECRET" not in done.stdout + done.stderr
    written = [p for p in out.rglob("*") if p.is_file()]
    assert any(p.name == "benchmark.json" for p in written) and any(p.parent.name == ".run" for p in written)
    leaks = [str(p) for p in written if b"SECRETPW" in p.read_bytes() or b"TOPSECRET" in p.read_bytes()]
    assert leaks == []
    assert "user:***@" in (out / "benchmark.json").read_text()
