"""How a JSON schema travels to an OpenAI-compatible server, and how a refusal of it is recognised.

Servers differ in what they accept; each mode below is what one family documents:

- ``json_schema``: OpenAI's ``response_format: {"type": "json_schema", ...}`` (OpenAI, current vLLM,
  llama.cpp's llama-server, Ollama >= 0.5).
- ``json_object``: ``{"type": "json_object", "schema": ...}`` as llama-cpp-python's server reads it
  (abetlen/llama-cpp-python#1122), with the same schema under ``"value"`` as TGI reads it
  (huggingface/text-generation-inference#2046). Each server ignores the other's key.
- ``guided_json``: vLLM's extra body field, for vLLM versions whose ``response_format`` takes only
  text / json_object (vLLM renamed it ``structured_outputs.json`` in 0.10.2; both are sent).
- ``text``: no format at all; the schema goes into the prompt and the client parses, repairs, re-asks.

A refusal is an error reply whose body names the format (response_format, json_schema, grammar, ...),
whatever its status code: llama-cpp-python answers json_schema with HTTP 500, TGI with 422, vLLM and
llama.cpp with 400.
"""

from __future__ import annotations

import json
import re
from typing import Any

JSON_SCHEMA = "json_schema"
JSON_OBJECT = "json_object"
GUIDED_JSON = "guided_json"
TEXT = "text"
MODES = (JSON_SCHEMA, JSON_OBJECT, GUIDED_JSON, TEXT)

_REFUSAL_WORDS = re.compile(
    r"response_format|json_schema|json_object|guided_json|structured_outputs|grammar|'text' or 'json_object'",
    re.IGNORECASE,
)
# Statuses that say something about the request, not about the server's health.
_NOT_A_REFUSAL = {401, 403, 404, 408, 429}


def is_format_refusal(status: int, body_text: str) -> bool:
    """Whether an error reply refuses the structured-output field (rather than the request as a whole)."""
    return status >= 400 and status not in _NOT_A_REFUSAL and bool(_REFUSAL_WORDS.search(body_text or ""))


def next_mode(mode: str, *, vllm: bool) -> str:
    """The mode to try after a server refused `mode`."""
    if mode == JSON_SCHEMA:
        return GUIDED_JSON if vllm else JSON_OBJECT
    return TEXT


# Bounds that grammar-constrained decoding expands into one rule per repetition: llama.cpp turns
# maxLength 1500 into a grammar it cannot parse, and its server then dies. The reply is still
# validated against the full model, so the bounds are enforced after decoding instead.
# Small item counts are the exception where a grammar decodes them (json_object, guided_json): a
# schema asking for exactly three answers makes a small model write three, not two or five. OpenAI's
# strict json_schema refuses item bounds, so that mode never gets them.
_LENGTH_BOUNDS = frozenset({"minLength", "maxLength"})
_ITEM_BOUNDS = frozenset({"minItems", "maxItems"})
SMALL_ITEM_BOUND = 8


def decoding_schema(schema: Any, *, item_bounds: bool = False) -> Any:
    """`schema` without length bounds, and without item-count bounds unless `item_bounds` and small."""
    if isinstance(schema, dict):
        out = {}
        for k, v in schema.items():
            if k in _LENGTH_BOUNDS:
                continue
            if k in _ITEM_BOUNDS and not (item_bounds and isinstance(v, int) and v <= SMALL_ITEM_BOUND):
                continue
            out[k] = decoding_schema(v, item_bounds=item_bounds)
        return out
    if isinstance(schema, list):
        return [decoding_schema(v, item_bounds=item_bounds) for v in schema]
    return schema


def apply_mode(body: dict[str, Any], mode: str, schema: dict[str, Any], name: str, *, strict: bool) -> None:
    """Put `schema` into a chat-completions request body the way `mode` says (bounds left to validation)."""
    schema = decoding_schema(schema, item_bounds=mode in (JSON_OBJECT, GUIDED_JSON))
    if mode == JSON_SCHEMA:
        body["response_format"] = {"type": "json_schema",
                                   "json_schema": {"name": name, "schema": schema, "strict": strict}}
    elif mode == JSON_OBJECT:
        body["response_format"] = {"type": "json_object", "schema": schema, "value": schema}
    elif mode == GUIDED_JSON:
        body["guided_json"] = schema
        body["structured_outputs"] = {"json": schema}
    elif mode == TEXT:
        body["messages"] = with_schema_instruction(body["messages"], schema)
    else:  # pragma: no cover - a programming error
        raise ValueError(f"unknown structured-output mode {mode!r}")


def with_schema_instruction(messages: list[dict[str, Any]], schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The messages with a system instruction to answer with JSON fitting `schema` (for servers that enforce none)."""
    note = ("Answer with one JSON value and nothing else (no prose, no code fence). "
            f"It must validate against this JSON Schema: {json.dumps(schema, ensure_ascii=False, sort_keys=True)}")
    if messages and messages[0].get("role") == "system":
        first = {**messages[0], "content": f"{messages[0].get('content', '')}\n\n{note}"}
        return [first, *messages[1:]]
    return [{"role": "system", "content": note}, *messages]


def looks_like_vllm(error_body: Any, models_body: Any) -> bool:
    """vLLM's error replies are ``{"object": "error", ...}`` and its /v1/models says ``owned_by: vllm``."""
    if isinstance(error_body, dict) and error_body.get("object") == "error":
        return True
    data = models_body.get("data") if isinstance(models_body, dict) else None
    return isinstance(data, list) and any(isinstance(m, dict) and m.get("owned_by") == "vllm" for m in data)
