"""Gallic Wars for boardcore: two players, Romans against Celts, eight hands.

The ``boardcore.games`` entry point loads :data:`PLUGIN`: the spec, both decks
(``data/cards.toml``) and the card effects that count Force. A variant plugin adds
cards and effects through the same ``register_cards`` and ``register_effects``
hooks, and acts on the moments listed in ``__all__`` (docs/games/gallic-wars.md,
"For expansion authors"); :mod:`boardcore_gallic_wars.testing` arranges scenes
of this game for its tests.
"""

from __future__ import annotations

import boardcore

from .cards import _OLD_NAMES, BASE_EFFECTS, CONSTANTS, SLOTS, TYPES, CardType, Contribution, Force, GallicCard, Kind
from .cards import Side, best_total, deck
from .rules import DISCARD, DRAW, HAND, STREAK, Battle, GallicTable, HandFought, Reinforcements
from .rules import StreakScored, Strategy, battle_totals, describe, end_if, setup

__all__ = [
    # the game's moments (besides the engine's CardsDrawn and Exchanged) and the phases that perform them
    "HandFought", "StreakScored", "Reinforcements", "Strategy", "Battle",
    "DRAW", "HAND", "DISCARD", "STREAK", "GallicTable",  # the zones, the counter and the table
    # cards, their types, and how they count (the questions the game asks card effects)
    "GallicCard", "Side", "CardType", "TYPES", "Kind", "SLOTS", "CONSTANTS", "deck", "Force", "Contribution",
    "BASE_EFFECTS", "best_total", "battle_totals", "NAME", "SPEC", "PLUGIN",
]  # fmt: skip

NAME = "gallic-wars"
EXCHANGE_HELP = "how the Strategy exchange is asked: a card at a time, or the whole hand's choice at once (faster playouts)"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Romans against Celts: exchange cards in secret, win 3 hands in a row or the last hand",
    player_counts=(2,), zones=(DRAW, HAND, DISCARD), counters=(STREAK,), table_type=GallicTable,
    setup=setup, phases=(Reinforcements, Strategy, Battle), end_if=end_if, end_check="turn", describe=describe,
    redeal=boardcore.redeal_by_owner,
    options=(
        boardcore.SetupOption("romans", 0, choices=(0, 1), help="the seat that plays the Romans"),
        boardcore.SetupOption(boardcore.steps.EXCHANGE_OPTION, "cards", choices=("cards", "hand"), help=EXCHANGE_HELP),
    ),
)  # fmt: skip

PLUGIN = boardcore.GamePlugin(SPEC, cards=deck, effects=BASE_EFFECTS)

# 0.3's names that 0.4 renamed or removed (Count, best_count; EFFECTS and BASIC_KINDS of the cards
# module) keep working for this version, with a DeprecationWarning ("Changed since 0.3" in the game's page).
__getattr__ = boardcore.renamed(__name__, _OLD_NAMES, docs="docs/migration.md, From 0.3 to 0.4")
