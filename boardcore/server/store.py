"""Where the server keeps its matches: one SQLite file.

A match is a row holding its compact save (``State.to_json()``, a few kB) and
what the server adds around it: the bots at its seats, the number of accepted
answers, and one row per joined seat with the hash of that seat's token. Every
accepted answer rewrites the match's row in one transaction, so after a crash
the file holds every answer that was acknowledged, and none half-written.

The schema is versioned with SQLite's ``user_version``: a file written by a
newer schema is refused rather than misread, and an older one is upgraded in
place by the steps in ``_MIGRATIONS``. A file that is not a match store (another
program's tables, a file cut to nothing) is refused when it is opened.

Reading never trusts the file: :meth:`MatchStore.raw_matches` reads each match's
row on its own, as raw values, so a row that SQLite cannot read (a damaged page)
or that holds something the server never writes costs that match only; the
rows are checked by ``rows``. A write that SQLite refuses raises
:class:`StoreUnavailable` and changes nothing.

Calls are synchronous and safe from several threads: one connection, used under
a lock (the server calls the store from worker threads so that a write's fsync
never stalls its event loop).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from .. import renamed
from ..saves import MAX_SAVE_SIZE

SCHEMA_VERSION = 1
"""The schema this module writes; kept in the file's ``PRAGMA user_version``."""

_MIGRATIONS: dict[int, Sequence[str]] = {
    1: (
        """
        CREATE TABLE matches (
            id       TEXT PRIMARY KEY,
            game     TEXT NOT NULL,
            plugins  TEXT NOT NULL,     -- JSON list of opt-in plugin names
            players  INTEGER NOT NULL,
            bots     TEXT NOT NULL,     -- JSON list, one entry per seat: a bot name or null
            moves    INTEGER NOT NULL,  -- accepted answers so far
            over     INTEGER NOT NULL,  -- 1 once the match has a result
            save     TEXT NOT NULL,     -- State.to_json(): the compact save
            created  REAL NOT NULL,
            updated  REAL NOT NULL
        )
        """,
        """
        CREATE TABLE seats (
            match_id   TEXT NOT NULL REFERENCES matches (id),
            seat       INTEGER NOT NULL,
            name       TEXT NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,  -- sha256 of the seat's token; the token itself is never stored
            seen       INTEGER NOT NULL,      -- events in the log when the seat last answered
            PRIMARY KEY (match_id, seat)
        )
        """,
    ),
}
"""Schema version -> the statements that bring a file from the version before to it."""

_COLUMNS = {
    "matches": ("id", "game", "plugins", "players", "bots", "moves", "over", "save", "created", "updated"),
    "seats": ("match_id", "seat", "name", "token_hash", "seen"),
}
"""The tables of the current schema and their columns, in order."""


class StoreError(Exception):
    """The database cannot be used: not a match store, a newer schema, or unreadable."""


class SeatTaken(StoreError):
    """Someone joined that seat first."""


class StaleMove(StoreError):
    """The stored match has moved on since the move was computed (another writer)."""


class StoreUnavailable(StoreError):
    """SQLite refused a write (a damaged page, a full disk, a lock held too long):
    nothing was written."""


@attrs.frozen
class RawMatch:
    """One stored match as SQLite gave it, before any check (see ``rows``)."""

    id: Any
    """The ``id`` column as stored (bytes for text)."""
    columns: tuple[Any, ...] | None
    """The ``matches`` columns in their order (``save`` None when it is longer than
    a save may be), or None when SQLite could not read the row."""
    seats: list[tuple[Any, ...]]
    """``(seat, name, token_hash, seen)`` of each of its seats."""
    error: str | None = None
    """What SQLite said when the row or its seats could not be read."""


@attrs.frozen
class SeatRecord:
    seat: int
    name: str
    token_hash: str
    seen: int
    """How many events the log held when this seat last answered."""


@attrs.frozen
class StoredMatch:
    id: str
    game: str
    plugins: tuple[str, ...]
    players: int
    bots: tuple[str | None, ...]
    """One entry per seat: the bot that plays it, or None for a person."""
    moves: int
    over: bool
    save: str
    created: float
    updated: float
    seats: tuple[SeatRecord, ...] = ()


class MatchStore:
    """The matches of one server, in the SQLite file at ``path`` (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        """Open (or create) the store; ``read_only`` opens an existing one of the
        current schema without changing anything in it (``serve --check-db``).
        Raises :class:`StoreError` saying why a file cannot be used."""
        self.path = str(path)
        self._lock = threading.Lock()
        _refuse_empty(self.path)
        if read_only and not os.path.isfile(self.path):
            raise StoreError(f"{self.path}: no such file")
        if read_only:
            target, uri = f"{Path(self.path).resolve().as_uri()}?mode=ro", True
        else:
            target, uri = self.path, False
        try:
            self._db = sqlite3.connect(target, uri=uri, check_same_thread=False, isolation_level=None, timeout=10)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: cannot be used as a match store: {exc}") from exc
        try:
            if read_only:
                self._check_version(read_only=True)
            else:
                self._db.execute("PRAGMA journal_mode = WAL")
                # FULL: a commit is on disk before the answer is acknowledged, even if the
                # machine (not only the process) stops right after.
                self._db.execute("PRAGMA synchronous = FULL")
                self._db.execute("PRAGMA foreign_keys = ON")
                self._migrate()
        except BaseException as exc:
            self._db.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise StoreError(f"{self.path}: cannot be used as a match store: {exc}") from exc
            raise

    def _check_version(self, read_only: bool) -> int:
        """The file's schema version, refused unless it is one this module can use: an
        older one is upgraded, but not in a read-only store."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: written by a newer boardcore (schema {version}; this one knows up to {SCHEMA_VERSION})"
            )
        if version == 0 and self._db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]:
            raise StoreError(f"{self.path}: this SQLite file holds other tables; it is not a boardcore match store")
        if version == SCHEMA_VERSION:
            self._check_tables()
        elif read_only and version == 0:
            raise StoreError(f"{self.path}: an empty SQLite file, with no matches")
        elif read_only:
            raise StoreError(f"{self.path}: of schema {version}: serve it once to upgrade it to schema {SCHEMA_VERSION}")
        return int(version)

    def integrity(self) -> list[str]:
        """What SQLite's own check finds wrong with the file (at most 100 lines; none if sound)."""
        with self._lock:
            try:
                lines = [str(row[0]) for row in self._db.execute("PRAGMA integrity_check(100)")]
            except sqlite3.DatabaseError as exc:
                return [f"the check itself failed: {exc}"]
        return [] if lines == ["ok"] else lines

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed whole or not at all. SQLite's refusals
        (other than a broken constraint, which callers read) are
        :class:`StoreUnavailable`."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        with contextlib.suppress(sqlite3.Error):  # the error that brought us here says more
                            self._db.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError:
                raise
            except sqlite3.DatabaseError as exc:
                raise StoreUnavailable(f"{self.path}: cannot be written: {exc}") from exc

    def _migrate(self) -> None:
        for step in range(self._check_version(read_only=False) + 1, SCHEMA_VERSION + 1):
            with self._transaction() as db:
                for statement in _MIGRATIONS[step]:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {step}")  # a number of ours, not input

    def _check_tables(self) -> None:
        """Refuse a file that claims the current schema but lacks its tables or columns."""
        for table, columns in _COLUMNS.items():
            found = tuple(row[1] for row in self._db.execute(f"PRAGMA table_info({table})"))  # our names, not input
            if found != columns:
                raise StoreError(
                    f"{self.path}: its table {table!r} has columns {list(found)}, not {list(columns)}: "
                    "it is not a boardcore match store"
                )

    # -- writing ---------------------------------------------------------------------------

    def add_match(self, record: StoredMatch) -> None:
        values = attrs.asdict(record, recurse=False)
        values.update(plugins=json.dumps(list(record.plugins)), bots=json.dumps(list(record.bots)), over=int(record.over))
        with self._transaction() as db:
            db.execute(
                "INSERT INTO matches (id, game, plugins, players, bots, moves, over, save, created, updated)"
                " VALUES (:id, :game, :plugins, :players, :bots, :moves, :over, :save, :created, :updated)",
                values,
            )

    def add_seat(self, match_id: str, seat: SeatRecord) -> None:
        """Record a person at ``seat``; :class:`SeatTaken` if someone is there already."""
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO seats (match_id, seat, name, token_hash, seen) VALUES (?, ?, ?, ?, ?)",
                    (match_id, seat.seat, seat.name, seat.token_hash, seat.seen),
                )
        except sqlite3.IntegrityError as exc:
            raise SeatTaken(f"seat {seat.seat} of match {match_id} is taken") from exc

    def record_move(self, match_id: str, moves: int, over: bool, save: str, seat: int | None, seen: int) -> None:
        """Store the match after its ``moves``-th accepted answer, in one transaction.

        ``seat`` (None for a bot) answered; its ``seen`` mark is updated with the
        match. Raises :class:`StaleMove`, writing nothing, unless the stored match
        is at move ``moves - 1``: two servers sharing a file cannot overwrite each
        other's moves.
        """
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE matches SET moves = ?, over = ?, save = ?, updated = ? WHERE id = ? AND moves = ?",
                (moves, int(over), save, time.time(), match_id, moves - 1),
            )
            if cursor.rowcount != 1:
                raise StaleMove(f"match {match_id} is no longer at move {moves - 1} in {self.path}")
            if seat is not None:
                db.execute("UPDATE seats SET seen = ? WHERE match_id = ? AND seat = ?", (seen, match_id, seat))

    # -- reading ---------------------------------------------------------------------------

    def raw_matches(self) -> tuple[list[RawMatch], list[str]]:
        """Every stored match as raw values, read one by one, and what was wrong with
        the file as a whole (a table SQLite could only read in part).

        A match whose row or seats SQLite cannot read (a damaged page) comes back
        with its ``error``; the others are read whatever it holds. Text comes back
        as bytes, undecoded: ``rows.match_record`` checks it.
        """
        with self._lock:
            db = self._db
            db.text_factory = bytes
            try:
                return _read_raw(db)
            finally:
                db.text_factory = str


def _refuse_empty(path: str) -> None:
    """A file of 0 bytes would open as a new, empty store, and the server would start
    with no matches and say nothing; a match store is never empty once made, so
    such a file was cut short (with no write-ahead log to restore it from)."""
    if path == ":memory:" or path.startswith("file:"):
        return
    try:
        size = os.stat(path).st_size
    except OSError:
        return  # missing: a new store; unreadable: sqlite3 says why
    try:
        wal = os.stat(path + "-wal").st_size
    except OSError:
        wal = 0
    if size == 0 and wal == 0:
        raise StoreError(
            f"{path}: the file is empty (0 bytes), but a match store never is: it was cut short. "
            "Move it away (or delete it) to start a server with no matches"
        )


_MATCH_COLUMNS = "id, game, plugins, players, bots, moves, over, CASE WHEN length(save) <= ? THEN save END, created, updated"


def _read_raw(db: sqlite3.Connection) -> tuple[list[RawMatch], list[str]]:
    notes: list[str] = []
    ids, error = _as_far_as_readable(db, "SELECT rowid, id FROM matches", ())
    if error is not None:
        # the table cannot be walked through: its id index may still list every match
        found, again = _as_far_as_readable(db, "SELECT rowid, id FROM matches INDEXED BY sqlite_autoindex_matches_1", ())
        notes.append(f"the matches table can be read only in part ({error})")
        if again is not None:
            notes.append(f"its index of ids can be read only in part too ({again}): some matches may be missing")
        known = {rowid for rowid, _ in ids}
        ids += [(rowid, match_id) for rowid, match_id in found if rowid not in known]
    matches = []
    for rowid, match_id in ids:
        try:
            columns = db.execute(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE rowid = ?", (MAX_SAVE_SIZE, rowid)).fetchone()
            seats = db.execute(
                "SELECT seat, name, token_hash, seen FROM seats WHERE match_id = (SELECT id FROM matches WHERE rowid = ?)",
                (rowid,),
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            matches.append(RawMatch(match_id, None, [], f"SQLite cannot read it: {exc}"))
            continue
        if columns is None:  # listed by a damaged index, not in the table
            matches.append(RawMatch(match_id, None, [], "SQLite lists it but cannot find its row"))
            continue
        matches.append(RawMatch(match_id, tuple(columns), seats))
    return matches, notes


def _as_far_as_readable(db: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> tuple[list[Any], str | None]:
    """The rows of ``sql`` up to where SQLite fails, and its message (None if it did not)."""
    rows: list[Any] = []
    try:
        cursor = db.execute(sql, args)
        while batch := cursor.fetchmany(256):
            rows.extend(batch)
    except sqlite3.DatabaseError as exc:
        return rows, str(exc)
    return rows, None


# 0.3's name, the same as the simulated match records' (boardcore.simulate): kept for this version.
__getattr__ = renamed(__name__, {"MatchRecord": ("StoredMatch", StoredMatch)}, docs="docs/migration.md, From 0.3 to 0.4")
