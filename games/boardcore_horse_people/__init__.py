"""Invasions of the Horse People for boardcore: 2-6 steppe peoples race to 12 Loot.

The ``boardcore.games`` entry point ``invasions-of-the-horse-people`` loads
:data:`PLUGIN`: the spec and the 75-card deck of ``data/cards.toml``. An
expansion adds cards (built with :func:`load_deck`, with card types of its own if
it declares any) and effects that modify, replace and react to the game's moments
(in :mod:`.rules`) and the engine's own. ``__all__`` is what an expansion may rely
on; :mod:`.testing` holds the invariants and the scenario helpers for its tests.

Layout: ``cards`` reads the data (card types, cards, constants) and holds the
rules of a play as pure functions (what a play may hold, what it scores);
``rules`` runs a match: the zones, the Loot counter and the table, the turn phase
by phase with the moments it performs, and the end.
"""

from __future__ import annotations

import boardcore

from .cards import CONSTANTS, TYPES, CardType, HorseCard, can_stop, candidates, card_id, contest, deposes
from .cards import load_deck, ruled_out, total, tribute_gain
from .rules import DISCARD, DRAW, HAND, LIMIT_DRAW, LIMIT_KHAN, LIMIT_MOST, LOOT, PLAY, TRIBUTE, WON
from .rules import CardsDrawn, HorseTable, Invasion, InvasionPlay, InvasionResolved, Migration, Reckoning
from .rules import Steppes, Tribute, TributeCollected, TributePlay, at_limit, cards_in, loot, nomads
from .rules import describe, end_if, standing

NAME = "invasions-of-the-horse-people"
EXCHANGE_HELP = "how the Migration exchange is asked: a card at a time, or the whole hand's choice at once (faster playouts)"

SPEC = boardcore.GameSpec(
    name=NAME, player_counts=CONSTANTS.player_counts, phases=(Migration, Tribute, Invasion, Steppes),
    summary="Steppe nomads depose the Khan and fight for his title; first to 12 Loot wins",
    zones=(DRAW, DISCARD, TRIBUTE, HAND, PLAY), counters=(LOOT,), table_type=HorseTable,
    end_if=end_if, turn_limit=CONSTANTS.turn_limit, at_limit=at_limit, describe=describe,
    # A search settles the Invasion, which makes the next Khan, at the turn's end; searches here are
    # cheap, and luck is large beside a decision's worth, so they run 400 iterations.
    search=boardcore.SearchHints(scores=standing, settle=True, iterations=400),
    options=(boardcore.SetupOption(boardcore.steps.EXCHANGE_OPTION, "cards", choices=("cards", "hand"), help=EXCHANGE_HELP),),
)  # fmt: skip

PLUGIN = boardcore.GamePlugin(SPEC, cards=load_deck)

__all__ = [
    "CONSTANTS", "DISCARD", "DRAW", "HAND", "LIMIT_DRAW", "LIMIT_KHAN", "LIMIT_MOST", "LOOT", "NAME", "PLAY",
    "PLUGIN", "SPEC", "TRIBUTE", "TYPES", "WON", "CardType", "CardsDrawn", "HorseCard", "HorseTable",
    "Invasion", "InvasionPlay", "InvasionResolved", "Migration", "Reckoning", "Steppes", "Tribute",
    "TributeCollected", "TributePlay", "can_stop", "candidates", "card_id", "cards_in", "contest", "deposes",
    "load_deck", "loot", "nomads", "ruled_out", "total", "tribute_gain",
]  # fmt: skip

# The game's own helpers before the engine had them: they keep working for one version, with a warning.
__getattr__ = boardcore.renamed(__name__, {
    "perform_quiet": ("Match.perform", boardcore.Match.perform),  # CardsDrawn is a quiet moment
    "skipped": ("Match.take_skip", boardcore.Match.take_skip),
}, docs="docs/games/invasions-of-the-horse-people.md, For expansion authors")  # fmt: skip
