"""The board geometry of moves and attacks, as pure functions of squares and occupancy.

``taken`` is always ``{square name: piece id}`` (``boardcore.grid.occupancy``).
Nothing here knows whose turn it is or what has been used; the phases add that.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from boardcore.grid import ALL_DIRECTIONS, Board, Direction, Square

Occupied = Mapping[str, str]


def move_destination(board: Board, taken: Occupied, start: Square, direction: Direction, n: int) -> Square | None:
    """Where a move of exactly ``n`` squares ends, or None if it cannot be made:
    every square of the path, the last included, must be on the board and empty
    (AZ-R10, AZ-R11)."""
    path = board.line(start, direction, n)
    if path is None or any(str(s) in taken for s in path):
        return None
    return path[-1]


def attack_targets(
    board: Board,
    taken: Occupied,
    start: Square,
    reach: int,
    indirect: bool,
    is_target: Callable[[str], bool],
) -> list[str]:
    """Pieces an attack from ``start`` can hit: on one of the 8 lines, 1..``reach``
    squares away (AZ-R18), with only empty squares in between unless the attack is
    ``indirect`` (AZ-R19). ``is_target`` says which pieces may be hit (AZ-R31)."""
    found = []
    for direction in ALL_DIRECTIONS:
        for k in range(1, reach + 1):
            there = board.step(start, direction, k)
            if there is None:
                break
            holder = taken.get(str(there))
            if holder is None:
                continue
            if is_target(holder):
                found.append(holder)
            if not indirect:
                break  # the line of fire stops at the first unit, friend or foe
    return found


def canister_squares(board: Board, cannon: Square, direction: Direction) -> list[Square] | None:
    """The squares a Canister Shot hits (AZ-R22): range 1, the target square at range 2
    and one square on each side of it; None when the target square is off the board."""
    target = board.step(cannon, direction, 2)
    if target is None:
        return None
    near = board.step(cannon, direction, 1)
    px, py = -direction.dy, direction.dx  # perpendicular to the line of fire
    sides = [Square(target.x + px, target.y + py), Square(target.x - px, target.y - py)]
    hit = [s for s in (near, target, *sides) if s is not None and board.contains(s)]
    return hit


def round_shot_squares(board: Board, cannon: Square, direction: Direction) -> list[Square]:
    """Every square from the cannon to the edge along ``direction`` (AZ-R23)."""
    return board.ray(cannon, direction)
