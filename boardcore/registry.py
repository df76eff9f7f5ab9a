"""Finding games and plugins, and making new hooks.

* :func:`game_specs` - the spec of every installed game (from the ``boardcore.games``
  entry points), without loading their cards; ``boardcore.list_games`` and
  ``boardcore.load_game`` are the usual way in;
* :func:`game_from_provider` - a game from a module or object that implements the
  hooks itself (a game in a test, a notebook, or a package not installed);
* :data:`hookspec` - marks a hook specification, for a plugin that defines hooks of
  its own for other plugins (implementations use ``boardcore.hookimpl``);
* :func:`with_plugins` - a game already loaded, loaded again with more plugins;
* :func:`broken_games` - the installed games that failed to load, with their errors;
* :func:`installed_plugins`, :func:`describe_plugin` and :func:`plugin_name` - the
  opt-in plugins installed (``boardcore.plugins`` entry points), what each is for,
  and the name a plugin object goes by in messages and records.
"""

from __future__ import annotations

from ._games.hookspecs import hookspec
from ._games.plugins import describe_plugin, installed_plugins, plugin_name
from ._games.registry import broken_games, game_from_provider, game_specs, with_plugins

__all__ = [
    "broken_games", "describe_plugin", "game_from_provider", "game_specs", "hookspec", "installed_plugins", "plugin_name",
    "with_plugins",
]  # fmt: skip
