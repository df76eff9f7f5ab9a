"""Turncoats: an opt-in variant for Gallic Wars that adds one card to each deck.

Enable it per match set-up::

    game = boardcore.load_game("gallic-wars", plugins=["gw-turncoats"])

Each deck gains a turncoat card (Celts: "Dumnorix's Intrigue", Romans:
"Labienus Defects"). A turncoat has no type and no Force of its own, and uses no
place. When hands are revealed in Battle, the opposing hand's Leader with the
highest Force defects: it counts for nothing in that hand. With no Leader
opposite, the card does nothing. The cards are data (``data/cards.toml``), added
through the same ``register_cards`` and ``register_effects`` hooks the base game
uses for its own; the effect answers the two questions Gallic Wars asks the
effects of the cards in a battle (how a card counts, and how it changes the
opposing count), so it acts on no moment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import boardcore
from boardcore_gallic_wars import Contribution, GallicCard

games = ("gallic-wars",)
"""The games this plugin can be used with."""


class Turncoat(boardcore.Effect):
    """Counts nothing; removes the opposing hand's strongest Leader from the count."""

    def contribution(self, card: GallicCard) -> Contribution:
        return Contribution(card.id, 0, ())

    def against(self, card: GallicCard, opposing: Sequence[Contribution]) -> list[Contribution]:
        leaders = [c for c in opposing if len(c.slots) > 1]
        # The highest Force defects; between equal Leaders, the lower card id.
        target = min(leaders, key=lambda c: (-c.value, c.card), default=None)
        return [c for c in opposing if c is not target]


def _cards() -> tuple[GallicCard, ...]:
    return boardcore.loaders.load_cards(__name__, "data/cards.toml", GallicCard)


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return _cards() if game == "gallic-wars" else []


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return {"turncoat": Turncoat()} if game == "gallic-wars" else {}
