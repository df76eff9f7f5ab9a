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
from .cards import SHOTS, AztecCard, CardUse, UnitSpec


def fits(spec: UnitSpec, card: AztecCard) -> bool:
    """A restricted card is only for its troop ("Horsemen only", AZ-R16, AZ-R21)."""
    return card.only is None or card.only == spec.troop


def may_fight_with(spec: UnitSpec, card: AztecCard) -> bool:
    """The card fits, and a unit limited to its own troop's attack cards (a Cannon)
    uses no other (AZ-R21)."""
    return fits(spec, card) and not (spec.own_cards_only and card.only != spec.troop)


# -- moving ----------------------------------------------------------------------------


def may_move_with(m: Match, piece: str, card: AztecCard) -> bool:
    """Everything but the path: the card fits the unit (AZ-R14, AZ-R16), which has a move
    left this turn (AZ-R09, AZ-R13)."""
    spec = spec_of(m, piece)
    if card.use is not CardUse.MOVE or not fits(spec, card):
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


@cache
def shot_squares(shot: str, start: str, direction: Direction) -> tuple[str, ...]:
    """The squares a cannon on ``start`` hits with ``shot`` (a row of the data's
    ``[[shots]]``), or () when it cannot fire that way: Round Shot, every square to
    the edge (AZ-R23); Canister Shot, the next square, the target square 2 away (on
    the board) and one square either side of it (AZ-R22)."""
    spec = SHOTS[shot]
    if spec.to_edge:
        return BOARD.ray_from(start, direction)
    x, y, dx, dy = *BOARD.coords(start), direction.dx, direction.dy
    hit = [(BOARD.name_at(x + a * dx - c * dy, y + a * dy + c * dx), c) for a, c in spec.squares]
    if any(square is None and across == 0 for square, across in hit):
        return ()  # the line of fire leaves the board
    return tuple(square for square, _ in hit if square is not None)


def attacks(m: Match, seat: int, card: AztecCard) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """Every attack ``card`` can order, as ``(unit, aim, squares hit)``: a unit that has
    not attacked (AZ-R17) and may fight with the card (AZ-R21) either strikes an enemy
    unit ``aim`` (ATTACK, AZ-D07) on one of its 8 lines within range (AZ-R18, AZ-R31),
    with nobody in between unless the card is indirect (AZ-R19), Take Captive only one
    with exactly 1 Hit left (AZ-R26); or, with a cannon card, fires in the direction
    ``aim`` (SHOOT) when the squares hit hold an enemy (AZ-R24)."""
    if card.use not in (CardUse.STRIKE, CardUse.SHOT):
        return
    taken = occupancy(m)
    for piece in m.pieces_of(seat):
        if piece in m.marked(ATTACKED) or not may_fight_with(spec_of(m, piece), card):
            continue
        start = square_of(m, piece)
        if card.shot is not None:
            for direction in ALL_DIRECTIONS:
                squares = shot_squares(card.shot, start, direction)
                if any(s in taken and m.pieces[taken[s]].owner != seat for s in squares):
                    yield piece, direction.name, squares
            continue
        for square in BOARD.targets_in_lines(start, card.range or 0, taken, indirect=card.indirect):
            target = taken[square]
            if m.pieces[target].owner != seat and card.target_hits in (None, m.count(HITS, target)):
                yield piece, target, (square,)
