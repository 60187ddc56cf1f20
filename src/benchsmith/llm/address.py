"""Parse `provider/model[@base_url]` model addresses."""

from __future__ import annotations

from dataclasses import dataclass

from benchsmith.errors import BenchsmithError


@dataclass(frozen=True)
class ModelAddress:
    """A parsed model address: `openai/Qwen/Qwen2.5-7B@http://localhost:8000/v1`."""

    provider: str
    model: str
    base_url: str | None = None

    @property
    def spec(self) -> str:
        tail = f"@{self.base_url}" if self.base_url else ""
        return f"{self.provider}/{self.model}{tail}"


def parse_address(spec: str) -> ModelAddress:
    """Split a model address into provider, model and optional base URL.

    The provider ends at the first '/'; the model may itself contain '/' (a hub
    name or a file path). A trailing `@http://...` or `@https://...` is the base URL.

    Raises:
        BenchsmithError: when the address has no provider or no model.
    """
    provider, sep, rest = spec.strip().partition("/")
    if not sep or not provider or not rest:
        raise BenchsmithError(
            f"model address {spec!r} is not provider/model "
            "(e.g. openai/gpt-4o-mini, openai/Qwen2.5-7B@http://localhost:8000/v1, scripted/responses.json)"
        )
    base_url = None
    for marker in ("@http://", "@https://"):
        at = rest.rfind(marker)
        if at != -1:
            rest, base_url = rest[:at], rest[at + 1 :]
            break
    if not rest:
        raise BenchsmithError(f"model address {spec!r} has no model name")
    return ModelAddress(provider=provider.lower(), model=rest, base_url=base_url)
