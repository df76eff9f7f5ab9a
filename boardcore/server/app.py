"""The server's routes: the JSON API under ``/api``, its WebSocket, and the web page.

Handlers only translate: they read the request (``inputs``), ask the match
service, and write JSON or HTML. Every refusal is an ``ApiError`` answered as
``{"error": message}`` with a 4xx status; the OpenAPI document
(``/api/openapi.json``) describes each route.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .._support.seating import Seating
from . import catalog, inputs, page
from .errors import ApiError
from .matches import LiveMatch, MatchService
from .openapi import document
from .store import MatchStore

log = logging.getLogger("boardcore.server")

HELLO_TIMEOUT = 10.0
"""Seconds a WebSocket client has to say who it is before it is closed."""


def create_app(db: str | Path, bot_delay: float = 0.0) -> Starlette:
    """The server as an ASGI app, keeping its matches in the SQLite file ``db``;
    bots answer ``bot_delay`` seconds after their decision opens."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(MatchStore, db)
        service = MatchService(store, bot_delay)
        app.state.service = service
        await service.start()
        try:
            yield
        finally:
            await service.stop()
            store.close()

    routes = [
        Route("/", lobby, methods=["GET"]),
        Route("/matches/{match_id}", match_page, methods=["GET"]),
        Route("/matches/{match_id}/replay", replay_page, methods=["GET"]),
        Route("/replay", upload_page, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        Route("/api/openapi.json", openapi, methods=["GET"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches", create_match, methods=["POST"]),
        Route("/api/matches/{match_id}", read_match, methods=["GET"]),
        Route("/api/matches/{match_id}/join", join_match, methods=["POST"]),
        Route("/api/matches/{match_id}/state", read_state, methods=["GET"]),
        Route("/api/matches/{match_id}/answer", answer, methods=["POST"]),
        Route("/api/matches/{match_id}/replay", read_replay, methods=["GET"]),
        Route("/api/replays", bring_replay, methods=["POST"]),
        WebSocketRoute("/api/matches/{match_id}/ws", updates),
        Mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static"),
    ]
    handlers: dict[Any, Any] = {
        ApiError: _api_error,
        HTTPException: _http_error,
        ClientDisconnect: _hung_up,
        Exception: _crash,
    }
    return Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)


def _service(request: Request | WebSocket) -> MatchService:
    service: MatchService = request.app.state.service
    return service


# -- errors --------------------------------------------------------------------------------


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse({"error": exc.message}, status_code=exc.status, headers=exc.headers)


async def _hung_up(request: Request, exc: Exception) -> Response:
    """The client went away in the middle of its request: nothing was done, and
    nobody is left to answer, so one line in the log says so."""
    client = request.client
    who = f"{client.host}:{client.port}" if client else "a client"
    log.warning("%s hung up before sending all of %s %s", who, request.method, request.url.path)
    return Response(status_code=400)  # never delivered


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)


async def _crash(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse({"error": "the server failed unexpectedly; the match is as it was before this request"}, status_code=500)


# -- reading requests ------------------------------------------------------------------------


async def _body(request: Request) -> Any:
    """The JSON of a write's body, read through the checks of ``inputs``."""
    inputs.check_content_type(request.headers)
    return inputs.decode(await inputs.read_body(request.headers, request.stream()))


def _token(request: Request) -> str | None:
    """The seat token in ``Authorization: Bearer TOKEN``, or None for a spectator."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send a seat's token as 'Authorization: Bearer TOKEN'")
    return token.strip()


async def _match(request: Request) -> LiveMatch:
    return await _service(request).get(inputs.match_id(request.path_params["match_id"]))


def _since(request: Request) -> int:
    return inputs.query_number(request.query_params, "since")


# -- the JSON API ------------------------------------------------------------------------------


async def health(request: Request) -> Response:
    service = _service(request)
    return JSONResponse(
        {"ok": True, "matches": len(service.matches), "loading": service.loading, "unloadable": len(service.broken)}
    )


async def openapi(request: Request) -> Response:
    return JSONResponse(document())


async def list_games(request: Request) -> Response:
    return JSONResponse({"games": catalog.games(), "bots": catalog.bots()})


async def list_matches(request: Request) -> Response:
    return JSONResponse({"matches": await _service(request).lobby()})


async def create_match(request: Request) -> Response:
    wanted = inputs.read(await _body(request), inputs.NewMatch)
    match = await _service(request).create(wanted)
    return JSONResponse(_with_links(match.summary()), status_code=201)


async def read_match(request: Request) -> Response:
    return JSONResponse(_with_links((await _match(request)).summary()))


async def join_match(request: Request) -> Response:
    match = await _match(request)
    wanted = inputs.read(await _body(request), inputs.Join)
    name = " ".join(wanted.name.split()) if wanted.name else None  # no line breaks or runs of spaces in a name shown to others
    seat, token = await _service(request).join(match, wanted.seat, name or None)
    body = {"seat": seat, "token": token, "match": _with_links(match.summary()), "play": f"/matches/{match.id}?seat={seat}"}
    return JSONResponse(body, status_code=201)


async def read_state(request: Request) -> Response:
    match = await _match(request)
    service = _service(request)
    seat = service.seat_of(match, _token(request))
    payload = await service.payload(match, seat, _since(request))
    if request.query_params.get("html") == "1":
        payload["html"] = page.table_html(payload)
    return JSONResponse(payload)


async def answer(request: Request) -> Response:
    match = await _match(request)
    service = _service(request)
    seat = service.seat_of(match, _token(request))
    wanted = inputs.read(await _body(request), inputs.Answer)
    await service.answer(match, seat, wanted.option, wanted.version)
    return JSONResponse(await service.payload(match, seat, _since(request)))


async def read_replay(request: Request) -> Response:
    match = await _match(request)
    state = match.state
    step, seat = inputs.replay_query(request.query_params, len(state.history), state.is_over, state.players)
    return JSONResponse(await _service(request).replay(match, step, seat))


async def bring_replay(request: Request) -> Response:
    match = await _service(request).bring(inputs.read(await _body(request), inputs.Upload).save)
    return JSONResponse(_with_links(match.summary()), status_code=201)


def _with_links(summary: dict[str, Any]) -> dict[str, Any]:
    base = f"/matches/{summary['id']}"
    return {**summary, "links": {"page": base, "watch": f"{base}?watch=1", "replay": f"{base}/replay"}}


# -- pushed updates ---------------------------------------------------------------------------


async def updates(websocket: WebSocket) -> None:
    """Push the match to one seat (or a spectator) now and after every change.

    The client's first message says who it is: ``{"token": TOKEN or null,
    "since": N, "html": true}``. Each update is the seat's payload (as ``GET
    .../state``) with ``"type": "update"``, its events from where the previous
    update stopped, and with ``html`` the page's table.
    """
    await websocket.accept()
    service = _service(websocket)
    try:
        match = await service.get(inputs.match_id(websocket.path_params["match_id"]))
        data = await asyncio.wait_for(websocket.receive_json(), HELLO_TIMEOUT)
        inputs.check_text(data)
        hello = inputs.read(data, inputs.Hello)
        seat = service.seat_of(match, hello.token)
    except ApiError as exc:
        await _refuse(websocket, exc)
        return
    except (asyncio.TimeoutError, ValueError, KeyError, WebSocketDisconnect):
        await _refuse(websocket, ApiError(400, "say who you are first: {\"token\": TOKEN or null}"))
        return
    await _push(websocket, service, match, seat, hello.since, hello.html)


async def _refuse(websocket: WebSocket, exc: ApiError) -> None:
    with contextlib.suppress(Exception):  # the client may be gone already
        await websocket.send_json({"type": "error", "status": exc.status, "error": exc.message})
        await websocket.close(code=4404 if exc.status == 404 else 4403 if exc.status in (401, 403) else 4400)


async def _push(websocket: WebSocket, service: MatchService, match: LiveMatch, seat: int | None, since: int, html: bool) -> None:
    wake: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
    match.watchers.add(wake)
    gone = asyncio.ensure_future(_until_closed(websocket))
    try:
        while True:
            payload = await service.payload(match, seat, since)
            since = payload["events"]["to"]
            message = {"type": "update", **payload}
            if html:
                message["html"] = page.table_html(payload)
            await websocket.send_json(message)
            woken = asyncio.ensure_future(wake.get())
            done, _ = await asyncio.wait({woken, gone}, return_when=asyncio.FIRST_COMPLETED)
            if gone in done:
                woken.cancel()
                return
    except (WebSocketDisconnect, RuntimeError):
        return  # the client left while an update was being sent
    finally:
        match.watchers.discard(wake)
        gone.cancel()


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends until it disconnects."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return


# -- the web page ------------------------------------------------------------------------------


async def lobby(request: Request) -> Response:
    return HTMLResponse(page.lobby_page(catalog.games(), catalog.bots(), await _service(request).lobby()))


async def match_page(request: Request) -> Response:
    try:
        match = await _match(request)
    except ApiError as exc:
        return HTMLResponse(page.render("missing.html", message=exc.message), status_code=exc.status)
    return HTMLResponse(page.match_page(match.summary()))


async def replay_page(request: Request) -> Response:
    try:
        match = await _match(request)
    except ApiError as exc:
        return HTMLResponse(page.render("missing.html", message=exc.message), status_code=exc.status)
    state = match.state
    seating = Seating.of(match.names(), state.players, state.view(None).get("game_view"))
    # once a match is over, any seat's point of view; while it is played, the spectator's only
    seats = [(None, "a spectator")] + ([(p, seating.who(p)) for p in range(state.players)] if state.is_over else [])
    return HTMLResponse(page.replay_page(match.summary(), len(state.history), seats))


async def upload_page(request: Request) -> Response:
    return HTMLResponse(page.render("upload.html"))
