"""Every registered backend: a bad address is a clear error; a good one satisfies the protocol."""

from __future__ import annotations

import pytest

from benchsmith.errors import BenchsmithError
from benchsmith.llm.address import parse_address
from benchsmith.llm.backends import BACKENDS
from benchsmith.llm.base import Backend


@pytest.mark.parametrize("name", BACKENDS.names())
def test_missing_model_is_a_clear_error(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "BENCHSMITH_LLM_BASE_URL", "BENCHSMITH_LLM_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    factory = BACKENDS.get(name)
    with pytest.raises(BenchsmithError) as info:
        factory(parse_address(f"{name}/no/such/model.bin"), timeout_s=1.0, concurrency=1)
    assert str(info.value)  # says what to install, pass or set


@pytest.mark.parametrize(
    ("spec", "options"),
    [("openai/m@http://127.0.0.1:9/v1", {}), ("scripted/inline", {"responses": {"q": "a"}})],
)
def test_constructed_backends_satisfy_the_protocol(spec: str, options: dict) -> None:
    address = parse_address(spec)
    backend = BACKENDS.get(address.provider)(address, timeout_s=1.0, concurrency=2, **options)
    assert isinstance(backend, Backend)
    assert backend.model_id == f"{address.provider}/{address.model}" and backend.provider == address.provider
