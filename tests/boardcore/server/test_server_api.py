"""The server's JSON API: creating, joining, reading and answering, and every way
a request can be wrong (each a 4xx with a message that leaves the match as it was)."""

from __future__ import annotations

import concurrent.futures
import json

import pytest
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocketDisconnect

import boardcore
from server_helpers import Api, auth, my_turn_or_over, play_until_a_bot_moves


def test_games_lists_every_installed_game_with_its_options_plugins_and_the_bots(api):
    listing = api.client.get("/api/games").json()
    games = {g["name"]: g for g in listing["games"]}
    assert set(boardcore.list_games()) <= set(games)
    aztec = games["aztec-skirmish"]
    assert aztec["board"] is True and games["gallic-wars"]["board"] is False
    assert {o["name"] for o in aztec["options"]} == {"aztec", "deployment"}
    assert [p["name"] for p in games["gallic-wars"]["plugins"]] == ["gw-turncoats"]
    assert {"random", "mc", "first"} <= {b["name"] for b in listing["bots"]}


def test_a_person_joins_reads_their_view_and_answers(api):
    match = api.create("gallic-wars", seed=7)
    assert match["version"] == 0 and [s["open"] for s in match["seats"]] == [True, True]
    ann, bob = api.join(match["id"], name="Ann"), api.join(match["id"], name="Bob")
    state = api.state(match["id"], ann)
    local = boardcore.load_game("gallic-wars").new_state(players=2, seed=7)
    assert state["seat"] == 0 and state["view"] == local.view(0)
    assert state["names"] == ["Ann", "Bob"]
    assert [o["text"] for o in state["decision"]["options"]][0].startswith("discard ")
    response = api.answer(match["id"], ann, 0, version=0)
    assert response.status_code == 200, response.text
    local.apply(0, local.pending[0].options[0])
    after = response.json()
    assert after["version"] == 1 and after["view"] == local.view(0)
    assert api.state(match["id"], bob)["view"] == local.view(1)


def test_a_spectator_sees_the_public_view_and_no_decision(api):
    match = api.create("invasions-of-the-horse-people", players=3, seed=2)
    state = api.state(match["id"])
    local = boardcore.load_game("invasions-of-the-horse-people").new_state(players=3, seed=2)
    assert state["seat"] is None and state["decision"] is None
    assert state["view"] == local.view(None)


@pytest.mark.parametrize(
    "body, message",
    [
        ({"game": "chess"}, "no game named 'chess'"),
        ({"game": "gallic-wars", "players": 3}, "gallic-wars is for 2 players, not 3"),
        ({"game": "gallic-wars", "players": "2"}, "'players' must be a whole number"),
        ({"game": "gallic-wars", "options": {"romans": 5}}, "options.romans: must be one of [0, 1], not 5"),
        ({"game": "gallic-wars", "options": {"legions": 5}}, "legions"),
        ({"game": "gallic-wars", "options": {"players": 2}}, "'options' cannot set 'players'"),
        ({"game": "gallic-wars", "plugins": ["no-such-plugin"]}, "no-such-plugin"),
        ({"game": "gallic-wars", "plugins": ["pw-shamans"]}, "pw-shamans"),
        ({"game": "gallic-wars", "bots": {"1": "grandmaster"}}, "no bot 'grandmaster' is installed"),
        ({"game": "gallic-wars", "bots": {"5": "random"}}, "there is no seat 5"),
        ({"game": "gallic-wars", "bots": {"x": "random"}}, "'x' is not a seat number"),
        ({"game": "gallic-wars", "seed": -1}, "'seed' must be a whole number"),
        ({"game": "gallic-wars", "colour": "red"}, "unknown field 'colour'"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_a_bad_match_request_is_refused_with_a_message(api, body, message):
    response = api.client.post("/api/matches", json=body)
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]
    assert api.client.get("/api/matches").json()["matches"] == []


def test_a_body_that_is_not_json_or_too_large_is_refused(api):
    response = api.client.post("/api/matches", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 400 and "not valid JSON" in response.json()["error"]
    response = api.client.post("/api/matches", content=b"[" * 70_000, headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_tokens_open_only_their_own_seat(api):
    first = api.create("gallic-wars", seed=1)["id"]
    other = api.create("gallic-wars", seed=2)["id"]
    token = api.join(first, seat=0)
    elsewhere = api.join(other, seat=0)
    for headers, status in [
        (auth("made-up"), 403),
        (auth(elsewhere), 403),
        ({"Authorization": "Basic abc"}, 401),
        ({"Authorization": "Bearer "}, 401),
    ]:
        response = api.client.get(f"/api/matches/{first}/state", headers=headers)
        assert response.status_code == status, response.text
        assert response.json()["error"]
        response = api.client.post(f"/api/matches/{first}/answer", headers=headers, json={"option": 0, "version": 0})
        assert response.status_code == status
    assert api.state(first, token)["version"] == 0


def test_answers_out_of_turn_out_of_range_or_stale_are_refused_and_change_nothing(api):
    match = api.create("aztec-skirmish", seed=4)["id"]
    zero, one = api.join(match, seat=0), api.join(match, seat=1)
    before = api.state(match, zero)
    assert before["decision"] is not None and api.state(match, one)["decision"] is None
    cases = [
        (one, {"option": 0, "version": 0}, 409, "seat 1 is not being asked anything now"),
        (zero, {"option": 10_000, "version": 0}, 422, "there is no option 10000"),
        (zero, {"option": -1, "version": 0}, 422, "there is no option -1"),
        (zero, {"option": "0", "version": 0}, 400, "'option' must be the index of an option"),
        (zero, {"option": True, "version": 0}, 400, "'option' must be the index of an option"),
        (zero, {"version": 0}, 400, "'option' is missing"),
        (zero, {"option": 0}, 400, "'version' is missing"),
        (zero, {"option": 0, "version": "0"}, 400, "'version' must be a whole number"),
        (zero, {"option": 0, "version": 3}, 409, "read it again"),
        (None, {"option": 0, "version": 0}, 401, "a spectator cannot answer"),
    ]
    for token, body, status, message in cases:
        response = api.client.post(f"/api/matches/{match}/answer", headers=auth(token), json=body)
        assert response.status_code == status, (body, response.text)
        assert message in response.json()["error"]
    assert api.state(match, zero) == before


def test_an_unknown_match_is_a_404_for_the_api_and_the_page(api):
    for method, path in [("get", "/api/matches/nope"), ("get", "/api/matches/nope/state"), ("post", "/api/matches/nope/join")]:
        response = getattr(api.client, method)(path)
        assert response.status_code == 404 and "no match 'nope'" in response.json()["error"]
    page = api.client.get("/matches/nope")
    assert page.status_code == 404 and "no match" in page.text
    assert api.client.get("/api/no/such/route").status_code == 404


def test_joining_a_taken_seat_a_bot_seat_or_a_full_match_is_refused(api):
    match = api.create("gallic-wars", bots={"1": "random"})["id"]
    api.join(match, seat=0, name="Ann")
    for body, status, message in [
        ({"seat": 0}, 409, "seat 0 is taken by Ann"),
        ({"seat": 1}, 409, "played by the random bot"),
        ({"seat": 2}, 400, "there is no seat 2"),
        ({}, 409, "has no open seat"),
        ({"name": "x" * 41}, 400, "longer than 40"),
        ({"seat": "1"}, 400, "'seat' must be a seat number"),
    ]:
        response = api.client.post(f"/api/matches/{match}/join", json=body)
        assert response.status_code == status, response.text
        assert message in response.json()["error"]


def test_a_bot_answers_after_the_person_and_bots_alone_finish_a_match(api):
    match = api.create("aztec-skirmish", bots={"1": "random"}, seed=5, options={"deployment": "standard"})["id"]
    token = api.join(match)
    play_until_a_bot_moves(api, match, token)
    alone = api.create("gallic-wars", bots=["random", "first"], seed=3)["id"]
    over = api.wait(alone, None, lambda s: s["over"])
    assert over["result"]["reason"] and api.client.get(f"/api/matches/{alone}").json()["over"] is True


def test_concurrent_answers_to_one_match_are_applied_one_at_a_time(api):
    """Eight copies of one answer race: exactly one is applied, the others are told
    the match moved on. Both seats' simultaneous answers are both applied."""
    match = api.create("gallic-wars", seed=11)["id"]
    zero, one = api.join(match, seat=0), api.join(match, seat=1)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        responses = list(pool.map(lambda _: api.answer(match, zero, 0, version=0), range(8)))
    assert sorted(r.status_code for r in responses) == [200] + [409] * 7
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        both = list(pool.map(lambda token: api.answer(match, token, 0, version=1), [zero, one]))
    assert [r.status_code for r in both] == [200, 200]
    assert api.state(match, zero)["version"] == 3


def test_updates_are_pushed_over_the_websocket(api):
    match = api.create("gallic-wars", seed=5)["id"]
    zero, one = api.join(match, seat=0), api.join(match, seat=1)
    with api.client.websocket_connect(f"/api/matches/{match}/ws") as socket:
        socket.send_json({"token": one, "html": True})
        first = socket.receive_json()
        assert first["type"] == "update" and first["seat"] == 1 and first["version"] == 0
        assert 'class="option"' in first["html"]
        assert api.answer(match, zero, 0, version=0).status_code == 200
        pushed = socket.receive_json()
        assert pushed["version"] == 1 and pushed["events"]["from"] == first["events"]["to"]
        assert any("seat 0 chose in secret" in line for line in pushed["events"]["lines"])


@pytest.mark.parametrize(
    "hello, code, message",
    [
        ({"token": "made-up"}, 4403, "not a seat's token"),
        ({"token": 5}, 4400, "'token' must be a string"),
        ("hello", 4400, "must be a JSON object"),
    ],
)
def test_a_websocket_with_a_bad_hello_is_told_why_and_closed(api, hello, code, message):
    match = api.create("gallic-wars")["id"]
    with api.client.websocket_connect(f"/api/matches/{match}/ws") as socket:
        socket.send_json(hello)
        error = socket.receive_json()
        assert error["type"] == "error" and message in error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == code


def test_a_websocket_for_an_unknown_match_is_closed_with_4404(api):
    with api.client.websocket_connect("/api/matches/nope/ws") as socket:
        assert "no match" in socket.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


def test_the_openapi_document_describes_every_api_route(client):
    document = client.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    routes = {r.path for r in client.app.routes if isinstance(r, (Route, WebSocketRoute)) and r.path.startswith("/api")}
    assert routes == set(document["paths"])
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            assert operation["summary"], (method, path)
            assert operation["responses"], (method, path)
    json.dumps(document)  # plain data


def test_the_lobby_and_the_match_page_are_served(api):
    match = api.create("aztec-skirmish")
    lobby = api.client.get("/")
    assert lobby.status_code == 200
    for name in boardcore.list_games():
        assert f'data-game="{name}"' in lobby.text
    assert f'data-match="{match["id"]}"' in lobby.text
    page = api.client.get(match["links"]["page"])
    assert page.status_code == 200 and "/static/match.js" in page.text
    assert api.client.get("/static/match.js").status_code == 200


def test_the_table_is_drawn_for_a_grid_game(api):
    match = api.create("aztec-skirmish", seed=7, options={"deployment": "standard"}, bots={"1": "first"})["id"]
    token = api.join(match)
    state = api.wait(match, token, my_turn_or_over)
    html = api.state(match, token, html=1)["html"]
    assert 'class="board"' in html and html.count('class="sq') == 64
    assert "owner-0" in html and "owner-1" in html
    assert state["decision"]["prompt"] in html
    for card in state["view"]["zones"]["hand:0"]["cards"]:
        assert card["text"].replace("&", "&amp;") in html


def test_a_stored_answer_that_cannot_be_written_leaves_the_match_as_it_was(db, monkeypatch):
    from starlette.testclient import TestClient

    from boardcore.server import create_app
    from boardcore.server.store import MatchStore

    with TestClient(create_app(db), raise_server_exceptions=False) as client:
        api = Api(client)
        match = api.create("gallic-wars", seed=3)["id"]
        token = api.join(match, seat=0)
        before = api.state(match, token)

        def full_disk(*args, **kwargs):
            raise OSError("disk full")

        monkeypatch.setattr(MatchStore, "record_move", full_disk)
        response = api.answer(match, token, 0, version=0)
        assert response.status_code == 500 and "as it was" in response.json()["error"]
        assert api.state(match, token) == before
        monkeypatch.undo()
        assert api.answer(match, token, 0, version=0).status_code == 200
        assert api.state(match, token)["version"] == 1


@pytest.mark.parametrize(
    "schema, body, valid",
    [
        ("NewMatch", {"game": "gallic-wars"}, True),
        ("NewMatch", {"game": "gallic-wars", "players": 2, "plugins": ["gw-turncoats"], "bots": [None, "random"], "seed": 3}, True),
        ("NewMatch", {"game": "gallic-wars", "players": "2"}, False),
        ("NewMatch", {"game": "gallic-wars", "colour": "red"}, False),
        ("NewMatch", {"players": 2}, False),
        ("Join", {}, True),
        ("Join", {"seat": "1"}, False),
        ("Answer", {"option": 0, "version": 0}, True),
        ("Answer", {"option": 0}, False),
        ("Upload", {"save": "{}"}, True),
        ("Upload", {"save": 5}, False),
        ("Hello", {"token": None, "since": 3, "html": True}, True),
        ("Hello", {"token": 5}, False),
    ],
)
def test_the_documented_request_bodies_are_the_ones_the_server_reads(client, schema, body, valid):
    """The request schemas are generated from the classes the server reads bodies into,
    so the document and the server agree on every shape (values only the engine can
    judge, as a game's name, aside)."""
    jsonschema = pytest.importorskip("jsonschema")
    from boardcore.server import inputs

    document = client.get("/api/openapi.json").json()
    described = jsonschema.Draft202012Validator(document["components"]["schemas"][schema]).is_valid(body)
    try:
        inputs.read(body, getattr(inputs, schema))
        read = True
    except inputs.ApiError:
        read = False
    assert described == read == valid


def test_every_reply_is_what_the_openapi_document_says(api):
    """The replies' schemas are made from the TypedDicts of boardcore.server.replies,
    with exactly their keys: a reply with a key more or less than documented fails."""
    jsonschema = pytest.importorskip("jsonschema")
    document = api.client.get("/api/openapi.json").json()

    def check(response, schema):
        validator = jsonschema.Draft202012Validator({"$ref": f"#/components/schemas/{schema}", "components": document["components"]})
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(response.json())]
        assert errors == [], (schema, errors)

    client = api.client
    check(client.get("/api/health"), "Health")
    check(client.get("/api/games"), "Games")
    created = client.post("/api/matches", json={"game": "aztec-skirmish", "seed": 3, "bots": {"1": "random"}})
    check(created, "Match")
    match = created.json()["id"]
    check(client.get("/api/matches"), "Lobby")
    check(client.get(f"/api/matches/{match}"), "Match")
    joined = client.post(f"/api/matches/{match}/join", json={"name": "Ann"})
    check(joined, "Joined")
    token = joined.json()["token"]
    state = client.get(f"/api/matches/{match}/state", headers=auth(token), params={"html": 1})
    check(state, "SeatState")
    version = state.json()["version"]
    check(client.post(f"/api/matches/{match}/answer", headers=auth(token), json={"option": 0, "version": version}), "SeatState")
    check(client.get(f"/api/matches/{match}/replay", params={"step": 1}), "ReplayStep")
    check(client.post("/api/matches", json={"game": "no-such-game"}), "Error")
