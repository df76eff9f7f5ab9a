"""Aztec Skirmish for boardcore: Aztecs against Conquistadors on a chessboard, with one shared deck.

This module is the game's plugin: the ``boardcore.games`` entry point
``aztec-skirmish`` points at it, and its hook implementations give the engine the
game spec, the 79 cards from ``data/cards.toml`` and the classes the game stores
in a match.

Layout: ``cards`` reads the data; ``board`` holds zones, the table, units and
set-up; ``deploy`` the deployment decisions; ``geometry`` the pure board geometry;
``orders`` which plays are legal; ``fate``, ``moving`` and ``fighting`` the three
phases (with damage, victory and the turn limit in ``fighting``); ``checks`` the
invariants for the test kit. Options: ``aztec`` (the Aztec's seat, 0 by default)
and ``deployment`` ("choose" or "standard").
"""

from __future__ import annotations


import boardcore

from .actions import ACTIONS, Use
from .board import (
    DISCARD,
    DRAW,
    HITS,
    OPTIONS,
    AztecTable,
    describe,
    hand,
    setup,
)
from .cards import (
    CONSTANTS,
    DECK,
    AztecCard,
    CardType,
    Shot,
    Side,
    Troop,
    UnitKind,
    User,
)
from .checks import check
from .deploy import EVENTS as DEPLOY_EVENTS
from .deploy import STEPS as DEPLOY_STEPS
from .fate import STEPS as FATE_STEPS
from .fate import Fate
from .fighting import (
    BOTH_LEADERS,
    ENDINGS,
    LEADER_KILLED,
    LIMIT_DRAW,
    LIMIT_WIN,
    AttackPhase,
    at_turn_limit,
)
from .fighting import (
    EVENTS as FIGHT_EVENTS,
)
from .fighting import (
    STEPS as FIGHT_STEPS,
)
from .moving import STEPS as MOVE_STEPS
from .moving import MovePhase

NAME = "aztec-skirmish"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Aztecs against Conquistadors on a chessboard: kill the enemy Leader",
    player_counts=(2,),
    setup=setup,
    phases=(Fate, MovePhase, AttackPhase),
    turn_order=boardcore.TurnOrder.SEATS,
    turn_limit=CONSTANTS.turn_limit,
    at_turn_limit=at_turn_limit,
    table_type=AztecTable,
    describe=describe,
    check=check,
    options=OPTIONS,
)


PLUGIN = boardcore.GamePlugin(
    SPEC,
    cards=DECK,
    types=[*ACTIONS, *DEPLOY_STEPS, *FATE_STEPS, *MOVE_STEPS, *FIGHT_STEPS, *DEPLOY_EVENTS, *FIGHT_EVENTS],
)
"""What the ``boardcore.games`` entry point loads: the spec, the deck and the
classes the game stores in a match."""


__all__ = [
    "PLUGIN",
    "BOTH_LEADERS",
    "CONSTANTS",
    "DISCARD",
    "DRAW",
    "ENDINGS",
    "HITS",
    "LEADER_KILLED",
    "LIMIT_DRAW",
    "LIMIT_WIN",
    "NAME",
    "SPEC",
    "AztecCard",
    "AztecTable",
    "CardType",
    "Shot",
    "Side",
    "Troop",
    "UnitKind",
    "Use",
    "User",
    "hand",
]
