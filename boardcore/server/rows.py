"""Stored rows read back: every column checked to be what the server wrote.

SQLite keeps whatever it is given in any column, so a row changed by hand, by
another program or by a damaged file can hold text where a number was written,
JSON that does not parse, a list of the wrong length or bytes that are not
UTF-8. :func:`match_record` turns the raw columns of one match (read with
``text_factory=bytes``, so that nothing is decoded before it is checked) into a
:class:`~boardcore.server.store.StoredMatch`, or raises :class:`DamagedRow`
saying which column is wrong and how. What only the engine can judge (the save
itself) is checked when the match is loaded, by replaying it.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import attrs

from .. import SeatZones
from ..saves import MAX_SAVE_SIZE
from .store import StoredMatch, SeatRecord

MAX_NAME = 40
"""The longest seat name, in characters (the join request's limit as well)."""

_TOKEN_HASH = re.compile(r"[0-9a-f]{64}")
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class DamagedRow(Exception):
    """A stored row that is not what the server writes: the message names the column."""


def show_id(value: Any) -> str:
    """A match id as it can be named in a message or a log, whatever the column held."""
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return repr(value[:64])
    text = value if isinstance(value, str) else repr(value)
    return text if _ID.fullmatch(text) else repr(text[:64])


def match_record(row: tuple[Any, ...], seat_rows: list[tuple[Any, ...]]) -> StoredMatch:
    """The match in ``row`` (the columns of ``matches`` in their order, ``save``
    None when it was longer than a save may be) with its ``seat_rows`` (``seat,
    name, token_hash, seen`` each), checked column by column."""
    raw_id, game, plugins, players, bots, moves, over, save, created, updated = row
    match_id = _text(raw_id, "id")
    if not _ID.fullmatch(match_id):
        raise DamagedRow(f"'id' is {match_id[:64]!r}, not an id the server makes")
    players = _whole(players, "players", 1, SeatZones.MAX_SEATS)
    plugin_names = _json_list(plugins, "plugins")
    if not all(type(p) is str for p in plugin_names):
        raise DamagedRow("'plugins' must be a list of plugin names")
    bot_names = _json_list(bots, "bots")
    if len(bot_names) != players:
        raise DamagedRow(f"'bots' has {len(bot_names)} entries for {players} seats")
    if not all(b is None or type(b) is str for b in bot_names):
        raise DamagedRow("'bots' must hold a bot name or null for each seat")
    if save is None:
        raise DamagedRow(f"'save' is longer than the {MAX_SAVE_SIZE:,} characters a saved game may have")
    record = StoredMatch(
        id=match_id,
        game=_text(game, "game"),
        plugins=tuple(plugin_names),
        players=players,
        bots=tuple(bot_names),
        moves=_whole(moves, "moves", 0, 2**63 - 1),
        over=bool(_whole(over, "over", 0, 1)),
        save=_text(save, "save"),
        created=_time(created, "created"),
        updated=_time(updated, "updated"),
    )
    seats = tuple(sorted((_seat(raw, record) for raw in seat_rows), key=lambda s: s.seat))
    return attrs.evolve(record, seats=seats)


def _seat(raw: tuple[Any, ...], match: StoredMatch) -> SeatRecord:
    seat, name, token_hash, seen = raw
    number = _whole(seat, "seats.seat", 0, 2**63 - 1)
    if number >= match.players:
        raise DamagedRow(f"'seats.seat' is {number}, but there is no seat {number} in a {match.players}-player match")
    if match.bots[number] is not None:
        raise DamagedRow(f"'seats.seat' {number} is the {match.bots[number]} bot's seat")
    where = f"seats.{number}"
    text = _text(name, f"{where}.name")
    if not text or len(text) > MAX_NAME or text != " ".join(text.split()):
        raise DamagedRow(f"'{where}.name' is {text[:60]!r}, not a name the server stores")
    hashed = _text(token_hash, f"{where}.token_hash")
    if not _TOKEN_HASH.fullmatch(hashed):
        raise DamagedRow(f"'{where}.token_hash' is not a SHA-256 in hexadecimal")
    return SeatRecord(number, text, hashed, _whole(seen, f"{where}.seen", 0, 2**63 - 1))


def _text(value: Any, column: str) -> str:
    if type(value) is not bytes:  # text is read as bytes (see the module): anything else was stored as another type
        raise DamagedRow(f"'{column}' holds {_kind(value)}, not text")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedRow(f"'{column}' is not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _whole(value: Any, column: str, least: int, most: int) -> int:
    if type(value) is not int:
        raise DamagedRow(f"'{column}' holds {_kind(value)}, not a whole number")
    if not least <= value <= most:
        raise DamagedRow(f"'{column}' is {value}, not a number from {least} to {most}")
    return value


def _time(value: Any, column: str) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise DamagedRow(f"'{column}' holds {_kind(value)}, not a time")
    return float(value)


def _json_list(value: Any, column: str) -> list[Any]:
    text = _text(value, column)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise DamagedRow(f"'{column}' is not JSON: {text[:40]!r}") from None
    if type(data) is not list:
        raise DamagedRow(f"'{column}' must be a JSON list, not {text[:40]!r}")
    return data


def _kind(value: Any) -> str:
    """What a raw column value is, in words, without echoing a large value."""
    if value is None:
        return "NULL"
    if type(value) is bytes:
        return f"text {value[:20]!r}"
    if type(value) in (int, float):
        return f"the number {value!r:.30}"
    return f"a {type(value).__name__} value"
