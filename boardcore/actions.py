"""Actions: what a player answers to a decision.

An action is a frozen, hashable attrs value with a short ``str()`` for people.
The engine ships the three that most decisions need; a game can define more
(``Move(card, unit, direction)``) and list them in ``register_types``.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Action:
    """Base class of every action."""


@attrs.frozen(cache_hash=True)
class Pick(Action):
    """Choose ``item`` (a card id, a piece id, a square, a named option).

    ``text`` is what a person reads, such as ``"discard Gauls"``.
    """

    item: str
    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class Done(Action):
    """Finish a sequence of picks."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen(cache_hash=True)
class Pass(Action):
    """Decline to act (play no card, take no reaction)."""

    def __str__(self) -> str:
        return "pass"


DONE = Done()
PASS = Pass()

_PICKS: dict[tuple[str, str], Pick] = {}


def pick(item: str, text: str) -> Pick:
    """Return the shared :class:`Pick` for ``(item, text)``.

    Picks are values, so sharing one instance per value is safe; it saves building
    the same option again every time a decision is offered.
    """
    key = (item, text)
    found = _PICKS.get(key)
    if found is None:
        found = _PICKS[key] = Pick(item, text)
    return found


BUILTIN_ACTIONS: tuple[type[Action], ...] = (Pick, Done, Pass)
