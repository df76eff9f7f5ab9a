"""Invasions of the Horse People for boardcore: 2-6 steppe peoples race to 12 Loot.

The ``boardcore.games`` entry point ``invasions-of-the-horse-people`` loads
:data:`PLUGIN`: the spec and the 75-card deck of ``data/cards.toml``. An
expansion adds cards (built with :func:`load_deck`, with card types of its own if
it declares any) and effects that modify, replace and react to the game's moments
(:mod:`.moments`) and the engine's own. ``__all__`` is what an expansion may rely
on; :mod:`.testing` holds the invariants and the scenario helpers for its tests.

Layout: ``cards`` reads the data (card types, cards, constants); ``plays`` holds
the rules as pure functions (what a play may hold, what it scores); ``board``
declares the zones, the Loot counter and the table; ``moments`` names what cards
may change; ``phases`` runs the turn; ``victory`` ends the match.
"""

from __future__ import annotations

import boardcore

from .board import DISCARD, DRAW, HAND, LOOT, PLAY, TRIBUTE, HorseTable, Reckoning, cards_in, loot, nomads
from .cards import CONSTANTS, TYPES, CardType, HorseCard, card_id, load_deck, total
from .moments import CardsDrawn, InvasionResolved, TributeCollected, perform_quiet
from .phases import Invasion, InvasionPlay, Migration, Steppes, Tribute, TributePlay, skipped
from .plays import can_stop, candidates, contest, deposes, tribute_gain
from .victory import LIMIT_DRAW, LIMIT_KHAN, LIMIT_MOST, WON, at_limit, describe, end_if, standing

NAME = "invasions-of-the-horse-people"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Steppe nomads depose the Khan and fight for his title; first to 12 Loot wins",
    player_counts=CONSTANTS.player_counts,
    zones=(DRAW, DISCARD, TRIBUTE, HAND, PLAY), counters=(LOOT,), table_type=HorseTable, describe=describe,
    phases=(Migration, Tribute, Invasion, Steppes),
    end_if=end_if, turn_limit=CONSTANTS.turn_limit, at_limit=at_limit,
    search_scores=standing,
    search_settle=True,  # the Invasion, which makes the next Khan, is decided at the turn's end
    search_iterations=400,  # searches here are cheap, and luck is large beside a decision's worth
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=load_deck)

__all__ = [
    "CONSTANTS", "DISCARD", "DRAW", "HAND", "LIMIT_DRAW", "LIMIT_KHAN", "LIMIT_MOST", "LOOT", "NAME", "PLAY", "PLUGIN",
    "SPEC", "TRIBUTE", "TYPES", "WON", "CardType", "CardsDrawn", "HorseCard", "HorseTable", "Invasion", "InvasionPlay",
    "InvasionResolved", "Migration", "Reckoning", "Steppes", "Tribute", "TributeCollected", "TributePlay", "can_stop",
    "candidates", "card_id", "cards_in", "contest", "deposes", "load_deck", "loot", "nomads", "perform_quiet", "skipped",
    "total", "tribute_gain",
]  # fmt: skip
