"""What the Shamans cards do, each on one of Prehistoric Warfare's moments, and the
decision that Spirit Hunt asks.

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
from boardcore import Match


class CaveShaman(pw.Effect):
    """When its owner's Hunt Phase begins, a Cave Shaman in play gains him 1 Food."""

    @boardcore.reacts_to(boardcore.events.PhaseBegan)
    def bless_the_hunt(self, m: Match, card: pw.PWCard, event: boardcore.events.PhaseBegan) -> None:
        if event.phase == pw.Hunt.name and event.player is not None and card.id in m.zones[pw.TRIBE[event.player]]:
            m.add(pw.FOOD, 1, event.player)


class SpiritHunt(pw.Effect):
    """When its holder hunts with it (it is a Hunting card), he also steals 1 Food from an opponent."""

    @boardcore.reacts_to(pw.Hunted)
    def follow_the_spirits(self, m: Match, card: pw.PWCard, event: pw.Hunted) -> None:
        if event.card == card.id:
            m.trigger(SpiritTheft(event.player))


@attrs.frozen
class SpiritTheft(boardcore.steps.Choose):
    """The hunter picks an opponent who has Food and takes 1 from him (the game's
    ``FoodStolen`` moment). Who has Food is public, so the engine answers a lone
    choice, and nobody with none is offered."""

    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        victims = [seat for seat, _ in boardcore.steps.opponents(m, player) if m.count(pw.FOOD, seat)]
        return [(str(seat), f"steal 1 Food from seat {seat}") for seat in victims]

    def prompt(self, m: Match, player: int) -> str:
        return "Spirit Hunt: steal 1 Food from an opponent"

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.perform(pw.FoodStolen(player, int(item), 1))


class KeeperOfTheDead(pw.Effect):
    """When another person of its owner is killed in a raid while the Keeper is in play,
    the owner draws 1 card."""

    @boardcore.reacts_to(pw.LeftPlay)
    def mourn(self, m: Match, card: pw.PWCard, event: pw.LeftPlay) -> None:
        in_raid = event.cause is pw.Cause.KILLED and m.table.raid is not None
        if in_raid and event.person != card.id and card.id in m.zones[pw.TRIBE[event.owner]]:
            m.perform(pw.CardsDrawn(event.owner, 1, "keeper-of-the-dead", pw.DECK, pw.HAND[event.owner]))


EFFECTS = {"cave-shaman": CaveShaman(), "spirit-hunt": SpiritHunt(), "keeper-of-the-dead": KeeperOfTheDead()}
