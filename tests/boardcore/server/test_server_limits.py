"""Hostile requests to a running ``boardcore serve`` (issue: hardening II, points 4,
5 and 7): inputs that gave a 500, bodies that are not JSON or never end, clients
that hang up, that send slowly or open hundreds of connections.

One server process serves every test of the module, with short timeouts (1 s) and
a cap of 40 connections per address, so that they show in a few seconds.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_helpers import Api, auth, free_port, server_log, start_server

httpx = pytest.importorskip("httpx")

CAP = 40
TIMEOUT = 1.0


class Server:
    def __init__(self, process: Any, port: int, db: Path) -> None:
        self.process, self.port, self.db = process, port, db
        self.base = f"http://127.0.0.1:{port}"
        self.client = httpx.Client(base_url=self.base, timeout=10)
        self.api = Api(self.client)

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(status.split("VmRSS:")[1].split()[0]) / 1024

    def log(self) -> str:
        return server_log(self.db).read_text(errors="replace")

    def post_raw(self, path: str, body: bytes, content_type: str | None = "application/json", **headers: str) -> Any:
        if content_type is not None:
            headers["content-type"] = content_type
        return self.client.post(path, content=body, headers=headers)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("limits") / "matches.sqlite3"
    port = free_port()
    options = ["--header-timeout", str(TIMEOUT), "--body-timeout", str(TIMEOUT), "--max-per-client", str(CAP)]
    process = start_server(db, port, *options)
    running = Server(process, port, db)
    try:
        yield running
    finally:
        running.client.close()
        process.terminate()
        process.wait(10)
    log = running.log()
    assert "Traceback" not in log and "unexpected error" not in log, log[-3000:]


def refused(response: Any, status: int, *words: str) -> None:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    for word in words:
        assert word in message, message


# -- inputs that gave a 500 ------------------------------------------------------------------


def test_non_ascii_digits_are_a_400_naming_the_field(server):
    match = server.api.create("gallic-wars")["id"]
    refused(server.client.get(f"/api/matches/{match}/state", params={"since": "²"}), 400, "'since'", "whole number")
    refused(server.client.get(f"/api/matches/{match}/state", params={"since": "١٢"}), 400, "'since'")
    body = json.dumps({"game": "gallic-wars", "bots": {"²": "random"}}).encode()
    refused(server.post_raw("/api/matches", body), 400, "'bots'", "is not a seat number")
    # a Content-Length of a digit Python's isdigit() takes: refused before anything is read
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \xb2\r\n\r\n")
        assert raw.recv(200).startswith(b"HTTP/1.1 400")


@pytest.mark.parametrize(
    "path, body, field",
    [
        ("join", '{"name": "Ann\\ud800"}', "'name'"),
        ("create", '{"game": "gallic-wars", "plugins": ["\\ud800"]}', "'plugins[0]'"),
        ("create", '{"game": "\\udfff"}', "'game'"),
        ("create", '{"game": "gallic-wars", "options": {"\\ud800": 1}}', "a key of options"),
        ("create", '{"game": "gallic-wars", "options": {"romans": ["\\ud83d"]}}', "'options.romans[0]'"),
    ],
)
def test_a_lone_surrogate_is_a_400_naming_the_field(server, path, body, field):
    match = server.api.create("gallic-wars")["id"]
    url = "/api/matches" if path == "create" else f"/api/matches/{match}/join"
    refused(server.post_raw(url, body.encode()), 400, field, "lone surrogate")
    assert all(seat["open"] for seat in server.api.client.get(f"/api/matches/{match}").json()["seats"])


def test_a_websocket_hello_with_a_lone_surrogate_is_refused(server):
    websockets = pytest.importorskip("websockets.sync.client")
    match = server.api.create("gallic-wars")["id"]
    with websockets.connect(f"ws://127.0.0.1:{server.port}/api/matches/{match}/ws") as ws:
        ws.send('{"token": "\\ud800"}')
        error = json.loads(ws.recv(timeout=10))
        assert error["type"] == "error" and error["status"] == 400 and "lone surrogate" in error["error"]


# -- what a write must be ------------------------------------------------------------------------


def test_writes_must_be_declared_json(server):
    before = len(server.client.get("/api/matches").json()["matches"])
    body = json.dumps({"game": "gallic-wars"}).encode()
    refused(server.post_raw("/api/matches", body, "text/plain"), 415, "Content-Type: application/json")
    refused(server.client.post("/api/matches", data={"game": "gallic-wars"}), 415, "application/x-www-form-urlencoded")
    refused(server.post_raw("/api/matches", body, None), 415, "no Content-Type")
    match = server.api.create("gallic-wars")
    refused(server.post_raw(f"/api/matches/{match['id']}/join", b"", "text/plain"), 415)
    refused(server.post_raw(f"/api/matches/{match['id']}/join", b"", None), 415)
    token = server.api.join(match["id"], seat=0)
    answer = json.dumps({"option": 0, "version": 0}).encode()
    refused(server.post_raw(f"/api/matches/{match['id']}/answer", answer, "text/plain", **auth(token)), 415)
    assert server.post_raw(f"/api/matches/{match['id']}/answer", answer, "application/json; charset=utf-8", **auth(token)).status_code == 200
    assert len(server.client.get("/api/matches").json()["matches"]) == before + 1


def test_an_answer_needs_its_version_so_a_repeat_counts_once(server):
    match = server.api.create("gallic-wars", seed=4)["id"]
    token = server.api.join(match, seat=0)
    refused(server.client.post(f"/api/matches/{match}/answer", headers=auth(token), json={"option": 0}), 400, "'version' is missing")
    assert server.api.answer(match, token, 0, 0).status_code == 200
    refused(server.api.answer(match, token, 0, 0), 409, "read it again")
    assert server.api.state(match, token)["version"] == 1


# -- bodies ----------------------------------------------------------------------------------------


def test_a_chunked_body_is_cut_off_at_64_kb_and_costs_no_memory(server):
    before = server.rss_mb()

    def forty_megabytes() -> Iterator[bytes]:
        for _ in range(640):
            yield b"[" * 65536

    try:
        response = server.client.post("/api/matches", content=forty_megabytes(), headers={"content-type": "application/json"})
        refused(response, 413, "larger than 65536 bytes")
    except httpx.TransportError:
        pass  # the server may close before the client has finished sending
    assert server.rss_mb() - before < 10
    refused(server.post_raw("/api/matches", b"[" * 70_000), 413)
    assert server.client.get("/api/health").status_code == 200


def test_a_client_that_hangs_up_mid_body_is_one_log_line(server):
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"game")
        time.sleep(0.2)
    deadline = time.monotonic() + 10
    while "hung up before sending all of POST /api/matches" not in server.log():
        assert time.monotonic() < deadline, server.log()[-2000:]
        time.sleep(0.05)
    lines = [line for line in server.log().splitlines() if "hung up" in line]
    assert len(lines) == 1 and "Traceback" not in server.log()


def test_a_body_sent_too_slowly_is_cut_off(server):
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        assert until_closed(raw, 10 * TIMEOUT) is not None


# -- slow and numerous connections ---------------------------------------------------------------


def until_closed(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sends on ``sock`` until it closes it, or None if it is still
    open after ``seconds``."""
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sock.settimeout(max(deadline - time.monotonic(), 0.01))
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            return None
        except OSError:
            return received
        if not chunk:
            return received
        received += chunk
    return None


def test_200_slow_connections_do_not_stop_a_normal_client(server):
    slow = []
    try:
        for _ in range(200):
            sock = socket.socket()
            try:
                sock.bind(("127.0.0.2", 0))  # another address of the loopback: the same machine, another client
            except OSError:
                sock.close()
                pytest.skip("127.0.0.2 cannot be bound here")
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the end of the headers
            slow.append(sock)
        # a normal client is served at once, while the slow ones hold their connections
        assert server.client.get("/api/health").json()["ok"] is True
        match = server.api.create("gallic-wars")["id"]
        assert server.api.state(match)["version"] == 0
        # over the cap, a connection is refused at once; under it, cut off at the header timeout
        said = [until_closed(sock, 10 * TIMEOUT + 5) for sock in slow]
        statuses = [None if s is None else s[:12].decode() for s in said]
        assert statuses.count("HTTP/1.1 503") == 200 - CAP, statuses
        assert statuses.count("HTTP/1.1 408") == CAP, statuses
    finally:
        for sock in slow:
            sock.close()
    assert server.client.get("/api/health").status_code == 200
