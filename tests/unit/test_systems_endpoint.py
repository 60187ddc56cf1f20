"""The HTTP endpoint client against a small server started on 127.0.0.1."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from benchsmith.evaluation.benchmark import EvalQuery, Turn
from benchsmith.evaluation.systems import EndpointConfig, EndpointSystem


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        server = self.server
        with server.lock:
            server.calls.append(body)
            n = sum(1 for c in server.calls if c.get("q", c.get("question")) == body.get("q", body.get("question")))
        status, payload, delay = server.behaviour(body, n)
        time.sleep(delay)
        data = json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            if status == 429:
                self.send_header("Retry-After", "0.01")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    httpd.lock = threading.Lock()
    httpd.calls = []
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def url(httpd):
    return f"http://127.0.0.1:{httpd.server_address[1]}/answer"


QUERIES = [EvalQuery(query_id="q1", question="What is up?", history=[Turn(role="user", content="hi"),
                                                                    Turn(role="assistant", content="hello")]),
           EvalQuery(query_id="q2", question="Second?")]


def test_posts_question_history_id_and_reads_answer_contexts(server):
    server.behaviour = lambda body, n: (200, {"answer": f"A:{body['question']}",
                                              "contexts": ["ctx one", {"id": "d9", "text": "ctx two"}]}, 0)
    preds = EndpointSystem(url(server)).run(QUERIES)
    assert [p.answer for p in preds] == ["A:What is up?", "A:Second?"]
    assert preds[0].context_texts == ("ctx one", "ctx two") and preds[0].contexts[1].id == "d9"
    first = next(c for c in server.calls if c["id"] == "q1")
    assert first["history"] == [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]


def test_configurable_field_names_and_nested_answer(server):
    server.behaviour = lambda body, n: (200, {"data": {"text": body["q"].upper()}}, 0)
    config = EndpointConfig(url=url(server), question_field="q", history_field=None, id_field=None,
                            answer_field="data.text", contexts_field=None, extra={"mode": "fast"})
    preds = EndpointSystem(config).run(QUERIES[1:])
    assert preds[0].answer == "SECOND?" and preds[0].contexts == []
    assert server.calls[0] == {"mode": "fast", "q": "Second?"}


def test_retries_5xx_and_429_then_succeeds(server):
    def behaviour(body, n):
        if n == 1:
            return 503, {"error": "busy"}, 0
        if n == 2:
            return 429, {"error": "slow down"}, 0
        return 200, {"answer": "ok"}, 0

    server.behaviour = behaviour
    system = EndpointSystem(EndpointConfig(url=url(server), max_retries=3, backoff_s=0.01, concurrency=2))
    preds = system.run(QUERIES)
    assert [p.answer for p in preds] == ["ok", "ok"] and all(p.error is None for p in preds)
    assert len(server.calls) == 6


def test_timeout_is_retried_then_reported(server):
    server.behaviour = lambda body, n: (200, {"answer": "late"}, 0.5)
    system = EndpointSystem(EndpointConfig(url=url(server), timeout_s=0.1, max_retries=1, backoff_s=0.01))
    started = time.perf_counter()
    pred = system.run(QUERIES[1:])[0]
    assert pred.answer == "" and "Timeout" in pred.error and "after 1 retries" in pred.error
    assert len(server.calls) == 2
    assert time.perf_counter() - started < 2


def test_client_errors_are_not_retried_and_bad_bodies_reported(server):
    server.behaviour = lambda body, n: (400, {"error": "bad request"}, 0)
    pred = EndpointSystem(EndpointConfig(url=url(server), backoff_s=0.01)).run(QUERIES[1:])[0]
    assert "HTTP 400" in pred.error and len(server.calls) == 1
    server.behaviour = lambda body, n: (200, {"text": "no answer field"}, 0)
    pred = EndpointSystem(EndpointConfig(url=url(server))).run(QUERIES[:1])[0]
    assert "bad response" in pred.error and "answer" in pred.error


def test_concurrency_limit(server):
    in_flight = {"now": 0, "max": 0}
    lock = threading.Lock()

    def behaviour(body, n):
        with lock:
            in_flight["now"] += 1
            in_flight["max"] = max(in_flight["max"], in_flight["now"])
        time.sleep(0.05)
        with lock:
            in_flight["now"] -= 1
        return 200, {"answer": "x"}, 0

    server.behaviour = behaviour
    queries = [EvalQuery(query_id=f"q{i}", question=f"Q{i}") for i in range(8)]
    EndpointSystem(EndpointConfig(url=url(server), concurrency=2)).run(queries)
    assert in_flight["max"] == 2


def test_contexts_that_are_not_a_list_are_a_bad_response():
    # A string must not be read as one passage per character.
    system = EndpointSystem(EndpointConfig(url="http://127.0.0.1:9/unused"))
    from benchsmith.evaluation.systems.endpoint import EndpointError

    with pytest.raises(EndpointError, match="'contexts' is not a list"):
        system.parse_response(QUERIES[1], {"answer": "yes", "contexts": "one long passage"})
    pred = system.parse_response(QUERIES[1], {"answer": "yes", "contexts": None})
    assert pred.contexts == []
