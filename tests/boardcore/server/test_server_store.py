"""Matches kept in SQLite: a server started again on the same file resumes every
match exactly, and the file's schema is versioned."""

from __future__ import annotations

import io
import sqlite3

import pytest
from starlette.testclient import TestClient

from boardcore.server import create_app, serve
from boardcore.server.store import SCHEMA_VERSION, MatchStore, StoreError
from server_helpers import Api, my_turn_or_over, play_until_a_bot_moves


def test_a_restarted_server_resumes_every_match_with_its_seats(db):
    with TestClient(create_app(db)) as client:
        api = Api(client)
        duel = api.create("gallic-wars", seed=8)["id"]
        ann, bob = api.join(duel, seat=0, name="Ann"), api.join(duel, seat=1, name="Bob")
        for version, token in enumerate((ann, bob, ann, bob)):
            assert api.answer(duel, token, 0, version).status_code == 200
        solo = api.create("aztec-skirmish", seed=9, bots={"1": "random"}, options={"deployment": "standard"})["id"]
        carl = api.join(solo, name="Carl")
        for _ in range(4):
            state = api.wait(solo, carl, my_turn_or_over)
            assert api.answer(solo, carl, 0, state["version"]).status_code == 200
        before = {(m, t): api.state(m, t) for m in (duel, solo) for t in ((ann, bob, None) if m == duel else (carl, None))}
        lobby = client.get("/api/matches").json()
    with TestClient(create_app(db)) as client:
        api = Api(client)
        assert client.get("/api/matches").json() == lobby
        for (match, token), state in before.items():
            again = api.wait(match, token, lambda s: s["version"] >= state["version"])
            if match == duel:
                assert again == state
        # the seats' tokens still work, and play goes on, bots included
        assert api.answer(duel, ann, 0, api.state(duel, ann)["version"]).status_code == 200
        play_until_a_bot_moves(api, solo, carl)


def test_the_file_records_its_schema_version_and_only_a_hash_of_each_token(db):
    with TestClient(create_app(db)) as client:
        api = Api(client)
        match = api.create("gallic-wars")["id"]
        token = api.join(match)
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        dump = "\n".join(raw.iterdump())
    assert token not in dump and match in dump


def test_a_file_of_a_newer_schema_or_of_another_program_is_refused(tmp_path):
    newer = tmp_path / "newer.sqlite3"
    MatchStore(newer).close()
    with sqlite3.connect(newer) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer boardcore"):
        MatchStore(newer)
    with pytest.raises(ValueError, match="newer boardcore"):
        serve(port=0, db=newer, out=io.StringIO())
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as raw:
        raw.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(StoreError, match="not a boardcore match store"):
        MatchStore(other)
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="cannot be used"):
        MatchStore(garbage)


def test_a_match_that_cannot_be_loaded_is_reported_and_the_others_go_on(db):
    with TestClient(create_app(db)) as client:
        api = Api(client)
        kept = api.create("gallic-wars")["id"]
        lost = api.create("gallic-wars")["id"]
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE matches SET game = 'uninstalled-game' WHERE id = ?", (lost,))
    with TestClient(create_app(db)) as client:
        api = Api(client)
        response = client.get(f"/api/matches/{lost}/state")
        assert response.status_code == 503 and "uninstalled-game" in response.json()["error"]
        client.get("/api/matches")  # the lobby answers once every stored match is verified
        assert client.get("/api/health").json() == {"ok": True, "matches": 1, "loading": 0, "unloadable": 1}
        assert api.state(kept)["version"] == 0


def test_two_servers_on_one_file_cannot_overwrite_each_others_moves(db):
    with TestClient(create_app(db)) as first:
        api = Api(first)
        match = api.create("gallic-wars", seed=2)["id"]
        token = api.join(match, seat=0)
        with TestClient(create_app(db)) as second:
            assert api.answer(match, token, 0, version=0).status_code == 200
            response = Api(second).answer(match, token, 1, version=0)
            assert response.status_code == 409 and "another server" in response.json()["error"]
        assert api.state(match, token)["version"] == 1


def test_0_3_name_of_a_stored_match_still_works_for_a_version_with_a_warning():
    """0.3 named the server's stored match MatchRecord, as the simulated match records are named."""
    import boardcore.server.store as store

    with pytest.warns(DeprecationWarning, match=r"boardcore.server.store.MatchRecord is now boardcore.server.store.StoredMatch"):
        assert store.MatchRecord is store.StoredMatch
