"""Which plays are legal now: the rulings on moving and attacking, read off a match.

Each function lists the legal uses of one card for the active seat. The Move and
Attack Phases offer a card only when it has at least one legal use, so choosing
a card never leads to a dead end.
"""

from __future__ import annotations

from collections.abc import Iterator

from boardcore import Match
from boardcore.grid import ALL_DIRECTIONS, Direction, Square, occupancy

from .board import (
    BOARD,
    card,
    forward,
    hand,
    hits,
    side_of,
    spec_of,
    square_of,
    table,
    units_of,
)
from .cards import AztecCard, CardType, Shot, usable_by
from .geometry import (
    Occupied,
    attack_targets,
    canister_squares,
    move_destination,
    round_shot_squares,
)


def fits_restriction(m: Match, piece: str, c: AztecCard) -> bool:
    """A restricted card is only for its troop ("Horsemen only", AZ-R16, AZ-R21)."""
    return c.only is None or c.only is spec_of(m, piece).troop


def may_fight_with(m: Match, piece: str, c: AztecCard) -> bool:
    """An attack card fits the unit: its restriction is met, and a unit limited to its
    own troop's cards (a Cannon) uses no other (AZ-R21)."""
    spec = spec_of(m, piece)
    return fits_restriction(m, piece, c) and not (spec.own_cards_only and c.only is not spec.troop)


# -- moving ----------------------------------------------------------------------------


def moves_left(m: Match, piece: str) -> int:
    """Move actions ``piece`` may still take this turn (AZ-R09, AZ-R13)."""
    return spec_of(m, piece).moves - table(m).moved.count(piece)


def may_move_with(m: Match, piece: str, c: AztecCard) -> bool:
    """Everything but the path: the card fits the unit, which has a move left (AZ-R14)."""
    spec = spec_of(m, piece)
    if c.type is not CardType.MOVE or not fits_restriction(m, piece, c):
        return False
    if spec.max_distance is not None and (c.range or 0) > spec.max_distance:
        return False
    return moves_left(m, piece) > 0


def single_moves(m: Match, seat: int, c: AztecCard, taken: Occupied | None = None) -> Iterator[tuple[str, Direction, Square]]:
    """Every MOVE(card, unit, direction) (AZ-D05): exactly N squares, path clear."""
    taken = occupancy(m) if taken is None else taken
    n = c.range or 0
    for piece in units_of(m, seat):
        if not may_move_with(m, piece, c):
            continue
        start = square_of(m, piece)
        for direction in ALL_DIRECTIONS:
            dest = move_destination(BOARD, taken, start, direction, n)
            if dest is not None:
                yield piece, direction, dest


def group_candidates(m: Match, seat: int, c: AztecCard, added: tuple[str, ...]) -> Iterator[tuple[str, Square]]:
    """Units that may join a group move now (AZ-R12, AZ-D06): not yet in it, and able
    to go exactly N squares straight forward."""
    taken = occupancy(m)
    ahead = forward(side_of(m, seat))
    for piece in units_of(m, seat):
        if piece in added or not may_move_with(m, piece, c):
            continue
        dest = move_destination(BOARD, taken, square_of(m, piece), ahead, c.range or 0)
        if dest is not None:
            yield piece, dest


# -- attacking -------------------------------------------------------------------------


def may_attack_with(m: Match, piece: str, c: AztecCard) -> bool:
    """The unit may make a normal attack with ``c``: no Cannon, restrictions met, and it
    has not attacked this turn (AZ-R17, AZ-R21)."""
    return c.type is CardType.ATTACK and may_fight_with(m, piece, c) and piece not in table(m).attacked


def strikes(m: Match, seat: int, c: AztecCard) -> Iterator[tuple[str, str]]:
    """Every ATTACK(card, unit, target) (AZ-D07)."""
    taken = occupancy(m)
    pieces = m.pieces

    def is_target(holder: str) -> bool:
        # AZ-R31: an enemy unit only; AZ-R26: Take Captive needs exactly 1 Hit left.
        if pieces[holder].owner == seat:
            return False
        return c.target_hits is None or hits(m, holder) == c.target_hits

    for piece in units_of(m, seat):
        if may_attack_with(m, piece, c):
            for target in attack_targets(BOARD, taken, square_of(m, piece), c.range or 0, c.indirect, is_target):
                yield piece, target


def shot_squares(c: AztecCard, cannon: Square, direction: Direction) -> list[Square] | None:
    """The squares a cannon card hits, or None if the shot cannot be fired that way."""
    if c.shot is Shot.CANISTER:
        return canister_squares(BOARD, cannon, direction)
    found = round_shot_squares(BOARD, cannon, direction)
    return found or None


def shots(m: Match, seat: int, c: AztecCard) -> Iterator[tuple[str, Direction, tuple[str, ...]]]:
    """Every SHOOT(card, cannon, direction) with the pieces it would hit: only shots whose
    squares hold at least one enemy are legal (AZ-R24)."""
    if c.type is not CardType.CANNON:
        return
    taken = occupancy(m)
    attacked = table(m).attacked
    for piece in units_of(m, seat):
        if piece in attacked or not may_fight_with(m, piece, c):
            continue
        start = square_of(m, piece)
        for direction in ALL_DIRECTIONS:
            squares = shot_squares(c, start, direction)
            if squares is None:
                continue
            victims = tuple(taken[str(s)] for s in squares if str(s) in taken)
            if any(m.pieces[v].owner != seat for v in victims):
                yield piece, direction, victims


# -- cards in hand ---------------------------------------------------------------------


def playable(m: Match, seat: int, card_id: str) -> bool:
    """The User column (AZ-R06) allows ``seat`` to play this card."""
    return usable_by(card(m, card_id), side_of(m, seat))


def defense_cards(m: Match, seat: int) -> list[str]:
    """The Defense cards ``seat`` could play against an attack now (AZ-R25)."""
    return [c for c in m.cards(hand(seat)) if card(m, c).type is CardType.DEFENSE and playable(m, seat, c)]


def specials(m: Match, seat: int) -> list[str]:
    """Draw-2 cards ``seat`` may play now: its own, at most once each per turn (AZ-R27)."""
    used = table(m).specials
    return [
        c
        for c in m.cards(hand(seat))
        if card(m, c).type is CardType.DRAW2 and playable(m, seat, c) and c not in used
    ]

