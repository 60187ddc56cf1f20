"""A local OpenAI-compatible HTTP server for tests, documentation and benchmarks.

It binds to 127.0.0.1 on a free port and answers `POST /v1/chat/completions`
and `GET /v1/models`. What it replies is decided per request by a responder
(a callable, a fixed text, or an echo of the last user message); it can answer
after a fixed delay, refuse `response_format` json_schema with a 400 (so the
client's text-parsing fallback is exercised), and it counts requests in total,
per prompt and in flight. A `flavour` (stub_flavours.py: openai, vllm, llamacpp,
llama_cpp_python, ollama, tgi) makes it treat structured-output fields, errors
and usage the way that server family does.

    with StubServer(responder=sequence(StubReply(429, retry_after=0.01), "ok")) as srv:
        client = get_client(f"openai/stub@{srv.base_url}")

Run standalone for subprocess tests and benchmarks:

    python -m benchsmith.llm.stub_server --port 0 --delay 0.05 --echo
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from benchsmith.llm.stub_flavours import FLAVOURS, Flavour, encode_body, ramble, requested_mode
from benchsmith.llm.stub_replies import (
    Reply,
    Responder,
    StubReply,
    echo_responder,
    last_user_message,
    per_prompt,
    sequence,
)

__all__ = ["StubReply", "StubServer", "sequence", "per_prompt", "echo_responder", "last_user_message"]


def _estimate_tokens(text: str) -> int:
    return max(1, len(text) // 4) if text else 0


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real servers do
    server: _HTTPServer

    def setup(self) -> None:
        super().setup()
        # Header and body go out in one write, but disable Nagle anyway so a
        # small reply never waits for the client's delayed ACK.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass

    def _send(self, status: int, body: Any, headers: Mapping[str, str] | None = None) -> None:
        payload = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
        headers = dict(headers or {})
        lines = [f"HTTP/1.1 {status} {self.responses.get(status, ('',))[0]}",
                 f"Content-Type: {headers.pop('Content-Type', 'application/json')}",
                 f"Content-Length: {len(payload)}"]
        for key, value in headers.items():
            lines.append(f"{key}: {value}")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        self.wfile.write(head + payload)
        self.wfile.flush()

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        if self.path.rstrip("/") in ("/v1/models", "/models"):
            flavour = self.server.stub.flavour
            owner = flavour.owned_by if flavour is not None else "benchsmith-stub"
            data = [{"id": m, "object": "model", "owned_by": owner} for m in self.server.stub.models]
            self._send(200, {"object": "list", "data": data})
        else:
            self._send(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        try:
            request = json.loads(raw or b"{}")
        except json.JSONDecodeError as exc:
            self._send(400, {"error": {"message": f"invalid JSON body: {exc}"}})
            return
        if not isinstance(request, dict):
            self._send(400, {"error": {"message": "the request body must be a JSON object"}})
            return
        status, body, headers = self.server.stub._handle(request)
        self._send(status, body, headers)


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 1024
    stub: StubServer


class StubServer:
    """An OpenAI-compatible chat server on 127.0.0.1, for tests and benchmarks.

    Args:
        responder: callable(request json) -> reply text, `StubReply` or a full JSON body
            dict; default echoes the last user message. A text, StubReply or dict given
            directly is the reply to every request; a list is replied in order (see `sequence`).
        delay: seconds to wait before every reply (simulated model latency).
        accept_json_schema: when False, a request with response_format json_schema gets
            a 400 that names response_format, as servers without structured output do.
        flavour: a server family from `stub_flavours.FLAVOURS` (or a `Flavour`): which
            structured-output fields are enforced, ignored or refused (with that server's
            status and body), its /v1/models owner and extra reply fields.
        models: model ids listed by GET /v1/models.
        host: interface to bind (127.0.0.1 unless told otherwise).
        port: port to bind; 0 picks a free one.

    Counters (thread-safe): `requests` (total chat requests), `prompt_counts`
    (a Counter keyed by the last user message), `max_in_flight`, `received`
    (every request body, in arrival order).
    """

    def __init__(
        self,
        responder: Responder | Reply | list[Reply] | None = None,
        *,
        delay: float = 0.0,
        accept_json_schema: bool = True,
        flavour: str | Flavour | None = None,
        models: Iterable[str] = ("stub-model",),
        host: str = "127.0.0.1",
        port: int = 0,
        keep_requests: bool = True,
    ) -> None:
        if isinstance(responder, (list, tuple)):  # replies in order, the last one repeating
            responder = sequence(*responder)
        elif responder is not None and not callable(responder):  # a fixed reply for every request
            fixed = responder
            responder = lambda _request: fixed  # noqa: E731
        self.responder: Responder = responder or echo_responder
        self.delay = delay
        self.accept_json_schema = accept_json_schema
        if isinstance(flavour, str):
            if flavour not in FLAVOURS:
                raise ValueError(f"unknown stub flavour {flavour!r}; known: {', '.join(FLAVOURS)}")
            flavour = FLAVOURS[flavour]
        self.flavour: Flavour | None = flavour
        self.models = list(models)
        self.keep_requests = keep_requests
        self._lock = threading.Lock()
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.prompt_counts: Counter[str] = Counter()
        self.received: list[dict[str, Any]] = []
        self._httpd = _HTTPServer((host, port), _Handler)
        self._httpd.stub = self
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------
    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        """The OpenAI base URL, e.g. http://127.0.0.1:40123/v1."""
        return f"http://{self._httpd.server_address[0]}:{self.port}/v1"

    def start(self) -> StubServer:
        if self._thread is None:
            self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                            name=f"stub-server-{self.port}", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def serve_forever(self) -> None:
        """Serve in the calling thread until interrupted."""
        self._httpd.serve_forever(poll_interval=0.2)

    # -- counters ----------------------------------------------------------
    def count_for(self, prompt: str) -> int:
        """How many chat requests had `prompt` as their last user message."""
        with self._lock:
            return self.prompt_counts[prompt]

    def reset_counts(self) -> None:
        with self._lock:
            self.requests = 0
            self.max_in_flight = self.in_flight
            self.prompt_counts.clear()
            self.received.clear()

    # -- request handling --------------------------------------------------
    def _handle(self, request: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
        prompt = last_user_message(request)
        with self._lock:
            self.requests += 1
            self.prompt_counts[prompt] += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            if self.keep_requests:
                self.received.append(request)
        try:
            return self._reply(request)
        finally:
            with self._lock:
                self.in_flight -= 1

    def _refusal(self, request: dict[str, Any]) -> tuple[int, Any, dict[str, str]] | None:
        if self.flavour is not None:
            if request.get("stream"):
                return 400, {"error": {"message": "the stub server does not stream"}}, {}
            refusal = self.flavour.refusal(requested_mode(request), request)
            if refusal is None:
                return None
            payload, content_type = encode_body(refusal.body)
            return refusal.status, payload, {"Content-Type": content_type}
        response_format = request.get("response_format") or {}
        if response_format.get("type") == "json_schema" and not self.accept_json_schema:
            return 400, {"error": {"message": "response_format of type json_schema is not supported by this server",
                                   "type": "invalid_request_error", "param": "response_format"}}, {}
        return None

    def _reply(self, request: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
        refused = self._refusal(request)
        if refused is not None:
            if self.delay:
                time.sleep(self.delay)
            return refused
        try:
            reply = self.responder(request)
        except Exception as exc:  # a broken responder is a 500, not a dead server thread
            reply = StubReply(500, body={"error": {"message": f"responder failed: {exc!r}"}})
        if isinstance(reply, str):
            reply = StubReply(text=reply)
        elif isinstance(reply, dict):
            reply = StubReply(body=reply)
        delay = self.delay if reply.delay is None else reply.delay
        if delay:
            time.sleep(delay)
        headers = dict(reply.headers)
        if reply.retry_after is not None:
            headers["Retry-After"] = str(reply.retry_after)
        if reply.body is not None:
            return reply.status, reply.body, headers
        if reply.status != 200:
            return reply.status, {"error": {"message": reply.text or f"stub status {reply.status}"}}, headers
        text = reply.text or ""
        flavour = self.flavour
        if flavour is not None and not flavour.constrains(requested_mode(request)) and _is_json(text):
            text = ramble(text)  # nothing holds the model to JSON: it chats around it
        prompt_chars = sum(len(str(m.get("content", ""))) for m in request.get("messages") or [])
        usage = dict(reply.usage) if reply.usage is not None else {
            "prompt_tokens": max(1, prompt_chars // 4),
            "completion_tokens": _estimate_tokens(text),
        }
        usage.setdefault("total_tokens", usage.get("prompt_tokens", 0) + usage.get("completion_tokens", 0))
        body = {
            "id": f"chatcmpl-stub-{self.requests}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": request.get("model", self.models[0] if self.models else "stub-model"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": usage,
        }
        if flavour is not None:
            body.update(flavour.extra)
            if not flavour.usage:
                del body["usage"]
        return 200, body, headers


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _script_responder(path: str) -> Responder:
    from benchsmith.llm.backends.scripted import ScriptedResponses

    script = ScriptedResponses.from_file(path)

    def respond(request: dict[str, Any]) -> Reply:
        from benchsmith.llm.base import Message

        messages = [Message(role=m["role"], content=str(m.get("content") or "")) for m in request.get("messages", [])]
        try:
            return script.respond(messages)
        except LookupError as exc:
            return StubReply(404, body={"error": {"message": str(exc)}})

    return respond


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Local OpenAI-compatible stub server (tests, docs, benchmarks).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (printed on start)")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds before each reply")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--echo", action="store_true", help="reply with the last user message (the default)")
    mode.add_argument("--reply", help="reply with this fixed text")
    mode.add_argument("--script", help="reply from a scripted-backend file (JSON/JSONL/YAML)")
    parser.add_argument("--no-json-schema", action="store_true", help="refuse response_format json_schema with 400")
    parser.add_argument("--flavour", choices=sorted(FLAVOURS), help="behave like this server family")
    args = parser.parse_args(argv)
    responder: Responder | str | None = None
    if args.reply is not None:
        responder = args.reply
    elif args.script:
        responder = _script_responder(args.script)
    server = StubServer(responder, delay=args.delay, accept_json_schema=not args.no_json_schema, flavour=args.flavour,
                        host=args.host, port=args.port, keep_requests=False)
    print(f"listening on {server.base_url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        sys.stdout.flush()


if __name__ == "__main__":
    main()
