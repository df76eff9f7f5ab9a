"""Reading what clients send, checked strictly: the one layer every request input
goes through before anything else sees it.

The body is read as it streams, and refused (413) as soon as it passes
:data:`MAX_BODY`, chunked or not; every write must say it is JSON (415), so that
a form on another site cannot post to the server. Decoded JSON is searched for
strings that are not text (a lone surrogate such as ``"\ud800"``, which JSON
allows and UTF-8 cannot hold); numbers in the query and in keys are ASCII digits
only (``str.isdigit`` also accepts ``"²"``, which ``int`` refuses).

Each body is an attrs class read by :func:`read` through boardcore's strict converter,
in the dialect :data:`REQUEST`; a mistake is an :class:`~boardcore.server.errors.ApiError`
(400) whose message names the field. The OpenAPI document describes the bodies from
the same classes.
What only the engine can judge (whether a game exists, a player count, an
option's value, an answer's legality) is left to it; these functions check
shapes and types, so that nothing malformed reaches it.
"""

from __future__ import annotations

import json
import re
import secrets
import typing
from collections.abc import AsyncIterable, Callable, Mapping
from typing import Any, TypeVar

import attrs

from .. import InvalidData
from ..codec import Dialect, file_path, structure_at
from . import rows
from .catalog import bot_names
from .errors import ApiError

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
            raise ApiError(400, f"'Content-Length' must be a number of bytes, not {length[:20]!r}")
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
        raise ApiError(400, "the request body is not valid JSON") from None
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
        raise ApiError(
            400, f"{shown}: holds {value[exc.start]!r}, a lone surrogate, which is not text (send UTF-8 text)"
        ) from None


def query_number(params: Mapping[str, str], name: str, default: int = 0) -> int:
    """A whole number from the query string: ASCII digits, at most twelve of them."""
    text = params.get(name)
    if text is None:
        return default
    if not _DIGITS.fullmatch(text):
        raise ApiError(400, f"{name!r} must be a whole number of at most 12 digits, not {text[:20]!r}")
    return int(text)


def match_id(text: str) -> str:
    """A match id from the path, as the server makes them; anything else names no match."""
    if not MATCH_ID.fullmatch(text):
        raise ApiError(404, f"there is no match {text[:40]!r}")
    return text


# -- request bodies ----------------------------------------------------------------------------
# Each body is an attrs class read by the strict converter in the dialect below; a field's
# metadata gives its description (for the OpenAPI document too) and what its value must be.

REQUEST = Dialect(
    show=lambda value: f"{value!r:.40}",
    nouns={"int": "a whole number", "str": "a string", "bool": "true or false", "float": "a number",
           "null": "null", "list": "a list", "object": "a JSON object"},  # fmt: skip
    got="not",
    ints=range(-(2**63), 2**63),
    too_big=lambda value: f"must be a whole number of at most 64 bits, not {value!r:.40}",
    unknown=lambda extra, known: [((), f"unknown field {extra[0]!r:.40} (expected: {', '.join(sorted(known))})")],
    missing=lambda field: f"is missing: {field.metadata['about']}",
    path=lambda parts: f"'{parts[0]}'{file_path(parts[1:])}" if parts else "",
)
"""How the server speaks of a request body: ``'seed' must be a whole number, not -1``."""


def _about(about: str, must: str | None = None, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """A request field's metadata: its description, what its value must be, and any
    JSON schema beyond what its type says."""
    return {"about": about, **({"must": must} if must else {}), **({"schema": schema} if schema else {})}


def _check(test: Callable[[Any], bool], message: str) -> Callable[[Any, Any, Any], None]:
    def check(_: Any, __: Any, value: Any) -> None:
        if not test(value):
            raise ValueError(message.format(value=f"{value!r:.40}"))

    return check


def _not_own_fields(_: Any, __: Any, options: dict[str, Any]) -> None:
    for key in ("players", "seed"):
        if key in options:
            raise ValueError(f"cannot set {key!r}: it is a field of its own")


def bot_seats(bots: Any) -> dict[int, str]:
    """``{"1": "random"}`` or ``[null, "random"]`` -> ``{1: "random"}``, every name installed."""
    if isinstance(bots, list):
        pairs = [(str(seat), name) for seat, name in enumerate(bots) if name is not None]
    elif isinstance(bots, dict):
        pairs = list(bots.items())
    else:
        raise ValueError("must map seats to bot names, as {\"1\": \"random\"} or [null, \"random\"]")
    installed = bot_names()
    for key, name in pairs:
        if not _SEAT.fullmatch(key):
            raise ValueError(f"has a bad seat: {key[:20]!r} is not a seat number")
        if name not in installed:
            raise ValueError(f"names a bot not installed here: no bot {name!r:.40} is installed (installed: {', '.join(installed)})")
    return {int(key): name for key, name in pairs}


@attrs.frozen
class NewMatch:
    """The body of ``POST /api/matches``: a match to create."""

    game: str = attrs.field(
        validator=_check(bool, "must name a game (see GET /api/games)"),
        metadata=_about("an installed game (GET /api/games)", must="must name a game (see GET /api/games)"),
    )
    players: int | None = attrs.field(
        default=None, metadata=_about("default: the game's smallest player count", must="must be a whole number")
    )
    plugins: tuple[str, ...] = attrs.field(default=(), metadata=_about("opt-in rule plugins", must="must be a list of plugin names"))
    options: dict[str, Any] = attrs.field(
        factory=dict,
        validator=_not_own_fields,
        metadata=_about("the game's setup options; the game checks every value", must="must be an object of setup options"),
    )
    bots: Any = attrs.field(
        factory=dict,
        validator=lambda _, __, bots: bot_seats(bots) and None,
        metadata=_about(
            "the seats played by the server's bots: {\"1\": \"random\"} or [null, \"random\"]",
            schema={"oneOf": [{"type": "object", "additionalProperties": {"type": "string"}},
                              {"type": "array", "items": {"type": ["string", "null"]}}]},  # fmt: skip
        ),
    )
    seed: int = attrs.field(
        factory=lambda: secrets.randbelow(2**31),
        validator=_check(lambda seed: 0 <= seed < SEED_LIMIT, "must be a whole number from 0 to 2**63 - 1, not {value}"),
        metadata=_about("default: random", must="must be a whole number from 0 to 2**63 - 1", schema={"minimum": 0}),
    )

    @property
    def seats(self) -> dict[int, str]:
        """Seat -> the bot that plays it; the other seats are for people."""
        return bot_seats(self.bots)


@attrs.frozen
class Join:
    """The body of ``POST /api/matches/{match_id}/join``: both fields may be left out."""

    seat: int | None = attrs.field(default=None, metadata=_about("default: the first open seat", must="must be a seat number"))
    name: str | None = attrs.field(
        default=None,
        validator=_check(lambda name: name is None or len(" ".join(name.split())) <= MAX_NAME, f"is longer than {MAX_NAME} characters"),
        metadata=_about("the name the table shows", must="must be a string", schema={"maxLength": MAX_NAME}),
    )


@attrs.frozen
class Answer:
    """The body of ``POST /api/matches/{match_id}/answer``."""

    option: int = attrs.field(metadata=_about("the index of the chosen option", must="must be the index of an option"))
    version: int = attrs.field(
        metadata=_about(
            "the version of the match you chose from (its 'version' field); refused (409) if your decision changed "
            "since, so an answer sent twice counts once",
            must="must be a whole number",
        )
    )


_SAVE_TEXT = "must be the text of a saved match (the JSON that boardcore play --save writes)"


@attrs.frozen
class Upload:
    """The body of ``POST /api/replays``: a saved match to host (its content is the
    loader's to judge, with its own limits)."""

    save: str = attrs.field(validator=_check(lambda text: bool(text.strip()), _SAVE_TEXT), metadata=_about("what boardcore play --save writes", must=_SAVE_TEXT))


@attrs.frozen
class Hello:
    """A WebSocket's first message: who is listening."""

    token: str | None = attrs.field(default=None, metadata=_about("a seat's token; null for a spectator", must="must be a string or null"))
    since: int = attrs.field(default=0, metadata=_about("tell the events from this event number on", must="must be an event number"))
    html: bool = attrs.field(default=False, metadata=_about("add the page's table as HTML", must="must be true or false"))


REQUESTS = (NewMatch, Join, Answer, Upload, Hello)
"""Every request body the server reads, for the OpenAPI document."""

B = TypeVar("B")


def read(data: Any, cls: type[B]) -> B:
    """``data`` (decoded JSON) as the request ``cls``, or a 400 whose message names the field."""
    if type(data) is not dict:
        raise ApiError(400, "the request body must be a JSON object")
    try:
        return typing.cast(B, structure_at(data, cls, str, dialect=REQUEST))
    except InvalidData as exc:
        raise ApiError(400, f"{exc.where} {exc.message}" if exc.where else exc.message) from None


def replay_query(params: Mapping[str, str], steps: int, over: bool, players: int) -> tuple[int, int | None]:
    """``(step, seat)`` from a replay's query: ``step`` from 0 to ``steps`` (default:
    the last), ``seat`` a seat of the match or none (the spectator's view). A seat's
    view of a match still being played is refused (403)."""
    step = query_number(params, "step", steps)
    if step > steps:
        raise ApiError(400, f"there is no step {step}: this match has steps 0 to {steps}")
    if not params.get("seat"):
        return step, None
    seat = query_number(params, "seat")
    if seat >= players:
        raise ApiError(400, f"there is no seat {seat} in a {players}-player match")
    if not over:
        raise ApiError(403, "the match is still being played: until it is over, its replay shows what a spectator sees")
    return step, seat
