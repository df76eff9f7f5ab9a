"""Bounded memo tables kept with a loaded game (``Game.memo``), for the rules' hot paths.

A table made by ``m.rules.memo(factory)`` lives as long as the loaded game, so what
it remembers goes with the game, unlike a module-level ``lru_cache`` keyed on the
game, which would keep every game it ever saw alive. Read with ``table.get(key)``;
store a miss with :func:`keep`, which starts the table afresh when it is full."""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V")

LIMIT = 4096
"""Entries a table keeps before it starts afresh: the hands and option lists of one
game, seen again and again within a match, fit many times over."""


def keep(table: dict[Any, Any], key: Any, value: V) -> V:
    """Store ``value`` under ``key`` in ``table`` (emptied first when it holds ``LIMIT``
    entries) and return it."""
    if len(table) >= LIMIT:
        table.clear()
    table[key] = value
    return value
