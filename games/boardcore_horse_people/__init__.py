"""Invasions of the Horse People for boardcore: 2-6 steppe peoples race to 12 Loot.

This module is the game's plugin: the ``boardcore.games`` entry point
``invasions-of-the-horse-people`` points at it, and its hook implementations give
the engine the game spec, the 75-card deck from ``data/cards.toml`` and the
classes the game stores in a match.

Layout: ``cards`` reads the data; ``plays`` holds the rules as pure functions
(what a play may hold, what it scores); ``board`` sets up zones and the table;
``phases`` runs the turn; ``checks`` lists the invariants for the test kit.
"""

from __future__ import annotations


import boardcore

from .board import CONSTANTS, DISCARD, DRAW, LOOT, TRIBUTE, HorseTable, Reckoning, describe, hand, play_area, setup
from .cards import CardType, HorseCard, card_id, cards_from_rows, load_rows
from .checks import check
from .phases import EVENTS, PHASES, STEPS, InvasionResolved, TributeCollected, at_turn_limit

NAME = "invasions-of-the-horse-people"
_ROWS = load_rows()

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Steppe nomads depose the Khan and fight for his title; first to 12 Loot wins",
    player_counts=CONSTANTS.player_counts,
    setup=setup,
    phases=PHASES,
    turn_order=boardcore.TurnOrder.EVERYONE,
    turn_limit=CONSTANTS.turn_limit,
    at_turn_limit=at_turn_limit,
    table_type=HorseTable,
    describe=describe,
    check=check,
)


PLUGIN = boardcore.GamePlugin(SPEC, cards=lambda: cards_from_rows(_ROWS), types=[*STEPS, *EVENTS])
"""What the ``boardcore.games`` entry point loads: the spec, the deck and the
classes the game stores in a match."""


__all__ = [
    "PLUGIN",
    "CONSTANTS",
    "DISCARD",
    "DRAW",
    "LOOT",
    "NAME",
    "SPEC",
    "TRIBUTE",
    "CardType",
    "HorseCard",
    "HorseTable",
    "InvasionResolved",
    "Reckoning",
    "TributeCollected",
    "card_id",
    "hand",
    "play_area",
]
