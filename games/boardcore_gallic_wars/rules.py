"""Gallic Wars turn by turn: Reinforcements, Strategy, Battle (rules section 3).

The phases perform the moments of :mod:`.moments`. Every seat acts in every
phase, so a phase skipped for one seat (``Match.skip_phase(seat, phase)``) is
that seat's part of it: its draw in Reinforcements, its exchange in Strategy
(``Match.take_skip`` uses the skip up).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import cast

import boardcore
from boardcore import Match

from .cards import CONSTANTS, Contribution, GallicCard, Side, best_total
from .moments import DISCARD, DRAW, HAND, STREAK, Exchanged, GallicTable, HandDrawn, HandFought


def setup(m: Match) -> None:
    """Each seat gets its side's deck (plugin cards included) in id order, shuffled,
    Romans first (rules section 2)."""
    m.table = table = GallicTable((Side.ROMANS, Side.CELTS) if m.options["romans"] == 0 else (Side.CELTS, Side.ROMANS))
    for seat in table.order():
        m.fill(DRAW[seat], _prepared(m.rules)[0][table.sides[seat]])
        m.shuffle(DRAW[seat])


@lru_cache(maxsize=64)
def _prepared(rules: boardcore.Game) -> tuple[dict[Side, tuple[str, ...]], dict[str, Contribution], frozenset[str]]:
    """What depends only on the loaded game, worked out once rather than per match or
    per battle: each side's deck in id order, each card's own contribution, and the
    cards whose effect changes the opposing count (none in the base game)."""
    cards = cast("dict[str, GallicCard]", rules.cards)
    decks = {side: tuple(sorted(c.id for c in cards.values() if c.side is side)) for side in Side}
    own = {card_id: rules.effect(card_id).contribution(card) for card_id, card in cards.items()}
    return decks, own, frozenset(c for c in cards if hasattr(rules.effect(c), "against"))


class Reinforcements(boardcore.Phase):
    """Each player draws a hand of 8 (GW-R15), Romans first."""

    name = "reinforcements"

    def begin(self, m: Match) -> None:
        for seat in m.table.order():
            if not m.take_skip(seat, self.name):
                m.perform(HandDrawn(seat, CONSTANTS.hand_size))


class Strategy(boardcore.Exchange):
    """Both players secretly choose up to 4 cards to exchange (GW-D01, GW-R06); then,
    Romans first, each discards them and draws as many."""

    name = "strategy"
    hand, discard, draw, most = HAND, DISCARD, DRAW, CONSTANTS.max_exchange

    def choosers(self, m: Match) -> list[int]:
        # Asked once, as the phase begins and before anybody is asked: skips are used up here.
        return [seat for seat in m.table.order() if not m.take_skip(seat, self.name)]

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        for seat, picks in chosen.items():
            if picks:
                m.perform(Exchanged(seat, picks, len(picks)))


class Battle(boardcore.Phase):
    """Hands are revealed and counted, the higher total wins the hand (GW-R07 to
    GW-R12); then both players discard their hands, Romans first (GW-R14)."""

    name = "battle"

    def begin(self, m: Match) -> None:
        m.perform(HandFought.of(m.turn, battle_totals(m)))
        for seat in m.table.order():
            m.move_all(HAND[seat], DISCARD[seat])


def battle_totals(m: Match) -> tuple[int, int]:
    """Both seats' Force totals for the hands they hold now."""
    rules = m.rules
    _, own, acting = _prepared(rules)
    counts = [[own[c] for c in m.cards(HAND[seat])] for seat in (0, 1)]
    for seat in (0, 1) if acting else ():
        for card_id in [c for c in m.cards(HAND[seat]) if c in acting]:
            counts[1 - seat] = rules.effect(card_id).against(rules.cards[card_id], counts[1 - seat])
    return best_total(counts[0], CONSTANTS.counted_per_type), best_total(counts[1], CONSTANTS.counted_per_type)


def end_if(m: Match) -> boardcore.Result | None:
    """A streak of 3 wins (GW-R12); after the last hand, its winner, or the last
    hand that had one, wins (GW-R13). Scores: the hands each seat won."""
    if m.phase != Battle.name:
        return None
    streak = next((seat for seat in (0, 1) if m.count(STREAK, seat) >= CONSTANTS.streak_to_win), None)
    if streak is None and m.turn < CONSTANTS.hands:
        return None
    winners: tuple[int | None, ...] = m.table.winners
    won = (winners.count(0), winners.count(1))
    if streak is not None:
        return boardcore.Result((streak,), f"won {CONSTANTS.streak_to_win} hands in a row", won)
    last = next((w for w in reversed(winners) if w is not None), None)
    if last is None:
        return boardcore.Result((0, 1), f"all {CONSTANTS.hands} hands were tied", won)
    reason = "won the last hand" if last == winners[-1] else "won the last hand that had a winner"
    return boardcore.Result((last,), reason, won)


def describe(m: Match, player: int | None) -> dict[str, str]:
    """The side each seat plays, for a view (public)."""
    return {"sides": ", ".join(f"seat {seat} {side.value.capitalize()}" for seat, side in enumerate(m.table.sides))}
