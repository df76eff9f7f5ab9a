"""Silk Road: an opt-in expansion for Invasions of the Horse People that adds two cards.

Enable it per match set-up::

    game = boardcore.load_game("invasions-of-the-horse-people", plugins=["hp-silk-road"])

* **Silk Road 2** (Conquest): counts 2 in a Tribute like any Conquest card. When
  the Khan collects a Tribute that holds it, he may levy a toll: take 1 Loot from
  a Nomad of his choice.
* **Uyghurs** (Tribe): played as a Nomad's Tribe like any other. When the Khan is
  deposed in that Invasion, the Uyghurs' player seizes 1 Loot from him.

Both cards arrive through the hooks the game uses for its own cards
(``register_cards``, ``register_effects``); their behaviour is new, so it hangs
on the game's own moments (``TributeCollected``, ``InvasionResolved``) through
``boardcore.reacts_to``. Every transfer is a moment of its own, ``LootTaken``,
which other cards may change in turn. Loot only ever changes hands: the total
the Tributes paid is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

import boardcore
from boardcore import Match
from boardcore_horse_people import CONSTANTS, LOOT, NAME, PLAY, TRIBUTE, HorseCard, InvasionResolved, TributeCollected
from boardcore_horse_people import load_deck, nomads

games = (NAME,)
"""The games this plugin can be used with."""


@attrs.frozen
class LootTaken(boardcore.Moment):
    """``taker`` takes ``amount`` Loot from ``payer`` through ``card`` (a toll, a seized
    treasury); the payer gives what he has, up to ``amount``. A moment: a card may
    change the amount, stop the transfer or react to it."""

    card: str
    taker: int
    payer: int
    amount: int = 1

    def happen(self, m: Match) -> None:
        m.add(LOOT, m.take(LOOT, self.amount, self.payer), self.taker)


class SilkRoad(boardcore.Effect):
    """The Khan who collects Tribute with the Silk Road laid may levy a toll."""

    @boardcore.reacts_to(TributeCollected)
    def levy(self, m: Match, card: HorseCard, event: TributeCollected) -> None:
        # A Khan who has just reached the target wins at once (HP-R17): the game
        # ends before a toll could be asked, so none is offered.
        if card.id in m.cards(TRIBUTE) and m.count(LOOT, event.khan) < CONSTANTS.loot_to_win:
            m.trigger(Toll(event.khan, card=card.id))


@attrs.frozen
class Toll(boardcore.steps.Choose):
    """The Khan takes 1 Loot from a Nomad who has some, or passes."""

    card: str = attrs.field(kw_only=True)
    can_pass = True
    public = True
    """The Silk Road lies face up and Loot is public, so the options are public too:
    with no Nomad to pay, the lone "pass" is answered by the engine."""

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(str(seat), f"take 1 Loot from seat {seat}") for seat in nomads(m) if m.count(LOOT, seat)]

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.perform(LootTaken(self.card, player, int(item)))

    def prompt(self, m: Match, player: int) -> str:
        return "Silk Road: take 1 Loot as a toll from a Nomad, or pass"


class Uyghurs(boardcore.Effect):
    """Played in an Invasion that deposes the Khan, the Uyghurs seize 1 of his Loot."""

    @boardcore.reacts_to(InvasionResolved)
    def seize(self, m: Match, card: HorseCard, event: InvasionResolved) -> None:
        fallen = event.deposed
        if fallen is None or not m.count(LOOT, fallen):
            return
        for seat in range(m.players):
            if card.id in m.cards(PLAY[seat]):
                m.perform(LootTaken(card.id, seat, fallen))


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return load_deck(__name__) if game == NAME else []


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return {"silk_road": SilkRoad(), "uyghurs": Uyghurs()} if game == NAME else {}
