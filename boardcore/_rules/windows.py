"""Reaction windows: players, in a fixed order, may react or pass.

Who is asked never reveals what a player holds. By default a window asks every
responder who *could* hold a reaction as far as the other players can tell
(:meth:`Window.may_react`, which must read public information only), even one
whose only option is "pass". A window whose reactions come from public sources
only (a card in play, a counter) sets ``public = True``; it then skips
responders with nothing to play.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .._values.actions import PASS, Action, Pass, pick
from .._values.evolving import evolve
from .._values.zones import SeatZones, Zone, of_seat
from .plays import PlaysFromHand, playable_cards
from .steps import Step

if TYPE_CHECKING:
    from .match import Match


class AfterReaction(enum.Enum):
    """What a :class:`Window` does once somebody has reacted."""

    CLOSE = "close"
    """The window closes (one reaction at most: "play a Counter-Attack or pass")."""
    RESTART = "restart"
    """Offer the window again from the first responder, who may have changed
    (a reroll changes who would benefit from another reroll)."""
    NEXT = "next"
    """Go on to the next responder in order."""


@attrs.frozen
class Window(Step):
    """Offer each responder, in a fixed order, a reaction or "pass".

    Subclasses list the responders (:meth:`responders`, re-read whenever the window
    opens again), the reactions each may take now (:meth:`reactions`), and what a
    reaction does (:meth:`react`). When every responder has passed, :meth:`closed`
    runs.
    """

    index: int = attrs.field(default=0, kw_only=True)
    order: tuple[int, ...] | None = attrs.field(default=None, kw_only=True)
    """The responders, fixed when the window opens (re-read only on RESTART), so a
    reaction that changes :meth:`responders` cannot skip or repeat anybody."""
    after: ClassVar[AfterReaction] = AfterReaction.CLOSE
    public: ClassVar[bool] = False
    """Whether every reaction comes from a public source; then responders with no
    reaction are skipped instead of asked."""

    def responders(self, m: Match) -> Sequence[int]:
        raise NotImplementedError(f"{type(self).__name__}.responders")

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        raise NotImplementedError(f"{type(self).__name__}.reactions")

    def react(self, m: Match, player: int, action: Action) -> None:
        raise NotImplementedError(f"{type(self).__name__}.react")

    def may_react(self, m: Match, player: int) -> bool:
        """Whether ``player`` could hold a reaction, judged on public information only
        (a player with no cards in hand cannot play one). Only used when the
        window is not ``public``."""
        return True

    def prompt(self, m: Match, player: int) -> str:
        return "react, or pass"

    def closed(self, m: Match) -> None:
        """Everybody passed (or could not react)."""

    def reacted(self, m: Match, player: int, action: Action) -> None:
        """Called after a reaction when ``after`` is CLOSE (the window is over)."""

    def run(self, m: Match) -> None:
        order = self.order if self.order is not None else tuple(self.responders(m))
        public = self.public
        for i in range(self.index, len(order)):
            player = order[i]
            if not public and not self.may_react(m, player):
                continue
            options = self.reactions(m, player)
            if options or not public:
                # the step as it is asked; no copy when it would be equal
                here = self if i == self.index and order == self.order else evolve(self, index=i, order=order)
                m.ask(player, (*options, PASS), self.prompt(m, player), here)
                return
        self.closed(m)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Pass):
            evolve(self, index=self.index + 1).run(m)
            return
        self.react(m, player, action)
        if m.result is not None:
            return
        if self.after is AfterReaction.RESTART:
            evolve(self, index=0, order=None).run(m)
        elif self.after is AfterReaction.NEXT:
            evolve(self, index=self.index + 1).run(m)
        else:
            self.reacted(m, player, action)


@attrs.frozen
class CardWindow(PlaysFromHand, Window):
    """A window in which responders may play a card from their ``source`` zone (a hand)
    in reaction: "play a Defense card, or pass".

    Class attributes say where cards come from and go (``source``, a zone family;
    ``to``, a zone or a family) and the verb of the options ("play Shield").
    Override :meth:`playable` (which cards, from their data and the moment) and
    :meth:`played` (what a card played does, once it has moved). Responders are
    asked whenever their source zone holds any card, since which cards it holds
    is secret: "pass" may be all they can say. A window that also offers
    abilities of cards or pieces in play (a reroll a unit gives) lists them with
    :meth:`abilities`, before the cards, and says what one does in
    :meth:`use_ability`.
    """

    to: ClassVar[Zone | SeatZones]

    def wording(self, m: Match, card: Any) -> str:
        """The text of the option that plays ``card``: ``"play Shield"`` by default."""
        return f"{self.verb} {card.label}"

    def played(self, m: Match, player: int, card: Any) -> None:
        """What ``card``, just moved from ``player``'s source zone, does."""

    def abilities(self, m: Match, player: int) -> Sequence[tuple[str, str]]:
        """``(ability, text)`` pairs ``player`` may use now instead of playing a card,
        from what everybody sees (none by default)."""
        return ()

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.zones[self.source[player]]) or bool(self.abilities(m, player))

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        offered = [pick(ability, text) for ability, text in self.abilities(m, player)]
        return offered + [pick(card_id, self.wording(m, card)) for card_id, card in playable_cards(self, m, player)]

    def react(self, m: Match, player: int, action: Action) -> None:
        item = getattr(action, "item")
        hand = self.source[player]
        if item in m.zones[hand]:
            m.move((item,), hand, of_seat(self.to, player))
            self.played(m, player, m.rules.cards[item])
        else:
            self.use_ability(m, player, item)
