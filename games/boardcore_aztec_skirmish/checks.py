"""The invariants of rules section 6 that can be read off a match at any moment.

``check`` is the game's ``GameSpec.check``; ``boardcore.testing.check_game`` runs it
after every action. It may read everything, hidden cards included.
"""

from __future__ import annotations

from collections import Counter

from boardcore import Match
from boardcore.grid import Square

from .board import BOARD, HITS, hand, kind_of, leader_alive, spec_of, table
from .cards import CONSTANTS, DECK, UNITS, UnitKind
from .deploy import DEPLOYMENT


def check(m: Match) -> list[str]:
    """Every broken invariant, as a sentence (empty when all hold)."""
    return [*_cards(m), *_units(m), *_usage(m), *_ending(m)]


def _cards(m: Match) -> list[str]:
    """Invariants 1 and 7."""
    problems = []
    held = sum(len(cards) for cards in m.zones.values())
    if held != len(DECK):
        problems.append(f"{held} cards in the zones, not {len(DECK)}")
    specials = len(table(m).specials)
    for seat in range(m.players):
        size = len(m.cards(hand(seat)))
        # A hand is cut to 5 at the end of Fate (AZ-D04), and each side's one Draw-2
        # card adds one card net, once per turn; during Fate the 3 new cards wait.
        if seat != m.active:
            most = CONSTANTS.hand_limit + 1
        elif m.phase in ("move", "attack"):
            most = CONSTANTS.hand_limit + specials
        else:
            most = CONSTANTS.hand_limit + 1 + CONSTANTS.draw
        if size > most:
            problems.append(f"seat {seat} holds {size} cards (at most {most} now)")
    return problems


def _units(m: Match) -> list[str]:
    """Invariants 2 and 3."""
    problems = []
    squares: Counter[str] = Counter()
    kinds: Counter[UnitKind] = Counter()
    for piece, p in m.pieces.items():
        if p.square is None or not BOARD.contains(Square.parse(p.square)):
            problems.append(f"{piece} is not on the board ({p.square})")
            continue
        squares[p.square] += 1
        kinds[kind_of(m, piece)] += 1
        left = m.count(HITS, piece)
        if not 1 <= left <= spec_of(m, piece).hits:
            problems.append(f"{piece} has {left} Hits")
        if p.owner not in range(m.players) or table(m).sides[p.owner] is not spec_of(m, piece).side:
            problems.append(f"{piece} belongs to the wrong seat")
    problems += [f"{square} holds {n} units" for square, n in squares.items() if n > 1]
    problems += [f"{n} units of type {k.value}" for k, n in kinds.items() if n > UNITS[k].count]
    return problems


def _usage(m: Match) -> list[str]:
    """Invariants 5, 6 and 9: per-turn movement and attack limits, active side only."""
    problems = []
    t = table(m)
    for piece, n in Counter(t.moved).items():
        if piece in m.pieces:
            if n > spec_of(m, piece).moves:
                problems.append(f"{piece} moved {n} times this turn")
            if m.pieces[piece].owner != m.active:
                problems.append(f"{piece} moved in its opponent's turn")
    for piece, n in Counter(t.attacked).items():
        if n > 1:
            problems.append(f"{piece} attacked {n} times this turn")
        if piece in m.pieces and m.pieces[piece].owner != m.active:
            problems.append(f"{piece} attacked in its opponent's turn")
    if len(set(t.specials)) != len(t.specials):
        problems.append("a Draw-2 card was played twice this turn")
    return problems


def _ending(m: Match) -> list[str]:
    """Invariant 8: both Leaders stand while the game runs; the turn limit holds."""
    problems = []
    if m.turn > CONSTANTS.turn_limit:
        problems.append(f"turn {m.turn} is past the turn limit")
    if m.result is None and m.phase != DEPLOYMENT and m.turn >= 1:
        for seat in range(m.players):
            if not leader_alive(m, seat):
                problems.append(f"seat {seat} has lost its Leader but the game goes on")
    return problems
