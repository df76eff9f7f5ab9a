"""Replays on the server: the table at any step of a match, as a spectator saw it
while it is played and as any seat saw it once it is over; a saved file brought
to the server (``POST /api/replays``, ``serve --open``); bad queries refused in a
sentence."""

from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest

import boardcore
from server_helpers import free_port, server_log, start_server


def finished(api, game="gallic-wars", seed=3):
    match = api.create(game, bots=["random", "first"], seed=seed)["id"]
    api.wait(match, None, lambda s: s["over"])
    return match


def replay(api, match, **params):
    return api.client.get(f"/api/matches/{match}/replay", params=params)


def cards_of(html: str, zone: str) -> list[str]:
    """The card ids shown in ``zone`` of a table's HTML."""
    section = html.split(f'data-zone="{zone}"')[1].split("</section>")[0]
    return re.findall(r'data-card="([^"]+)"', section)


def test_a_finished_match_is_seen_at_any_step_from_any_seat(api):
    match = finished(api)
    steps = api.client.get(f"/api/matches/{match}").json()["version"]
    last = replay(api, match).json()
    assert last["step"] == last["steps"] == steps and last["over"] and 'id="result"' in last["html"]
    for step in (0, 1, 7, 20):
        mine = replay(api, match, step=step, seat=1).json()
        assert mine["step"] == step and f"step {step} of {steps}" in mine["html"]
        assert len(cards_of(mine["html"], "hand:1")) > 0  # seat 1's own hand
        assert cards_of(mine["html"], "hand:0") == []  # never seat 0's
        watching = replay(api, match, step=step).json()
        assert cards_of(watching["html"], "hand:0") == cards_of(watching["html"], "hand:1") == []
    assert replay(api, match, step=3, seat=1).json()["html"] != replay(api, match, step=4, seat=1).json()["html"]


def test_a_step_tells_what_happened_in_it(api):
    match = finished(api)
    one = replay(api, match, step=1).json()
    assert one["lines"] and all("seat" not in line or "bot" in line for line in one["lines"])
    zero = replay(api, match, step=0).json()
    assert "step 0 of" in zero["html"] and 'id="result"' not in zero["html"]


def test_a_match_being_played_is_replayed_as_a_spectator_sees_it(api):
    match = api.create("gallic-wars", seed=4)["id"]
    ann = api.join(match, seat=0, name="Ann")
    api.join(match, seat=1, name="Bob")
    state = api.state(match, ann)
    assert api.answer(match, ann, 0, state["version"]).status_code == 200
    spectator = replay(api, match, step=1).json()
    assert spectator["steps"] == 1 and spectator["seat"] is None and not spectator["over"]
    assert "Ann (Romans) chose in secret" in spectator["lines"]
    refused = replay(api, match, step=1, seat=0)
    assert refused.status_code == 403 and "still being played" in refused.json()["error"]


@pytest.mark.parametrize(
    "params, status, message",
    [
        ({"step": "x"}, 400, "'step' must be a whole number"),
        ({"step": "999"}, 400, "there is no step 999"),
        ({"seat": "7"}, 400, "there is no seat 7"),
        ({"seat": "-1"}, 400, "'seat' must be a whole number"),
    ],
)
def test_bad_replay_queries_are_refused_in_a_sentence(api, params, status, message):
    match = finished(api)
    response = replay(api, match, **params)
    assert response.status_code == status and message in response.json()["error"]


def test_an_unknown_match_has_no_replay(api):
    assert replay(api, "nope").status_code == 404
    page = api.client.get("/matches/nope/replay")
    assert page.status_code == 404 and "no match" in page.text


def test_the_replay_pages_are_served_and_linked_from_the_lobby(api):
    match = finished(api)
    page = api.client.get(f"/matches/{match}/replay")
    assert page.status_code == 200 and "/static/replay.js" in page.text
    assert 'option value="0"' in page.text  # a seat's point of view, the match being over
    assert f'href="/matches/{match}/replay"' in api.client.get("/").text
    assert api.client.get("/replay").status_code == 200 and api.client.get("/static/replay.js").status_code == 200
    running = api.create("gallic-wars")["id"]
    assert 'option value="0"' not in api.client.get(f"/matches/{running}/replay").text


def test_a_saved_file_is_brought_to_the_server_and_replayed(api):
    game = boardcore.load_game("prehistoric-warfare")
    state = game.new_state(players=3, seed=11)
    for _ in range(25):
        d = state.pending[0]
        state.apply(d.player, d.options[-1])
    brought = api.client.post("/api/replays", json={"save": state.to_json()})
    assert brought.status_code == 201, brought.text
    match = brought.json()
    assert match["version"] == 25 and match["players"] == 3 and all(s["open"] for s in match["seats"])
    step = api.client.get(match["links"]["replay"].replace("/matches/", "/api/matches/"), params={"step": 25}).json()
    assert step["steps"] == 25
    # not over: it can be played on from where it was saved
    token = api.join(match["id"], seat=state.pending[0].player)
    assert api.state(match["id"], token)["decision"] is not None


@pytest.mark.parametrize(
    "body, status, message",
    [
        ({"save": "{"}, 400, "cannot be replayed: saved game: not JSON"),
        ({"save": '{"game": "no-such-game"}'}, 400, "cannot be replayed"),
        ({"save": '{"game": "gallic-wars", "plugins": ["not-installed"]}'}, 400, "not installed"),
        ({"save": ""}, 400, "'save' must be the text of a saved match"),
        ({"file": "x"}, 400, "unknown field 'file'"),
    ],
)
def test_a_file_that_cannot_be_replayed_is_refused_in_a_sentence(api, body, status, message):
    response = api.client.post("/api/replays", json=body)
    assert response.status_code == status and message in response.json()["error"], response.text


def test_a_changed_save_is_refused(api):
    state = boardcore.load_game("gallic-wars").new_state(seed=2)
    d = state.pending[0]
    state.apply(d.player, d.options[0])
    text = state.to_json().replace('"seed":2', '"seed":3')
    response = api.client.post("/api/replays", json={"save": text})
    assert response.status_code == 400 and "cannot be replayed" in response.json()["error"]


@pytest.mark.slow
def test_serve_open_hosts_a_saved_file_and_prints_its_replay(tmp_path):
    import httpx

    state = boardcore.load_game("gallic-wars").new_state(seed=5)
    while not state.is_over:
        d = state.pending[0]
        state.apply(d.player, d.options[0])
    saved = tmp_path / "match.json"
    saved.write_text(state.to_json())
    db, port = tmp_path / "m.sqlite3", free_port()
    process = start_server(db, port, "--open", str(saved))
    try:
        deadline = time.monotonic() + 10
        while "replay of the saved match" not in server_log(db).read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        address = re.search(r"replay of the saved match: (\S+)", server_log(db).read_text()).group(1)
        page = httpx.get(address)
        assert page.status_code == 200 and "/static/replay.js" in page.text
        last = httpx.get(address.replace("/matches/", "/api/matches/"), params={"seat": 1}).json()
        assert last["over"] and last["steps"] == len(state.history)
    finally:
        process.terminate()
        process.wait(10)
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "gallic-wars", "seed": "x"}')
    done = subprocess.run(
        [sys.executable, "-m", "boardcore", "serve", "--port", "0", "--db", str(db), "--open", str(bad)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and str(bad) in done.stderr and "Traceback" not in done.stderr
