"""The invariants of Aztec Skirmish rules section 6 that can be read off any match.

``check`` is given to ``boardcore.testing.check_game`` and the property tests; it
runs after every action and may read everything, hidden cards included. It holds
with the az-omens expansion loaded too.
"""

from __future__ import annotations

from collections import Counter

from boardcore import Match
from boardcore_aztec_skirmish import ATTACKED, BOARD, CONSTANTS, DRAW2, HAND, HITS, MOVED, UNITS
from boardcore_aztec_skirmish.board import leader_alive


def check(m: Match) -> list[str]:
    """Every broken invariant, as a sentence (empty when all hold)."""
    return [*_cards(m), *_units(m), *_usage(m), *_ending(m)]


def _cards(m: Match) -> list[str]:
    """Invariants 1 and 7."""
    problems = []
    held = sum(len(cards) for cards in m.zones.values())
    if held != len(m.rules.cards):
        problems.append(f"{held} cards in the zones, not {len(m.rules.cards)}")
    for seat in range(m.players):
        size = len(m.cards(HAND[seat]))
        # A hand is cut to 5 at the end of Fate (AZ-D04), and each side's one Draw-2
        # card adds one card net, once per turn; during Fate the 3 new cards wait.
        if seat != m.active_seat:
            most = CONSTANTS.hand_limit + 1
        elif m.phase in ("move", "attack"):
            most = CONSTANTS.hand_limit + len(m.marked(DRAW2))
        else:
            most = CONSTANTS.hand_limit + 1 + CONSTANTS.draw
        if size > most:
            problems.append(f"seat {seat} holds {size} cards (at most {most} now)")
    return problems


def _units(m: Match) -> list[str]:
    """Invariants 2 and 3."""
    problems = []
    squares: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for piece, p in m.pieces.items():
        if p.square is None or not BOARD.contains_name(p.square):
            problems.append(f"{piece} is not on the board ({p.square})")
            continue
        squares[p.square] += 1
        kinds[p.kind] += 1
        spec = UNITS[p.kind]
        if not 1 <= m.count(HITS, piece) <= spec.hits:
            problems.append(f"{piece} has {m.count(HITS, piece)} Hits")
        if p.owner not in range(m.players) or m.table.sides[p.owner] is not spec.side:
            problems.append(f"{piece} belongs to the wrong seat")
    problems += [f"{square} holds {n} units" for square, n in squares.items() if n > 1]
    problems += [f"{n} units of type {k}" for k, n in kinds.items() if n > UNITS[k].count]
    return problems


def _usage(m: Match) -> list[str]:
    """Invariants 5, 6 and 9: per-turn movement and attack limits, active side only."""
    problems = []
    for piece, n in Counter(m.marked(MOVED)).items():
        if piece in m.pieces:
            if n > UNITS[m.pieces[piece].kind].moves:
                problems.append(f"{piece} moved {n} times this turn")
            if m.pieces[piece].owner != m.active_seat:
                problems.append(f"{piece} moved in its opponent's turn")
    for piece, n in Counter(m.marked(ATTACKED)).items():
        if n > 1:
            problems.append(f"{piece} attacked {n} times this turn")
        if piece in m.pieces and m.pieces[piece].owner != m.active_seat:
            problems.append(f"{piece} attacked in its opponent's turn")
    if len(set(m.marked(DRAW2))) != len(m.marked(DRAW2)):
        problems.append("a Draw-2 card was played twice this turn")
    return problems


def _ending(m: Match) -> list[str]:
    """Invariant 8: both Leaders stand while the game runs; the turn limit holds."""
    problems = []
    if m.turn > CONSTANTS.turn_limit:
        problems.append(f"turn {m.turn} is past the turn limit")
    if m.result is None and m.turn >= 1:
        fallen = [seat for seat in range(m.players) if not leader_alive(m, seat)]
        problems += [f"seat {seat} has lost its Leader but the game goes on" for seat in fallen]
    return problems
