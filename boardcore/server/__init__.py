"""Play over the network: an HTTP and WebSocket server for boardcore matches.

``boardcore serve`` (``pip install "boardcore[server]"``) hosts matches of every
installed game for people in their browsers and for programs through a JSON API.
The server holds each match's state and secrets: a seat gets a secret token when
it joins and can read only its own view and answer only its own decisions; a
spectator sees public information only. Every accepted answer is checked by the
engine and written to SQLite before it is acknowledged, so a server killed at
any moment resumes every match when it starts again. See ``docs/server.md``.

Modules, each with one job:

* ``store``: the SQLite file (schema, versioning, one transaction per answer);
* ``rows``: each stored row checked as it is read back;
* ``matches``: the hosted matches (verified as they are loaded), their locks, joining and answering;
* ``autoplay``: the server's bots, thinking in worker threads;
* ``payload``: what one seat may be sent, from ``state.view`` and ``events_for``;
* ``replay``: the table at any step of a match, rebuilt from its history;
* ``saves``: a saved file hosted as a match (``serve --open``, ``POST /api/replays``);
* ``inputs``, ``errors``: reading requests (every input, checked in one place), and refusing them with a message;
* ``limits``: the time and the connections one client may take (``serve`` only);
* ``check``: ``serve --check-db``, the damaged matches of a store;
* ``catalog``: the installed games, plugins and bots;
* ``page`` with ``templates/`` and ``static/``: the lobby and the match page;
* ``app``, ``openapi``: the routes and their description; ``run``: ``serve``.

Embedding it in another ASGI server::

    from boardcore.server import create_app
    app = create_app("matches.sqlite3")
"""

from __future__ import annotations

from .app import create_app
from .limits import Limits
from .run import serve

__all__ = ["Limits", "create_app", "serve"]
