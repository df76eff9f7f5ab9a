"""Turncoats: an opt-in variant for Gallic Wars that adds one card to each deck.

Enable it per match set-up::

    game = boardcore.load_game("gallic-wars", plugins=["gw-turncoats"])

Each deck gains a turncoat card (Celts: "Dumnorix's Intrigue", Romans:
"Labienus Defects"). A turncoat has no Force of its own and uses no place. When
hands are revealed in Battle, the opposing hand's Leader with the highest Force
defects: it counts for nothing in that hand. With no Leader opposite, the card
does nothing. The card arrives through the same ``register_cards`` and
``register_effects`` hooks the base game uses for its own cards.
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
        if not leaders:
            return list(opposing)
        # The highest Force defects; between equal Leaders, the lower card id.
        target = min(leaders, key=lambda c: (-c.value, c.card))
        return [c for c in opposing if c is not target]


def _cards() -> tuple[GallicCard, ...]:
    # A turncoat has no printed type: ``kind`` is None for both.
    rows = [{**row, "kind": None} for row in boardcore.load_rows(__name__, "data/cards.toml")]
    return boardcore.make_cards(rows, GallicCard, f"{__name__}/data/cards.toml")


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return _cards() if game == "gallic-wars" else []


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return {"turncoat": Turncoat()} if game == "gallic-wars" else {}
