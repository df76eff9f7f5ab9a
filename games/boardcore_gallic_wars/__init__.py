"""Gallic Wars for boardcore: two players, Romans against Celts, eight hands.

This module is the game's plugin: the ``boardcore.games`` entry point points at
it, and its hook implementations give the engine the game spec, both decks (from
``data/cards.toml``), the card effects that count Force, and the classes the game
stores in a match. A variant plugin adds cards and effects through the very same
``register_cards`` and ``register_effects`` hooks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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


@boardcore.hookimpl
def register_games() -> list[boardcore.GameSpec]:
    return [SPEC]


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return cards_from_rows(_ROWS) if game == NAME else []


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return BASE_EFFECTS if game == NAME else {}


@boardcore.hookimpl
def register_types(game: str) -> Sequence[type]:
    return [RevealExchange, HandFought] if game == NAME else []


__all__ = [
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
