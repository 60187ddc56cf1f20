"""The LLM protocol every backend implements, and the values it exchanges.

A backend only turns messages into text (`generate`). Concurrency, retries,
the response cache, usage accounting and structured output are wrappers shared
by all backends (see `client.py`), so a new backend is one small file.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.errors import BenchsmithError
from benchsmith.types import Rejected


class Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    role: Literal["system", "user", "assistant"]
    content: str


class GenerationConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    temperature: float = 0.0
    max_tokens: int | None = None
    top_p: float | None = None
    seed: int | None = None
    stop: list[str] | None = None
    extra: dict[str, Any] = Field(default_factory=dict, description="Backend-specific request fields.")


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True)
    prompt_tokens: int = 0
    completion_tokens: int = 0


class RawResponse(BaseModel):
    """What a backend returns for one request."""

    model_config = ConfigDict(frozen=True)
    text: str
    usage: Usage = Usage()
    finish_reason: str | None = None
    native_schema: bool = Field(default=False, description="The server enforced the JSON schema itself.")
    structured_mode: str | None = Field(default=None, description="How the schema was sent (response_formats.MODES).")
    format_refusals: int = Field(default=0, description="Requests the server refused for their output format first.")


class Completion(BaseModel):
    """The result of one logical LLM call, after retries, repair and caching."""

    model_config = ConfigDict(frozen=True)
    text: str
    model: str
    usage: Usage = Usage()
    latency_s: float = 0.0
    retries: int = 0
    cached: bool = False
    parsed: Any = None
    rejected: Rejected | None = None
    requests: int = Field(default=0, description="Requests sent to the backend (retries and repair asks included).")
    repairs: int = Field(default=0, description="Follow-up asks made because the reply did not validate.")
    cost_usd: float = 0.0
    native_schema: bool = False
    structured_mode: str | None = None

    @property
    def ok(self) -> bool:
        return self.rejected is None


@runtime_checkable
class Backend(Protocol):
    """A model that turns messages into text. `model_id` is the `provider/model` address."""

    model_id: str

    async def generate(
        self,
        messages: list[Message],
        config: GenerationConfig,
        response_schema: dict[str, Any] | None = None,
    ) -> RawResponse: ...


class TransientError(Exception):
    """A failure worth retrying (429, 5xx, timeout). `retry_after` is in seconds when the server said."""

    def __init__(self, message: str, *, retry_after: float | None = None, status: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.status = status


class PermanentError(Exception):
    """A failure that retrying will not fix (4xx other than 429, bad configuration)."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class BackendConfigError(PermanentError, BenchsmithError):
    """The endpoint refuses every request (bad key, unknown model): stop the run instead of rejecting each item."""
