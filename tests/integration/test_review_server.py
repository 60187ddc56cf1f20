"""The review server over HTTP: the API round trip, the token beyond loopback, path traversal, writes only in review/."""

from __future__ import annotations

import hashlib
import http.client
import json
import threading
from pathlib import Path

import pytest

from benchsmith.review.items import load_bench
from benchsmith.review.server import ReviewServer, is_loopback
from benchsmith.review.session import ReviewSession
from review_bench import make_bench


def _serve(bench: Path, host: str = "127.0.0.1", reviewer: str = "alice") -> ReviewServer:
    server = ReviewServer(ReviewSession(load_bench(bench), reviewer), host, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def bench(tmp_path):
    return make_bench(tmp_path)


@pytest.fixture
def server(bench):
    server = _serve(bench)
    yield server
    server.shutdown()
    server.server_close()


def _request(server, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    data = json.dumps(body).encode() if body is not None and not isinstance(body, bytes) else body
    hdrs = {"Content-Type": "application/json"} if data is not None else {}
    hdrs.update(headers or {})
    conn.request(method, path, body=data, headers=hdrs)
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, payload, dict(response.getheaders())


def _files_outside_review(bench: Path) -> dict[str, str]:
    """Every file under the test's folder (benchmark and corpus) but BENCH/review/, with its hash."""
    review = bench / "review"
    return {p.relative_to(bench.parent).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(bench.parent.rglob("*")) if p.is_file() and review not in p.parents}


def test_page_assets_and_api_round_trip(server, bench):
    status, page, headers = _request(server, "GET", "/")
    assert status == 200 and b"/static/review.js" in page
    assert "script-src 'self'" in headers["Content-Security-Policy"] and headers["X-Content-Type-Options"] == "nosniff"
    for name in ("review.js", "review.css"):
        assert _request(server, "GET", f"/static/{name}")[0] == 200
    summary = json.loads(_request(server, "GET", "/api/summary")[1])
    assert [r["item_id"] for r in summary["items"]] == ["q1", "q2", "q3"] and summary["reviewer"] == "alice"
    status, body, _ = _request(server, "POST", "/api/decision", {"item_id": "q1", "action": "accept"})
    assert status == 200 and json.loads(body)["status"] == "accepted"
    status, body, _ = _request(server, "POST", "/api/edit", {"item_id": "q1", "changes": {"answer": "Banana Corp"}})
    assert status == 422 and "no longer occurs in the evidence" in " ".join(json.loads(body)["reasons"])
    assert _request(server, "GET", "/api/item?id=nope")[0] == 404
    report = json.loads(_request(server, "GET", "/api/report")[1])
    assert report["by_status"]["accepted"] == 1


def test_corpus_text_reaches_the_page_only_as_data(server):
    item = json.loads(_request(server, "GET", "/api/item?id=q3")[1])
    assert "<script>window.__pwned = 1</script>" in item["documents"]["d3"]["text"]  # JSON, put in as text by the page
    js = _request(server, "GET", "/static/review.js")[1].decode()
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js and "document.write" not in js


@pytest.mark.parametrize("path", [
    "/static/../server.py", "/static/..%2fserver.py", "/static/%2e%2e/%2e%2e/pyproject.toml", "/static//etc/passwd",
    "/static/../../../../../../etc/passwd", "/../../etc/passwd", "/static/index.html", "/static/", "/etc/passwd",
    "/static/review.js/../../server.py",
])
def test_path_traversal_is_refused(server, path):
    status, body, _ = _request(server, "GET", path)
    assert status == 404, (path, status)
    assert b"root:" not in body and b"import" not in body


def test_writes_need_json_from_the_same_origin(server):
    assert _request(server, "POST", "/api/decision", b"item_id=q1&action=accept",
                    {"Content-Type": "application/x-www-form-urlencoded"})[0] == 415
    assert _request(server, "POST", "/api/decision", {"item_id": "q1", "action": "accept"},
                    {"Origin": "http://evil.example"})[0] == 403
    assert _request(server, "POST", "/api/decision", b"[1, 2]")[0] == 400


def test_loopback_server_refuses_other_host_names(server):
    # DNS rebinding: a page on evil.example resolved to 127.0.0.1 sends Host: evil.example.
    assert _request(server, "GET", "/api/summary", headers={"Host": "evil.example:80"})[0] == 403
    assert _request(server, "GET", "/api/summary", headers={"Host": f"localhost:{server.server_address[1]}"})[0] == 200


def test_beyond_loopback_every_request_needs_the_token(bench):
    server = _serve(bench, host="0.0.0.0")
    try:
        assert server.token and f"?token={server.token}" in server.url
        for path in ("/", "/static/review.js", "/api/summary", "/api/item?id=q1", "/api/report"):
            assert _request(server, "GET", path)[0] == 403, path
            assert _request(server, "GET", path, headers={"X-Review-Token": "wrong"})[0] == 403, path
        assert _request(server, "POST", "/api/decision", {"item_id": "q1", "action": "accept"})[0] == 403
        assert not (bench / "review" / "trail.jsonl").exists()
        status, _, headers = _request(server, "GET", f"/?token={server.token}")
        assert status == 200 and "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
        cookie = headers["Set-Cookie"].split(";")[0]
        assert _request(server, "GET", "/api/summary", headers={"Cookie": cookie})[0] == 200
        assert _request(server, "POST", "/api/decision", {"item_id": "q1", "action": "accept"},
                        {"X-Review-Token": server.token})[0] == 200
    finally:
        server.shutdown()
        server.server_close()


def test_is_loopback():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost") and is_loopback("127.0.0.2")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5") and not is_loopback("example.com")


def test_a_review_session_writes_only_under_bench_review(bench):
    before = _files_outside_review(bench)
    server = _serve(bench)
    try:
        _request(server, "POST", "/api/decision", {"item_id": "q1", "action": "accept"})
        _request(server, "POST", "/api/decision", {"item_id": "../../x", "action": "accept"})
        _request(server, "POST", "/api/edit", {"item_id": "q2", "changes": {"question_type": "bridge_query"}})
        _request(server, "POST", "/api/decision", {"item_id": "q3", "action": "reject", "reason": "../../../etc"})
    finally:
        server.shutdown()
        server.server_close()
    assert _files_outside_review(bench) == before
    written = sorted(p.relative_to(bench.parent).as_posix() for p in bench.parent.rglob("*") if p.is_file())
    assert [p for p in written if p not in before] == ["bench/review/trail.jsonl"]
    records = [json.loads(line) for line in (bench / "review" / "trail.jsonl").read_text().splitlines()]
    assert [(r["item_id"], r["action"]) for r in records] == [("q1", "accept"), ("q2", "edit"), ("q3", "reject")]


def test_review_report_prints_kappa_for_two_reviewers(bench, capsys):
    from benchsmith.cli import main

    alice, bob = ReviewSession(load_bench(bench), "alice"), ReviewSession(load_bench(bench), "bob")
    for item_id, a, b in (("q1", "accept", "accept"), ("q2", "reject", "reject"), ("q3", "accept", "reject")):
        alice.decide(item_id, a, "r" if a == "reject" else None)
        bob.decide(item_id, b, "r" if b == "reject" else None)
    with pytest.raises(SystemExit) as exit_:
        main(["review", str(bench), "--report", "--json"])
    assert not exit_.value.code
    report = json.loads(capsys.readouterr().out)
    assert report["agreement"][0]["kappa"] == pytest.approx(0.4) and report["by_status"]["disputed"] == 1
    with pytest.raises(SystemExit):
        main(["review", str(bench), "--report"])
    printed = capsys.readouterr().out
    assert "alice / bob" in printed and "0.400" in printed


def test_a_port_in_use_is_a_clear_error(server, bench):
    from benchsmith.errors import InputError

    with pytest.raises(InputError, match="cannot listen"):
        ReviewServer(ReviewSession(load_bench(bench), "bob"), "127.0.0.1", server.server_address[1])
