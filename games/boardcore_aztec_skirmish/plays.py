"""Playing cards from the hand: the Fate Phase, drawing, and the menu the Move and
Attack Phases share (AZ-R05 to AZ-R08, AZ-R27, AZ-R33)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

import boardcore
from boardcore import Match, Target

from .board import DISCARD, DRAW, DRAW2, HAND, side_of
from .cards import CONSTANTS, AztecCard, CardUse, usable_by


@attrs.frozen
class CardsDrawn(boardcore.Moment):
    """``player`` draws ``count`` cards from the draw pile for ``purpose``: "fate"
    (the Fate Phase, AZ-R05) or "draw2" (a Draw-2 card, AZ-R27). An empty pile is
    refilled by shuffling the discard pile; with both empty, fewer are drawn
    (AZ-R08): ``count`` as it happened is the number drawn. Which cards is told by
    the engine's ``CardsMoved``, to those who may see them."""

    quiet = True  # logged only when something reacts: the engine's CardsMoved tells the draw
    player: int
    count: int
    purpose: str

    def happen(self, m: Match) -> CardsDrawn | None:
        drawn = len(m.draw(DRAW, HAND[self.player], self.count))
        return None if drawn == self.count else attrs.evolve(self, count=drawn)

    def __str__(self) -> str:
        return ""  # the table reads the draw from the cards that moved


class Fate(boardcore.Phase):
    """Draw 3 (AZ-R05), then discard down to 5 by the owner's choice (AZ-D04, AZ-R07)."""

    name = "fate"

    def begin(self, m: Match) -> None:
        m.perform(CardsDrawn(m.active, CONSTANTS.draw, "fate"))
        m.schedule(boardcore.EnforceLimit(HAND[m.active], DISCARD))


def distinct(m: Match, zone: str) -> list[str]:
    """The first card of each name in ``zone``: copies are alike, so one is offered."""
    first: dict[str, str] = {}
    for card in m.cards(zone):
        first.setdefault(m.card(card).name, card)
    return list(first.values())


@attrs.frozen
class Menu(boardcore.PlayCard):
    """A phase's menu (AZ-D05, AZ-D07): a card whose use is one of the phase's
    ``accepts`` and that has a legal order, asked as the card and then the order;
    the side's Draw-2 card; or "done" (a phase may end with nothing played,
    AZ-R33). Only cards the side may use are offered (AZ-R06). It is asked again
    after each play.

    Subclasses yield a card's orders as ``(target, text)`` pairs (:meth:`orders`;
    lazily, since whether a card is offered reads only the first) and carry one
    out (:meth:`give`); a target is a short string of square names and ids.
    """

    source = HAND
    to = DISCARD
    two_step = True
    pass_word = "done"
    accepts: ClassVar[tuple[CardUse, ...]] = ()

    def orders(self, m: Match, player: int, card: AztecCard) -> Iterable[tuple[Target, str]]:
        raise NotImplementedError(f"{type(self).__name__}.orders")

    def give(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        raise NotImplementedError(f"{type(self).__name__}.give")

    def prompt(self, m: Match, player: int) -> str:
        return f"{self.name.title()} Phase: play a card, or done"

    def playable(self, m: Match, player: int, card: AztecCard) -> bool:
        if not usable_by(card, side_of(m, player)):
            return False
        if card.use is CardUse.DRAW:
            return card.id not in m.marked(DRAW2)  # each at most once per turn (AZ-R27)
        return card.use in self.accepts and card.id in distinct(m, HAND[player])

    def targets(self, m: Match, player: int, card: AztecCard) -> Iterable[tuple[Target, str]] | None:
        return None if card.use is CardUse.DRAW else self.orders(m, player, card)

    def wording(self, m: Match, card: AztecCard, target_text: str | None) -> str:
        return f"play {card.label}" if target_text is None else target_text

    def played(self, m: Match, player: int, card: AztecCard, target: Target) -> None:
        # Asked again by hand, not with ``repeat``: that would refuse a card which a
        # reshuffle has brought back to the hand, and only Draw-2 cards are once a turn.
        m.schedule(type(self)(player))
        if card.use is CardUse.DRAW:
            m.mark(DRAW2, card.id)
            m.perform(CardsDrawn(player, CONSTANTS.draw_special, "draw2"))
        else:
            self.give(m, player, card, str(target))
