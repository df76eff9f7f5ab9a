"""Invasions of the Horse People for boardcore: 2-6 steppe peoples race to 12 Loot.

The ``boardcore.games`` entry point ``invasions-of-the-horse-people`` loads
:data:`PLUGIN`: the spec and the 75-card deck of ``data/cards.toml``. An
expansion adds cards (built with :func:`load_deck`) and effects that react to the
game's moments (``TributeCollected``, ``InvasionResolved``, and the engine's own).

Layout: ``cards`` reads the data; ``plays`` holds the rules as pure functions
(what a play may hold, what it scores); ``board`` declares the zones, the Loot
counter and the table; ``phases`` runs the turn; ``victory`` ends the match.
"""

from __future__ import annotations

import boardcore

from .board import DISCARD, DRAW, HAND, LOOT, PLAY, TRIBUTE, HorseTable, Reckoning, cards_in, loot, nomads
from .cards import CONSTANTS, CardType, HorseCard, card_id, load_deck, total
from .phases import Invasion, InvasionResolved, Migration, Steppes, Tribute, TributeCollected
from .victory import LIMIT_DRAW, LIMIT_KHAN, LIMIT_MOST, WON, at_limit, describe, end_if, standing

NAME = "invasions-of-the-horse-people"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Steppe nomads depose the Khan and fight for his title; first to 12 Loot wins",
    player_counts=CONSTANTS.player_counts,
    zones=(DRAW, DISCARD, TRIBUTE, HAND, PLAY),
    counters=(LOOT,),
    phases=(Migration, Tribute, Invasion, Steppes),
    end_if=end_if,
    turn_limit=CONSTANTS.turn_limit,
    at_limit=at_limit,
    search_scores=standing,
    search_settle=True,  # the Invasion, which makes the next Khan, is decided at the turn's end
    search_iterations=400,  # searches here are cheap, and luck is large beside a decision's worth
    table_type=HorseTable,
    describe=describe,
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=load_deck)

__all__ = [
    "CONSTANTS", "DISCARD", "DRAW", "HAND", "LIMIT_DRAW", "LIMIT_KHAN", "LIMIT_MOST", "LOOT", "NAME", "PLAY",
    "PLUGIN", "SPEC", "TRIBUTE", "WON", "CardType", "HorseCard", "HorseTable", "InvasionResolved", "Reckoning",
    "TributeCollected", "card_id", "cards_in", "load_deck", "loot", "nomads", "total",
]  # fmt: skip
