"""The OpenAPI 3.1 description of the JSON API, served at ``/api/openapi.json``.

The schemas are made from the server's own declarations, so the document cannot
drift from what is read and sent: the request bodies from the attrs classes they
are read into (``inputs.REQUESTS``: fields, types, defaults, descriptions), the
replies from their TypedDicts (``replies.REPLIES``). The routes are written out
here, each in words (who may call it, what it refuses). The tests check that every
API route is described and nothing more, and that every reply matches its schema.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs

from .. import __version__
from .inputs import REQUESTS
from .replies import REPLIES

_TYPES = {int: "integer", str: "string", bool: "boolean", float: "number", type(None): "null"}


def schema_of(kind: Any) -> dict[str, Any]:
    """The JSON schema of a field's type (``{}`` for ``Any``); a reply named in the
    document is referred to, not written out again."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind in _TYPES:
        return {"type": _TYPES[kind]}
    if origin is typing.Annotated:
        return {**schema_of(args[0]), "description": kind.__metadata__[0]}
    if origin is typing.NotRequired:
        return schema_of(args[0])
    if kind in REPLIES:
        return _ref(kind.__name__)
    if typing.is_typeddict(kind):
        return _object(kind)
    if origin in (typing.Union, types.UnionType):
        if all(a in _TYPES for a in args):
            return {"type": [_TYPES[a] for a in args]}
        return {"oneOf": [schema_of(a) for a in args]}
    if origin in (tuple, list):
        return {"type": "array", "items": schema_of(args[0])}
    if origin is dict:
        return {"type": "object", **({"additionalProperties": schema_of(args[1])} if args[1] is not Any else {})}
    return {}


def _object(reply: Any) -> dict[str, Any]:
    """The schema of a reply (a TypedDict): exactly its keys, those not marked
    ``NotRequired`` always there."""
    hints = typing.get_type_hints(reply, include_extras=True)
    return {
        "type": "object",
        **({"description": reply.__doc__} if reply.__doc__ else {}),
        "required": sorted(reply.__required_keys__),
        "additionalProperties": False,
        "properties": {key: schema_of(kind) for key, kind in hints.items()},
    }


def body_schema(cls: type) -> dict[str, Any]:
    """The schema of a request body read into the attrs class ``cls``."""
    fields = attrs.fields(attrs.resolve_types(cls))
    return {
        "type": "object",
        "description": (cls.__doc__ or "").split("\n")[0],
        "required": [f.name for f in fields if f.default is attrs.NOTHING],
        "additionalProperties": False,
        "properties": {
            f.name: {**schema_of(f.type), **f.metadata.get("schema", {}), "description": f.metadata["about"]} for f in fields
        },
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _operation(summary: str, responses: dict[str, Any], **more: Any) -> dict[str, Any]:
    """An operation: its summary, then ``more`` (``description``, ``parameters``,
    ``security``, ``requestBody``, in the order given), then its responses."""
    return {"summary": summary, **more, "responses": responses}


def _replies(reply: str, description: str, *errors: int, status: str = "200") -> dict[str, Any]:
    """The responses of an operation: ``reply`` (a component) with ``status``, or a
    refusal with each of the ``errors``."""
    return {status: _json(_ref(reply), description), **{str(code): _ERROR for code in errors}}


def _request(body: str, required: bool = True) -> dict[str, Any]:
    return {**({"required": True} if required else {}), "content": {"application/json": {"schema": _ref(body)}}}


def _query(name: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, **more}


_ERROR = _json(_ref("Error"), "refused: the message says why")
_MATCH_ID = {"name": "match_id", "in": "path", "required": True, "schema": {"type": "string"}}
_SINCE = _query(
    "since", description="tell the events from this event number on (default 0: all)", schema={"type": "integer", "minimum": 0}
)
_SEAT: list[dict[str, list[str]]] = [{"seatToken": []}, {}]
"""A seat's token, or none for a spectator."""

_SCHEMAS: dict[str, Any] = {
    **{reply.__name__: _object(reply) for reply in REPLIES},
    **{cls.__name__: body_schema(cls) for cls in REQUESTS},
}

_PATHS: dict[str, Any] = {
    "/api/health": {"get": _operation("Whether the server is up, and how many matches it holds", _replies("Health", "up"))},
    "/api/openapi.json": {"get": _operation("This document", {"200": {"description": "OpenAPI 3.1"}})},
    "/api/games": {"get": _operation("The installed games (options, plugins) and bots", _replies("Games", "games and bots"))},
    "/api/matches": {
        "get": _operation("Every match, the newest first", _replies("Lobby", "the lobby")),
        "post": _operation(
            "Create a match",
            _replies("Match", "created", 400, 413, 415, 503, status="201"),
            description="Seats not given to a bot are open for people to join. Unknown games, player counts the game "
            "does not allow, option values it refuses, unknown plugins or bots are refused with 400.",
            requestBody=_request("NewMatch"),
        ),
    },
    "/api/matches/{match_id}": {
        "get": _operation("What anyone may know of a match", _replies("Match", "the match", 404, 503), parameters=[_MATCH_ID])
    },
    "/api/matches/{match_id}/join": {
        "post": _operation(
            "Take a seat",
            _replies("Joined", "seated", 400, 404, 409, 413, 415, 503, status="201"),
            description="Body: {\"seat\": K, \"name\": NAME}, both optional (default: the first open seat). The seat's "
            "token is in the response, and only there: keep it.",
            parameters=[_MATCH_ID],
            requestBody=_request("Join", required=False),
        )
    },
    "/api/matches/{match_id}/state": {
        "get": _operation(
            "The match as your seat sees it (a spectator without a token)",
            _replies("SeatState", "your view", 400, 401, 403, 404, 503),
            parameters=[_MATCH_ID, _SINCE, _query("html", schema={"enum": ["1"]}, description="1: add the page's table as HTML")],
            security=_SEAT,
        )
    },
    "/api/matches/{match_id}/answer": {
        "post": _operation(
            "Answer your seat's decision",
            _replies("SeatState", "accepted and stored; your view after it", 400, 401, 403, 404, 409, 413, 415, 422, 503),
            description="The engine checks the answer. 400: 'version' missing. 409: your decision changed since 'version', the match is over, "
            "or it is not asking your seat; "
            "422: no such option, or the game refused it. The match is unchanged by a refused answer.",
            parameters=[_MATCH_ID, _SINCE],
            security=[{"seatToken": []}],
            requestBody=_request("Answer"),
        )
    },
    "/api/matches/{match_id}/replay": {
        "get": _operation(
            "The table at one step of the match, for its replay",
            _replies("ReplayStep", "the step", 400, 403, 404, 503),
            description="The match as it was after 'step' answers (default: the latest), seen by 'seat' (default: a "
            "spectator). While the match is played only the spectator's view is given (403 for a seat); once it is "
            "over, any seat's. 400: a step or seat the match does not have.",
            parameters=[_MATCH_ID, *(_query(name, schema={"type": "integer", "minimum": 0}) for name in ("step", "seat"))],
        )
    },
    "/api/replays": {
        "post": _operation(
            "Host a saved match, to replay it (or play it on)",
            _replies("Match", "hosted", 400, 413, 415, 503, status="201"),
            description="Body: {\"save\": TEXT}, TEXT being what boardcore play --save writes. The save is checked by "
            "replaying it; it becomes a new match with every seat open. 400: a save that cannot be read or replayed, or "
            "names a plugin not installed here.",
            requestBody=_request("Upload"),
        )
    },
    "/api/matches/{match_id}/ws": {
        "get": _operation(
            "Updates pushed over a WebSocket",
            {"101": {"description": "switching to the WebSocket protocol"}},
            description="Upgrade to a WebSocket, then send a Hello ({\"token\": TOKEN or null, \"since\": N, \"html\": true}). "
            "The server sends {\"type\": \"update\", ...SeatState} now and whenever the match changes, each with the "
            "events since the previous one (and the page's table as 'html' if asked). A wrong token gets "
            "{\"type\": \"error\"} and close code 4403; an unknown match 4404.",
            parameters=[_MATCH_ID],
        )
    },
}


def document() -> dict[str, Any]:
    """The OpenAPI document of this version of the server."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "boardcore server",
            "version": __version__,
            "description": "Host boardcore matches: create, join with a secret seat token, read your own view, answer, "
            "and receive updates. Every response for a seat holds only what that seat may see.",
        },
        "paths": _PATHS,
        "components": {
            "schemas": _SCHEMAS,
            "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer", "description": "the token returned by join"}},
        },
    }
