"""Bees, an opt-in plugin for Orchard: Beehives that make honey, a Scarecrow, and Frost.

* A Beehive sells for nothing. But at the start of your market, each Beehive in
  your hand makes you 1 coin of honey, and you show it to do so (a reaction).
* While the Scarecrow is in your hand, your harvest die is rolled twice and the
  better result kept (a modification of a roll).
* If Frost is in your hand when your harvest would begin, frost spoils it: you
  discard Frost instead of harvesting, and you skip your next market (a
  replacement, and a phase skipped for one player).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

import boardcore
from boardcore_orchard import COINS, COMPOST, HAND, Fruit

games = ("orchard",)
"""The games this plugin can be used with; loading it with another is refused."""


class Honey(boardcore.Effect):
    """At the start of its holder's market, a Beehive makes 1 coin."""

    @boardcore.reacts_to(boardcore.events.PhaseBegan)
    def make_honey(self, m: boardcore.Match, card: Fruit, event: boardcore.events.PhaseBegan) -> None:
        if event.phase == "market" and card.id in m.cards(HAND[m.active]):
            m.emit(boardcore.events.Revealed(m.active, (card.id,)))
            m.add(COINS, 1, m.active)


class Scarecrow(boardcore.Effect):
    """Its holder's harvest die is rolled twice, the better result kept."""

    @boardcore.modifies(boardcore.events.DieRolled)
    def guard(self, m: boardcore.Match, card: Fruit, roll: boardcore.events.DieRolled) -> Any:
        if roll.purpose == "harvest" and roll.player is not None and card.id in m.cards(HAND[roll.player]):
            return attrs.evolve(roll, rolls=2)
        return None  # not this roll: leave it as it is


def frost_in_hand(m: boardcore.Match, card: Fruit, moment: boardcore.events.PhaseBegan) -> bool:
    """Whether the harvest about to begin is that of Frost's holder."""
    return moment.phase == "harvest" and moment.player is not None and card.id in m.cards(HAND[moment.player])


class Frost(boardcore.Effect):
    """Instead of its holder's harvest: discard Frost, and skip the next market."""

    @boardcore.replaces(boardcore.events.PhaseBegan, when=frost_in_hand)
    def spoil(self, m: boardcore.Match, card: Fruit, moment: boardcore.events.PhaseBegan) -> None:
        assert moment.player is not None
        m.move((card.id,), HAND[moment.player], COMPOST)
        m.skip_phase(moment.player, "market")


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return boardcore.loaders.load_cards(__name__, "data/cards.toml", Fruit) if game == "orchard" else ()


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return {"honey": Honey(), "scarecrow": Scarecrow(), "frost": Frost()} if game == "orchard" else {}
