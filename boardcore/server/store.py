"""Where the server keeps its matches: one SQLite file.

A match is a row holding its compact save (``State.to_json()``, a few kB) and
what the server adds around it: the bots at its seats, the number of accepted
answers, and one row per joined seat with the hash of that seat's token. Every
accepted answer rewrites the match's row in one transaction, so after a crash
the file holds every answer that was acknowledged, and none half-written.

The schema is versioned with SQLite's ``user_version``: a file written by a
newer schema is refused rather than misread, and an older one is upgraded in
place by the steps in ``_MIGRATIONS``.

Calls are synchronous and safe from several threads: one connection, used under
a lock (the server calls the store from worker threads so that a write's fsync
never stalls its event loop).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import attrs

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


class StoreError(Exception):
    """The database cannot be used: not a match store, a newer schema, or unreadable."""


class SeatTaken(StoreError):
    """Someone joined that seat first."""


class StaleMove(StoreError):
    """The stored match has moved on since the move was computed (another writer)."""


@attrs.frozen
class SeatRecord:
    seat: int
    name: str
    token_hash: str
    seen: int
    """How many events the log held when this seat last answered."""


@attrs.frozen
class MatchRecord:
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

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
            self._db.execute("PRAGMA journal_mode = WAL")
            # FULL: a commit is on disk before the answer is acknowledged, even if the
            # machine (not only the process) stops right after.
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: cannot be used as a match store: {exc}") from exc

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed whole or not at all."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: written by a newer boardcore (schema {version}; this one knows up to {SCHEMA_VERSION})"
            )
        if version == 0:
            tables = self._db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            if tables:
                raise StoreError(f"{self.path}: this SQLite file holds other tables; it is not a boardcore match store")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            with self._transaction() as db:
                for statement in _MIGRATIONS[step]:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {step}")  # a number of ours, not input

    # -- writing ---------------------------------------------------------------------------

    def add_match(self, record: MatchRecord) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO matches (id, game, plugins, players, bots, moves, over, save, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    record.game,
                    json.dumps(list(record.plugins)),
                    record.players,
                    json.dumps(list(record.bots)),
                    record.moves,
                    int(record.over),
                    record.save,
                    record.created,
                    record.updated,
                ),
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

    def matches(self) -> list[MatchRecord]:
        """Every stored match with its seats, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, plugins, players, bots, moves, over, save, created, updated FROM matches ORDER BY created, id"
            ).fetchall()
            seat_rows = self._db.execute("SELECT match_id, seat, name, token_hash, seen FROM seats ORDER BY seat").fetchall()
        seats: dict[str, list[SeatRecord]] = {}
        for match_id, seat, name, token_hash, seen in seat_rows:
            seats.setdefault(match_id, []).append(SeatRecord(seat, name, token_hash, seen))
        return [
            MatchRecord(
                id=row[0],
                game=row[1],
                plugins=tuple(json.loads(row[2])),
                players=row[3],
                bots=tuple(json.loads(row[4])),
                moves=row[5],
                over=bool(row[6]),
                save=row[7],
                created=row[8],
                updated=row[9],
                seats=tuple(seats.get(row[0], ())),
            )
            for row in rows
        ]

    def schema_version(self) -> int:
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])
