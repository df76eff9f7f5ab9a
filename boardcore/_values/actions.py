"""Actions: what a player answers to a decision.

An action is a frozen, hashable attrs value with a short ``str()`` for people.
The engine ships the six that most decisions need (:class:`Pick`, :class:`PickSet`,
:class:`Play`, :class:`Use`, :class:`Done`, :class:`Pass`); a game can define more (``Move(card, unit,
direction)``). Every action class defined in a game's or plugin's package is
stored in saved games under its class name.
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


Target = int | str | None
"""What a played card is aimed at: a seat, a card, piece or square id, or nothing."""


@attrs.frozen(cache_hash=True)
class PickSet(Action):
    """Choose several items at once, named by their ``positions`` (0 first) among the
    items the question is about, such as the cards of a hand in their order.

    Offered by :class:`~boardcore.steps.ExchangeAtOnce`. Positions rather than the
    items themselves make the options, so every hand of one size is offered the
    same options, built once. ``text`` is what a person reads, such as
    ``"exchange cards 2, 5"``.
    """

    positions: tuple[int, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class Play(Action):
    """Play ``card``, aimed at ``target`` (a seat, a piece, a square, or None).

    Offered by :class:`~boardcore.steps.PlayCard`; ``text`` is what a person reads,
    such as ``"play Flood on seat 2"``.
    """

    card: str
    target: Target
    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class Use(Action):
    """Use ``ability`` (an ability of a card or piece in play, as the game names it).

    Offered by :class:`~boardcore.steps.PlayCard` beside the cards to play; ``text`` is
    what a person reads, such as ``"use Sling: shoot"``.
    """

    ability: str
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
    if found is None or found.item != item or found.text != text:
        # (an object forced open with object.__setattr__ is not shared any further)
        found = _PICKS[key] = Pick(item, text)
    return found

