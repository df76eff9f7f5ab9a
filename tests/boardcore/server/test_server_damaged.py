"""A damaged database costs the damaged matches only (issue: hardening II, points 2
and 3): a running ``boardcore serve`` answers 503 with a sentence for each of
them, serves every other match and the lobby, and never answers 500; a file that
is not a match store is refused at start with a message and exit 2;
``boardcore serve --check-db`` lists the damaged matches.
"""

from __future__ import annotations

import contextlib
import html
import re
import shutil
import sqlite3
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardcore import cli
from boardcore.server import create_app
from boardcore.server.store import SCHEMA_VERSION, MatchStore
from server_helpers import Api, free_port, server_log, start_server

httpx = pytest.importorskip("httpx")


def _set(column: str, value: Any) -> Callable[[sqlite3.Connection, str], None]:
    def change(raw: sqlite3.Connection, match: str) -> None:
        raw.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match))

    return change


def _seat(column: str, value: Any) -> Callable[[sqlite3.Connection, str], None]:
    def change(raw: sqlite3.Connection, match: str) -> None:
        raw.execute(f"UPDATE seats SET {column} = ? WHERE match_id = ? AND seat = 1", (value, match))

    return change


def _save(pattern: str, new: Callable[[re.Match[str]], str]) -> Callable[[sqlite3.Connection, str], None]:
    """One change in the text of the match's save: the first match of ``pattern`` replaced by ``new``."""

    def change(raw: sqlite3.Connection, match: str) -> None:
        save = raw.execute("SELECT save FROM matches WHERE id = ?", (match,)).fetchone()[0]
        changed = re.sub(pattern, new, save, count=1)
        assert changed != save, pattern
        raw.execute("UPDATE matches SET save = ? WHERE id = ?", (changed, match))

    return change


def _other_digit(found: re.Match[str]) -> str:
    """The hexadecimal digit after the one found (one character of the save changed)."""
    digit = found.group(1)
    return found.group(0)[:-1] + format((int(digit, 16) + 1) % 16 or 1, "x")


DAMAGES: dict[str, tuple[Callable[[sqlite3.Connection, str], None], str]] = {
    "plugins not JSON": (_set("plugins", "gw-turncoats"), "'plugins' is not JSON"),
    "bots of the wrong length": (_set("bots", "[null]"), "'bots' has 1 entries for 2 seats"),
    "bots not a list": (_set("bots", '{"1": "random"}'), "'bots' must be a JSON list"),
    "a seat out of range": (_seat("seat", 7), "no seat 7 in a 2-player match"),
    "a seat's name not UTF-8": (_seat("name", b"\xff\xfe"), "is not UTF-8 text"),
    "a time that is text": (_set("created", "yesterday"), "'created' holds text"),
    "players as text": (_set("players", "two"), "'players' holds text"),
    "a count of answers that is not the save's": (_set("moves", 9), "its save holds 4 answers, its row counts 9"),
    "one character of the save": (_save(r'"rng":"[0-9a-f]{3}([0-9a-f])', _other_digit), "$.rng: differs from the match that replaying"),
    "the save's log count": (_save(r'"log":\d+', lambda m: m.group(0) + "1"), "$.log: differs from the match that replaying"),
    "a log count no match holds": (_save(r'"log":\d+', lambda m: '"log":1000000000'), "$.log: 1,000,000,000 events, more than"),
    "a save cut short": (_set("save", '{"format": "boardcore.match/3", "game": "gallic-'), "saved game: not JSON"),
}


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> tuple[Path, list[str], dict[str, str]]:
    """A match store holding a sound match and one match per damage (four answers
    and two seats each), and the seat tokens of the sound ones."""
    db = tmp_path_factory.mktemp("damaged") / "matches.sqlite3"
    warnings.filterwarnings("ignore", message=".*httpx.*")
    tokens = {}
    with TestClient(create_app(db)) as client:
        api = Api(client)
        ids = []
        for seed in range(len(DAMAGES) + 2):
            match = api.create("gallic-wars", seed=seed)["id"]
            seats = [api.join(match, seat=0, name="Ann"), api.join(match, seat=1, name="Bob")]
            for version in range(4):
                assert api.answer(match, seats[version % 2], 0, version).status_code == 200
            ids.append(match)
            tokens[match] = seats[0]
    return db, ids, tokens


def damaged_copy(stored: Any, folder: Path) -> tuple[Path, dict[str, str], list[str]]:
    """A copy of the store with each damage done to a match of its own: the damaged
    matches (id -> the words their 503 must say) and the sound ones."""
    db, ids, _ = stored
    copy = folder / "damaged.sqlite3"
    shutil.copy(db, copy)
    expected = {}
    with connected(copy) as raw:
        for (change, words), match in zip(DAMAGES.values(), ids):
            change(raw, match)
            expected[match] = words
    return copy, expected, ids[len(DAMAGES) :]


@contextlib.contextmanager
def connected(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to ``path`` committed and closed at the end (closing writes the log
    back into the file: nothing changes it later, when the connection is collected)."""
    raw = sqlite3.connect(path)
    try:
        with raw:
            yield raw
    finally:
        raw.close()


def test_a_running_server_answers_503_for_each_damaged_match_and_serves_the_others(stored, tmp_path):
    db, expected, sound = damaged_copy(stored, tmp_path)
    port = free_port()
    server = start_server(db, port)
    try:
        client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        api = Api(client)
        lobby = client.get("/api/matches")
        assert lobby.status_code == 200 and {m["id"] for m in lobby.json()["matches"]} == set(sound)
        assert client.get("/").status_code == 200
        for match, words in expected.items():
            for path in (f"/api/matches/{match}", f"/api/matches/{match}/state", f"/matches/{match}"):
                response = client.get(path)
                assert response.status_code == 503, (path, response.text)
                assert words in html.unescape(response.text), (path, words, response.text)
            response = client.post(f"/api/matches/{match}/join", json={})
            assert response.status_code == 503
        for match in sound:  # untouched: read, and answered, with the seats' tokens of before
            token = stored[2][match]
            state = api.state(match, token)
            assert state["version"] == 4 and api.answer(match, token, 0, 4).status_code == 200
        health = client.get("/api/health").json()
        assert health == {"ok": True, "matches": len(sound), "loading": 0, "unloadable": len(expected)}
    finally:
        server.terminate()
        server.wait(10)
    log = server_log(db).read_text()
    assert "Traceback" not in log and "unexpected" not in log, log


def _row_page(db: Path, match: str) -> int:
    """The page of ``db`` that holds ``match``'s row of the matches table: a table
    b-tree leaf with the id and a save on it (a row is smaller than a page, and
    the seats' rows and the indexes hold the id without a save)."""
    data = db.read_bytes()
    size = int.from_bytes(data[16:18], "big")
    at = -1
    while (at := data.find(match.encode(), at + 1)) != -1:
        page = at // size
        content = data[page * size : (page + 1) * size]
        if content[0] == 0x0D and b'"format":"boardcore.match/3"' in content:
            return page
    raise AssertionError(f"no page holds the row of {match}")


def test_a_page_sqlite_reports_damaged_is_a_503_for_its_match(stored, tmp_path):
    db, ids, _ = stored
    copy = tmp_path / "page.sqlite3"
    with connected(db) as raw:  # every page in the file itself, none in the log
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(db, copy)
    victim = ids[3]
    page = _row_page(copy, victim)
    with copy.open("r+b") as file:  # the cell pointers of the page: its rows can no longer be found
        file.seek(page * 4096 + 8)
        file.write(b"\xff" * 64)
    with TestClient(create_app(copy)) as client:
        response = client.get(f"/api/matches/{victim}/state")
        assert response.status_code == 503 and "SQLite" in response.json()["error"], response.text
        others = [m for m in ids if m != victim]
        assert client.get("/api/matches").status_code == 200
        assert {client.get(f"/api/matches/{m}/state").status_code for m in others} == {200}


def test_check_db_lists_every_damaged_match_and_changes_nothing(stored, tmp_path, capsys):
    db, expected, sound = damaged_copy(stored, tmp_path)
    before = db.read_bytes()
    assert cli.main(["serve", "--check-db", str(db)]) == 1
    out = capsys.readouterr().out
    for match, words in expected.items():
        line = next(line for line in out.splitlines() if line.startswith(f"{match}: "))
        assert words in line, line
    assert not any(line.startswith(f"{m}: ") for m in sound for line in out.splitlines())
    assert out.splitlines()[-1] == f"{db}: {len(expected) + len(sound)} matches, {len(sound)} sound, {len(expected)} damaged; DAMAGED"
    assert db.read_bytes() == before
    assert cli.main(["serve", "--check-db", str(stored[0])]) == 0
    assert capsys.readouterr().out.endswith("damaged; no damage found\n")


def _newer(path: Path) -> None:
    MatchStore(path).close()
    with connected(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")


def _other_program(path: Path) -> None:
    with connected(path) as raw:
        raw.execute("CREATE TABLE accounts (id INTEGER)")


def _same_version_other_tables(path: Path) -> None:
    with connected(path) as raw:
        raw.execute("CREATE TABLE matches (id TEXT)")
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda path: path.write_bytes(b""), "the file is empty (0 bytes)"),
        (lambda path: path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 84), "cannot be used as a match store"),
        (lambda path: path.write_bytes(b"not a database" * 300), "cannot be used as a match store"),
        (_newer, "written by a newer boardcore"),
        (_other_program, "not a boardcore match store"),
        (_same_version_other_tables, "not a boardcore match store"),
    ],
)
def test_a_file_that_is_not_a_usable_store_is_refused_with_exit_2(tmp_path, capsys, make, message):
    path = tmp_path / "store.sqlite3"
    make(path)
    for argv in (["serve", "--port", "0", "--db", str(path)], ["serve", "--check-db", str(path)]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"boardcore: error: {path}: ") and message in err, err


def test_a_store_cut_short_stops_the_real_command_with_a_message_not_a_traceback(stored, tmp_path):
    db = tmp_path / "cut.sqlite3"
    with connected(stored[0]) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = stored[0].read_bytes()
    for size in (0, len(data) // 2):
        db.write_bytes(data[:size])
        done = subprocess.run(
            [sys.executable, "-m", "boardcore", "serve", "--port", "0", "--db", str(db)], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(f"boardcore: error: {db}: ") and "Traceback" not in done.stderr, done.stderr


class _FailingWrites:
    """A connection whose writes of answers SQLite refuses, as on a damaged page or a full disk."""

    def __init__(self, real: sqlite3.Connection) -> None:
        self.real = real

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.startswith("UPDATE matches"):
            raise sqlite3.DatabaseError("database disk image is malformed")
        return self.real.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def test_a_write_sqlite_refuses_is_a_503_and_the_match_is_as_it_was(db):
    with TestClient(create_app(db)) as client:
        api = Api(client)
        match = api.create("gallic-wars", seed=3)["id"]
        token = api.join(match, seat=0)
        before = api.state(match, token)
        store = client.app.state.service.store
        real = store._db
        store._db = _FailingWrites(real)
        response = api.answer(match, token, 0, 0)
        assert response.status_code == 503 and response.headers["retry-after"] == "5"
        assert "cannot be stored now (the match is unchanged)" in response.json()["error"]
        assert "malformed" in response.json()["error"]
        assert api.state(match, token) == before
        store._db = real
        assert api.answer(match, token, 0, 0).status_code == 200
        assert api.state(match, token)["version"] == 1
