"""Errors raised by boardcore.

Every error a caller can see derives from :class:`BoardcoreError`::

    BoardcoreError
     ├── IllegalAction (ValueError)  an action that is not among the options now
     ├── UnknownGame (LookupError)   no installed game has that name
     ├── PluginError                 a plugin failed to load, or raised while running
     ├── InvalidData (ValueError)    a malformed saved game, action or data file
     └── RuleError                   game code broke an engine rule (a negative counter,
                                     a card moved from a zone that does not hold it)

When game or plugin code raises inside ``State.apply``, the state is restored to what
it was before the call and the error reaches the caller as a :class:`PluginError`
naming the module at fault, so a bug in a plugin never corrupts a match.
"""

from __future__ import annotations

from typing import Any


class BoardcoreError(Exception):
    """Root of every error boardcore raises on purpose."""


class IllegalAction(BoardcoreError, ValueError):
    """Raised by ``State.apply`` when the action is not legal now.

    That covers a player who is not being asked, an action that is not one of the
    offered options, and any action after the game is over. The state is unchanged.
    """

    def __init__(self, message: str, *, player: Any = None, action: Any = None) -> None:
        super().__init__(message)
        self.player = player
        self.action = action


class UnknownGame(BoardcoreError, LookupError):
    """Raised by ``load_game`` when no installed game has the name asked for."""

    def __init__(self, name: str, known: list[str]) -> None:
        listing = ", ".join(known) or "none"
        super().__init__(f"no game named {name!r} is installed (installed: {listing})")
        self.name = name
        self.known = known


class PluginError(BoardcoreError):
    """Raised when a plugin cannot be loaded, is malformed, or raises while running.

    ``plugin`` names the plugin (an entry-point name or a module name).
    """

    def __init__(self, message: str, *, plugin: str | None = None) -> None:
        super().__init__(f"plugin {plugin}: {message}" if plugin else message)
        self.plugin = plugin


class InvalidData(BoardcoreError, ValueError):
    """Raised for malformed data: a saved game, an action, a card file.

    ``where`` says which file or which part of the document (a JSON path).
    """

    def __init__(self, message: str, *, where: str | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message
        """What is wrong, without ``where``."""


class RuleError(BoardcoreError):
    """Raised when game code asks the engine for something impossible.

    Examples: taking a counter below zero, moving a card out of a zone that does not
    hold it, a flow that runs out of steps before the game has a result. These are
    bugs in a game or plugin, never the fault of a player's action.
    """
