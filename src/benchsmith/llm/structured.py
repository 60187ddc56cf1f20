"""Structured output without trusting the model: extract JSON, validate, explain failures.

Servers that enforce a JSON schema still get their output validated here; for
the rest the text is searched for JSON (fenced blocks, or the first balanced
object or array amid chatter) before validation against the pydantic model.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from benchsmith.prompting import render

UNPARSEABLE = "unparseable_output"
SCHEMA_VALIDATION = "schema_validation"
REQUEST_FAILED = "request_failed"

_FENCE = re.compile(r"```[ \t]*(?:json|JSON|json5)?[ \t]*\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


@dataclass(frozen=True)
class ParseFailure:
    """Why a reply could not become a valid instance."""

    reason: str  # UNPARSEABLE or SCHEMA_VALIDATION
    detail: str


@lru_cache(maxsize=256)
def _adapter(response_model: Any) -> TypeAdapter:
    return TypeAdapter(response_model)


def json_schema_for(response_model: Any) -> dict[str, Any]:
    """The JSON Schema of a pydantic model (or any type pydantic can adapt); a dict is taken as a schema."""
    if isinstance(response_model, dict):
        return response_model
    return _cached_schema(response_model)


@lru_cache(maxsize=256)
def _cached_schema(response_model: Any) -> dict[str, Any]:
    # Building a schema walks the whole model; steps ask with the same model thousands of times.
    if isinstance(response_model, type) and issubclass(response_model, BaseModel):
        return response_model.model_json_schema()
    return _adapter(response_model).json_schema()


def schema_name(response_model: Any, schema: dict[str, Any]) -> str:
    """A name for response_format.json_schema.name: letters, digits, '_' and '-', at most 64."""
    raw = getattr(response_model, "__name__", None) or schema.get("title") or "response"
    return re.sub(r"[^A-Za-z0-9_-]", "_", str(raw))[:64] or "response"


def _balanced_end(text: str, start: int) -> int | None:
    """Index just past the bracket that closes text[start], skipping over strings."""
    depth = 0
    in_string = False
    escaped = False
    for i in range(start, len(text)):
        ch = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def _loads(candidate: str) -> tuple[bool, Any]:
    for attempt in (candidate, _TRAILING_COMMA.sub(r"\1", candidate)):
        try:
            return True, json.loads(attempt)
        except json.JSONDecodeError:
            continue
    return False, None


def extract_json(text: str) -> tuple[bool, Any]:
    """Find the JSON value in a model reply.

    Tries, in order: the whole reply; each ```json fenced block; the first
    balanced `{...}` or `[...]` that parses. Trailing commas are forgiven.

    Returns:
        (found, value).
    """
    stripped = text.strip()
    if not stripped:
        return False, None
    ok, value = _loads(stripped)
    if ok:
        return True, value
    for block in _FENCE.findall(text):
        ok, value = _loads(block.strip())
        if ok:
            return True, value
    for start, ch in enumerate(text):
        if ch not in "{[":
            continue
        end = _balanced_end(text, start)
        if end is None:
            continue
        ok, value = _loads(text[start:end])
        if ok:
            return True, value
    return False, None


def _describe(exc: ValidationError, limit: int = 8) -> str:
    parts = []
    for err in exc.errors()[:limit]:
        where = ".".join(str(p) for p in err.get("loc", ())) or "(root)"
        parts.append(f"{where}: {err.get('msg')}")
    more = len(exc.errors()) - limit
    if more > 0:
        parts.append(f"... and {more} more")
    return "; ".join(parts)


def parse_structured(text: str, response_model: Any) -> Any | ParseFailure:
    """Validate a reply against `response_model`; a `ParseFailure` says why it failed."""
    found, value = extract_json(text)
    if not found:
        return ParseFailure(UNPARSEABLE, "no JSON object or array found in the reply")
    if isinstance(response_model, dict):
        return _validate_with_jsonschema(value, response_model)
    try:
        if isinstance(response_model, type) and issubclass(response_model, BaseModel):
            return response_model.model_validate(value)
        return _adapter(response_model).validate_python(value)
    except ValidationError as exc:
        return ParseFailure(SCHEMA_VALIDATION, _describe(exc))


def _validate_with_jsonschema(value: Any, schema: dict[str, Any]) -> Any | ParseFailure:
    """Validate a plain JSON value against a JSON Schema dict (when a step passes a schema, not a model)."""
    import jsonschema

    validator_cls = jsonschema.validators.validator_for(schema)
    errors = sorted(validator_cls(schema).iter_errors(value), key=lambda e: list(e.absolute_path))
    if not errors:
        return value
    parts = [f"{e.json_path}: {e.message}" for e in errors[:8]]
    return ParseFailure(SCHEMA_VALIDATION, "; ".join(parts))


def repair_prompt(failure: ParseFailure, schema: dict[str, Any]) -> str:
    """The follow-up user message asking the model to fix its reply."""
    return render("llm_repair.v1.j2", error=failure.detail, schema=json.dumps(schema, ensure_ascii=False))
