"""A rectangular board of squares: names, directions, lines, reach, distance, occupancy.

For grid games: a game decides which moves are legal from these geometric facts.
Squares are named like a chess board, files ``a``..``z`` and ranks ``1``..: ``"e4"``
is x = 4, y = 3 (a1 is (0, 0), north is +y). Pieces keep the name in ``Piece.square``
(None off the board), so a position is plain data, and everything works on names.

* The **name API** (use this one): :class:`Board` methods (``neighbours``, ``ray_from``,
  ``path``, ``reachable``, ``line_of_fire``, ``distance``...) take and return names.
  A board size builds its tables on first use; later calls are dict or tuple lookups.
* The **Square API** (the original, unchanged): :class:`Square` coordinates with
  ``Board.step/line/ray/knight_moves``, :func:`distance`, :func:`along` and
  :func:`between_clear`. It builds a Square per step and is several times slower.

:func:`occupancy`, :func:`piece_at`, :func:`square_of`, :func:`place` and :func:`move`
read and change ``m.pieces``; pieces never stack.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Container, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar, cast

import attrs

from ._values.errors import InvalidData, RuleError

if TYPE_CHECKING:
    from ._rules.match import Match

_FILES = "abcdefghijklmnopqrstuvwxyz"
_V = TypeVar("_V")


@attrs.frozen(order=True)
class Square:
    """A square by its coordinates (0-based): ``Square(4, 3)`` is e4."""

    x: int
    y: int

    @classmethod
    def parse(cls, name: str) -> Square:
        """``"e4"`` -> ``Square(4, 3)``; InvalidData if it is not shaped like a name."""
        if not isinstance(name, str) or len(name) < 2 or name[0] not in _FILES or not name[1:].isdigit():
            raise InvalidData(f"{name!r} is not a square name like 'e4'", where="square")
        return cls(_FILES.index(name[0]), int(name[1:]) - 1)

    def __str__(self) -> str:
        return f"{_FILES[self.x]}{self.y + 1}"

    @property
    def name(self) -> str:
        """The square's name, ``"e4"``: the same as ``str(square)``."""
        return str(self)


class Direction(enum.Enum):
    """The eight directions as (dx, dy), clockwise from north; north is +y."""

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

    @property
    def opposite(self) -> Direction:
        """The direction pointing back: ``Direction.N.opposite is Direction.S``."""
        return Direction((-self.dx, -self.dy))


ORTHOGONAL = (Direction.N, Direction.E, Direction.S, Direction.W)
DIAGONAL = (Direction.NE, Direction.SE, Direction.SW, Direction.NW)
ALL_DIRECTIONS = tuple(Direction)
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
_TOWARDS = {d.value: d for d in Direction}  # (sign of dx, sign of dy) -> Direction

Occupied = Mapping[str, object] | Container[str]  # occupancy(m), or any set of square names


class _ByName(dict[str, _V]):
    """A dict keyed by square name; a missing name raises InvalidData naming it."""

    def __missing__(self, name: str) -> _V:
        raise InvalidData(f"{name!r} is not a square of this board", where="square")


class _Tables:
    """All a board of one size knows, by square name. The per-direction tables are keyed
    by ``direction._name_``: a str hashes several times faster than an enum member."""

    __slots__ = ("names", "index", "xy", "at", "step", "ray", "knight", "_adjacent", "_known")

    def __init__(self, width: int, height: int) -> None:
        self.names = tuple(f"{_FILES[x]}{y + 1}" for y in range(height) for x in range(width))
        self.index = _ByName((name, i) for i, name in enumerate(self.names))
        self.xy = _ByName((name, (i % width, i // width)) for i, name in enumerate(self.names))
        self.at = {xy: name for name, xy in self.xy.items()}

        def ray(x: int, y: int, d: Direction) -> Iterator[str]:
            while (there := self.at.get((x := x + d.dx, y := y + d.dy))) is not None:
                yield there

        self.ray = {d._name_: _ByName((n, tuple(ray(*xy, d))) for n, xy in self.xy.items()) for d in Direction}
        self.step = {k: {name: line[0] for name, line in rays.items() if line} for k, rays in self.ray.items()}
        jumps = ((n, tuple(s for dx, dy in KNIGHT_STEPS if (s := self.at.get((x + dx, y + dy)))))
                 for n, (x, y) in self.xy.items())
        self.knight = _ByName(jumps)
        self._adjacent: dict[tuple[str, ...], _ByName[tuple[str, ...]]] = {}
        self._known: dict[int, _ByName[tuple[str, ...]]] = {}
        # The module's own direction tuples by id() (they never die): no enum hashing for them.
        self._known = {id(ds): self.adjacent(ds) for ds in (ALL_DIRECTIONS, ORTHOGONAL, DIAGONAL)}

    def adjacent(self, directions: Sequence[Direction]) -> _ByName[tuple[str, ...]]:
        """``{name: its neighbours in the order of directions}``, built once per list."""
        if (found := self._known.get(id(directions))) is not None:
            return found
        key = tuple(d._name_ for d in directions)
        if (found := self._adjacent.get(key)) is None:
            steps = [self.step[k] for k in key]
            found = self._adjacent[key] = _ByName((n, tuple(s[n] for s in steps if n in s)) for n in self.names)
        return found


_tables = functools.cache(_Tables)  # one set of tables per (width, height)


@attrs.frozen
class Board:
    """A ``width`` x ``height`` board: 1 to 26 files, at least 1 rank; hashable. The name
    methods raise InvalidData for a name that is not a square of this board; their tables
    are built on first use and shared by every Board of the same size."""

    width: int
    height: int

    def __attrs_post_init__(self) -> None:
        w, h = self.width, self.height
        if not (isinstance(w, int) and isinstance(h, int) and 1 <= w <= len(_FILES) and 1 <= h):
            raise InvalidData(f"a board cannot be {w!r} x {h!r}", where="board")

    @functools.cached_property
    def _t(self) -> _Tables:
        return _tables(self.width, self.height)

    @property
    def names(self) -> tuple[str, ...]:
        """Every square name, rank by rank from a1 (a1, b1, .., a2, ..): board order."""
        return self._t.names

    def index(self, name: str) -> int:
        """Position of ``name`` in :attr:`names`: ``y * width + x``."""
        return self._t.index[name]

    def name_at(self, x: int, y: int) -> str | None:
        """The name of the square at (x, y), or None off the board."""
        return self._t.at.get((x, y))

    def coords(self, name: str) -> tuple[int, int]:
        """``(x, y)`` of a square: ``"e4"`` -> ``(4, 3)``."""
        return self._t.xy[name]

    def contains_name(self, name: str) -> bool:
        """Whether ``name`` is a square of this board; never raises."""
        return isinstance(name, str) and name in self._t.index

    def neighbour(self, name: str, direction: Direction) -> str | None:
        """The square one step away, or None past the edge."""
        if (found := self._t.step[direction._name_].get(name)) is None:
            self._t.index[name]  # InvalidData for a bad name
        return found

    def neighbours(self, name: str, directions: Sequence[Direction] = ALL_DIRECTIONS) -> tuple[str, ...]:
        """The squares one step away in ``directions``, in that order; none past the edge."""
        return self._t.adjacent(directions)[name]

    def ray_from(self, name: str, direction: Direction) -> tuple[str, ...]:
        """Every square after ``name`` along ``direction`` up to the edge, nearest first."""
        return self._t.ray[direction._name_][name]

    def path(self, name: str, direction: Direction, k: int) -> tuple[str, ...] | None:
        """The ``k`` squares after ``name`` along ``direction``, nearest first, or None if
        the line leaves the board first. A straight move of exactly k is open when
        ``path is not None and taken.keys().isdisjoint(path)``."""
        line = self._t.ray[direction._name_][name]
        if k < 0:
            raise InvalidData(f"a path cannot be {k!r} squares long", where="path")
        return line[:k] if k <= len(line) else None

    def knight_from(self, name: str) -> tuple[str, ...]:
        """The squares a chess knight reaches from ``name``, in ``KNIGHT_STEPS`` order."""
        return self._t.knight[name]

    def reachable(
        self, start: str, *, steps: Sequence[Direction] = ORTHOGONAL, max_distance: int, blocked: Container[str] = ()
    ) -> dict[str, int]:
        """``{square: fewest steps}`` for each square reached from ``start`` in 1 to
        ``max_distance`` single steps in ``steps``, never entering (so never passing
        through) a ``blocked`` square. ``start`` is left out, blocked or not. In
        breadth-first order: nearer squares first, ties in the order the search met them."""
        if max_distance < 0:
            raise InvalidData(f"max_distance cannot be {max_distance!r}", where="reachable")
        around = self._t.adjacent(steps)
        around[start]  # InvalidData for a bad name
        frontier, seen = [start], {start: 0}
        for distance in range(1, max_distance + 1):
            reached = []
            for here in frontier:
                for there in around[here]:
                    if there not in seen and there not in blocked:
                        seen[there] = distance
                        reached.append(there)
            frontier = reached
        del seen[start]
        return seen

    def line_of_fire(
        self, start: str, direction: Direction, reach: int, occupied: Occupied, *, indirect: bool = False
    ) -> tuple[str, ...]:
        """The ``occupied`` squares an attack along one line can hit, 1..``reach`` squares
        away, nearest first. A direct attack hits only the first occupied square (friend
        or foe; the caller filters); an ``indirect`` one passes over them and hits all."""
        return self.targets_in_lines(start, reach, occupied, indirect=indirect, directions=(direction,))

    def targets_in_lines(
        self, start: str, reach: int, occupied: Occupied, *, indirect: bool = False,
        directions: Sequence[Direction] = ALL_DIRECTIONS,
    ) -> tuple[str, ...]:
        """:meth:`line_of_fire` along each of ``directions``: in direction order, then nearest first."""
        if reach < 0:
            raise InvalidData(f"reach cannot be {reach!r}", where="line_of_fire")
        rays, hit = self._t.ray, []
        for direction in directions:
            for there in rays[direction._name_][start][:reach]:
                if there in occupied:
                    hit.append(there)
                    if not indirect:
                        break  # a direct attack stops at the first occupied square
        return tuple(hit)

    def distance(self, a: str, b: str) -> int:
        """Steps between two squares when a diagonal step counts as one (Chebyshev)."""
        (ax, ay), (bx, by) = self._t.xy[a], self._t.xy[b]
        return max(abs(ax - bx), abs(ay - by))

    def along(self, a: str, b: str) -> tuple[Direction, int] | None:
        """``(direction, k)`` when ``b`` is ``k`` steps from ``a`` on one orthogonal or
        diagonal line, else None (also when ``a == b``)."""
        (ax, ay), (bx, by) = self._t.xy[a], self._t.xy[b]
        return _along(bx - ax, by - ay)

    def between(self, a: str, b: str) -> tuple[str, ...]:
        """The squares strictly between ``a`` and ``b``, from ``a``'s side (empty when they
        are adjacent); RuleError when they are not on one line."""
        if (found := self.along(a, b)) is None:
            raise RuleError(f"{a} and {b} are not on one line")
        return self._t.ray[found[0]._name_][a][: found[1] - 1]

    # The Square API, unchanged.
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


def _along(dx: int, dy: int) -> tuple[Direction, int] | None:
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    k = max(abs(dx), abs(dy))
    return _TOWARDS[(dx // k, dy // k)], k


@functools.cache
def _xy(name: str) -> tuple[int, int]:
    """Coordinates of a name on any board; InvalidData unless written ``"e4"`` (not e04, e0)."""
    square = Square.parse(name)
    if square.y < 0 or str(square) != name:
        raise InvalidData(f"{name!r} is not a square name like 'e4'", where="square")
    return square.x, square.y


def distance_names(a: str, b: str) -> int:
    """:meth:`Board.distance` without a board: Chebyshev steps between two square names."""
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return max(abs(ax - bx), abs(ay - by))


def distance(a: Square, b: Square) -> int:
    """Steps between two squares when diagonal steps count as one (Chebyshev)."""
    return max(abs(a.x - b.x), abs(a.y - b.y))


def along(a: Square, b: Square) -> tuple[Direction, int] | None:
    """``(direction, k)`` when ``b`` is ``k`` steps from ``a`` in a straight line
    (orthogonal or diagonal), else None."""
    return _along(b.x - a.x, b.y - a.y)


def occupancy(m: Match) -> dict[str, str]:
    """``{square name: piece id}`` for every piece on the board: a new dict on each
    call, the caller's to change (a copy of the match's own, worked out once per
    arrangement of the pieces)."""
    squares = getattr(m, "_squares", None)
    if squares is None:  # an object that only stands in for a match (tools, tests): read its pieces
        return {p.square: pid for pid, p in m.pieces.items() if p.square is not None}
    return cast("dict[str, str]", squares()).copy()


def piece_at(m: Match, name: str) -> str | None:
    """The id of the piece on square ``name``, or None if it is empty (scans the pieces)."""
    return next((pid for pid, p in m.pieces.items() if p.square == name), None)


def square_of(m: Match, piece_id: str) -> str:
    """The name of the square ``piece_id`` stands on; RuleError if there is no such piece
    or it is off the board, so the answer is always a name."""
    piece = m.pieces.get(piece_id)
    if piece is None or piece.square is None:
        raise RuleError(f"piece {piece_id!r} is not on the board" if piece else f"there is no piece {piece_id!r}")
    return piece.square


def between_clear(m: Match, a: Square, b: Square) -> bool:
    """Whether the squares strictly between ``a`` and ``b`` (on one line) are empty."""
    found = along(a, b)
    if found is None:
        raise RuleError(f"{a} and {b} are not on one line")
    direction, k = found
    taken = occupancy(m)
    return all(str(Square(a.x + direction.dx * i, a.y + direction.dy * i)) not in taken for i in range(1, k))


def _name(square: Square | str) -> str:
    """The name of a Square, or a name checked for shape (InvalidData if malformed)."""
    if isinstance(square, Square):
        return str(square)
    _xy(square)  # InvalidData for a malformed name
    return square


def place(m: Match, kind: str, owner: int, square: Square | str) -> str:
    """Put a new piece on an empty square, given as a Square or a name; returns its id.
    RuleError if the square is taken (no stacking)."""
    name = _name(square)
    if piece_at(m, name) is not None:
        raise RuleError(f"{name} is already occupied")
    return m.add_piece(kind, owner, name)


def move(m: Match, piece: str, square: Square | str) -> None:
    """Move a piece to a square, given as a Square or a name. RuleError if another piece
    holds it (no stacking); moving a piece onto its own square is allowed."""
    name = _name(square)
    holder = piece_at(m, name)
    if holder is not None and holder != piece:
        raise RuleError(f"{name} is already occupied by {holder}")
    m.move_piece(piece, name)
