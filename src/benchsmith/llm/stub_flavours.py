"""How real OpenAI-compatible servers treat structured-output requests, for the stub server.

Each flavour reproduces one server family's documented request/response behaviour:
which structured-output fields it honours, which it ignores, and the status code
and body it answers an unsupported one with. Sources, briefly:

- openai: response_format json_schema and json_object; errors ``{"error": {message, type, param, code}}``.
- vllm: a 0.5-era server whose response_format type is only 'text' or 'json_object' (pydantic
  literal error, HTTP 400, vLLM's ``{"object": "error", ...}`` body) and whose structured outputs go
  through the ``guided_json`` extra field (docs.vllm.ai v0.6 "Structured Outputs"); /v1/models says
  ``owned_by: vllm``.
- llamacpp: llama.cpp's llama-server; reads ``json_schema.schema`` and ``json_object`` + ``schema``, and
  throws 'response_format type must be one of "text" or "json_object"' for any other type (server-common.cpp).
- llama_cpp_python: llama-cpp-python's server; its ResponseFormat type is 'text' | 'json_object' (with an
  optional "schema", abetlen/llama-cpp-python#1122); json_schema is answered with HTTP 500 carrying the
  validation message (issue 10; body as our real llama-cpp-python 0.3.36 server sent it).
- ollama: before 0.5, the OpenAI endpoint maps json_object to JSON mode and silently ignores json_schema
  (answers unconstrained text with HTTP 200).
- tgi: text-generation-inference 2.x; response_format is ``{"type": "json" | "json_object", "value": schema}``
  or regex (huggingface/text-generation-inference#2046); anything else fails axum's JSON extractor with
  HTTP 422 and a plain-text body; ``json_object`` without ``value`` fails the same way (#2899).

All six answer non-streaming requests with a usage block (TGI: #2531); `usage=False` drops it, as
some proxies do.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

JSON_SCHEMA, JSON_OBJECT, GUIDED_JSON, TEXT = "json_schema", "json_object", "guided_json", "text"


def requested_mode(request: dict[str, Any]) -> str:
    """Which structured-output field a chat request carries."""
    if "guided_json" in request or "structured_outputs" in request:
        return GUIDED_JSON
    fmt = request.get("response_format")
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    if kind == "json_schema":
        return JSON_SCHEMA
    if kind in ("json_object", "json"):
        return JSON_OBJECT
    return TEXT


@dataclass(frozen=True)
class Refusal:
    status: int
    body: Any  # a JSON value, or bytes sent as text/plain


@dataclass(frozen=True)
class Flavour:
    """One server family. `enforces`: modes whose schema the server imposes on the model;
    `ignores`: modes it accepts without constraining anything; any other structured mode is refused."""

    name: str
    enforces: frozenset[str]
    ignores: frozenset[str] = frozenset()
    owned_by: str = "benchsmith-stub"
    usage: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def refusal(self, mode: str, request: dict[str, Any]) -> Refusal | None:
        """The error reply to a request in `mode`, or None when the server takes it."""
        if mode == TEXT or mode in self.enforces or mode in self.ignores:
            if self.name == "tgi" and mode == JSON_OBJECT and "value" not in request["response_format"]:
                return Refusal(422, b"Failed to deserialize the JSON body into the target type: "
                                    b"response_format: missing field `value` at line 1 column 212")
            return None
        fmt_type = (request.get("response_format") or {}).get("type", mode)
        return _REFUSALS[self.name](mode, str(fmt_type))

    def constrains(self, mode: str) -> bool:
        """Whether the model's output is held to the schema (else the stub lets it ramble)."""
        return mode in self.enforces


def _openai(mode: str, fmt_type: str) -> Refusal:
    field_name = "response_format" if mode != GUIDED_JSON else mode
    return Refusal(400, {"error": {"message": f"Unrecognized request argument supplied: {field_name}",
                                   "type": "invalid_request_error", "param": field_name, "code": None}})


def _pydantic_literal(fmt_type: str) -> str:
    return str([{"type": "literal_error", "loc": ("body", "response_format", "type"),
                 "msg": "Input should be 'text' or 'json_object'", "input": fmt_type,
                 "ctx": {"expected": "'text' or 'json_object'"}}])


def _vllm(mode: str, fmt_type: str) -> Refusal:
    return Refusal(400, {"object": "error", "message": _pydantic_literal(fmt_type), "type": "BadRequestError",
                         "param": None, "code": 400})


def _llamacpp(mode: str, fmt_type: str) -> Refusal:
    message = f'response_format type must be one of "text" or "json_object", but got: {fmt_type}'
    return Refusal(400, {"error": {"code": 400, "message": message, "type": "invalid_request_error"}})


def _llama_cpp_python(mode: str, fmt_type: str) -> Refusal:
    # As llama-cpp-python 0.3.x answered our real-server run: the pydantic error escapes as a 500.
    detail = {"type": "literal_error", "loc": ("body", "response_format", "type"),
              "msg": "Input should be 'text' or 'json_object'", "input": fmt_type,
              "ctx": {"expected": "'text' or 'json_object'"}}
    message = (f"1 validation error:\n  {detail}\n\n  File \"llama_cpp/server/app.py\", line 376, "
               "in create_chat_completion\n    POST /v1/chat/completions")
    return Refusal(500, {"error": {"message": message, "type": "internal_server_error", "param": None, "code": None}})


def _ollama(mode: str, fmt_type: str) -> Refusal:
    return Refusal(400, {"error": {"message": f"invalid response_format type {fmt_type!r}",
                                   "type": "invalid_request_error", "param": None, "code": None}})


def _tgi(mode: str, fmt_type: str) -> Refusal:
    return Refusal(422, ("Failed to deserialize the JSON body into the target type: response_format: "
                         f"unknown variant `{fmt_type}`, expected `json` or `regex` at line 1 column 180").encode())


_REFUSALS = {"openai": _openai, "vllm": _vllm, "llamacpp": _llamacpp, "llama_cpp_python": _llama_cpp_python,
             "ollama": _ollama, "tgi": _tgi}

FLAVOURS: dict[str, Flavour] = {
    "openai": Flavour("openai", frozenset({JSON_SCHEMA, JSON_OBJECT}), owned_by="system",
                      extra={"system_fingerprint": "fp_stub"}),
    "vllm": Flavour("vllm", frozenset({GUIDED_JSON}), ignores=frozenset({JSON_OBJECT}), owned_by="vllm"),
    "llamacpp": Flavour("llamacpp", frozenset({JSON_SCHEMA, JSON_OBJECT}), owned_by="llamacpp",
                        extra={"timings": {"prompt_n": 1, "predicted_n": 1}}),
    "llama_cpp_python": Flavour("llama_cpp_python", frozenset({JSON_OBJECT}), owned_by="me"),
    "ollama": Flavour("ollama", frozenset({JSON_OBJECT}), ignores=frozenset({JSON_SCHEMA}), owned_by="library",
                      extra={"system_fingerprint": "fp_ollama"}),
    "tgi": Flavour("tgi", frozenset({JSON_OBJECT}), owned_by="tgi", extra={"system_fingerprint": "2.4.1-native"}),
}

# What the client should settle on with each flavour (tests check it).
EXPECTED_MODE = {"openai": JSON_SCHEMA, "vllm": GUIDED_JSON, "llamacpp": JSON_SCHEMA,
                 "llama_cpp_python": JSON_OBJECT, "ollama": JSON_SCHEMA, "tgi": JSON_OBJECT}


def ramble(text: str) -> str:
    """What an unconstrained small model wraps its JSON in."""
    return f"Sure! Here is the JSON you asked for:\n```json\n{text}\n```\nLet me know if you need anything else."


def encode_body(body: Any) -> tuple[bytes, str]:
    """(payload, content type): bytes go out as plain text, everything else as JSON."""
    if isinstance(body, bytes):
        return body, "text/plain; charset=utf-8"
    return json.dumps(body).encode("utf-8"), "application/json"
