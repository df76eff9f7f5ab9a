"""Gallic Wars written plainly in Python: the yardstick for the engine's playouts.

Same rules as the engine's game (GW-R01 to GW-R16, rules section 3) and the same
random policy, asked in the same decision structure: in the Strategy phase each
player, one decision at a time, picks uniformly among "discard one of the cards
still in hand" and "done", until he says done or has picked 4 cards (then "done"
is his only option and the engine answers it, so no decision is counted). With
``exchange="hand"`` (the game's setup option of that name), each player's whole
exchange is one decision over the sets of at most 4 places in his hand, smallest
sets first, in the order the engine's ``ExchangeAtOnce`` offers them
(``baseline_exchange.py``).

No engine, no events, no checks: cards are small integers, piles are lists,
draws are slices, and Force is counted directly (:func:`force`). The card rows
and the constants are read from the engine's data file, so both sides play with
the same deck, but nothing else of the engine is used.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from baseline_data import game_data
from baseline_exchange import exchange_at_once

BASIC = ("S", "T", "R", "M")
"""The basic types; a card's kind is its index here, or one of the two below."""
LEADER = 4
DISADVANTAGE = 5
_KIND_INDEX = {**{kind: i for i, kind in enumerate(BASIC)}, "L": LEADER, "D": DISADVANTAGE}


def _cards(rows: list[dict[str, Any]]) -> list[tuple[str, int, int]]:
    """One deck as (row id, kind, force) per card, numbered by descending Force.

    Numbering by Force means that sorting a hand's numbers sorts it from the
    highest Force down, which is the order :func:`force` takes cards in.
    """
    cards = [(row["row"], _KIND_INDEX[row["type"]], row["force"]) for row in rows]
    return sorted(cards, key=lambda card: -card[2])


_DATA = game_data("boardcore_gallic_wars")
_RULES: dict[str, int] = _DATA["rules"]
CARDS = _cards(_DATA["cards"])
ROWS = [row for row, _, _ in CARDS]
"""The printed row of each card number (both decks share the rows, GW-R02)."""
KIND = [kind for _, kind, _ in CARDS]
FORCE = [value for _, _, value in CARDS]
HAND_SIZE = _RULES["hand_size"]
MAX_EXCHANGE = _RULES["max_exchange"]
PER_TYPE = _RULES["counted_per_type"]
PLACES = PER_TYPE * len(BASIC)
"""Counted places in all; a Leader may fill any place left free (GW-R09)."""
STREAK_TO_WIN = _RULES["streak_to_win"]
HANDS = _RULES["hands"]


def force(hand: list[int]) -> int:
    """A hand's Force total (rules section 4): the best legal count, found directly.

    Which sets of cards may count together form a matroid (at most ``PER_TYPE``
    basic cards of each type, at most ``PLACES`` cards in all, a Leader fitting
    any place), so taking cards greedily from the highest Force down gives the
    best total: a basic card if its type still has a place, a Leader if any
    place is left. Disadvantage cards always count and use no place (GW-R10).
    With 8 cards and 8 places this is the two best of each type plus every Leader.
    """
    total = 0
    counted = 0
    taken = [0, 0, 0, 0]
    for card in sorted(hand):  # card numbers go from the highest Force down
        kind = KIND[card]
        if kind == DISADVANTAGE:
            total += FORCE[card]
        elif counted < PLACES and (kind == LEADER or taken[kind] < PER_TYPE):
            if kind != LEADER:
                taken[kind] += 1
            counted += 1
            total += FORCE[card]
    return total


def draw(pile: list[int], discard: list[int], n: int, rng: random.Random) -> list[int]:
    """Take ``n`` cards off the end of ``pile``; when it runs out, the whole
    ``discard`` is shuffled into it and drawing goes on (GW-R05). Both lists are
    changed in place, so they stay the seat's piles."""
    if n <= len(pile):
        got = pile[len(pile) - n :]
        del pile[len(pile) - n :]
        return got
    got = pile[:]
    pile[:] = discard
    discard.clear()
    rng.shuffle(pile)
    rest = n - len(got)
    got += pile[len(pile) - rest :]
    del pile[len(pile) - rest :]
    return got


def exchange_by_card(hand: list[int], rng: random.Random) -> tuple[list[int], int]:
    """One player's secret exchange (GW-D01) picked at random, card by card as the
    engine asks it; returns (the picks, which leave ``hand``, decisions asked).

    Each decision offers the cards still in hand, then "done", and takes option
    ``int(rng.random() * n)``, the benchmark's choice function on both sides.
    """
    picked: list[int] = []
    decisions = 0
    while len(picked) < MAX_EXCHANGE:
        decisions += 1
        choice = int(rng.random() * (len(hand) + 1))
        if choice == len(hand):
            break
        picked.append(hand.pop(choice))
    return picked, decisions


def result(winners: list[int | None]) -> tuple[tuple[int, ...], str]:
    """The game's winners and reason after the last hand (GW-R13): the winner of
    the last hand that had one, or both seats if every hand was tied."""
    last = next((w for w in reversed(winners) if w is not None), None)
    if last is None:
        return (0, 1), f"all {HANDS} hands were tied"
    return (last,), "won the last hand" if last == winners[-1] else "won the last hand that had a winner"


def play_game(rng: random.Random, exchange: str = "cards") -> tuple[tuple[int, ...], str, int, int]:
    """One game, seat 0 the Romans; returns (winners, the result's reason worded as
    the engine words it, decisions taken, hands played).

    Seat 0 acts first whenever things happen one after the other (GW-R04); with
    one deck per seat that only changes how the random numbers are used.
    """
    piles = [list(range(len(CARDS))) for _ in (0, 1)]
    discards: list[list[int]] = [[], []]
    for pile in piles:
        rng.shuffle(pile)
    choose = partial(exchange_at_once, most=MAX_EXCHANGE) if exchange == "hand" else exchange_by_card
    streak = [0, 0]
    winners: list[int | None] = []
    decisions = 0
    for hand_number in range(1, HANDS + 1):
        hands = [draw(piles[seat], discards[seat], HAND_SIZE, rng) for seat in (0, 1)]
        # Both choose before either discards: the exchange is secret (GW-R06).
        picks = []
        for hand in hands:
            picked, asked = choose(hand, rng)
            picks.append(picked)
            decisions += asked
        for seat in (0, 1):
            if picks[seat]:
                discards[seat] += picks[seat]
                hands[seat] += draw(piles[seat], discards[seat], len(picks[seat]), rng)
        totals = (force(hands[0]), force(hands[1]))
        winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        winners.append(winner)
        for seat in (0, 1):
            streak[seat] = streak[seat] + 1 if seat == winner else 0
            discards[seat] += hands[seat]
        if winner is not None and streak[winner] >= STREAK_TO_WIN:
            return (winner,), f"won {STREAK_TO_WIN} hands in a row", decisions, hand_number
    return (*result(winners), decisions, HANDS)


def play(rng: random.Random, exchange: str = "cards") -> tuple[tuple[int, ...], int]:
    """One game, seat 0 the Romans; returns (winners, decisions taken)."""
    winners, _, decisions, _ = play_game(rng, exchange)
    return winners, decisions
