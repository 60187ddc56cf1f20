"""The local review server: the page, its three static files, and a small JSON API over a `ReviewSession`.

Security:
- it binds to 127.0.0.1 unless told otherwise; bound to any other address it needs a
  random token (in the URL it prints, then an HttpOnly SameSite cookie), and answers
  403 to any request without it;
- on loopback it answers only requests addressed to a loopback host name, so a web
  page elsewhere cannot reach it through DNS rebinding;
- writes are JSON POSTs from the same origin (a form on another site cannot send them);
- static files come from a fixed list of names, never from a path in the request;
- corpus text reaches the page as JSON and is put in as text nodes; the page's content
  security policy allows no inline script;
- the only files written are the trail in BENCH/review/.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
import secrets
from http import HTTPStatus
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs, urlsplit

from benchsmith.errors import BenchsmithError, InputError
from benchsmith.review.revalidate import EditRefused
from benchsmith.review.session import ReviewSession

log = logging.getLogger(__name__)

STATIC = {"review.js": "text/javascript; charset=utf-8", "review.css": "text/css; charset=utf-8",
          "index.html": "text/html; charset=utf-8"}
MAX_BODY = 1 << 20
TOKEN_COOKIE = "benchsmith_review_token"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class ReviewServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, session: ReviewSession, host: str = "127.0.0.1", port: int = 8765, *,
                 token: str | None = None) -> None:
        self.session = session
        self.loopback = is_loopback(host)
        # Beyond loopback a token is always required; on loopback only when one is given.
        self.token = token or (None if self.loopback else secrets.token_urlsafe(24))
        try:
            super().__init__((host.strip("[]"), port), _Handler)
        except OSError as exc:
            raise InputError(f"cannot listen on {host}:{port}: {exc.strerror or exc} (choose another --port)") from None

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = f"[{host}]" if ":" in str(host) else host
        return f"http://{shown}:{port}/" + (f"?token={self.token}" if self.token else "")


class _Handler(BaseHTTPRequestHandler):
    server: ReviewServer
    server_version = "benchsmith-review"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the stdlib's name
        log.debug("%s %s", self.address_string(), format % args)

    # -- replies -------------------------------------------------------------------------------
    def _send(self, status: int, body: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Security-Policy", CSP)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value: Any) -> None:
        self._send(status, json.dumps(value, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, status: int, message: str, **extra: Any) -> None:
        self._json(status, {"error": message, **extra})

    # -- checks --------------------------------------------------------------------------------
    def _host_ok(self) -> bool:
        if not self.server.loopback:
            return True
        host = (self.headers.get("Host") or "").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in LOOPBACK_NAMES

    def _given_token(self, query: dict[str, list[str]]) -> str | None:
        given = self.headers.get("X-Review-Token") or (query.get("token") or [None])[0]
        if given:
            return given
        cookie = SimpleCookie(self.headers.get("Cookie") or "")
        return cookie[TOKEN_COOKIE].value if TOKEN_COOKIE in cookie else None

    def _authorised(self, query: dict[str, list[str]]) -> bool:
        expected = self.server.token
        if expected is None:
            return True
        given = self._given_token(query) or ""
        return hmac.compare_digest(given.encode(), expected.encode())

    def _gate(self) -> tuple[str, dict[str, list[str]]] | None:
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        if not self._host_ok():
            self._error(HTTPStatus.FORBIDDEN, "requests must be addressed to 127.0.0.1 or localhost")
            return None
        if not self._authorised(query):
            self._error(HTTPStatus.FORBIDDEN, "missing or wrong token: open the URL `benchsmith review` printed")
            return None
        return parts.path, query

    # -- routes --------------------------------------------------------------------------------
    def do_HEAD(self) -> None:  # noqa: N802 - the stdlib's name
        self.do_GET()

    def do_GET(self) -> None:  # noqa: N802
        gate = self._gate()
        if gate is None:
            return
        path, query = gate
        try:
            if path in ("/", "/index.html"):
                headers = {}
                if self.server.token:
                    headers["Set-Cookie"] = f"{TOKEN_COOKIE}={self.server.token}; HttpOnly; SameSite=Strict; Path=/"
                self._send(HTTPStatus.OK, _static("index.html"), STATIC["index.html"], headers)
            elif path.startswith("/static/"):
                name = path[len("/static/"):]
                if name not in STATIC or name == "index.html":
                    self._error(HTTPStatus.NOT_FOUND, "no such file")
                else:
                    self._send(HTTPStatus.OK, _static(name), STATIC[name])
            elif path == "/api/summary":
                self._json(HTTPStatus.OK, self.server.session.summary())
            elif path == "/api/item":
                self._json(HTTPStatus.OK, self.server.session.item((query.get("id") or [""])[0]))
            elif path == "/api/report":
                self._json(HTTPStatus.OK, self.server.session.report())
            else:
                self._error(HTTPStatus.NOT_FOUND, "no such page")
        except InputError as exc:
            self._error(HTTPStatus.NOT_FOUND if "no item" in exc.message else HTTPStatus.BAD_REQUEST, exc.message)
        except Exception:  # the page shows the error; the server keeps serving
            log.exception("review request failed: %s", self.path)
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, "internal error (see the server's console)")

    def do_POST(self) -> None:  # noqa: N802
        gate = self._gate()
        if gate is None:
            return
        path, _ = gate
        if (self.headers.get("Content-Type") or "").split(";")[0].strip().lower() != "application/json":
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send application/json")
            return
        origin = self.headers.get("Origin")
        if origin and urlsplit(origin).netloc.lower() != (self.headers.get("Host") or "").lower():
            self._error(HTTPStatus.FORBIDDEN, "cross-origin request refused")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 < length <= MAX_BODY:
            self._error(HTTPStatus.BAD_REQUEST, f"a request body of 1 to {MAX_BODY} bytes is required")
            return
        try:
            body = json.loads(self.rfile.read(length))
            if not isinstance(body, dict):
                raise ValueError("not an object")
        except ValueError as exc:
            self._error(HTTPStatus.BAD_REQUEST, f"the body is not a JSON object: {exc}")
            return
        session = self.server.session
        try:
            item_id = str(body.get("item_id") or "")
            if path == "/api/decision":
                self._json(HTTPStatus.OK, session.decide(item_id, str(body.get("action") or ""), body.get("reason")))
            elif path == "/api/edit":
                self._json(HTTPStatus.OK, session.edit(item_id, body.get("changes") or {}, body.get("reason")))
            else:
                self._error(HTTPStatus.NOT_FOUND, "no such action")
        except EditRefused as exc:
            self._error(HTTPStatus.UNPROCESSABLE_ENTITY, "edit refused", reasons=exc.reasons)
        except BenchsmithError as exc:
            self._error(HTTPStatus.BAD_REQUEST, getattr(exc, "message", str(exc)))
        except Exception:
            log.exception("review request failed: %s", self.path)
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, "internal error (see the server's console)")


def _static(name: str) -> bytes:
    return files("benchsmith.review").joinpath("static", name).read_bytes()
