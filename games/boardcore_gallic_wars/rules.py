"""Gallic Wars turn by turn: Reinforcements, Strategy, Battle (rules section 3)."""

from __future__ import annotations

from functools import lru_cache
from typing import cast

import attrs

import boardcore
from boardcore import Match, SeatZones, Visibility

from .cards import CONSTANTS, Contribution, GallicCard, Side, best_total

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
    """The winner of each hand played so far; None for a tied hand (GW-R11)."""
    totals: tuple[tuple[int, int], ...] = ()
    """Each hand's Force totals, by seat."""

    def order(self) -> tuple[int, int]:
        """Seats in the order things are done one after the other: Romans first (GW-R04)."""
        return (0, 1) if self.sides[0] is Side.ROMANS else (1, 0)


@attrs.frozen
class HandFought(boardcore.Event):
    """A Battle was resolved: both totals, and the hand's winner (None on a tie)."""

    hand: int
    totals: tuple[int, int]
    winner: int | None

    def __str__(self) -> str:
        """``hand 3: seat 0 has Force 58, seat 1 has 51 - seat 0 wins the hand``; a tie names GW-R11."""
        result = "a tie, nobody wins the hand (GW-R11)" if self.winner is None else f"seat {self.winner} wins the hand"
        return f"hand {self.hand}: seat 0 has Force {self.totals[0]}, seat 1 has {self.totals[1]} - {result}"


def setup(m: Match) -> None:
    """Each seat gets its side's deck (plugin cards included) in id order, shuffled,
    Romans first (rules section 2)."""
    m.table = table = GallicTable((Side.ROMANS, Side.CELTS) if m.options["romans"] == 0 else (Side.CELTS, Side.ROMANS))
    for seat in table.order():
        m.fill(DRAW[seat], _deck(m.rules, table.sides[seat]))
        m.shuffle(DRAW[seat])


@lru_cache(maxsize=64)
def _deck(rules: boardcore.Game, side: Side) -> tuple[str, ...]:
    cards = cast("dict[str, GallicCard]", rules.cards)
    return tuple(sorted(c.id for c in cards.values() if c.side is side))


class Reinforcements(boardcore.Phase):
    """Each player draws a hand of 8 (GW-R15), Romans first."""

    name = "reinforcements"

    def begin(self, m: Match) -> None:
        for seat in m.table.order():
            m.draw(DRAW[seat], HAND[seat], CONSTANTS.hand_size)


class Strategy(boardcore.Exchange):
    """Both players secretly choose up to 4 cards to exchange (GW-D01, GW-R06); then,
    Romans first, each discards them and draws as many."""

    name = "strategy"
    hand, discard, draw, most = HAND, DISCARD, DRAW, CONSTANTS.max_exchange

    def choosers(self, m: Match) -> tuple[int, int]:
        return m.table.order()


class Battle(boardcore.Phase):
    """Hands are revealed and counted; the higher total wins the hand (GW-R07 to GW-R14)."""

    name = "battle"

    def begin(self, m: Match) -> None:
        totals = battle_totals(m)
        winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        for seat in (0, 1):
            m.set_count(STREAK, m.count(STREAK, seat) + 1 if seat == winner else 0, seat)
        table = m.table
        m.table = GallicTable(table.sides, table.winners + (winner,), table.totals + (totals,))
        m.emit(HandFought(m.turn, totals, winner))
        for seat in table.order():
            m.move_all(HAND[seat], DISCARD[seat])


@lru_cache(maxsize=64)
def _contributions(rules: boardcore.Game) -> dict[str, Contribution]:
    # A card's own contribution depends only on its data and its effect, both
    # fixed for a loaded game, so it is computed once per card, not per battle.
    return {card_id: rules.effect(card_id).contribution(card) for card_id, card in rules.cards.items()}


@lru_cache(maxsize=64)
def _acting_against(rules: boardcore.Game) -> frozenset[str]:
    """The cards whose effect changes the opposing count (none in the base game)."""
    return frozenset(c for c in rules.cards if hasattr(rules.effect(c), "against"))


def battle_totals(m: Match) -> tuple[int, int]:
    """Both seats' Force totals for the hands they hold now."""
    rules = m.rules
    own = _contributions(rules)
    counts = [[own[c] for c in m.cards(HAND[seat])] for seat in (0, 1)]
    acting = _acting_against(rules)
    for seat in (0, 1) if acting else ():
        for card_id in [c for c in m.cards(HAND[seat]) if c in acting]:
            counts[1 - seat] = list(rules.effect(card_id).against(rules.cards[card_id], counts[1 - seat]))
    per_type = CONSTANTS.counted_per_type
    return best_total(counts[0], per_type), best_total(counts[1], per_type)


def end_if(m: Match) -> boardcore.Result | None:
    """A streak of 3 wins (GW-R12); after the last hand, its winner, or the last
    hand that had one, wins (GW-R13)."""
    if m.phase != Battle.name:
        return None
    winners: tuple[int | None, ...] = m.table.winners
    winner = winners[-1]
    if winner is not None and m.count(STREAK, winner) >= CONSTANTS.streak_to_win:
        return boardcore.Result((winner,), f"won {CONSTANTS.streak_to_win} hands in a row", _won(winners))
    if m.turn < CONSTANTS.hands:
        return None
    won = _won(winners)
    last = next((w for w in reversed(winners) if w is not None), None)
    if last is None:
        return boardcore.Result((0, 1), f"all {CONSTANTS.hands} hands were tied", won)
    reason = "won the last hand" if last == winner else "won the last hand that had a winner"
    return boardcore.Result((last,), reason, won)


def _won(winners: tuple[int | None, ...]) -> tuple[int, int]:
    """Hands won by each seat (a match's scores)."""
    return winners.count(0), winners.count(1)


def describe(m: Match, player: int | None) -> dict[str, str]:
    """The side each seat plays, for a view (public)."""
    return {"sides": ", ".join(f"seat {seat} {side.value.capitalize()}" for seat, side in enumerate(m.table.sides))}
