"""Invasions of the Horse People written plainly in Python: the yardstick for the engine.

Same rules as the engine's game (rules section 4, HP-R01 to HP-R21, the default
setup: 50-turn limit, 12 Loot to win) and the same random policy, asked in the
same decision structure. Every decision takes option ``int(rng.random() * n)``
of its ``n`` options, and the engine's decisions are asked one card at a time:

* Migration exchange (HP-D01), every player: one of the cards still in hand, or
  "done"; after 4 picks "done" is the only option and is not asked.
* Tribute (HP-D02), the Khan if there is one: one of the Loot and Conquest cards
  that may still be added (one card per Loot name), or "done". Asked even when
  "done" is the only option, as the engine does: whether the Khan has a choice
  depends on his hidden hand.
* Invasion (HP-D03), every Nomad: one of the Weakness, Strength (one per name)
  and Tribe (one at most) cards that may still be added, and "done" only once
  the play is complete, i.e. once a Tribe is in it if he holds one. Asked even
  with a single option.

Cards are small integers, piles are lists and draws are slices. The card rows
and constants are read from the engine's data file (``data/cards.toml``), so both
sides play with the same deck; nothing else of the engine is used.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from baseline_data import game_data
from baseline_exchange import exchange_at_once

TYPES = ("conquest", "loot", "weakness", "strength", "tribe")
"""A card's type is its index here (as printed in the rows, never from its name, HP-R19)."""
CONQUEST, LOOT, WEAKNESS, STRENGTH, TRIBE = range(len(TYPES))

WON = "reached the Loot target"
LIMIT_MOST = "turn limit: most Loot"
LIMIT_KHAN = "turn limit: the Khan breaks a tie for most Loot"
LIMIT_DRAW = "turn limit: tie for most Loot"
"""The result reasons, worded as the engine words them, to compare outcomes."""


def _cards(rows: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """Every card as (type, name, value): one card per value of a valued row, one
    valueless card per Tribe row (HP-R01). ``name`` is the row's number, which is
    what "one card per name" compares (HP-R07, HP-R12)."""
    return [
        (TYPES.index(row["type"]), number, value)
        for number, row in enumerate(rows)
        for value in row.get("values") or [0]
    ]


_DATA = game_data("boardcore_horse_people")
_RULES: dict[str, Any] = _DATA["rules"]
CARDS = _cards(_DATA["cards"])
TYPE = [kind for kind, _, _ in CARDS]
NAME = [name for _, name, _ in CARDS]
VALUE = [value for _, _, value in CARDS]
HAND_SIZE: int = _RULES["hand_size"]
MAX_EXCHANGE: int = _RULES["max_exchange"]
LOOT_TO_WIN: int = _RULES["loot_to_win"]
TURN_LIMIT: int = _RULES["turn_limit"]


def draw(pile: list[int], discard: list[int], n: int, rng: random.Random) -> list[int]:
    """Take ``n`` cards off the end of the shared ``pile``; when it runs out, the
    whole ``discard`` is shuffled into it and drawing goes on, and when both are
    empty the rest of the draw is skipped (HP-R21). Both lists change in place."""
    if n <= len(pile):
        got = pile[len(pile) - n :]
        del pile[len(pile) - n :]
        return got
    got = pile[:]
    pile[:] = discard
    discard.clear()
    rng.shuffle(pile)
    rest = min(n - len(got), len(pile))
    got += pile[len(pile) - rest :]
    del pile[len(pile) - rest :]
    return got


def exchange_by_card(hand: list[int], rng: random.Random) -> tuple[list[int], int]:
    """One player's secret Migration exchange (HP-D01), card by card; returns
    (the picks, which leave ``hand``, decisions asked)."""
    picked: list[int] = []
    decisions = 0
    while len(picked) < MAX_EXCHANGE:
        decisions += 1
        choice = int(rng.random() * (len(hand) + 1))
        if choice == len(hand):
            break
        picked.append(hand.pop(choice))
    return picked, decisions


def tribute(hand: list[int], rng: random.Random) -> tuple[list[int], int]:
    """The Khan's Tribute (HP-D02), card by card; returns (the cards played,
    decisions asked). The played cards stay in ``hand``: all go to the discard
    pile together at the end of the turn."""
    open_ = [card for card in hand if TYPE[card] == LOOT or TYPE[card] == CONQUEST]
    played: list[int] = []
    decisions = 0
    while True:
        decisions += 1
        choice = int(rng.random() * (len(open_) + 1))  # the last option is "done"
        if choice == len(open_):
            return played, decisions
        card = open_.pop(choice)
        played.append(card)
        if TYPE[card] == LOOT:  # one card per Loot name (HP-R07)
            open_ = [c for c in open_ if NAME[c] != NAME[card]]


def invasion(hand: list[int], rng: random.Random) -> tuple[list[int], int]:
    """A Nomad's secret Invasion play (HP-D03), card by card; returns (the cards
    played, decisions asked). "Done" is offered only once the play is legal as it
    stands: with a Tribe in it if the hand holds one (HP-R11)."""
    open_ = [card for card in hand if TYPE[card] >= WEAKNESS]  # Weakness, Strength or Tribe
    must_tribe = any(TYPE[card] == TRIBE for card in open_)
    played: list[int] = []
    decisions = 0
    while True:
        decisions += 1
        n = len(open_) + (not must_tribe)
        choice = int(rng.random() * n)
        if choice == len(open_):
            return played, decisions
        card = open_.pop(choice)
        played.append(card)
        kind = TYPE[card]
        if kind == TRIBE:  # exactly one Tribe
            must_tribe = False
            open_ = [c for c in open_ if TYPE[c] != TRIBE]
        elif kind == STRENGTH:  # one card per Strength name (HP-R12)
            open_ = [c for c in open_ if NAME[c] != NAME[card]]


def total(cards: list[int], kind: int) -> int:
    """The sum of the values of the cards of type ``kind`` among ``cards``."""
    return sum(VALUE[card] for card in cards if TYPE[card] == kind)


def new_khan(khan: int | None, conquest: int, plays: dict[int, list[int]]) -> int | None:
    """Who is Khan after the Invasion plays ``plays`` (by Nomad seat) are revealed.

    The Khan is deposed only if all the Nomads' Weakness beats his Conquest
    (HP-R10); then, or with no Khan, the unique highest Strength among the Nomads
    who played a Tribe takes the title, and a tie or no candidate leaves nobody
    (HP-R14, HP-R15). The deposed Khan played nothing, so he is no candidate.
    """
    if khan is not None and sum(total(play, WEAKNESS) for play in plays.values()) <= conquest:
        return khan
    strengths = {seat: total(play, STRENGTH) for seat, play in plays.items() if any(TYPE[c] == TRIBE for c in play)}
    if not strengths:
        return None
    best = max(strengths.values())
    leaders = [seat for seat, strength in strengths.items() if strength == best]
    return leaders[0] if len(leaders) == 1 else None


def at_limit(loot: list[int], khan: int | None) -> tuple[tuple[int, ...], str]:
    """The result after the last turn (HP-R18): the most Loot wins; among tied
    leaders the Khan wins, else they share a draw."""
    leaders = tuple(seat for seat, points in enumerate(loot) if points == max(loot))
    if len(leaders) == 1:
        return leaders, LIMIT_MOST
    if khan is not None and khan in leaders:
        return (khan,), LIMIT_KHAN
    return leaders, LIMIT_DRAW


def play_game(rng: random.Random, players: int = 3, exchange: str = "cards") -> tuple[tuple[int, ...], str, int, int]:
    """One game; returns (winners, the result's reason, decisions taken, turns played)."""
    pile = list(range(len(CARDS)))
    rng.shuffle(pile)
    discard: list[int] = []
    loot = [0] * players
    khan: int | None = None
    decisions = 0
    choose = partial(exchange_at_once, most=MAX_EXCHANGE) if exchange == "hand" else exchange_by_card
    for turn in range(1, TURN_LIMIT + 1):
        # Migration: deal in blocks from seat 0 (HP-R04), all choose, then seat by
        # seat discard and redraw, so a reshuffle can bring discards back (HP-R05).
        hands = [draw(pile, discard, HAND_SIZE, rng) for _ in range(players)]
        picks = []
        for hand in hands:
            picked, asked = choose(hand, rng)
            picks.append(picked)
            decisions += asked
        for hand, picked in zip(hands, picks):
            if picked:
                discard += picked
                hand += draw(pile, discard, len(picked), rng)
        # Tribute (HP-R06, HP-R08, HP-R17); its cards stay in the Khan's hand
        # list, as only their values matter until everything is discarded.
        conquest = 0
        if khan is not None:
            played, asked = tribute(hands[khan], rng)
            decisions += asked
            conquest = total(played, CONQUEST)
            loot[khan] += min(total(played, LOOT), conquest)
            if loot[khan] >= LOOT_TO_WIN:
                return (khan,), WON, decisions, turn
        # Invasion: the Nomads choose in seat order; the Khan plays nothing (HP-R09).
        plays = {}
        for seat in range(players):
            if seat != khan:
                plays[seat], asked = invasion(hands[seat], rng)
                decisions += asked
        khan = new_khan(khan, conquest, plays)
        # Steppes: every card in hands and plays goes to the discard pile.
        for hand in hands:
            discard += hand
    winners, reason = at_limit(loot, khan)
    return winners, reason, decisions, TURN_LIMIT


def play(rng: random.Random, players: int = 3, exchange: str = "cards") -> tuple[tuple[int, ...], int]:
    """One game with ``players`` seats; returns (winners, decisions taken). With
    ``exchange="hand"`` each Migration exchange is one decision (``baseline_exchange.py``)."""
    winners, _, decisions, _ = play_game(rng, players, exchange)
    return winners, decisions
