"""Which plays are legal now: the rulings on moving and attacking, read off a match.

Each function lists the legal uses of one card for one seat, from the board
(``boardcore.grid`` on square names), the per-turn marks and the card's fields.
A menu offers a card only when it has at least one legal use.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from boardcore import Match
from boardcore.grid import ALL_DIRECTIONS, Direction, occupancy, square_of

from .board import ATTACKED, BOARD, HITS, MOVED, forward, side_of, spec_of
from .cards import AztecCard, CardType, Shot, UnitSpec


def fits(spec: UnitSpec, card: AztecCard) -> bool:
    """A restricted card is only for its troop ("Horsemen only", AZ-R16, AZ-R21)."""
    return card.only is None or card.only is spec.troop


def may_fight_with(spec: UnitSpec, card: AztecCard) -> bool:
    """The card fits, and a unit limited to its own troop's attack cards (a Cannon)
    uses no other (AZ-R21)."""
    return fits(spec, card) and not (spec.own_cards_only and card.only is not spec.troop)


# -- moving ----------------------------------------------------------------------------


def may_move_with(m: Match, piece: str, card: AztecCard) -> bool:
    """Everything but the path: the card fits the unit (AZ-R14, AZ-R16), which has a move
    left this turn (AZ-R09, AZ-R13)."""
    spec = spec_of(m, piece)
    if card.type is not CardType.MOVE or not fits(spec, card):
        return False
    if spec.max_distance is not None and (card.range or 0) > spec.max_distance:
        return False
    return m.marked(MOVED).count(piece) < spec.moves


def destinations(
    m: Match, seat: int, card: AztecCard, directions: tuple[Direction, ...], skip: tuple[str, ...] = ()
) -> Iterator[tuple[str, str]]:
    """``(unit, square)`` for each move of exactly the card's number in one of
    ``directions`` whose every square, the last included, is empty (AZ-R10, AZ-R11)."""
    taken = occupancy(m).keys()
    for piece in m.pieces_of(seat):
        if piece not in skip and may_move_with(m, piece, card):
            for direction in directions:
                path = BOARD.path(square_of(m, piece), direction, card.range or 0)
                if path and taken.isdisjoint(path):
                    yield piece, path[-1]


def single_moves(m: Match, seat: int, card: AztecCard) -> Iterator[tuple[str, str]]:
    """MOVE(card, unit, direction) (AZ-D05): any of the 8 directions."""
    return destinations(m, seat, card, ALL_DIRECTIONS)


def group_candidates(m: Match, seat: int, card: AztecCard, added: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """Units that may join a group move now (AZ-R12, AZ-D06): not yet in it, and able to
    go exactly N squares straight forward."""
    return destinations(m, seat, card, (forward(side_of(m, seat)),), added)


# -- attacking -------------------------------------------------------------------------


def strikes(m: Match, seat: int, card: AztecCard) -> Iterator[tuple[str, str]]:
    """Every ATTACK(card, unit, target) (AZ-D07): a unit that has not attacked (AZ-R17)
    and fits the card (AZ-R21) hits an enemy (AZ-R31) on one of its 8 lines within
    range (AZ-R18), with nobody in between unless the card is indirect (AZ-R19);
    Take Captive needs a target with exactly 1 Hit left (AZ-R26)."""
    if card.type is not CardType.ATTACK:
        return
    taken = occupancy(m)
    for piece in m.pieces_of(seat):
        if piece in m.marked(ATTACKED) or not may_fight_with(spec_of(m, piece), card):
            continue
        for square in BOARD.targets_in_lines(square_of(m, piece), card.range or 0, taken, indirect=card.indirect):
            target = taken[square]
            if m.pieces[target].owner != seat and card.target_hits in (None, m.count(HITS, target)):
                yield piece, target


@cache
def shot_squares(shot: Shot, start: str, direction: Direction) -> tuple[str, ...]:
    """The squares a cannon on ``start`` hits, or () when it cannot fire that way.
    Round Shot: every square to the edge (AZ-R23). Canister Shot: the next square,
    the target square 2 away (on the board) and one square either side of it (AZ-R22)."""
    if shot is Shot.ROUND:
        return BOARD.ray_from(start, direction)
    line = BOARD.path(start, direction, 2)
    if line is None:
        return ()
    across = Direction((-direction.dy, direction.dx))
    flanks = (BOARD.neighbour(line[1], across), BOARD.neighbour(line[1], across.opposite))
    return (*line, *(square for square in flanks if square is not None))


def shots(m: Match, seat: int, card: AztecCard) -> Iterator[tuple[str, Direction, tuple[str, ...]]]:
    """Every SHOOT(card, cannon, direction), with the squares it hits: only shots whose
    squares hold an enemy are legal (AZ-R24)."""
    if card.type is not CardType.CANNON or card.shot is None:
        return
    taken = occupancy(m)
    for piece in m.pieces_of(seat):
        if piece in m.marked(ATTACKED) or not may_fight_with(spec_of(m, piece), card):
            continue
        for direction in ALL_DIRECTIONS:
            squares = shot_squares(card.shot, square_of(m, piece), direction)
            if any(s in taken and m.pieces[taken[s]].owner != seat for s in squares):
                yield piece, direction, squares
