"""What one client may hold of the server: time to send a request, and connections.

The ASGI app only sees a request once its headers have arrived, so the limits on
slow or numerous connections live in the HTTP protocol that ``serve`` gives
uvicorn: :func:`guarded_protocol` is uvicorn's own h11 protocol with

* a deadline for a request's line and headers (from the connection's start, or
  from the end of the previous response on a kept-alive connection), and one for
  its body (from the end of its headers): a client that sends a byte a minute
  is closed when its time is up rather than held open forever;
* a cap on the connections open at once from one client address (WebSockets
  included): the connection over it is answered 503 and closed.

The body's size is the app's limit (``inputs.MAX_BODY``), checked as it streams,
so it holds under any ASGI server; these limits hold under ``boardcore serve``.
An app embedded in another server gets that server's limits.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import attrs
import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("boardcore.server")


@attrs.frozen
class Limits:
    """The limits ``boardcore serve`` puts on each client (seconds, connections)."""

    header_timeout: float = 10.0
    """Seconds a client has to send a request's line and headers."""
    body_timeout: float = 10.0
    """Seconds a client has to send a request's body once its headers are in (a
    body is at most 64 kB)."""
    idle_timeout: float = 5.0
    """Seconds a kept-alive connection may wait, idle, for its next request."""
    per_client: int = 100
    """Connections one client address may hold open at once (0: no cap). Behind a
    reverse proxy every client has the proxy's address: raise it, or set 0 and let
    the proxy limit its clients."""

    def __attrs_post_init__(self) -> None:
        for name in ("header_timeout", "body_timeout", "idle_timeout"):
            if not 0 < getattr(self, name) <= 3600:
                raise ValueError(f"{name.replace('_', ' ')} must be more than 0 and at most 3600 seconds")
        if not 0 <= self.per_client <= 1_000_000:
            raise ValueError("the connections per client must be from 0 (no cap) to 1000000")


class ConnectionGuard:
    """The connections open from each client address, and the cap on them.

    A connection is counted while its transport is open; a WebSocket's transport
    changes protocol on the way, so closed transports are dropped when counted
    rather than relied on to report their end."""

    def __init__(self, per_client: int) -> None:
        self.per_client = per_client
        self._open: dict[str, set[asyncio.BaseTransport]] = {}
        self._admitted = 0

    def admit(self, address: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` for ``address``; False (not counted) if the address holds its cap."""
        self._admitted += 1
        if self._admitted % 1024 == 0:  # now and then, forget addresses whose connections all closed
            for key in [k for k, live in self._open.items() if not _prune(live)]:
                del self._open[key]
        live = self._open.setdefault(address, set())
        if self.per_client and len(live) >= self.per_client and _prune(live) >= self.per_client:
            return False
        live.add(transport)
        return True

    def release(self, address: str, transport: asyncio.BaseTransport) -> None:
        live = self._open.get(address)
        if live is not None:
            live.discard(transport)
            if not live:
                del self._open[address]


def _prune(live: set[asyncio.BaseTransport]) -> int:
    """Drop the closed transports of ``live``; how many are left."""
    live.difference_update([t for t in live if t.is_closing()])
    return len(live)


def _raw_response(status: int, reason: str, message: str) -> bytes:
    """A whole HTTP/1.1 response that closes the connection, written before (or
    instead of) anything h11 would send."""
    body = json.dumps({"error": message}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def guarded_protocol(limits: Limits) -> type[H11Protocol]:
    """uvicorn's h11 protocol with ``limits``' deadlines and per-address cap (see the module)."""
    guard = ConnectionGuard(limits.per_client)

    class GuardedH11Protocol(H11Protocol):
        guarded = guard

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._phase: str | None = None
            """What the client owes now: "headers", "body", None (nothing), or "upgraded"."""
            self._deadline: asyncio.TimerHandle | None = None
            self._address = ""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._address = self.client[0] if self.client else ""
            if not guard.admit(self._address, transport):
                log.info("refused a connection from %s: it holds %s already", self._address, limits.per_client)
                transport.write(
                    _raw_response(503, "Service Unavailable", f"too many connections from your address (at most {limits.per_client} at once)")
                )
                transport.close()
                return
            self._follow()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            guard.release(self._address, self.transport)
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            self._follow()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            # A WebSocket lives as long as it is used: its hello has a timeout of its own.
            self._disarm()
            self._phase = "upgraded"
            super().handle_websocket_upgrade(event)

        def on_response_complete(self) -> None:
            super().on_response_complete()  # may start a pipelined request's cycle
            self._follow()

        def _follow(self) -> None:
            """Arm the deadline of the part of the request the client owes now."""
            if self._phase == "upgraded" or self.transport.is_closing():
                return
            state = self.conn.their_state
            phase = "headers" if state is h11.IDLE else "body" if state is h11.SEND_BODY else None
            if phase == self._phase:
                return
            self._disarm()
            self._phase = phase
            if phase is not None:
                seconds = limits.header_timeout if phase == "headers" else limits.body_timeout
                self._deadline = self.loop.call_later(seconds, self._expired, phase, seconds)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self, phase: str, seconds: float) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            what = "its request line and headers" if phase == "headers" else "its request body"
            log.info("closed a connection from %s: %s took more than %s s", self._address, what, seconds)
            if phase == "headers" and self.conn.our_state is h11.IDLE:
                # nothing of a response has been sent: say why before closing
                self.transport.write(_raw_response(408, "Request Timeout", f"{what} took more than {seconds:g} s"))
            self.transport.close()

    return GuardedH11Protocol
