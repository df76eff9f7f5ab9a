"""Matches brought to the server from a saved file (``boardcore play --save``,
``State.to_json``): by ``boardcore serve --open FILE``, or uploaded on the replay
page (``POST /api/replays``).

A save is read with the loader's own limits and verified by replaying its
history, like every stored match; the plugins it names must be installed (a
file never makes the server import a module). It becomes a match like any
other: every seat is a person's and open, so a match not over yet can be played
on, and its replay is there from the start.
"""

from __future__ import annotations

import secrets
import time
from .. import Game, InvalidData, State
from ..saves import parse_saved
from . import catalog
from .store import StoredMatch


def read_save(text: str | bytes) -> tuple[Game, tuple[str, ...], State]:
    """The game (with its plugins) and the verified match of a saved file's text;
    ``InvalidData`` (or another ``BoardcoreError``) saying what is wrong."""
    data, text = parse_saved(text)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise InvalidData("not a saved boardcore match (no game named)", where="$.game")
    plugins = data.get("plugins", [])
    if not isinstance(plugins, list) or not all(isinstance(p, str) for p in plugins):
        raise InvalidData("expected a list of plugin names", where="$.plugins")
    installed = {name for name, _, _ in catalog.installed_plugins()}
    for name in plugins:
        if name not in installed:
            raise InvalidData(f"names plugin {name!r:.60}, which is not installed here", where="$.plugins")
    game = catalog.game(data["game"], tuple(plugins))
    return game, tuple(plugins), game.state_from_json(text)


def record_of(
    game: Game, plugins: tuple[str, ...], state: State, bots: tuple[str | None, ...] | None = None
) -> StoredMatch:
    """A new stored match holding ``state``: a new id, the ``bots`` per seat (by
    default none: every seat open for a person)."""
    now = time.time()
    return StoredMatch(
        secrets.token_urlsafe(9), game.name, plugins, state.players, (None,) * state.players if bots is None else bots,
        state.history_length, state.is_over, state.to_json(), now, now,
    )  # fmt: skip
