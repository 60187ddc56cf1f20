"""Any OpenAI-compatible chat server (OpenAI, vLLM's server, Ollama, llama.cpp's server, TGI).

Base URL and key come from options, the `@URL` suffix of the address, or the
environment (BENCHSMITH_LLM_BASE_URL, OPENAI_BASE_URL; BENCHSMITH_LLM_API_KEY,
OPENAI_API_KEY). 429, 5xx, timeouts and connection errors are transient;
other 4xx are permanent. A JSON schema goes out in the first structured-output
mode the server accepts (response_formats.py): json_schema, then json_object with
the schema (or vLLM's guided_json), then plain text that the client parses. A
refusal moves this backend to the next mode once, at no cost in retries; the
mode in use is logged when it changes and stamped on every reply.
"""

from __future__ import annotations

import asyncio
import email.utils
import logging
import os
import re
import ssl
import time
from typing import Any

import httpx

from benchsmith.errors import BenchsmithError
from benchsmith.llm import response_formats as formats
from benchsmith.llm.address import ModelAddress
from benchsmith.llm.backends import BACKENDS
from benchsmith.llm.base import (
    BackendConfigError,
    GenerationConfig,
    Message,
    PermanentError,
    RawResponse,
    TransientError,
    Usage,
)
from benchsmith.llm.http_pool import CONNECTIONS_PER_SHARD, ShardedAsyncClient, default_ssl_context
from benchsmith.llm.structured import schema_name
from benchsmith.llm.sync import for_running_loop

log = logging.getLogger("benchsmith.llm")
DEFAULT_OPENAI_URL = "https://api.openai.com/v1"
_TRANSIENT_STATUS = {408, 409, 425, 429}
# Statuses that every later request would get too: the run stops with this message.
_CONFIG_STATUS = {
    401: " (check the API key: api_key=, BENCHSMITH_LLM_API_KEY or OPENAI_API_KEY)",
    403: " (the API key is not allowed to use this model)",
    404: " (check the model name and the base URL, which usually ends in /v1)",
}


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a Retry-After header: delta-seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _json_or_none(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return None


def _error_message(response: httpx.Response) -> str:
    body = _json_or_none(response)
    if body is None:
        return response.text[:500]
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict):
            return str(err.get("message") or err)[:500]
        return str(err)[:500]
    return str(body)[:500]


_URL_HINT = "write the server as http(s)://HOST[:PORT]/v1, e.g. openai/MODEL@http://127.0.0.1:8000/v1"
_URL_ATTEMPT = re.compile(r"://|^(localhost|[\d.]+|[\w.-]+:\d+)(\b|/)|\s")


def checked_base_url(url: str, address: ModelAddress) -> str:
    """The base URL as it may be shown (password hidden); a malformed one is a BackendConfigError now.

    Retrying cannot fix a URL, so it is refused before any request (issue 9: `--endpoint "not a url"`).
    """
    check_url_suffix(address)
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError, TypeError) as exc:
        raise BackendConfigError(f"server URL {url!r} for {address.spec!r} is malformed ({exc}); {_URL_HINT}") from None
    if parsed.scheme not in ("http", "https") or not parsed.host or any(ch.isspace() for ch in url):
        raise BackendConfigError(f"server URL {redact_url(url)!r} for openai/{address.model} is not an http(s) URL; {_URL_HINT}")
    return redact_url(url)


def check_url_suffix(address: ModelAddress) -> None:
    """Refuse `openai/MODEL@something` whose something is meant as a server but is no http(s) URL."""
    if address.base_url is None and "@" in address.model:
        tail = address.model.rsplit("@", 1)[1]
        if _URL_ATTEMPT.search(tail):
            raise BackendConfigError(f"model address {'openai/' + address.model!r}: {tail!r} after '@' is not a server URL; "
                                     f"{_URL_HINT}")


def redact_url(url: str) -> str:
    """The URL with any password replaced by '***' (it ends up in messages and logs)."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError, TypeError):
        return url
    if parsed.password:
        return str(parsed.copy_with(username=parsed.username, password="***"))
    return url


STRUCTURED_ENV = "BENCHSMITH_LLM_STRUCTURED"


def structured_mode_from_env() -> str | None:
    """The structured-output mode named by BENCHSMITH_LLM_STRUCTURED (None or "auto": start at json_schema
    and step down on refusals).

    For servers whose grammar engine accepts a schema but misbehaves on it (a grammar it cannot build,
    or decoding that stalls), or to compare modes: "text" sends the schema in the prompt instead, and
    the reply is still validated, with one re-ask on failure. Measured on llama-cpp-python with the
    0.5B Qwen model, json_object and text decode at the same speed per token (92 ms idle), so the
    default stays with the grammar, which keeps a small model to the schema.
    """
    value = (os.environ.get(STRUCTURED_ENV) or "").strip().lower()
    if value in ("", "auto"):
        return None
    if value not in formats.MODES:
        raise BenchsmithError(f"{STRUCTURED_ENV}={value!r} is not auto or one of {', '.join(formats.MODES)}")
    return value


class OpenAIBackend:
    """Chat completions over HTTP with httpx; one connection pool per event loop."""

    provider = "openai"

    def __init__(
        self,
        address: ModelAddress,
        *,
        timeout_s: float = 60.0,
        concurrency: int = 8,
        base_url: str | None = None,
        api_key: str | None = None,
        headers: dict[str, str] | None = None,
        strict_schema: bool = False,
        native_schema: bool = True,
        structured_mode: str | None = None,
        connect_timeout_s: float = 5.0,
        connections_per_shard: int = CONNECTIONS_PER_SHARD,
    ) -> None:
        check_url_suffix(address)
        self.model = address.model
        # The address without @URL: the same model behind another host or port is the same model
        # for provenance and for the cache.
        self.model_id = f"openai/{address.model}"
        self.base_url = (
            base_url
            or address.base_url
            or os.environ.get("BENCHSMITH_LLM_BASE_URL")
            or os.environ.get("OPENAI_BASE_URL")
        )
        self.api_key = api_key or os.environ.get("BENCHSMITH_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY")
        if not self.base_url:
            if not self.api_key:
                raise BenchsmithError(
                    f"no server for {address.spec}: add @URL (openai/MODEL@http://localhost:8000/v1), "
                    "pass base_url=, or set OPENAI_BASE_URL / BENCHSMITH_LLM_BASE_URL (or OPENAI_API_KEY for api.openai.com)"
                )
            self.base_url = DEFAULT_OPENAI_URL
        self.base_url = self.base_url.rstrip("/")
        self.display_url = checked_base_url(self.base_url, address)
        self.timeout = httpx.Timeout(timeout_s, connect=min(connect_timeout_s, timeout_s))
        self.pool_size = max(1, concurrency)
        self.strict_schema = strict_schema
        if structured_mode is None:
            structured_mode = structured_mode_from_env()
        elif structured_mode not in formats.MODES:
            raise BenchsmithError(f"structured_mode {structured_mode!r} is not one of {', '.join(formats.MODES)}")
        # Moves along formats.MODES each time the server refuses the current one.
        self.structured_mode = structured_mode or (formats.JSON_SCHEMA if native_schema else formats.TEXT)
        self._server_is_vllm: bool | None = None
        self._headers = {"Content-Type": "application/json", **(headers or {})}
        if self.api_key:
            self._headers["Authorization"] = f"Bearer {self.api_key}"
        self.connections_per_shard = connections_per_shard
        self._clients: dict[asyncio.AbstractEventLoop, ShardedAsyncClient] = {}
        self._ssl_context: ssl.SSLContext | None = None

    def _client(self) -> ShardedAsyncClient:
        # httpx connections belong to the loop that opened them: one pool per live loop
        # (the caller's own loop, and the background loop behind the sync wrappers).
        return for_running_loop(self._clients, self._new_pool)

    def _new_pool(self) -> ShardedAsyncClient:
        if self._ssl_context is None:
            self._ssl_context = default_ssl_context()
        return ShardedAsyncClient(max_connections=self.pool_size, per_shard=self.connections_per_shard,
                                  base_url=self.base_url, timeout=self.timeout, headers=self._headers,
                                  verify=self._ssl_context)

    @property
    def native_schema(self) -> bool:
        """Whether the server itself is asked to enforce the schema (any mode but text)."""
        return self.structured_mode != formats.TEXT

    def _body(self, messages: list[Message], config: GenerationConfig, schema: dict[str, Any] | None,
              name: str, mode: str) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": [m.model_dump() for m in messages],
                                "temperature": config.temperature, "stream": False}
        for field in ("max_tokens", "top_p", "seed", "stop"):
            value = getattr(config, field)
            if value is not None:
                body[field] = value
        body.update(config.extra)
        if schema is not None:
            formats.apply_mode(body, mode, schema, name, strict=self.strict_schema)
        return body

    async def generate(self, messages: list[Message], config: GenerationConfig,
                       response_schema: dict[str, Any] | None = None) -> RawResponse:
        name = schema_name(None, response_schema) if response_schema is not None else ""
        refusals = 0
        while True:
            mode = self.structured_mode
            response = await self._post(self._body(messages, config, response_schema, name, mode))
            if response.status_code == 200:
                raw = self._parse(response, mode=mode if response_schema is not None else None)
                return raw.model_copy(update={"format_refusals": refusals}) if refusals else raw
            if (response_schema is None or mode == formats.TEXT
                    or not formats.is_format_refusal(response.status_code, response.text)):
                self._raise_for(response)
            # The server refused the format, not the request: move on at once (no retry spent).
            refusals += 1
            await self._step_down(mode, response)

    async def _step_down(self, refused: str, response: httpx.Response) -> None:
        if self.structured_mode != refused:
            return  # a concurrent request already moved on
        if self._server_is_vllm is None:
            self._server_is_vllm = formats.looks_like_vllm(_json_or_none(response), await self._models())
        if self.structured_mode != refused:
            return
        self.structured_mode = formats.next_mode(refused, vllm=self._server_is_vllm)
        log.warning("%s at %s refused structured output %r (HTTP %s: %s); using %r from now on",
                    self.model_id, self.display_url, refused, response.status_code,
                    _error_message(response)[:160], self.structured_mode)

    async def _models(self) -> Any:
        try:
            response = await self._client().get("/models", timeout=5.0)
        except httpx.HTTPError:
            return None
        return _json_or_none(response) if response.status_code == 200 else None

    async def _post(self, body: dict[str, Any]) -> httpx.Response:
        try:
            return await self._client().post("/chat/completions", json=body)
        except httpx.TimeoutException as exc:
            raise TransientError(f"timeout talking to {self.display_url}: {type(exc).__name__}") from exc
        except httpx.TransportError as exc:
            raise TransientError(f"cannot reach {self.display_url}: {type(exc).__name__}: {exc}") from exc

    def _raise_for(self, response: httpx.Response) -> None:
        status = response.status_code
        message = f"HTTP {status} from {self.display_url}: {_error_message(response)}"
        if status in _TRANSIENT_STATUS or status >= 500:
            raise TransientError(message, status=status,
                                 retry_after=parse_retry_after(response.headers.get("retry-after")))
        if status in _CONFIG_STATUS:
            raise BackendConfigError(message + _CONFIG_STATUS[status], status=status)
        raise PermanentError(message, status=status)

    def _parse(self, response: httpx.Response, *, mode: str | None) -> RawResponse:
        try:
            data = response.json()
            choice = data["choices"][0]
            message = choice.get("message") or {}
            text = message.get("content")
            usage = data.get("usage") or {}
            return RawResponse(
                text="" if text is None else text,
                usage=Usage(prompt_tokens=int(usage.get("prompt_tokens") or 0),
                            completion_tokens=int(usage.get("completion_tokens") or 0)),
                finish_reason=choice.get("finish_reason"),
                native_schema=mode is not None and mode != formats.TEXT,
                structured_mode=mode,
            )
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            # A 200 with a broken body is usually a proxy or server hiccup. (pydantic's
            # ValidationError is a ValueError: a non-string content lands here too.)
            raise TransientError(f"malformed completion from {self.display_url}: {response.text[:200]!r}") from exc

    async def aclose(self) -> None:
        for loop, client in list(self._clients.items()):
            if loop is asyncio.get_running_loop():
                await client.aclose()
            del self._clients[loop]


@BACKENDS.register("openai")
def create(address: ModelAddress, **options: Any) -> OpenAIBackend:
    return OpenAIBackend(address, **options)
