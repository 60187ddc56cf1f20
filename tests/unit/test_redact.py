"""Credentials never reach what benchsmith writes (issue 9 item 4)."""

from __future__ import annotations

import json

import pytest

from benchsmith.pipeline_parts.state import RunState
from benchsmith.redact import MASK, redact, redact_spec, redact_url

ISSUE_ADDRESS = "openai/m@http://u:PW@host/v1"


def test_the_issue_address_keeps_everything_but_the_password() -> None:
    assert redact_spec(ISSUE_ADDRESS) == f"openai/m@http://u:{MASK}@host/v1"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://host/v1", "http://host/v1"),
        ("https://u:p%40ss@host:8443/v1", f"https://u:{MASK}@host:8443/v1"),
        ("https://u:p@ss@host/v1", f"https://u:{MASK}@host/v1"),  # an unencoded @ in the password
        ("https://ghp_token@host/v1", f"https://{MASK}@host/v1"),  # a lone user name is often a token
        ("http://h/v1?api_key=S1&model=m", f"http://h/v1?api_key={MASK}&model=m"),
        ("http://h/v1?token=S1", f"http://h/v1?token={MASK}"),
        ("http://h/v1?key=S1&max_tokens=5", f"http://h/v1?key={MASK}&max_tokens=5"),
        ("http://h/cb#access_token=S1&state=x", f"http://h/cb#access_token={MASK}&state=x"),
    ],
)
def test_redact_url(url: str, expected: str) -> None:
    assert redact_url(url) == expected


def test_system_specs_with_several_addresses_and_free_text() -> None:
    spec = "bm25+openai/m@https://a:SECRET1@h1/v1+judge=openai/j@http://h2/v1?api_key=SECRET2"
    out = redact_spec(spec)
    assert "SECRET" not in out and out.startswith("bm25+openai/m@https://a:***@h1/v1")
    assert redact_spec("Authorization: Bearer sk-0123456789abcdefghij") == "Authorization: Bearer ***"
    assert redact_spec("Basic reasoning about a Bearer bond") == "Basic reasoning about a Bearer bond"


def test_redact_walks_json_values_and_keeps_harmless_keys() -> None:
    config = {
        "llm": ISSUE_ADDRESS,
        "judge": {"address": "openai/j@http://h/v1?api_key=K", "headers": {"Authorization": "Bearer abc", "X-Api-Key": "k"}},
        "api_key": "sk-abc",
        "max_tokens": 256,
        "tokenizer": "wordpiece",
        "systems": ["bm25", "openai/x@http://v:PW2@h/v1"],
        "seed": 3,
    }
    out = redact(config)
    text = json.dumps(out)
    for secret in ("PW", "K\"", "abc", "sk-abc", "PW2", '"k"'):
        assert secret not in text, secret
    assert out["max_tokens"] == 256 and out["tokenizer"] == "wordpiece" and out["seed"] == 3
    assert out["judge"]["headers"]["Authorization"] == MASK and out["api_key"] == MASK


def test_run_json_holds_no_password_and_resumes_with_the_same_address(tmp_path) -> None:
    RunState(tmp_path, "multihop", {"llm": ISSUE_ADDRESS, "n": 1}, requested=1)
    written = (tmp_path / "run.json").read_text(encoding="utf-8")
    assert "PW" not in written and "u:***@host" in written
    again = RunState(tmp_path, "multihop", {"llm": ISSUE_ADDRESS, "n": 1}, requested=1)  # same run: no mismatch
    assert again.resumed
