"""A rectangular board of squares: names, directions, lines, distance, occupancy.

Squares are named like a chess board, files ``a``.. and ranks ``1``..: ``"e4"`` is
x = 4, y = 3. Pieces keep their square's name in ``Piece.square``, so a board
position is plain data like the rest of a match. Nothing here knows a game: a
game decides which moves are legal from these geometric facts.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

import attrs

from ._errors import InvalidData, RuleError
from ._match import Match

_FILES = "abcdefghijklmnopqrstuvwxyz"


@attrs.frozen(order=True)
class Square:
    """A square by its coordinates (0-based)."""

    x: int
    y: int

    @classmethod
    def parse(cls, name: str) -> Square:
        """``"e4"`` -> ``Square(4, 3)``."""
        if not isinstance(name, str) or len(name) < 2 or name[0] not in _FILES or not name[1:].isdigit():
            raise InvalidData(f"{name!r} is not a square name like 'e4'", where="square")
        return cls(_FILES.index(name[0]), int(name[1:]) - 1)

    def __str__(self) -> str:
        return f"{_FILES[self.x]}{self.y + 1}"


class Direction(enum.Enum):
    """The eight directions, as (dx, dy); north is +y."""

    N = (0, 1)
    NE = (1, 1)
    E = (1, 0)
    SE = (1, -1)
    S = (0, -1)
    SW = (-1, -1)
    W = (-1, 0)
    NW = (-1, 1)

    @property
    def dx(self) -> int:
        return self.value[0]

    @property
    def dy(self) -> int:
        return self.value[1]

    @property
    def diagonal(self) -> bool:
        return self.dx != 0 and self.dy != 0


ORTHOGONAL = (Direction.N, Direction.E, Direction.S, Direction.W)
DIAGONAL = (Direction.NE, Direction.SE, Direction.SW, Direction.NW)
ALL_DIRECTIONS = tuple(Direction)
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


@attrs.frozen
class Board:
    """A ``width`` x ``height`` board."""

    width: int
    height: int

    def __attrs_post_init__(self) -> None:
        if not (1 <= self.width <= len(_FILES) and 1 <= self.height):
            raise InvalidData(f"a board cannot be {self.width} x {self.height}", where="board")

    def contains(self, square: Square) -> bool:
        return 0 <= square.x < self.width and 0 <= square.y < self.height

    def squares(self) -> Iterator[Square]:
        """Every square, rank by rank from a1."""
        for y in range(self.height):
            for x in range(self.width):
                yield Square(x, y)

    def step(self, square: Square, direction: Direction, k: int = 1) -> Square | None:
        """The square ``k`` steps away, or None off the board."""
        there = Square(square.x + direction.dx * k, square.y + direction.dy * k)
        return there if self.contains(there) else None

    def line(self, square: Square, direction: Direction, k: int) -> list[Square] | None:
        """The ``k`` squares after ``square`` along ``direction`` (None if any is off the board)."""
        out = []
        for i in range(1, k + 1):
            there = self.step(square, direction, i)
            if there is None:
                return None
            out.append(there)
        return out

    def ray(self, square: Square, direction: Direction) -> list[Square]:
        """Every square after ``square`` along ``direction`` up to the edge."""
        out = []
        there = self.step(square, direction)
        while there is not None:
            out.append(there)
            there = self.step(there, direction)
        return out

    def knight_moves(self, square: Square) -> list[Square]:
        return [s for dx, dy in KNIGHT_STEPS if self.contains(s := Square(square.x + dx, square.y + dy))]


def distance(a: Square, b: Square) -> int:
    """Steps between two squares when diagonal steps count as one (Chebyshev)."""
    return max(abs(a.x - b.x), abs(a.y - b.y))


def along(a: Square, b: Square) -> tuple[Direction, int] | None:
    """``(direction, k)`` when ``b`` is ``k`` steps from ``a`` in a straight line
    (orthogonal or diagonal), else None."""
    dx, dy = b.x - a.x, b.y - a.y
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    k = max(abs(dx), abs(dy))
    return Direction((dx // k, dy // k)), k


def occupancy(m: Match) -> dict[str, str]:
    """``{square name: piece id}`` for every piece on the board."""
    return {p.square: pid for pid, p in m.pieces.items() if p.square is not None}


def between_clear(m: Match, a: Square, b: Square) -> bool:
    """Whether the squares strictly between ``a`` and ``b`` (on one line) are empty."""
    found = along(a, b)
    if found is None:
        raise RuleError(f"{a} and {b} are not on one line")
    direction, k = found
    taken = occupancy(m)
    return all(str(Square(a.x + direction.dx * i, a.y + direction.dy * i)) not in taken for i in range(1, k))


def place(m: Match, kind: str, owner: int, square: Square) -> str:
    """Put a new piece on an empty square (no stacking); returns its id."""
    name = str(square)
    if name in occupancy(m):
        raise RuleError(f"{name} is already occupied")
    return m.add_piece(kind, owner, name)


def move(m: Match, piece: str, square: Square) -> None:
    """Move a piece to an empty square (no stacking)."""
    name = str(square)
    holder = occupancy(m).get(name)
    if holder is not None and holder != piece:
        raise RuleError(f"{name} is already occupied by {holder}")
    m.move_piece(piece, name)
