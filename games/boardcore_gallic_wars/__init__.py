"""Gallic Wars for boardcore: two players, Romans against Celts, eight hands.

The ``boardcore.games`` entry point loads :data:`PLUGIN`: the spec, both decks
(``data/cards.toml``) and the card effects that count Force. A variant plugin adds
cards and effects through the same ``register_cards`` and ``register_effects`` hooks.
"""

from __future__ import annotations

import boardcore

from .cards import CONSTANTS, Contribution, Count, Force, GallicCard, Kind, Side, best_count, best_total, deck
from .cards import EFFECTS as BASE_EFFECTS
from .rules import DISCARD, DRAW, HAND, STREAK, Battle, GallicTable, HandFought, Reinforcements, Strategy, battle_totals
from .rules import describe, end_if, setup

NAME = "gallic-wars"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Romans against Celts: exchange cards in secret, win 3 hands in a row or the last hand",
    player_counts=(2,),
    zones=(DRAW, HAND, DISCARD),
    counters=(STREAK,),
    setup=setup,
    phases=(Reinforcements, Strategy, Battle),
    end_if=end_if,
    table_type=GallicTable,
    describe=describe,
    redeal=boardcore.redeal_by_owner,
    options=(boardcore.Option("romans", 0, choices=(0, 1), help="the seat that plays the Romans"),),
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=deck, effects=BASE_EFFECTS)

