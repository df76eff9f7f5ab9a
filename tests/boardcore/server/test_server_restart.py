"""A server killed at any moment loses no accepted answer and resumes every match.

``boardcore serve`` runs as a real process; clients answer in several matches at
once as fast as they can, each keeping a local copy of its match; the server is
killed with SIGKILL while they do, then started again on the same file. Every
answer that was acknowledged must be there, and each match must be exactly the
local copy (plus, at most, the one answer that was in flight when the server died).
"""

from __future__ import annotations

import random
import signal
import threading
import time
from typing import Any

import pytest

import boardcore
from server_helpers import Api, auth, free_port, play_until_a_bot_moves, start_server

httpx = pytest.importorskip("httpx")

pytestmark = pytest.mark.slow

MATCHES = [
    ("gallic-wars", 2, {}),
    ("invasions-of-the-horse-people", 3, {}),
    ("prehistoric-warfare", 2, {}),
    ("aztec-skirmish", 2, {"deployment": "standard"}),
]


class Player(threading.Thread):
    """Answers every decision of one match at random, mirroring each accepted
    answer on a local copy, until told to stop or the server stops answering."""

    def __init__(self, base: str, game: str, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(daemon=True)
        self.client = httpx.Client(base_url=base, timeout=10)
        api = Api(self.client)
        self.match = api.create(game, players=players, seed=seed, options=options)["id"]
        self.tokens = [api.join(self.match, seat=s) for s in range(players)]
        self.local = boardcore.load_game(game).new_state(players=players, seed=seed, **options)
        self.rng = random.Random(seed)
        self.accepted: list[tuple[int, int]] = []
        self.in_flight: tuple[int, int] | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set() and not self.local.is_over:
            decision = self.rng.choice(self.local.pending)
            option = self.rng.randrange(len(decision.options))
            self.in_flight = (decision.player, option)
            try:
                response = self.client.post(
                    f"/api/matches/{self.match}/answer",
                    headers=auth(self.tokens[decision.player]),
                    json={"option": option, "version": len(self.accepted)},
                )
            except httpx.TransportError:
                return  # the server died: this answer may or may not have been stored
            assert response.status_code == 200, response.text
            self.local.apply(decision.player, decision.options[option])
            self.accepted.append((decision.player, option))
            self.in_flight = None


def test_a_killed_server_loses_no_accepted_answer_and_resumes_every_match(tmp_path):
    db, port = tmp_path / "matches.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port)
    try:
        players = [Player(base, game, n, options, seed) for seed, (game, n, options) in enumerate(MATCHES, 1)]
        api = Api(httpx.Client(base_url=base, timeout=10))
        solo = api.create("aztec-skirmish", seed=3, bots={"1": "random"}, options={"deployment": "standard"})["id"]
        solo_token = api.join(solo)
        play_until_a_bot_moves(api, solo, solo_token)
        solo_version = api.state(solo, solo_token)["version"]
        for player in players:
            player.start()
        time.sleep(2.0)
        server.send_signal(signal.SIGKILL)  # mid-match, mid-request: no chance to tidy up
        server.wait(10)
        for player in players:
            player.stop.set()
            player.join(10)
        assert all(len(p.accepted) > 10 for p in players), [len(p.accepted) for p in players]

        server = start_server(db, port)
        api = Api(httpx.Client(base_url=base, timeout=10))
        for player in players:
            stored = api.state(player.match)["version"]
            acknowledged = len(player.accepted)
            assert stored >= acknowledged, f"{player.match}: {acknowledged} answers acknowledged, {stored} stored"
            if stored == acknowledged + 1:  # the answer in flight was stored before the kill
                assert player.in_flight is not None
                seat, option = player.in_flight
                player.local.apply(seat, _option(player.local, seat, option))
            assert stored == len(player.local.history)
            for seat, token in [*enumerate(player.tokens), (None, None)]:
                assert api.state(player.match, token)["view"] == player.local.view(seat), (player.match, seat)
        # the match against a bot goes on: the person answers, the bot answers back
        assert api.state(solo, solo_token)["version"] >= solo_version
        play_until_a_bot_moves(api, solo, solo_token)
    finally:
        server.kill()
        server.wait(10)


def _option(state: boardcore.State, seat: int, index: int) -> Any:
    return next(d for d in state.pending if d.player == seat).options[index]
