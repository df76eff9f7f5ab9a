"""The invariants of Gallic Wars rules section 7 that can be read off any state.

``check`` is given to ``boardcore.testing.check_game`` and the property tests;
it may read everything, hidden cards included.
"""

from __future__ import annotations

from boardcore import Match
from boardcore_gallic_wars import CONSTANTS, DISCARD, DRAW, HAND, STREAK


def check(m: Match) -> list[str]:
    problems = []
    for seat in (0, 1):
        side = m.table.sides[seat]
        for zone in (DRAW[seat], HAND[seat], DISCARD[seat]):
            stray = [c for c in m.cards(zone) if m.rules.cards[c].side is not side]
            if stray:
                problems.append(f"{zone} holds the other side's cards {stray}")
        size = len(m.cards(HAND[seat]))
        if size not in (0, CONSTANTS.hand_size):
            problems.append(f"{HAND[seat]} holds {size} cards")
    streaks = [m.count(STREAK, seat) for seat in (0, 1)]
    if min(streaks) != 0 or max(streaks) > CONSTANTS.streak_to_win:
        problems.append(f"streaks {streaks}")
    if m.turn > CONSTANTS.hands:
        problems.append(f"hand {m.turn} is past the last hand")
    for totals in m.table.totals:
        if not all(12 <= t <= 77 for t in totals) and not m.rules.plugins:
            problems.append(f"Force totals {totals} outside 12..77")
    return problems
