"""What a server can host: the installed games, their setup options, the opt-in
plugins made for each, and the installed bots.

Everything here is read through the public API (``boardcore.registry.game_specs``,
``boardcore.load_game``, ``boardcore.bots``) and the ``boardcore.plugins``
entry-point group, so a third-party game installed beside boardcore is offered
exactly like the built-in ones.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points
from typing import Any

from .. import BoardcoreError, Game, load_game, to_data
from .._support.seating import sides_of
from ..bots import bot_summary, list_bots
from ..display import game_title
from ..registry import game_specs

PLUGINS_GROUP = "boardcore.plugins"


@functools.cache
def installed_plugins() -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """``(name, games, summary)`` for each installed opt-in plugin, sorted by name.

    ``games`` is the plugin's ``games`` attribute (empty: any game). A plugin that
    fails to import is left out: loading it by name would fail with a message anyway.
    """
    found = []
    for entry in entry_points(group=PLUGINS_GROUP):
        try:
            plugin = entry.load()
        except Exception:  # an entry point can fail in any way while importing
            continue
        games = tuple(g for g in getattr(plugin, "games", ()) if isinstance(g, str))
        doc = (getattr(plugin, "__doc__", None) or "").strip()
        found.append((entry.name, games, doc.splitlines()[0] if doc else ""))
    return tuple(sorted(found))


def games() -> list[dict[str, Any]]:
    """The installed games as the lobby and ``GET /api/games`` describe them."""
    out = []
    for spec in game_specs():
        sides = side_choices(spec.name)
        out.append(
            {
                "name": spec.name,
                "title": game_title(spec.name),
                "summary": spec.summary,
                "player_counts": list(spec.player_counts),
                "board": spec.board is not None,
                # an option's name, default, choices and help, as the API gives any of its objects
                "options": [{**to_data(option), "sides": sides.get(option.name)} for option in spec.options],
                "plugins": [
                    {"name": name, "summary": summary}
                    for name, for_games, summary in installed_plugins()
                    if not for_games or spec.name in for_games
                ],
            }
        )
    return out


@functools.cache
def side_choices(name: str) -> dict[str, list[dict[str, Any]]]:
    """The setup options that choose who plays which side, found from the game's
    self-description: for each such option, each of its values with the side of
    every seat it gives (``[{"value": 1, "sides": ["South", "North"]}, ...]``).

    An option chooses sides when the game names a side for every seat and its
    values give different seats different sides; a game tells nothing more for it."""
    try:
        game = load_game(name)
        players = game.player_counts[0]
        found: dict[str, list[dict[str, Any]]] = {}
        for option in game.spec.options:
            if option.choices is None or len(option.choices) < 2:
                continue
            each = []
            for value in option.choices:
                described = game.new_state(players=players, seed=0, **{option.name: value}).view(None).get("game_view")
                each.append({"value": value, "sides": list(sides_of(described, players))})
            sides = [tuple(e["sides"]) for e in each]
            if all(None not in s for s in sides) and len(set(sides)) == len(sides):
                found[option.name] = each
        return found
    except BoardcoreError:  # a game whose set-up fails is offered without a side choice
        return {}


@functools.cache
def bot_names() -> tuple[str, ...]:
    """The installed bots' names (read once: entry points do not change while serving)."""
    return tuple(list_bots())


def bots() -> list[dict[str, str]]:
    """The installed bots: ``name`` and the first line of their description."""
    return [{"name": name, "summary": bot_summary(name)} for name in bot_names()]


@functools.lru_cache(maxsize=64)
def game(name: str, plugins: tuple[str, ...] = ()) -> Game:
    """The loaded game, shared by all its matches (a ``Game`` is never changed by
    play). Raises ``UnknownGame`` or ``PluginError`` as ``load_game`` does."""
    return load_game(name, plugins=list(plugins))


@functools.lru_cache(maxsize=64)
def card_texts(loaded: Game) -> dict[str, str]:
    """Card id -> the card as the game words it ("Caesar (Leader, Force 10)")."""
    return {cid: card.text for cid, card in loaded.cards.items()}
