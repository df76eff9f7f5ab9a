"""Reading what clients send: the bodies of the JSON requests, checked strictly.

Each reader takes the decoded JSON and returns plain values, or raises an
:class:`~boardcore.server.errors.ApiError` (400) whose message names the field.
What only the engine can judge (whether a game exists, a player count, an
option's value, an answer's legality) is left to it; these functions check
shapes and types, so that nothing malformed reaches it.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import attrs

from .catalog import bot_names
from .errors import ApiError, bad_request

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes (a match request is well under 1 kB)."""

MAX_NAME = 40
"""The longest seat name, in characters."""

SEED_LIMIT = 2**63
"""Seeds are below this, so that they fit SQLite's integers and every JSON reader."""


@attrs.frozen
class NewMatch:
    """A checked request to create a match."""

    game: str
    players: int | None
    """None: the game's smallest player count."""
    plugins: tuple[str, ...]
    options: dict[str, Any]
    bots: dict[int, str]
    """Seat -> the bot that plays it; the other seats are for people."""
    seed: int


def decode(body: bytes) -> Any:
    """The JSON in a request body (an empty body is an empty object)."""
    if len(body) > MAX_BODY:
        raise ApiError(413, f"the request body is larger than {MAX_BODY} bytes")
    if not body.strip():
        return {}
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise bad_request("the request body is not valid JSON") from None


def new_match(data: Any) -> NewMatch:
    fields = _object(data, {"game", "players", "plugins", "options", "bots", "seed"})
    game = fields.get("game")
    if not isinstance(game, str) or not game:
        raise bad_request("'game' must name a game (see GET /api/games)")
    players = fields.get("players")
    if players is not None and not _is_int(players):
        raise bad_request(f"'players' must be a whole number, not {players!r:.40}")
    plugins = fields.get("plugins", [])
    if not isinstance(plugins, list) or not all(isinstance(p, str) for p in plugins):
        raise bad_request("'plugins' must be a list of plugin names")
    options = fields.get("options", {})
    if not isinstance(options, dict):
        raise bad_request("'options' must be an object of setup options")
    for key in ("players", "seed"):
        if key in options:
            raise bad_request(f"'options' cannot set {key!r}: it is a field of its own")
    seed = fields.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    elif not _is_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise bad_request(f"'seed' must be a whole number from 0 to 2**63 - 1, not {seed!r:.40}")
    return NewMatch(game, players, tuple(plugins), options, _bots(fields.get("bots", {})), seed)


def _bots(value: Any) -> dict[int, str]:
    """``{"1": "random"}`` or ``[null, "random"]`` -> ``{1: "random"}``, every name installed."""
    if isinstance(value, list):
        pairs = [(str(seat), name) for seat, name in enumerate(value) if name is not None]
    elif isinstance(value, dict):
        pairs = list(value.items())
    else:
        raise bad_request("'bots' must map seats to bot names, as {\"1\": \"random\"} or [null, \"random\"]")
    installed = bot_names()
    bots: dict[int, str] = {}
    for key, name in pairs:
        if not key.isdigit() or len(key) > 3:
            raise bad_request(f"'bots': {key!r:.20} is not a seat number")
        if name not in installed:
            raise bad_request(f"'bots': no bot {name!r:.40} is installed (installed: {', '.join(installed)})")
        bots[int(key)] = name
    return bots


def join(data: Any) -> tuple[int | None, str | None]:
    """``(seat, name)`` from a join request; either may be None (any open seat, no name)."""
    fields = _object(data, {"seat", "name"})
    seat = fields.get("seat")
    if seat is not None and not _is_int(seat):
        raise bad_request(f"'seat' must be a seat number, not {seat!r:.40}")
    name = fields.get("name")
    if name is not None:
        if not isinstance(name, str):
            raise bad_request("'name' must be a string")
        name = " ".join(name.split())  # no line breaks or runs of spaces in a name shown to others
        if len(name) > MAX_NAME:
            raise bad_request(f"'name' is longer than {MAX_NAME} characters")
    return seat, name or None


def answer(data: Any) -> tuple[int, int | None]:
    """``(option, version)``: the index of the chosen option and, if given, the
    version of the match the client chose it from."""
    fields = _object(data, {"option", "version"})
    if "option" not in fields:
        raise bad_request("'option' is missing: the index of the chosen option")
    option, version = fields["option"], fields.get("version")
    if not _is_int(option):
        raise bad_request(f"'option' must be the index of an option, not {option!r:.40}")
    if version is not None and not _is_int(version):
        raise bad_request(f"'version' must be a whole number, not {version!r:.40}")
    return option, version


def _object(data: Any, known: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise bad_request("the request body must be a JSON object")
    unknown = sorted(set(data) - known)
    if unknown:
        raise bad_request(f"unknown field {unknown[0]!r:.40} (expected: {', '.join(sorted(known))})")
    return data


def _is_int(value: Any) -> bool:
    """A JSON whole number (``true`` is not 1 here)."""
    return type(value) is int
