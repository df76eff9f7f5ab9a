"""What the rules of Gallic Wars do, as moments a card or a plugin may change.

Each moment is performed through the engine (``m.perform``): effects and plugin
rules may modify it, cancel it or replace it, and react to it once it has
happened. ``HandFought`` is always recorded in the log; the others are *quiet*:
what they do is recorded already (the cards moved, the streak counted), so they
are logged only while something acts on their class, and a match's log is what
it was before they became moments. The zones, the streak counter and the table
they change are defined here too.
"""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Match, SeatZones, Visibility

from .cards import Side

DISCARD = SeatZones("discard", Visibility.PUBLIC)
DRAW = SeatZones("draw", Visibility.HIDDEN, refill=DISCARD)
HAND = SeatZones("hand", Visibility.OWNER)
STREAK = boardcore.Counter("streak")
"""Hands won in a row, by seat."""


@attrs.frozen
class GallicTable:
    """What the game tracks besides cards and counters (all public)."""

    sides: tuple[Side, Side]
    """The side each seat plays."""
    winners: tuple[int | None, ...] = ()
    """The winner of each hand fought so far; None for a tied hand (GW-R11)."""
    totals: tuple[tuple[int, int], ...] = ()
    """Each hand's Force totals, by seat."""

    def order(self) -> tuple[int, int]:
        """Seats in the order things are done one after the other: Romans first (GW-R04)."""
        return (0, 1) if self.sides[0] is Side.ROMANS else (1, 0)


@attrs.frozen
class HandDrawn(boardcore.Moment):
    """``seat`` draws ``count`` cards into its hand in Reinforcements (GW-R15), from its
    draw pile, which its discard pile refills when it runs out (GW-R05)."""

    quiet = True
    seat: int
    count: int

    def happen(self, m: Match) -> None:
        m.draw(DRAW[self.seat], HAND[self.seat], self.count)


@attrs.frozen
class Exchanged(boardcore.Moment):
    """``seat``'s exchange in Strategy, once both choices are revealed (GW-R06): the
    ``cards`` it picked go to its discard pile, then it draws ``draws`` cards (as
    many as it discarded). Performed only for a seat that picked some."""

    quiet = True
    seat: int
    cards: tuple[str, ...]
    draws: int

    def happen(self, m: Match) -> None:
        m.move(self.cards, HAND[self.seat], DISCARD[self.seat])
        m.draw(DRAW[self.seat], HAND[self.seat], self.draws)


@attrs.frozen
class HandFought(boardcore.Moment):
    """Hand number ``hand`` was fought: both seats' Force ``totals`` and the hand's
    ``winner``, None on a tie (GW-R11).

    As it happens, seat by seat, the winner scores a hand of streak
    (:class:`StreakScored`) and every other seat's streak ends (GW-R12); then the
    hand goes into the table. A modification that changes the totals returns
    ``HandFought.of(hand, totals)``, which names the winner anew."""

    hand: int
    totals: tuple[int, int]
    winner: int | None

    @classmethod
    def of(cls, hand: int, totals: tuple[int, int]) -> HandFought:
        """The hand whose totals are ``totals``: the higher one wins it (GW-R11)."""
        return cls(hand, totals, None if totals[0] == totals[1] else int(totals[1] > totals[0]))

    def happen(self, m: Match) -> None:
        for seat in (0, 1):
            if seat == self.winner:
                m.perform(StreakScored(seat))
            else:
                m.set_count(STREAK, 0, seat)
        table = m.table
        m.table = GallicTable(table.sides, table.winners + (self.winner,), table.totals + (self.totals,))

    def __str__(self) -> str:
        """``hand 3: seat 0 has Force 58, seat 1 has 51 - seat 0 wins the hand``; a tie names GW-R11."""
        result = "a tie, nobody wins the hand (GW-R11)" if self.winner is None else f"seat {self.winner} wins the hand"
        return f"hand {self.hand}: seat 0 has Force {self.totals[0]}, seat 1 has {self.totals[1]} - {result}"


@attrs.frozen
class StreakScored(boardcore.Moment):
    """``seat`` wins the hand being fought (performed as its ``HandFought`` happens, so
    before the hand is recorded): its streak grows by ``points`` (GW-R12); a streak
    of 3 wins the game when the Battle phase ends."""

    quiet = True
    seat: int
    points: int = 1

    def happen(self, m: Match) -> None:
        m.add(STREAK, self.points, self.seat)
