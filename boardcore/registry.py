"""Finding games and plugins, and making new hooks.

* :func:`game_specs` - the spec of every installed game (from the ``boardcore.games``
  entry points), without loading their cards; ``boardcore.list_games`` and
  ``boardcore.load_game`` are the usual way in;
* :func:`game_from_provider` - a game from a module or object that implements the
  hooks itself (a game in a test, a notebook, or a package not installed);
* :data:`hookspec` - marks a hook specification, for a plugin that defines hooks of
  its own for other plugins (implementations use ``boardcore.hookimpl``).
"""

from __future__ import annotations

from ._hookspecs import hookspec
from ._registry import game_from_provider, game_specs

__all__ = ["game_from_provider", "game_specs", "hookspec"]
