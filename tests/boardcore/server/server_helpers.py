"""Helpers of the server tests: the JSON API in a few calls, and reading card ids."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


class Api:
    """The server's JSON API in a few calls, over a TestClient (or an httpx.Client)."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def create(self, game: str, **body: Any) -> dict[str, Any]:
        response = self.client.post("/api/matches", json={"game": game, **body})
        assert response.status_code == 201, response.text
        return response.json()

    def join(self, match: str, seat: int | None = None, name: str | None = None) -> str:
        body: dict[str, Any] = {}
        if seat is not None:
            body["seat"] = seat
        if name is not None:
            body["name"] = name
        response = self.client.post(f"/api/matches/{match}/join", json=body)
        assert response.status_code == 201, response.text
        return response.json()["token"]

    def state(self, match: str, token: str | None = None, **params: Any) -> dict[str, Any]:
        response = self.client.get(f"/api/matches/{match}/state", headers=auth(token), params=params)
        assert response.status_code == 200, response.text
        return response.json()

    def answer(self, match: str, token: str, option: int, version: int) -> Any:
        body = {"option": option, "version": version}
        return self.client.post(f"/api/matches/{match}/answer", headers=auth(token), json=body)

    def wait(self, match: str, token: str | None, until: Any, timeout: float = 20.0) -> dict[str, Any]:
        """Read the match as ``token``'s seat until ``until(state)`` (bots move meanwhile)."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state(match, token)
            if until(state):
                return state
            if time.monotonic() > deadline:
                raise AssertionError(f"gave up waiting; last state: version {state['version']}, over {state['over']}")
            time.sleep(0.01)


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def my_turn_or_over(state: dict[str, Any]) -> bool:
    return state["decision"] is not None or state["over"]


def card_id_pattern(card_ids: Any) -> re.Pattern[str]:
    """Finds any of ``card_ids`` standing alone ("HP05-v2", not inside "HP05-v21")."""
    alternatives = "|".join(re.escape(c) for c in sorted(card_ids, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_-])(?:{alternatives})(?![A-Za-z0-9_-])")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def play_until_a_bot_moves(api: Api, match: str, token: str, limit: int = 60) -> int:
    """Answer ``token``'s decisions (first option) until the match's version shows a
    move that was not ours, a bot's; the number of our answers. Fails after ``limit``."""
    start = api.state(match, token)["version"]
    ours = 0
    for _ in range(limit):
        state = api.wait(match, token, my_turn_or_over)
        if state["version"] > start + ours or state["over"]:
            return ours
        response = api.answer(match, token, 0, state["version"])
        assert response.status_code == 200, response.text
        ours += 1
    raise AssertionError(f"no bot moved in {limit} answers")


def start_server(db: Path, port: int, *options: str) -> subprocess.Popen[bytes]:
    """``boardcore serve`` in a process of its own, on ``port`` and the file ``db``,
    its bots moving at once, with more command-line ``options``; returns when it
    answers. Its output goes to ``server_log(db)``."""
    import httpx

    log = server_log(db)
    with log.open("ab") as out:  # a file, not a pipe: a pipe nobody reads would fill and stall the server
        process = subprocess.Popen(
            [sys.executable, "-m", "boardcore", "serve", "--port", str(port), "--db", str(db), "--bot-delay", "0", *options],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited: {log.read_text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start in 30 s")


def server_log(db: Path) -> Path:
    """Where ``start_server`` writes the output of the server on ``db``."""
    return db.with_name(db.name + ".log")
