"""A minimal hand-written Gallic Wars in plain Python, for the benchmark's ratio.

Same rules as the engine's game (GW-R01 to GW-R16) and the same random policy:
in the Strategy phase each player, one decision at a time, picks uniformly among
"discard one of the cards still in hand" (while fewer than 4 are picked) and
"done". No engine, no events, no checks: this is the speed a person gets by
writing the game directly, and the yardstick the engine is compared with.
"""

from __future__ import annotations

import random
from itertools import product

# (type, force) per row, GW01..GW36; both decks share them (GW-R02).
ROWS = (
    [("L", 10), ("L", 5)]
    + [("R", f) for f in (10, 9, 8, 7, 6, 5, 4, 3)]
    + [("T", f) for f in (10, 9, 8, 7, 6, 5, 4, 3)]
    + [("S", f) for f in (10, 9, 8, 7, 6, 5, 4, 3)]
    + [("M", f) for f in (10, 9, 8, 7, 6, 5, 4, 3)]
    + [("D", -2), ("D", -1)]
)
BASIC = ("S", "T", "R", "M")


KIND = [kind for kind, _ in ROWS]
FORCE = [value for _, value in ROWS]


def top2(values: list[int]) -> int:
    if len(values) <= 2:
        return sum(values)
    values.sort(reverse=True)
    return values[0] + values[1]


def force(hand: list[int]) -> int:
    fixed = 0
    lists: dict[str, list[int]] = {"S": [], "T": [], "R": [], "M": []}
    leaders = []
    for card in hand:
        kind = KIND[card]
        if kind == "D":
            fixed += FORCE[card]
        elif kind == "L":
            leaders.append(FORCE[card])
        else:
            lists[kind].append(FORCE[card])
    if not leaders:
        return fixed + sum(top2(v) for v in lists.values())
    best = -1000
    for way in product(BASIC, repeat=len(leaders)):
        total = fixed
        for b, values in lists.items():
            extra = [v for v, w in zip(leaders, way) if w == b]
            total += top2(values + extra) if extra else top2(list(values))
        best = max(best, total)
    return best


def play(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """One game; returns (winners, decisions taken).

    Each decision picks uniformly with ``int(rng.random() * n)``, the same choice
    function the engine side of the benchmark uses. With 4 cards picked, "done"
    is the only option and no decision is taken (the engine resolves it too).
    """
    draw = [list(range(36)), list(range(36))]
    discard: list[list[int]] = [[], []]
    for pile in draw:
        rng.shuffle(pile)
    streak = [0, 0]
    winners: list[int | None] = []
    decisions = 0

    def take(seat: int, n: int) -> list[int]:
        got = []
        for _ in range(n):
            if not draw[seat]:
                draw[seat], discard[seat] = discard[seat], []
                rng.shuffle(draw[seat])
            got.append(draw[seat].pop())
        return got

    for _ in range(8):  # at most 8 hands (GW-R16)
        hands = [take(0, 8), take(1, 8)]
        picks: list[list[int]] = [[], []]
        for seat in (0, 1):
            while len(picks[seat]) < 4:
                left = [c for c in hands[seat] if c not in picks[seat]]
                decisions += 1
                choice = int(rng.random() * (len(left) + 1))
                if choice == len(left):
                    break
                picks[seat].append(left[choice])
        for seat in (0, 1):
            for card in picks[seat]:
                hands[seat].remove(card)
                discard[seat].append(card)
            hands[seat] += take(seat, len(picks[seat]))
        totals = [force(hands[0]), force(hands[1])]
        winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
        winners.append(winner)
        for seat in (0, 1):
            streak[seat] = streak[seat] + 1 if seat == winner else 0
            discard[seat] += hands[seat]
        if winner is not None and streak[winner] == 3:
            return (winner,), decisions
    last = next((w for w in reversed(winners) if w is not None), None)
    return ((last,) if last is not None else (0, 1)), decisions
