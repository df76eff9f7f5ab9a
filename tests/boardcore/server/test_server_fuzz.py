"""Fuzzing the server (issue: hardening II): hypothesis sends a running ``boardcore
serve`` requests whose every input may be wrong, and starts the app on databases
whose rows are changed anywhere. Only 2xx, 4xx and 503 may come back: never a
500, never a crash of the server, never a failed start.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from boardcore.server import create_app
from server_helpers import Api, auth, free_port, server_log, start_server

httpx = pytest.importorskip("httpx")

# -- requests --------------------------------------------------------------------------------

TRICKY = ["\ud800", "\udfff", "²", "١٢", "0", "-1", "1" * 30, "", " ", "%", "gallic-wars", "random", "null", "\x00", "é"]
"""Strings that broke or nearly broke a reader: lone surrogates, digits int() refuses,
huge numbers, names that exist."""

numerals = st.sampled_from(["²", "١٢", "0", "-1", "1" * 13, "", "\ud800", "7"])
"""What a number in a query or a key may be sent as."""
text = st.one_of(st.sampled_from(TRICKY), st.text(max_size=8), st.text(st.characters(codec="utf-8"), max_size=4))
numbers = st.one_of(st.integers(-2, 5), st.integers(), st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**30]), st.floats())
scalars = st.one_of(st.none(), st.booleans(), numbers, text)
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(text, inner, max_size=3)), max_leaves=8)


def fields(names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Objects with some of ``names`` (and now and then another key), any values."""
    keys = st.one_of(st.sampled_from(names), text)
    return st.dictionaries(keys, json_values, max_size=len(names) + 1)


creating = st.fixed_dictionaries(
    {"game": st.sampled_from(["gallic-wars", "aztec-skirmish"])},
    optional={
        "bots": st.one_of(
            st.dictionaries(numerals, st.one_of(st.just("random"), text), min_size=1, max_size=2),
            st.lists(st.one_of(st.none(), st.just("random"), text), max_size=3),
        ),
        "plugins": st.lists(text, min_size=1, max_size=2),
        "options": st.dictionaries(text, json_values, max_size=2),
        "players": numbers,
        "seed": numbers,
    },
)
joining = st.fixed_dictionaries({"name": text}, optional={"seat": numbers})
answering = st.fixed_dictionaries({"option": numbers, "version": numbers})


def nearly(right: st.SearchStrategy[Any], names: list[str]) -> st.SearchStrategy[str]:
    """Bodies for one route, mostly nearly right (one wrong value gets far), else anything."""
    return st.one_of(right, right, right, fields(names), json_values).map(json.dumps)


content_types = st.one_of(
    st.just("application/json"),
    st.sampled_from(["application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", None, "application/JSON"]),
)


@st.composite
def requests(draw: st.DrawFn, match: str, token: str) -> list[tuple[str, str, dict[str, bytes], bytes | None]]:
    """The same inputs sent to every route: ``(method, path with query, headers, body)``
    for each, any part of them wrong."""
    target = draw(st.one_of(st.just(match), st.just(match), text.map(lambda t: quote(t.encode("utf-8", "surrogatepass"), safe=""))))
    pairs = {key: draw(st.one_of(numerals, text)) for key in ("since", "html", "seat") if draw(st.booleans())}
    # encoded by hand: a lone surrogate goes as the bytes UTF-8 would give it
    query = "&".join(f"{key}={quote(value.encode('utf-8', 'surrogatepass'))}" for key, value in pairs.items())
    headers: dict[str, bytes] = {}
    content_type = draw(content_types)
    if content_type is not None:
        headers["content-type"] = content_type.encode()
    for name, value in auth(draw(st.sampled_from([None, token, None, token, "made-up", "\u00e9t\u00e9"]))).items():
        headers[name] = value.encode("latin-1")
    junk = st.binary(max_size=40).map(lambda b: b.decode("latin-1"))

    def body(right: st.SearchStrategy[Any], names: list[str]) -> bytes:
        return draw(st.one_of(nearly(right, names), junk)).encode("utf-8", "surrogatepass")

    suffix = f"?{query}" if query else ""
    return [
        ("POST", "/api/matches", headers, body(creating, ["game", "players", "plugins", "options", "bots", "seed"])),
        ("POST", f"/api/matches/{target}/join", headers, body(joining, ["seat", "name"])),
        ("POST", f"/api/matches/{target}/answer", headers, body(answering, ["option", "version"])),
        ("GET", f"/api/matches/{target}/state{suffix}", headers, None),
        ("GET", f"/api/matches/{target}{suffix}", headers, None),
        ("GET", f"/matches/{target}{suffix}", headers, None),
    ]


@pytest.fixture(scope="module")
def running(tmp_path_factory) -> Iterator[tuple[Any, Path, int]]:
    db = tmp_path_factory.mktemp("fuzz") / "matches.sqlite3"
    port = free_port()
    process = start_server(db, port)
    try:
        yield process, db, port
    finally:
        process.terminate()
        process.wait(10)


def test_no_request_gets_a_500_or_stops_the_server(running):
    process, db, port = running
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    api = Api(client)
    match = api.create("gallic-wars", seed=1)["id"]
    token = api.join(match, seat=0)
    statuses: set[int] = set()

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(sent=requests(match, token))
    def check(sent: list[tuple[str, str, dict[str, bytes], bytes | None]]) -> None:
        for method, path, headers, body in sent:
            response = client.request(method, path, headers=headers, content=body)
            statuses.add(response.status_code)
            assert response.status_code < 500 or response.status_code == 503, (method, path, headers, body, response.text)
            if response.headers.get("content-type", "").startswith("application/json"):
                response.json()

    check()
    assert process.poll() is None and client.get("/api/health").status_code == 200
    assert {400, 404, 415} <= statuses, statuses  # the fuzzer reached the readers
    log = server_log(db).read_text()
    assert "Traceback" not in log and "unexpected error" not in log, log[-3000:]


# -- stored rows ---------------------------------------------------------------------------------

MATCH_COLUMNS = ["id", "game", "plugins", "players", "bots", "moves", "over", "save", "created", "updated"]
SEAT_COLUMNS = ["match_id", "seat", "name", "token_hash", "seen"]
column_values = st.one_of(
    st.none(),
    st.integers(-2, 20),
    st.sampled_from([2**63 - 1, -(2**63), 10**15]),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["[]", "[null]", "[null, null]", '["random", null]', '["gw-turncoats"]', "{}", "null", '"x"', "[[[[", "gallic-wars"]),
    st.binary(max_size=12),
)


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A store with three matches: two people, a person and a bot, a finished one."""
    db = tmp_path_factory.mktemp("rows") / "template.sqlite3"
    warnings.filterwarnings("ignore", message=".*httpx.*")
    with TestClient(create_app(db)) as client:
        api = Api(client)
        duel = api.create("gallic-wars", seed=1)["id"]
        tokens = [api.join(duel, seat=0, name="Ann"), api.join(duel, seat=1, name="Bob")]
        for version in range(3):
            assert api.answer(duel, tokens[version % 2], 0, version).status_code == 200
        solo = api.create("gallic-wars", seed=2, bots={"1": "first"})["id"]
        api.join(solo, seat=0, name="Carl")
        done = api.create("gallic-wars", seed=3, bots=["first", "first"])["id"]
        api.wait(done, None, lambda s: s["over"])
        client.app.state.service.autoplay  # the bots are idle once every decision is a person's
    return db


@st.composite
def row_changes(draw: st.DrawFn, rows: dict[str, list[int]]) -> list[tuple[str, str, int, Any]]:
    """One to three changes ``(table, column, rowid, value)``; a save is changed by a
    character or a number more often than replaced."""
    changes = []
    for _ in range(draw(st.integers(1, 3))):
        table = draw(st.sampled_from(["matches", "matches", "seats"]))
        column = draw(st.sampled_from(MATCH_COLUMNS if table == "matches" else SEAT_COLUMNS))
        rowid = draw(st.sampled_from(rows[table]))
        value = draw(column_values)
        if column == "save" and draw(st.booleans()):
            value = ("edit", draw(st.integers(0, 2500)), draw(st.sampled_from(list('0123456789"{}[],:ax'))))
        changes.append((table, column, rowid, value))
    return changes


def test_no_change_to_the_stored_rows_gets_a_500_or_stops_the_start(template, tmp_path):
    with sqlite3.connect(template) as raw:
        rows = {table: [r[0] for r in raw.execute(f"SELECT rowid FROM {table}")] for table in ("matches", "seats")}
        ids = [r[0] for r in raw.execute("SELECT id FROM matches")]
    raw.close()

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(changes=row_changes(rows))
    def check(changes: list[tuple[str, str, int, Any]]) -> None:
        db = tmp_path / "fuzzed.sqlite3"
        for leftover in tmp_path.glob("fuzzed.sqlite3*"):
            leftover.unlink()
        shutil.copy(template, db)
        raw = sqlite3.connect(db)
        try:
            with raw:
                for table, column, rowid, value in changes:
                    if isinstance(value, tuple):  # one character of the save changed
                        save = raw.execute("SELECT save FROM matches WHERE rowid = ?", (rowid,)).fetchone()[0]
                        if isinstance(save, str) and save:
                            at = value[1] % len(save)
                            value = save[:at] + value[2] + save[at + 1 :]
                        else:
                            value = value[2]
                    try:
                        raw.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, rowid))  # our names
                    except sqlite3.IntegrityError:
                        pass  # a change the schema itself refuses (a NULL, a repeated id)
        finally:
            raw.close()
        with TestClient(create_app(db)) as client:  # raises if the start, or any request, fails
            assert client.get("/api/matches").status_code == 200
            assert client.get("/").status_code == 200
            health = client.get("/api/health").json()
            assert health["matches"] + health["unloadable"] >= 1 and health["loading"] == 0
            for match in ids:
                for path in (f"/api/matches/{match}/state", f"/api/matches/{match}", f"/matches/{match}"):
                    assert client.get(path).status_code in (200, 404, 503), path
                assert client.post(f"/api/matches/{match}/join", json={}).status_code in (201, 400, 404, 409, 503)

    check()
