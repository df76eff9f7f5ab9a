"""Finding installed games through the ``boardcore.games`` entry-point group."""

from __future__ import annotations

import copyreg
import warnings
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import Any

import attrs

from .._persistence.state import State
from .._values.errors import PluginError, UnknownGame
from . import plugins as _plugins
from .game import Game
from .spec import GameSpec

GAMES_GROUP = "boardcore.games"


@attrs.frozen
class Provided:
    """A game spec and the plugin object that provides it."""

    spec: GameSpec
    provider: Any
    provider_name: str


_cache: dict[str, Provided] | None = None
_broken: dict[str, PluginError] = {}


def _discover() -> dict[str, Provided]:
    """Read the entry points once. A game whose entry point fails is left out of
    the listing (with a warning) and raises its PluginError when loaded by name,
    so one broken third-party game does not hide all the others."""
    global _cache
    if _cache is None:
        found: dict[str, Provided] = {}
        for name, obj in _entry_point_objects():
            try:
                found.update(games_from([(name, obj)], taken=found))
            except PluginError as exc:
                _broken[name] = exc
                warnings.warn(str(exc), stacklevel=3)
        _cache = found
    return _cache


def _entry_point_objects() -> list[tuple[str, Any]]:
    found = []
    for ep in sorted(entry_points(group=GAMES_GROUP), key=lambda e: e.name):
        try:
            found.append((ep.name, ep.load()))
        except Exception as exc:  # an entry point can fail in any way while importing
            error = PluginError(f"failed to load: {type(exc).__name__}: {exc}", plugin=ep.name)
            _broken[ep.name] = error
            warnings.warn(str(error), stacklevel=4)
    return found


def games_from(providers: Iterable[tuple[str, Any]], taken: dict[str, Provided] | None = None) -> dict[str, Provided]:
    """Ask each provider's ``register_games`` hook for its games (names in ``taken``
    are already provided by someone else)."""
    games: dict[str, Provided] = {}
    taken = taken or {}
    for name, obj in providers:
        pm = _plugins.new_manager()
        _plugins.register(pm, obj, name)
        answers = _plugins.collect(pm, "register_games")
        if not answers or not any(answer for _, answer in answers):
            what = getattr(obj, "__name__", repr(obj))
            raise PluginError(
                f"provides no games: {what} implements no register_games hook returning a GameSpec "
                "(a folder without __init__.py imports as an empty namespace package)",
                plugin=name,
            )
        for plugin, answer in answers:
            if not isinstance(answer, (list, tuple)):
                raise PluginError(f"register_games must return a list of GameSpec, not {answer!r:.80}", plugin=plugin)
            for spec in answer:
                if not isinstance(spec, GameSpec):
                    raise PluginError(f"register_games returned {spec!r}, not a GameSpec", plugin=plugin)
                other = games.get(spec.name) or taken.get(spec.name)
                if other is not None:
                    raise PluginError(f"game {spec.name!r} is also provided by {other.provider_name}", plugin=plugin)
                games[spec.name] = Provided(spec, obj, name)
    return games


def list_games() -> list[str]:
    """Every installed game's name, sorted."""
    return sorted(_discover())


def game_specs() -> list[GameSpec]:
    """The specs of every installed game, sorted by name."""
    found = _discover()
    return [found[name].spec for name in sorted(found)]


def broken_games() -> dict[str, PluginError]:
    """The installed games that failed to load, by entry-point name, with the error
    each raised (left out of :func:`game_specs`)."""
    _discover()
    return dict(sorted(_broken.items()))


def load_game(name: str, plugins: Iterable[Any] = ()) -> Game:
    """Load an installed game, with optional opt-in rule plugins.

    ``plugins`` holds names from the ``boardcore.plugins`` entry-point group or
    plugin objects (modules or instances with hook implementations). A plugin that
    declares ``games = (...)`` may only be used with those games.
    """
    provided = _named(name)
    if provided is None:
        found = _discover()
        if name not in found:
            if name in _broken:
                raise _broken[name]
            raise UnknownGame(name, sorted(found))
        provided = found[name]
    return build_game(provided, plugins)


_named_cache: dict[str, Provided] = {}


def _named(name: str) -> Provided | None:
    """Game ``name`` from the entry point named after it, read alone: loading one game
    imports no other (a command, a server worker or a process of a parallel run
    starts sooner). None when no entry point has that name, it fails to load, or it
    does not provide ``name``: then every entry point is read, as listing does, and
    a failure is reported there."""
    if _cache is not None:
        return _cache.get(name)
    if name not in _named_cache:
        for ep in entry_points(group=GAMES_GROUP, name=name):
            try:
                provided = games_from([(ep.name, ep.load())]).get(name)
            except Exception:  # an entry point can fail in any way while importing
                return None
            if provided is not None:
                _named_cache[name] = provided
    return _named_cache.get(name)


def build_game(provided: Provided, plugins: Iterable[Any] = ()) -> Game:
    """A game with its own plugin manager: the provider first, then the opt-ins."""
    spec = provided.spec
    if isinstance(plugins, str):
        # One name, not its letters: load_game("my-game", plugins="my-plugin").
        plugins = (plugins,)
    pm = _plugins.new_manager()
    _plugins.register(pm, provided.provider, provided.provider_name)
    names = []
    for entry in plugins:
        pname, obj = _plugins.load_plugin(entry)
        allowed = getattr(obj, "games", None)
        if allowed is not None and spec.name not in allowed:
            raise PluginError(f"is for {', '.join(allowed)}, not {spec.name}", plugin=pname)
        if pname in names:
            raise PluginError("was asked for twice", plugin=pname)
        _plugins.register(pm, obj, pname)
        if not pm.get_hookcallers(obj):
            raise PluginError("implements no boardcore hook (mark its functions with @boardcore.hookimpl)", plugin=pname)
        names.append(pname)
    return Game(spec, pm, names)


def game_from_provider(provider: Any, name: str | None = None, plugins: Iterable[Any] = ()) -> Game:
    """Load a game straight from a provider object, without installing it.

    Useful for a game under development and for tests: ``provider`` is what its
    ``boardcore.games`` entry point would point at.
    """
    pname = _plugins.plugin_name(provider)
    games = games_from([(pname, provider)])
    if name is None:
        if len(games) != 1:
            raise UnknownGame("<unnamed>", sorted(games))
        name = next(iter(games))
    if name not in games:
        raise UnknownGame(name, sorted(games))
    return build_game(games[name], plugins)


def with_plugins(game: Game, *plugins: Any) -> Game:
    """``game`` loaded again from the same provider, with the plugins it was loaded with
    (in their order) and then ``plugins``: an installed game or one from
    :func:`game_from_provider` alike, a house rule added to a game already loaded."""
    registered = game.pm.list_name_plugin()  # the game's provider first, then its plugins in order
    provider_name, provider = registered[0]
    loaded = dict(registered)
    return build_game(Provided(game.spec, provider, provider_name), [*(loaded[p] for p in game.plugins), *plugins])


# -- pickling -----------------------------------------------------------------------------

_by_name: dict[tuple[str, tuple[str, ...]], Game] = {}


def _installed_game(name: str, plugins: tuple[str, ...]) -> Game:
    """The installed game ``name`` with the installed ``plugins``, loaded once per
    process: how an unpickled game or match finds its rules again."""
    game = _by_name.get((name, plugins))
    if game is None:
        game = _by_name[(name, plugins)] = load_game(name, plugins)
    return game


def _state_from_pickle(game: Game, text: str) -> State:
    return game.state_from_json(text, verify=False)  # a pickle is trusted data by nature


# A loaded game holds its plugin manager and modules, which do not pickle: a game
# is pickled as its name and plugins (so only installed games and plugins can be
# unpickled), and a match as its game and its save. Worker processes and Ray
# tasks can then be handed states and games.
copyreg.pickle(Game, lambda game: (_installed_game, (game.name, tuple(game.plugins))))
copyreg.pickle(State, lambda state: (_state_from_pickle, (state.game, state.to_json())))
