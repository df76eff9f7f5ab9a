"""The game's own actions. Each carries its wording in ``text`` (its ``str()``).

Card plays are asked in two short steps so that no option list grows large: first
the card (:class:`PlayCard`, whose ``use`` says how it is played), then what it
does (:class:`MoveUnit`, :class:`Strike`, :class:`Fire`, or one :class:`AddUnit`
at a time inside a group move).
"""

from __future__ import annotations

import enum

import attrs

import boardcore


class Use(enum.Enum):
    """How a card is played from the Move or Attack Phase menu."""

    MOVE = "move"  # AZ-D05 MOVE
    GROUP = "group"  # AZ-D05 GROUP
    DRAW2 = "draw2"  # AZ-D05 / AZ-D07 DRAW2
    ATTACK = "attack"  # AZ-D07 ATTACK
    SHOOT = "shoot"  # AZ-D07 SHOOT


@attrs.frozen(cache_hash=True)
class PlayCard(boardcore.Action):
    card: str
    use: Use
    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class EndPhase(boardcore.Action):
    """END_MOVE or END_TURN."""

    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class MoveUnit(boardcore.Action):
    """Move ``unit`` along ``direction`` (a ``Direction`` name) by the card's number."""

    unit: str
    direction: str
    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class AddUnit(boardcore.Action):
    """AZ-D06 ADD: the next unit of a group forward move."""

    unit: str
    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class Finish(boardcore.Action):
    """AZ-D06 FINISH."""

    def __str__(self) -> str:
        return "finish the group move"


@attrs.frozen(cache_hash=True)
class Strike(boardcore.Action):
    """``unit`` attacks ``target`` with the chosen card."""

    unit: str
    target: str
    text: str

    def __str__(self) -> str:
        return self.text


@attrs.frozen(cache_hash=True)
class Fire(boardcore.Action):
    """``cannon`` fires the chosen cannon card along ``direction``."""

    cannon: str
    direction: str
    text: str

    def __str__(self) -> str:
        return self.text


FINISH = Finish()
END_MOVE = EndPhase("end the Move Phase")
END_TURN = EndPhase("end the turn")

ACTIONS = (PlayCard, EndPhase, MoveUnit, AddUnit, Finish, Strike, Fire)
