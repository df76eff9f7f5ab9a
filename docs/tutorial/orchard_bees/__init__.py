"""Bees, an opt-in plugin for Orchard: two Beehive cards that make honey.

A Beehive sells for nothing. But at the start of your market, each Beehive in
your hand makes you 1 coin of honey, and you show it to do so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import boardcore
from boardcore_orchard import COINS, HAND, Fruit

games = ("orchard",)
"""The games this plugin can be used with; loading it with another is refused."""


class Honey(boardcore.Effect):
    """At the start of its holder's market, a Beehive makes 1 coin."""

    @boardcore.reacts_to(boardcore.PhaseBegan)
    def make_honey(self, m: boardcore.Match, card: Fruit, event: boardcore.PhaseBegan) -> None:
        if event.phase == "market" and card.id in m.cards(HAND[m.active]):
            m.emit(boardcore.Revealed(m.active, (card.id,)))
            m.add(COINS, 1, m.active)


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return boardcore.load_cards(__name__, "data/cards.toml", Fruit) if game == "orchard" else ()


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return {"honey": Honey()} if game == "orchard" else {}
