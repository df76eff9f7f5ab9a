"""The engine's events and moments, the record of what happened in a match.

Every event is a frozen attrs value in the match's log (``State.events``), saved and
replayed with it; card effects and plugins react to them (``boardcore.reacts_to``,
the ``on_event`` hook). The moments among them (``DieRolled``, ``PhaseBegan``,
``TurnEnded``, ``CardsDrawn``, ``Exchanged``) are performed by the rules, and cards
may modify or replace them before they happen (``boardcore.modifies``,
``boardcore.replaces``). The base classes, ``boardcore.Event`` and
``boardcore.Moment``, are at the top level, for games to define their own.
``BUILTIN_EVENTS`` lists the engine's event classes; ``HIDDEN_CARD`` stands for a card
id in an event as a player who may not see that card is shown it.
"""

from __future__ import annotations

from ._values.events import (
    BUILTIN_EVENTS,
    HIDDEN_CARD,
    CardPlayed,
    CardsDrawn,
    CardsMoved,
    Chose,
    CounterChanged,
    DieRolled,
    Exchanged,
    GameOver,
    MatchStarted,
    MomentCancelled,
    MomentReplaced,
    PhaseBegan,
    PhaseEnded,
    PieceAdded,
    PieceMoved,
    PieceRemoved,
    PlayerOut,
    Revealed,
    Shuffled,
    TurnBegan,
    TurnEnded,
)

__all__ = [
    "BUILTIN_EVENTS", "HIDDEN_CARD", "CardPlayed", "CardsDrawn", "CardsMoved", "Chose", "CounterChanged", "DieRolled", "Exchanged", "GameOver",
    "MatchStarted", "MomentCancelled", "MomentReplaced", "PhaseBegan", "PhaseEnded", "PieceAdded", "PieceMoved",
    "PieceRemoved", "PlayerOut", "Revealed", "Shuffled", "TurnBegan", "TurnEnded",
]  # fmt: skip
