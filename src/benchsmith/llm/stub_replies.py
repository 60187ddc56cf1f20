"""What the stub server answers: scripted replies and the responders that pick them per request."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class StubReply:
    """One scripted answer: a status code, the assistant text, extra headers.

    `retry_after` adds a Retry-After header (seconds, or an HTTP date string).
    `body` replaces the whole JSON body (for malformed or unusual replies).
    `delay` overrides the server's fixed delay for this reply.
    """

    status: int = 200
    text: str | None = None
    retry_after: float | str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    body: Any = None
    delay: float | None = None
    usage: Mapping[str, int] | None = None


Reply = str | StubReply | dict
Responder = Callable[[dict[str, Any]], Reply]


def last_user_message(request: Mapping[str, Any]) -> str:
    """The content of the last user message of a chat request ('' if none)."""
    for message in reversed(request.get("messages") or []):
        if isinstance(message, Mapping) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, list):  # OpenAI content parts
                return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
            return str(content or "")
    return ""


def echo_responder(request: dict[str, Any]) -> Reply:
    """Reply with the last user message unchanged."""
    return last_user_message(request)


def sequence(*replies: Reply, repeat_last: bool = True) -> Responder:
    """A responder that gives `replies` in order across requests (thread-safe).

    After the last reply it keeps giving the last one (or a 500 when `repeat_last` is False).
    """
    if not replies:
        raise ValueError("sequence() needs at least one reply")
    lock = threading.Lock()
    counter = itertools.count()

    def respond(_request: dict[str, Any]) -> Reply:
        with lock:
            i = next(counter)
        if i < len(replies):
            return replies[i]
        return replies[-1] if repeat_last else StubReply(500, body={"error": {"message": "script exhausted"}})

    return respond


def per_prompt(mapping: Mapping[str, Reply | Iterable[Reply]], default: Reply | None = None) -> Responder:
    """A responder keyed by the last user message; a list value is a sequence for that prompt."""
    responders: dict[str, Responder] = {}
    for prompt, value in mapping.items():
        if isinstance(value, (str, StubReply, dict)):
            responders[prompt] = sequence(value)
        else:
            responders[prompt] = sequence(*value)

    def respond(request: dict[str, Any]) -> Reply:
        prompt = last_user_message(request)
        if prompt in responders:
            return responders[prompt](request)
        if default is not None:
            return default
        return StubReply(404, body={"error": {"message": f"no scripted reply for prompt {prompt[:80]!r}"}})

    return respond
