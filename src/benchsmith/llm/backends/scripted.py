"""Scripted responses, for tests and documentation: no model, fully deterministic.

Address: `scripted/path/to/file.json` (also .jsonl, .yaml/.yml), or
`get_client("scripted/name", responses=...)` with a mapping, a list or a callable.

A script is a list of rules, tried in this order for every request:

1. `{"prompt": "...", "response": ...}` — the last user message equals the prompt;
2. `{"match": "regex", "response": ...}` — the regex is found in the last user message;
3. `{"response": ...}` with neither key — consumed in sequence, one per request;
4. the `default` response, when given.

A file may be that list, `{"rules": [...], "default": ...}`, or a plain
`{prompt: response}` mapping. JSONL files hold one rule per line. A response
that is not a string is sent as its JSON text; `{"error": "transient"|"permanent",
"message": ...}` as a response raises the matching error, to script failures.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.fileio import iter_jsonl, read_text
from benchsmith.llm.address import ModelAddress
from benchsmith.llm.backends import BACKENDS
from benchsmith.llm.base import GenerationConfig, Message, PermanentError, RawResponse, TransientError, Usage

Responder = Callable[[list[Message]], Any]


@dataclass(frozen=True)
class _Rule:
    response: Any
    prompt: str | None = None
    pattern: re.Pattern[str] | None = None


def _last_user(messages: Sequence[Message]) -> str:
    for message in reversed(messages):
        if message.role == "user":
            return message.content
    return ""


def _as_text(response: Any) -> str:
    if isinstance(response, str):
        return response
    return json.dumps(response, ensure_ascii=False)


class ScriptedResponses:
    """The rules of a script and the state of its sequence."""

    def __init__(self, rules: Sequence[_Rule], default: Any = None, *, has_default: bool = False,
                 responder: Responder | None = None, source: str = "inline") -> None:
        self._exact = {r.prompt: r for r in rules if r.prompt is not None}
        self._patterns = [r for r in rules if r.pattern is not None]
        self._sequence = [r for r in rules if r.prompt is None and r.pattern is None]
        self._next = itertools.count()
        self._lock = threading.Lock()
        self._default = default
        self._has_default = has_default
        self._responder = responder
        self.source = source

    # -- construction ------------------------------------------------------
    @classmethod
    def from_value(cls, value: Any, *, source: str = "inline", path: Path | None = None) -> ScriptedResponses:
        """Build from a mapping, a list of rules or responses, or a callable."""
        if callable(value):
            return cls([], responder=value, source=source)
        default, has_default = None, False
        if isinstance(value, Mapping) and ("rules" in value or "default" in value):
            has_default = "default" in value
            default = value.get("default")
            value = value.get("rules", [])
        if isinstance(value, Mapping):
            rules = [_Rule(response=resp, prompt=str(prompt)) for prompt, resp in value.items()]
        elif isinstance(value, Sequence) and not isinstance(value, str):
            rules = [cls._rule(item, index, path) for index, item in enumerate(value)]
        else:
            raise InputError("a script must be a list of rules, a {prompt: response} mapping or "
                             "{rules: [...], default: ...}", path=path)
        return cls(rules, default, has_default=has_default, source=source)

    @staticmethod
    def _rule(item: Any, index: int, path: Path | None, line: int | None = None) -> _Rule:
        where = {"path": path, "line": line, "json_path": None if line else f"$[{index}]"}
        if not isinstance(item, Mapping) or not ({"prompt", "match", "response"} & item.keys()):
            # A bare value in a list (a string, or a JSON object to send) is a response in the sequence.
            return _Rule(response=item)
        if "response" not in item:
            raise InputError("a rule needs a 'response'", **where)
        pattern = None
        if "match" in item:
            try:
                pattern = re.compile(str(item["match"]))
            except re.error as exc:
                raise InputError(f"invalid regex {item['match']!r}: {exc}", **where) from exc
        prompt = str(item["prompt"]) if "prompt" in item else None
        return _Rule(response=item["response"], prompt=prompt, pattern=pattern)

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedResponses:
        """Read a script from .json, .jsonl, .yaml or .yml."""
        p = Path(path)
        if p.suffix == ".jsonl":
            rules = [cls._rule(item, i, p, line=lineno) for i, (lineno, item) in enumerate(iter_jsonl(p))]
            return cls(rules, source=str(p))
        text = read_text(p)
        if p.suffix in (".yaml", ".yml"):
            import yaml

            try:
                value = yaml.safe_load(text)
            except yaml.YAMLError as exc:
                mark = getattr(exc, "problem_mark", None)
                raise InputError(f"invalid YAML: {exc}", path=p, line=mark.line + 1 if mark else None) from exc
        else:
            try:
                value = json.loads(text)
            except json.JSONDecodeError as exc:
                raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})", path=p, line=exc.lineno) from exc
        return cls.from_value(value, source=str(p), path=p)

    # -- answering ---------------------------------------------------------
    def respond(self, messages: list[Message]) -> str:
        """The scripted text for these messages.

        Raises:
            LookupError: no rule matches and there is no default.
            TransientError / PermanentError: the matching response scripts a failure.
        """
        if self._responder is not None:
            return self._finish(self._responder(messages))
        prompt = _last_user(messages)
        rule = self._exact.get(prompt)
        if rule is None:
            rule = next((r for r in self._patterns if r.pattern and r.pattern.search(prompt)), None)
        if rule is None and self._sequence:
            with self._lock:
                i = next(self._next)
            if i < len(self._sequence):
                rule = self._sequence[i]
        if rule is not None:
            return self._finish(rule.response)
        if self._has_default:
            return self._finish(self._default)
        raise LookupError(f"no scripted response for prompt {prompt[:120]!r} in {self.source}")

    @staticmethod
    def _finish(response: Any) -> str:
        if isinstance(response, Mapping) and set(response) <= {"error", "message", "retry_after", "status"} \
                and response.get("error") in ("transient", "permanent"):
            message = str(response.get("message") or f"scripted {response['error']} error")
            if response["error"] == "transient":
                raise TransientError(message, retry_after=response.get("retry_after"), status=response.get("status"))
            raise PermanentError(message, status=response.get("status"))
        return _as_text(response)


class ScriptedBackend:
    """A backend that answers from a `ScriptedResponses` script."""

    provider = "scripted"

    def __init__(self, address: ModelAddress, *, responses: Any = None, timeout_s: float = 60.0,
                 concurrency: int = 8) -> None:
        del timeout_s, concurrency  # nothing to wait on
        self.model = address.model
        self.model_id = address.spec
        if responses is not None:
            self.script = ScriptedResponses.from_value(responses, source=address.model)
            self.cache_identity = "inline:" + _fingerprint(responses)
        else:
            path = Path(address.model)
            if not path.is_file():
                raise InputError("scripted responses file not found (scripted/PATH or responses=...)", path=path)
            self.script = ScriptedResponses.from_file(path)
            self.cache_identity = "file:" + hashlib.sha256(path.read_bytes()).hexdigest()

    async def generate(self, messages: list[Message], config: GenerationConfig,
                       response_schema: dict[str, Any] | None = None, **_: Any) -> RawResponse:
        try:
            text = self.script.respond(messages)
        except LookupError as exc:
            raise PermanentError(str(exc)) from exc
        prompt_chars = sum(len(m.content) for m in messages)
        return RawResponse(text=text, usage=Usage(prompt_tokens=max(1, prompt_chars // 4),
                                                  completion_tokens=max(1, len(text) // 4) if text else 0),
                           finish_reason="stop")


def _fingerprint(responses: Any) -> str:
    if callable(responses):
        # A callable's answers cannot be hashed; key on its identity so different functions never share entries.
        return f"callable:{getattr(responses, '__module__', '')}.{getattr(responses, '__qualname__', repr(responses))}"
    try:
        blob = json.dumps(responses, sort_keys=True, default=str)
    except TypeError:
        blob = repr(responses)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@BACKENDS.register("scripted")
def create(address: ModelAddress, **options: Any) -> ScriptedBackend:
    return ScriptedBackend(address, **options)
