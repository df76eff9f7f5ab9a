"""What the Shamans cards do: one reaction to a rule moment each, and the decision
that Spirit Hunt asks.

Each effect subclasses the game's :class:`~boardcore_prehistoric_warfare.Effect`,
so it also answers the game's own questions (modifiers, rerolls, ...) with
"nothing". Every reaction first checks that its card is placed to act: a card's
reactions are called wherever the card is.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import boardcore
import boardcore_prehistoric_warfare as pw
from boardcore import Match, Target
from boardcore_prehistoric_warfare import DECK, FOOD, HAND, TRIBE, Cause, LeftPlay, PWCard
from boardcore_prehistoric_warfare.phases import Hunt


class CaveShaman(pw.Effect):
    """When its owner's Hunt Phase begins, a Cave Shaman in play gains him 1 Food."""

    @boardcore.reacts_to(boardcore.PhaseBegan)
    def bless_the_hunt(self, m: Match, card: PWCard, event: boardcore.PhaseBegan) -> None:
        if event.phase == Hunt.name and card.id in m.zones[TRIBE[m.active]]:
            m.add(FOOD, 1, m.active)


class SpiritHunt(pw.Effect):
    """Played in the Hunt (it is a Hunting card), it also steals 1 Food from an opponent."""

    def play(self, m: Match, player: int, card: boardcore.Card, target: Target) -> None:
        m.trigger(SpiritTheft(player))


@attrs.frozen
class SpiritTheft(boardcore.Choose):
    """The hunter picks an opponent who has Food and takes 1 from him. Who has Food is
    public, so the engine answers a lone choice, and nobody with none is offered."""

    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        victims = [seat for seat, _ in boardcore.opponents(m, player) if m.count(FOOD, seat)]
        return [(str(seat), f"steal 1 Food from seat {seat}") for seat in victims]

    def prompt(self, m: Match, player: int) -> str:
        return "Spirit Hunt: steal 1 Food from an opponent"

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.add(FOOD, m.take(FOOD, 1, int(item)), player)


class KeeperOfTheDead(pw.Effect):
    """When another person of its owner is killed in a raid while the Keeper is in play,
    the owner draws 1 card."""

    @boardcore.reacts_to(LeftPlay)
    def mourn(self, m: Match, card: PWCard, event: LeftPlay) -> None:
        in_raid = event.cause is Cause.KILLED and m.table.raid is not None
        if in_raid and event.person != card.id and card.id in m.zones[TRIBE[event.owner]]:
            m.draw(DECK, HAND[event.owner], 1)


EFFECTS: dict[str, pw.Effect] = {
    "cave-shaman": CaveShaman(),
    "spirit-hunt": SpiritHunt(),
    "keeper-of-the-dead": KeeperOfTheDead(),
}
