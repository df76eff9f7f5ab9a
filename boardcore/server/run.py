"""``serve``: run the server with uvicorn on an address, until interrupted, with
the limits of ``limits`` on each client."""

from __future__ import annotations

import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import uvicorn

from .. import BoardcoreError
from .app import create_app
from .inputs import MAX_BODY
from .limits import Limits, guarded_protocol
from .saves import read_save, record_of
from .store import MatchStore, StoreError


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "boardcore-matches.sqlite3",
    bot_delay: float = 0.5,
    log_level: str = "warning",
    out: TextIO | None = None,
    limits: Limits | None = None,
    opened: Sequence[str] = (),
) -> None:
    """Serve the lobby, the match pages and the API on ``host:port`` (port 0: any
    free port), keeping matches in the SQLite file ``db``; print the address to open.
    Each of ``opened`` (the text of a saved match) is added to the store as a new
    match first, and the address of its replay printed.

    Raises ``ValueError`` with a sentence for a database that cannot be used, a save
    that cannot be read, or an address that cannot be bound, before anything is
    served. A damaged match in a usable database does not stop the server: that
    match answers 503.
    """
    out = out or sys.stdout
    limits = limits or Limits()
    try:
        store = MatchStore(db)  # a bad file is refused now, not on the first request
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    try:
        added = [_bring(store, text) for text in opened]
    finally:
        store.close()
    sock = _bind(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"boardcore server: open http://{shown}:{bound}/ (matches kept in {db}; Ctrl-C stops)", file=out, flush=True)
    for match_id in added:
        print(f"replay of the saved match: http://{shown}:{bound}/matches/{match_id}/replay", file=out, flush=True)
    # Updates are a few kB of JSON: compressing each costs more time than it saves.
    config = uvicorn.Config(
        create_app(db, bot_delay),
        log_level=log_level,
        lifespan="on",
        ws_per_message_deflate=False,
        http=guarded_protocol(limits),
        timeout_keep_alive=limits.idle_timeout,  # type: ignore[arg-type]  # a float works: it is a call_later delay
        # a client's WebSocket messages are a hello of a few bytes: anything near a body's limit is refused
        ws_max_size=MAX_BODY,
        ws_max_queue=4,
    )
    uvicorn.Server(config).run(sockets=[sock])


def _bring(store: MatchStore, text: str) -> str:
    """Store the saved match ``text`` as a new match (checked by replaying it); its id."""
    try:
        record = record_of(*read_save(text))
        store.add_match(record)
    except BoardcoreError as exc:
        raise ValueError(f"the saved match cannot be opened: {exc}") from None
    except StoreError as exc:
        raise ValueError(f"the saved match cannot be stored: {exc}") from None
    return record.id


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; the bound port is known before serving."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ValueError(f"cannot use host {host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock
