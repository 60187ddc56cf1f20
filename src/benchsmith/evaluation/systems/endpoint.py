"""Score the user's own RAG system over HTTP.

For every query the client POSTs JSON {question, history, id} (field names
configurable) to the URL and reads {answer, contexts} back. Requests run
concurrently; a timeout, connection error, 429 or 5xx is retried with
exponential backoff (honouring Retry-After); other 4xx fail at once. A query
that still fails yields a Prediction with `error` set.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from benchsmith.evaluation.benchmark import EvalQuery
from benchsmith.evaluation.systems.predictions import ContextPassage, Prediction

_RETRY_STATUS = {408, 425, 429, 500, 502, 503, 504}


@dataclass(frozen=True)
class EndpointConfig:
    """How to talk to the endpoint.

    Attributes:
        url: where to POST.
        question_field / history_field / id_field: request field names (history_field None: not sent).
        answer_field / contexts_field: response field names; dotted paths reach into nested objects ("data.answer").
        headers: extra request headers (e.g. authorization).
        extra: constant fields added to every request.
        timeout_s: per-request timeout.
        max_retries: retries after the first attempt.
        backoff_s: first backoff window; doubles each retry (with jitter), capped at max_backoff_s.
        concurrency: requests in flight at once.
    """

    url: str
    question_field: str = "question"
    history_field: str | None = "history"
    id_field: str | None = "id"
    answer_field: str = "answer"
    contexts_field: str | None = "contexts"
    headers: Mapping[str, str] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    timeout_s: float = 60.0
    max_retries: int = 3
    backoff_s: float = 0.5
    max_backoff_s: float = 30.0
    concurrency: int = 4

    def __post_init__(self) -> None:
        check_url(self.url)


def check_url(url: str) -> None:
    """An http(s) URL with a host, or an InputError now (a malformed URL is not worth retrying)."""
    from urllib.parse import urlsplit

    from benchsmith.errors import InputError

    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise InputError(f"--endpoint {url!r} is not a valid URL: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or any(ch.isspace() for ch in url.strip()):
        raise InputError(f"--endpoint {url!r} is not an http(s) URL with a host, e.g. http://localhost:8000/answer")


class EndpointError(Exception):
    pass


def _dig(value: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        if not isinstance(value, Mapping) or part not in value:
            raise EndpointError(f"response has no field {dotted!r}")
        value = value[part]
    return value


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return float(response.headers.get("retry-after", ""))
    except ValueError:
        return None


class EndpointSystem:
    """The user's system behind an HTTP endpoint."""

    def __init__(self, config: EndpointConfig | str, *, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.config = EndpointConfig(url=config) if isinstance(config, str) else config
        self._transport = transport
        self.attempts = 0

    def settings(self) -> dict[str, Any]:
        c = self.config
        return {"system": "endpoint", "url": c.url, "timeout_s": c.timeout_s, "max_retries": c.max_retries,
                "concurrency": c.concurrency, "fields": {"question": c.question_field, "history": c.history_field,
                                                          "id": c.id_field, "answer": c.answer_field,
                                                          "contexts": c.contexts_field}}

    def request_body(self, query: EvalQuery) -> dict[str, Any]:
        c = self.config
        body: dict[str, Any] = dict(c.extra)
        body[c.question_field] = query.question
        if c.history_field:
            body[c.history_field] = [{"role": t.role, "content": t.content} for t in query.history]
        if c.id_field:
            body[c.id_field] = query.query_id
        return body

    def parse_response(self, query: EvalQuery, payload: Any) -> Prediction:
        c = self.config
        answer = _dig(payload, c.answer_field)
        if not isinstance(answer, str):
            raise EndpointError(f"field {c.answer_field!r} is not a string")
        contexts: list[ContextPassage] = []
        if c.contexts_field:
            try:
                raw = _dig(payload, c.contexts_field)
            except EndpointError:
                raw = []
            if raw is not None and not isinstance(raw, list):
                raise EndpointError(f"field {c.contexts_field!r} is not a list")
            for item in raw or []:
                if isinstance(item, str):
                    contexts.append(ContextPassage(text=item))
                elif isinstance(item, Mapping) and isinstance(item.get("text"), str):
                    cid = item.get("id", item.get("document_id"))
                    contexts.append(ContextPassage(id=None if cid is None else str(cid), text=item["text"]))
                else:
                    raise EndpointError("each context must be a string or an object with 'text'")
        return Prediction(id=query.query_id, answer=answer, contexts=contexts)

    async def _ask(self, client: httpx.AsyncClient, query: EvalQuery) -> Prediction:
        c = self.config
        error, retries = "no attempt made", 0
        for attempt in range(c.max_retries + 1):
            retries = attempt
            self.attempts += 1
            wait: float | None = None
            try:
                response = await client.post(c.url, json=self.request_body(query))
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            else:
                if response.status_code < 300:
                    try:
                        return self.parse_response(query, response.json())
                    except (ValueError, EndpointError) as exc:
                        return Prediction(id=query.query_id, answer="", error=f"bad response: {exc}")
                error = f"HTTP {response.status_code}: {response.text[:200]}"
                if response.status_code not in _RETRY_STATUS:
                    break
                wait = _retry_after(response)
            if attempt < c.max_retries:
                backoff = min(c.max_backoff_s, c.backoff_s * 2 ** attempt) * (0.5 + random.random() / 2)
                await asyncio.sleep(min(c.max_backoff_s, wait) if wait is not None else backoff)
        return Prediction(id=query.query_id, answer="", error=f"{error} (after {retries} retries)")

    async def arun(self, queries: Sequence[EvalQuery], on_done: Callable[[], None] | None = None) -> list[Prediction]:
        """Ask the endpoint about every query; results in input order."""
        c = self.config
        semaphore = asyncio.Semaphore(max(1, c.concurrency))
        limits = httpx.Limits(max_connections=max(1, c.concurrency))
        async with httpx.AsyncClient(timeout=c.timeout_s, headers=dict(c.headers), limits=limits,
                                     transport=self._transport) as client:
            async def one(query: EvalQuery) -> Prediction:
                async with semaphore:
                    pred = await self._ask(client, query)
                if on_done:
                    on_done()
                return pred

            return list(await asyncio.gather(*(one(q) for q in queries)))

    def run(self, queries: Sequence[EvalQuery]) -> list[Prediction]:
        return asyncio.run(self.arun(queries))
