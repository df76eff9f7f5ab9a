"""Gallic Wars for boardcore: two players, Romans against Celts, eight hands.

This module is the game's plugin: the ``boardcore.games`` entry point points at
it, and its hook implementations give the engine the game spec, both decks (from
``data/cards.toml``), the card effects that count Force, and the classes the game
stores in a match. A variant plugin adds cards and effects through the very same
``register_cards`` and ``register_effects`` hooks.
"""

from __future__ import annotations


import boardcore

from .cards import GallicCard, Kind, Side, cards_from_rows, load_rows
from .force import BASE_EFFECTS, Contribution, best_count
from .rules import (
    CONSTANTS,
    Battle,
    GallicTable,
    HandFought,
    Reinforcements,
    RevealExchange,
    Strategy,
    battle_totals,
    check,
    describe,
    redeal,
    setup,
)

NAME = "gallic-wars"
_ROWS = load_rows()

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Romans against Celts: exchange cards in secret, win 3 hands in a row or the last hand",
    player_counts=(2,),
    setup=setup,
    phases=(Reinforcements, Strategy, Battle),
    table_type=GallicTable,
    describe=describe,
    check=check,
    redeal=redeal,
    options={"romans": 0},
)


PLUGIN = boardcore.GamePlugin(
    SPEC, cards=lambda: cards_from_rows(_ROWS), effects=BASE_EFFECTS, types=[RevealExchange, HandFought]
)
"""What the ``boardcore.games`` entry point loads: the spec, both decks, the
Force-counting card effects and the classes the game stores in a match."""


__all__ = [
    "PLUGIN",
    "CONSTANTS",
    "NAME",
    "SPEC",
    "Contribution",
    "GallicCard",
    "GallicTable",
    "HandFought",
    "Kind",
    "Side",
    "battle_totals",
    "best_count",
]
