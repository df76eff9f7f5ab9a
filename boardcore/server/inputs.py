"""Reading what clients send, checked strictly: the one layer every request input
goes through before anything else sees it.

The body is read as it streams, and refused (413) as soon as it passes
:data:`MAX_BODY`, chunked or not; every write must say it is JSON (415), so that
a form on another site cannot post to the server. Decoded JSON is searched for
strings that are not text (a lone surrogate such as ``"\ud800"``, which JSON
allows and UTF-8 cannot hold); numbers in the query and in keys are ASCII digits
only (``str.isdigit`` also accepts ``"²"``, which ``int`` refuses).

Each reader returns plain values or raises an
:class:`~boardcore.server.errors.ApiError` (400) whose message names the field.
What only the engine can judge (whether a game exists, a player count, an
option's value, an answer's legality) is left to it; these functions check
shapes and types, so that nothing malformed reaches it.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import AsyncIterable, Mapping
from typing import Any

import attrs

from . import rows
from .catalog import bot_names
from .errors import ApiError, bad_request

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes (a match request is well under 1 kB)."""

MAX_NAME = rows.MAX_NAME
"""The longest seat name, in characters (the same limit as a stored name's)."""

SEED_LIMIT = 2**63
"""Seeds are below this, so that they fit SQLite's integers and every JSON reader."""

JSON_TYPE = "application/json"
"""The only content type a write may have (charset parameters aside)."""

_DIGITS = re.compile(r"[0-9]{1,12}")  # [0-9] is ASCII only; \d and isdigit() are not
_SEAT = re.compile(r"[0-9]{1,3}")
_LENGTH = re.compile(r"[0-9]{1,19}")
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a match id may look like (the server makes them with ``secrets.token_urlsafe``)."""


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


def _too_large() -> ApiError:
    # the rest of the body is not read, so the connection cannot carry another request
    return ApiError(413, f"the request body is larger than {MAX_BODY} bytes", {"Connection": "close"})


def check_content_type(headers: Mapping[str, str]) -> None:
    """Refuse (415) a write whose body is not declared JSON: a cross-site form can
    send ``text/plain`` or form data, but not ``application/json``."""
    given = headers.get("content-type")
    media = (given or "").partition(";")[0].strip().lower()
    if media != JSON_TYPE:
        said = "no Content-Type" if given is None else f"Content-Type {given[:60]!r}"
        raise ApiError(415, f"send the body as JSON with 'Content-Type: {JSON_TYPE}' (this request has {said})")


async def read_body(headers: Mapping[str, str], chunks: AsyncIterable[bytes]) -> bytes:
    """The request body, read chunk by chunk and refused (413) as soon as it passes
    ``MAX_BODY``: a declared ``Content-Length`` is checked before reading, and a
    chunked body (which declares none) while it arrives."""
    length = headers.get("content-length")
    if length is not None:
        if not _LENGTH.fullmatch(length.strip()):
            raise bad_request(f"'Content-Length' must be a number of bytes, not {length[:20]!r}")
        if int(length) > MAX_BODY:
            raise _too_large()
    body = bytearray()
    async for chunk in chunks:
        body += chunk
        if len(body) > MAX_BODY:
            raise _too_large()
    return bytes(body)


def decode(body: bytes) -> Any:
    """The JSON in a request body (an empty body is an empty object), every string
    in it checked to be text."""
    if len(body) > MAX_BODY:
        raise _too_large()
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise bad_request("the request body is not valid JSON") from None
    check_text(data)
    return data


def check_text(data: Any, where: str = "") -> None:
    """Refuse (400, naming the field) a string anywhere in decoded JSON, key or
    value, that is not text: a lone surrogate would fail later, in SQLite or in
    the reply that echoes it."""
    todo: list[tuple[Any, str]] = [(data, where)]
    while todo:
        item, at = todo.pop()
        if type(item) is str:
            _text(item, at or "the body")
        elif type(item) is dict:
            for key, value in item.items():
                inner = f"{at}.{key}" if at else key
                _text(key, f"a key of {at or 'the body'}")
                todo.append((value, inner))
        elif type(item) is list:
            todo.extend((value, f"{at}[{i}]") for i, value in enumerate(item))


def _text(value: str, where: str) -> None:
    if value.isascii():
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        shown = where if where.startswith("a key") else repr(where[:80])
        raise bad_request(
            f"{shown}: holds {value[exc.start]!r}, a lone surrogate, which is not text (send UTF-8 text)"
        ) from None


def query_number(params: Mapping[str, str], name: str, default: int = 0) -> int:
    """A whole number from the query string: ASCII digits, at most twelve of them."""
    text = params.get(name)
    if text is None:
        return default
    if not _DIGITS.fullmatch(text):
        raise bad_request(f"{name!r} must be a whole number of at most 12 digits, not {text[:20]!r}")
    return int(text)


def match_id(text: str) -> str:
    """A match id from the path, as the server makes them; anything else names no match."""
    if not MATCH_ID.fullmatch(text):
        raise ApiError(404, f"there is no match {text[:40]!r}")
    return text


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
        if not _SEAT.fullmatch(key):
            raise bad_request(f"'bots': {key[:20]!r} is not a seat number")
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


def answer(data: Any) -> tuple[int, int]:
    """``(option, version)``: the index of the chosen option and the version of the
    match the client chose it from. The version is required: it is what makes an
    answer sent twice (a double click, a retry) count once."""
    fields = _object(data, {"option", "version"})
    if "option" not in fields:
        raise bad_request("'option' is missing: the index of the chosen option")
    if "version" not in fields:
        raise bad_request("'version' is missing: the version of the match you chose from (its 'version' field)")
    option, version = fields["option"], fields["version"]
    if not _is_int(option):
        raise bad_request(f"'option' must be the index of an option, not {option!r:.40}")
    if not _is_int(version):
        raise bad_request(f"'version' must be a whole number, not {version!r:.40}")
    return option, version


def upload(data: Any) -> str:
    """The text of a saved match from an upload ``{"save": TEXT}`` (its content is
    the loader's to judge, with its own limits)."""
    fields = _object(data, {"save"})
    save = fields.get("save")
    if not isinstance(save, str) or not save.strip():
        raise bad_request("'save' must be the text of a saved match (the JSON that boardcore play --save writes)")
    return save


def replay_query(params: Mapping[str, str], steps: int, over: bool, players: int) -> tuple[int, int | None]:
    """``(step, seat)`` from a replay's query: ``step`` from 0 to ``steps`` (default:
    the last), ``seat`` a seat of the match or none (the spectator's view). A seat's
    view of a match still being played is refused (403)."""
    step = query_number(params, "step", steps)
    if step > steps:
        raise bad_request(f"there is no step {step}: this match has steps 0 to {steps}")
    if not params.get("seat"):
        return step, None
    seat = query_number(params, "seat")
    if seat >= players:
        raise bad_request(f"there is no seat {seat} in a {players}-player match")
    if not over:
        raise ApiError(403, "the match is still being played: until it is over, its replay shows what a spectator sees")
    return step, seat


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
