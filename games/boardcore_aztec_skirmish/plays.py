"""Playing cards from the hand: the Fate Phase, and the menu the Move and Attack
Phases share (AZ-R05 to AZ-R08, AZ-R27, AZ-R33)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

import boardcore
from boardcore import Match, Target

from .board import DISCARD, DRAW, DRAW2, HAND, side_of
from .cards import CONSTANTS, AztecCard, CardType, usable_by


class Fate(boardcore.Phase):
    """Draw 3 (AZ-R05), then discard down to 5 by the owner's choice (AZ-D04, AZ-R07).
    A draw that finds the pile empty shuffles the discard pile in first; with both
    empty it is skipped (AZ-R08): that is the ``draw`` zone's refill."""

    name = "fate"

    def begin(self, m: Match) -> None:
        m.draw(DRAW, HAND[m.active], CONSTANTS.draw)
        m.schedule(boardcore.EnforceLimit(HAND[m.active], DISCARD))


def distinct(m: Match, zone: str) -> list[str]:
    """The first card of each name in ``zone``: copies are alike, so one is offered."""
    first: dict[str, str] = {}
    for card in m.cards(zone):
        first.setdefault(m.card(card).name, card)
    return list(first.values())


@attrs.frozen
class Menu(boardcore.PlayCard):
    """A phase's menu (AZ-D05, AZ-D07): a card of the phase's ``kinds`` with a legal
    use, asked as the card and then its use; the side's Draw-2 card; or "done" (a
    phase may end with nothing played, AZ-R33). Only cards the side may use are
    offered (AZ-R06). It is asked again after each play.

    Subclasses yield a card's uses as ``(target, text)`` pairs (:meth:`uses`; lazily,
    since whether a card is offered reads only the first) and
    carry one out (:meth:`use`); a target is a short string of square names and ids.
    """

    source = HAND
    to = DISCARD
    two_step = True
    pass_word = "done"
    kinds: ClassVar[tuple[CardType, ...]] = ()

    def uses(self, m: Match, player: int, card: AztecCard) -> Iterable[tuple[Target, str]]:
        raise NotImplementedError(f"{type(self).__name__}.uses")

    def use(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        raise NotImplementedError(f"{type(self).__name__}.use")

    def prompt(self, m: Match, player: int) -> str:
        return f"{self.name.title()} Phase: play a card, or done"

    def playable(self, m: Match, player: int, card: AztecCard) -> bool:
        if not usable_by(card, side_of(m, player)):
            return False
        if card.type is CardType.DRAW2:
            return card.id not in m.marked(DRAW2)  # each at most once per turn (AZ-R27)
        return card.type in self.kinds and card.id in distinct(m, HAND[player])

    def targets(self, m: Match, player: int, card: AztecCard) -> Iterable[tuple[Target, str]] | None:
        return None if card.type is CardType.DRAW2 else self.uses(m, player, card)

    def wording(self, m: Match, card: AztecCard, target_text: str | None) -> str:
        return f"play {card.label}" if target_text is None else target_text

    def played(self, m: Match, player: int, card: AztecCard, target: Target) -> None:
        # Asked again by hand, not with ``repeat``: that would refuse a card which a
        # reshuffle has brought back to the hand, and only Draw-2 cards are once a turn.
        m.schedule(type(self)(player))
        if card.type is CardType.DRAW2:
            m.mark(DRAW2, card.id)
            m.draw(DRAW, HAND[player], CONSTANTS.draw_special)
        else:
            self.use(m, player, card, str(target))
