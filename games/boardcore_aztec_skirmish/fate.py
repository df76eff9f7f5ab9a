"""Phase 1, Fate: a new turn's bookkeeping, the draw of 3, the hand limit (AZ-R05, AZ-R07, AZ-R08).

Also the Draw-2 cards, which are played as an action in the Move or Attack Phase
(AZ-R27) but only ever draw, like the Fate Phase.
"""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Action, Match, pick

from .board import DISCARD, DRAW, card, hand, table
from .cards import CONSTANTS


class Fate(boardcore.Phase):
    """Clear last turn's usage, draw 3, then discard down to 5 (AZ-D04)."""

    name = "fate"

    def begin(self, m: Match) -> None:
        seat = m.active
        assert seat is not None
        m.table = attrs.evolve(table(m), moved=(), attacked=(), specials=())
        # One at a time from the top; an empty pile is refilled from the discard
        # pile by a shuffle, and a draw with both empty is skipped (the zone's refill).
        m.draw(DRAW, hand(seat), CONSTANTS.draw)
        m.schedule(HandLimit(hand(seat), DISCARD))


@attrs.frozen
class HandLimit(boardcore.EnforceLimit):
    """AZ-D04: the engine's hand-limit step, worded with what each card does."""

    def option(self, m: Match, item: str) -> Action:
        return pick(item, f"discard {card(m, item).label}")


def play_special(m: Match, seat: int, card_id: str) -> None:
    """DRAW2: discard the card and draw 2, remembering it was used this turn (AZ-R27)."""
    m.move((card_id,), hand(seat), DISCARD)
    t = table(m)
    m.table = attrs.evolve(t, specials=t.specials + (card_id,))
    m.draw(DRAW, hand(seat), CONSTANTS.draw_special)


STEPS = (HandLimit,)
