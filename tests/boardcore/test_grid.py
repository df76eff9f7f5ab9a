"""boardcore.grid: squares, directions, lines, reach, distance, occupancy without stacking."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardcore
from boardcore import Piece
from boardcore.grid import (
    ALL_DIRECTIONS,
    DIAGONAL,
    ORTHOGONAL,
    Board,
    Direction,
    Square,
    along,
    between_clear,
    distance,
    distance_names,
    move,
    occupancy,
    piece_at,
    place,
    square_of,
)

import toy

BOARD = Board(8, 8)
squares = st.builds(Square, st.integers(0, 7), st.integers(0, 7))


def test_square_names_round_trip_and_bad_names_are_invalid_data():
    assert Square.parse("e4") == Square(4, 3) and str(Square(0, 7)) == "a8"
    for bad in ("", "e", "44", "i0x", 5):
        with pytest.raises(boardcore.InvalidData):
            Square.parse(bad)


def test_directions_split_into_orthogonal_and_diagonal():
    assert set(ORTHOGONAL) | set(DIAGONAL) == set(ALL_DIRECTIONS) and len(ALL_DIRECTIONS) == 8
    assert all(d.diagonal for d in DIAGONAL) and not any(d.diagonal for d in ORTHOGONAL)


def test_lines_rays_steps_and_knight_moves_stay_on_the_board():
    assert BOARD.line(Square(0, 0), Direction.NE, 3) == [Square(1, 1), Square(2, 2), Square(3, 3)]
    assert BOARD.line(Square(6, 0), Direction.E, 2) is None
    assert BOARD.step(Square(0, 0), Direction.S) is None
    assert len(BOARD.ray(Square(0, 0), Direction.N)) == 7
    assert sorted(map(str, BOARD.knight_moves(Square.parse("a1")))) == ["b3", "c2"]
    assert len(list(BOARD.squares())) == 64
    with pytest.raises(boardcore.InvalidData):
        Board(0, 8)


@given(squares, squares)
def test_along_and_distance_agree_with_walking_the_line(a, b):
    found = along(a, b)
    if found is None:
        assert a == b or (a.x != b.x and a.y != b.y and abs(a.x - b.x) != abs(a.y - b.y))
    else:
        direction, k = found
        assert BOARD.step(a, direction, k) == b and distance(a, b) == k


def test_pieces_never_stack_and_paths_see_blockers():
    state = toy.arena().new_state(players=2, seed=1)
    m = state.match
    first = place(m, "rook", 0, Square.parse("a1"))
    with pytest.raises(boardcore.RuleError, match="occupied"):
        place(m, "rook", 1, Square.parse("a1"))
    place(m, "pawn", 1, Square.parse("a3"))
    assert not between_clear(m, Square.parse("a1"), Square.parse("a5"))
    assert between_clear(m, Square.parse("a1"), Square.parse("a3"))
    with pytest.raises(boardcore.RuleError, match="occupied"):
        move(m, first, Square.parse("a3"))
    move(m, first, Square.parse("h8"))
    assert occupancy(m)["h8"] == first
    with pytest.raises(boardcore.RuleError, match="one line"):
        between_clear(m, Square.parse("a1"), Square.parse("b3"))


# -- the name API ----------------------------------------------------------------------

N, NE, E, SE, S, SW, W, NW = ALL_DIRECTIONS

boards = st.builds(Board, st.integers(1, 26), st.integers(1, 30))


@st.composite
def board_and_square(draw):
    board = draw(boards)
    return board, draw(st.sampled_from(board.names))


def test_names_index_and_coords_round_trip():
    assert BOARD.names[:3] == ("a1", "b1", "c1") and BOARD.names[8] == "a2" and len(BOARD.names) == 64
    for i, name in enumerate(BOARD.names):
        x, y = BOARD.coords(name)
        assert BOARD.index(name) == i == y * 8 + x and BOARD.name_at(x, y) == name
        assert Square.parse(name) == Square(x, y) and Square(x, y).name == name
    assert BOARD.coords("e4") == (4, 3) and BOARD.name_at(8, 0) is None and BOARD.name_at(0, -1) is None
    assert BOARD.contains_name("h8") and not BOARD.contains_name("i1") and not BOARD.contains_name("a9")
    assert Board(26, 12).names[-1] == "z12" and Board(26, 12).coords("z12") == (25, 11)


@pytest.mark.parametrize("bad", ["i1", "a9", "a0", "e04", "E4", "", "e", 5, None])
def test_bad_names_raise_invalid_data_naming_the_value(bad):
    calls = [
        lambda: BOARD.index(bad),
        lambda: BOARD.coords(bad),
        lambda: BOARD.neighbour(bad, N),
        lambda: BOARD.neighbours(bad),
        lambda: BOARD.ray_from(bad, E),
        lambda: BOARD.path(bad, E, 1),
        lambda: BOARD.knight_from(bad),
        lambda: BOARD.reachable(bad, max_distance=2),
        lambda: BOARD.line_of_fire(bad, N, 2, {}),
        lambda: BOARD.distance("a1", bad),
        lambda: BOARD.along(bad, "a1"),
    ]
    for call in calls:
        with pytest.raises(boardcore.InvalidData, match=re.escape(repr(bad))):
            call()
    assert not BOARD.contains_name(bad)


def test_bad_boards_and_arguments_are_invalid_data():
    for w, h in [(0, 8), (27, 8), (8, 0), ("8", 8), (8, 2.5)]:
        with pytest.raises(boardcore.InvalidData, match="board cannot be"):
            Board(w, h)
    with pytest.raises(boardcore.InvalidData):
        BOARD.path("a1", N, -1)
    with pytest.raises(boardcore.InvalidData):
        BOARD.reachable("a1", max_distance=-1)
    with pytest.raises(boardcore.InvalidData):
        BOARD.line_of_fire("a1", N, -1, {})
    for bad in ("e04", "e0", "i", ""):
        with pytest.raises(boardcore.InvalidData):
            distance_names("a1", bad)


def test_neighbours_at_corners_edges_and_centre():
    assert BOARD.neighbours("a1") == ("a2", "b2", "b1")  # N, NE, E: direction order
    assert BOARD.neighbours("h8") == ("h7", "g7", "g8")  # S, SW, W
    assert BOARD.neighbours("e1", ORTHOGONAL) == ("e2", "f1", "d1")
    assert BOARD.neighbours("a5", DIAGONAL) == ("b6", "b4")
    assert BOARD.neighbours("e4", [W, E]) == ("d4", "f4")
    assert len(BOARD.neighbours("e4")) == 8 and len(BOARD.neighbours("h4")) == 5
    assert BOARD.neighbour("a1", N) == "a2" and BOARD.neighbour("a1", S) is None and BOARD.neighbour("h8", NE) is None
    assert Board(1, 1).neighbours("a1") == () and Board(1, 1).reachable("a1", max_distance=5) == {}


def test_rays_and_paths():
    assert BOARD.ray_from("a1", NE) == ("b2", "c3", "d4", "e5", "f6", "g7", "h8")
    assert BOARD.ray_from("e4", W) == ("d4", "c4", "b4", "a4") and BOARD.ray_from("a4", W) == ()
    assert BOARD.path("a1", NE, 3) == ("b2", "c3", "d4") and BOARD.path("e4", W, 4) == ("d4", "c4", "b4", "a4")
    assert BOARD.path("e4", W, 5) is None and BOARD.path("g1", E, 2) is None and BOARD.path("g1", E, 0) == ()
    assert BOARD.between("a1", "e5") == ("b2", "c3", "d4") and BOARD.between("e4", "e3") == ()
    assert BOARD.between("e5", "a1") == ("d4", "c3", "b2")
    with pytest.raises(boardcore.RuleError, match="one line"):
        BOARD.between("a1", "b3")
    assert BOARD.along("a1", "e5") == (NE, 4) and BOARD.along("e4", "e1") == (S, 3)
    assert BOARD.along("a1", "b3") is None and BOARD.along("e4", "e4") is None
    assert BOARD.distance("a1", "h8") == 7 == distance_names("a1", "h8") and BOARD.distance("b1", "c3") == 2
    assert distance_names("a1", "z99") == 98  # no board needed


def test_knight_moves():
    assert BOARD.knight_from("a1") == ("b3", "c2")
    assert len(BOARD.knight_from("e4")) == 8 and len(BOARD.knight_from("b2")) == 4
    assert BOARD.knight_from("e4") == tuple(str(s) for s in BOARD.knight_moves(Square.parse("e4")))
    assert Board(2, 2).knight_from("a1") == ()


# A hand-drawn maze on a 5 x 5 board; # is blocked, S the start (c3). Orthogonally the
# only way out of S is north, then round the walls anticlockwise.
MAZE = """
. . . # .
. # . # .
. # S # .
. # # # .
. . . . .
"""


def maze() -> tuple[Board, str, set[str]]:
    board, start, blocked = Board(5, 5), "", set()
    for row, line in enumerate(MAZE.split("\n")[1:-1]):
        for col, cell in enumerate(line.split()):
            name = board.name_at(col, 4 - row)
            assert name is not None
            if cell == "#":
                blocked.add(name)
            elif cell == "S":
                start = name
    return board, start, blocked


def test_reachable_goes_round_blockers_and_respects_max_distance():
    board, start, blocked = maze()
    assert start == "c3" and blocked == {"d5", "b4", "d4", "b3", "d3", "b2", "c2", "d2"}
    walk = ["c4", "c5", "b5", "a5", "a4", "a3", "a2", "a1", "b1", "c1", "d1", "e1", "e2", "e3", "e4", "e5"]
    everything = board.reachable(start, max_distance=16, blocked=blocked)
    assert everything == {name: i + 1 for i, name in enumerate(walk)}
    assert list(everything) == walk  # breadth-first order
    assert not blocked & set(everything) and start not in everything
    # e5 is 2 steps away through d5 or d4, but those are blocked: it takes 16.
    assert "e5" not in board.reachable(start, max_distance=15, blocked=blocked)
    assert board.reachable(start, max_distance=3, blocked=blocked) == {"c4": 1, "c5": 2, "b5": 3}
    assert board.reachable(start, max_distance=0, blocked=blocked) == {}
    # Diagonal steps cut corners but still never enter a blocked square.
    king = board.reachable(start, steps=ALL_DIRECTIONS, max_distance=30, blocked=blocked)
    assert king["b5"] == 2 and king["a4"] == 3 and king["b1"] == 6 and king["e2"] == 9 and king["e5"] == 12
    assert not blocked & set(king) and set(king) == set(walk)
    # The start may itself be listed as blocked (the piece stands there).
    assert board.reachable(start, max_distance=2, blocked=blocked | {start}) == {"c4": 1, "c5": 2}


def test_reachable_order_is_breadth_first():
    found = BOARD.reachable("d4", steps=ALL_DIRECTIONS, max_distance=3, blocked={"d5", "e4"})
    assert list(found.values()) == sorted(found.values())
    assert list(found)[:6] == ["e5", "e3", "d3", "c3", "c4", "c5"]  # N, E blocked; then clockwise


def test_line_of_fire_direct_stops_at_the_first_piece_indirect_passes_over():
    taken = {"a3": "friend", "a5": "foe", "c3": "foe", "e5": "foe"}
    assert BOARD.line_of_fire("a1", N, 5, taken) == ("a3",)
    assert BOARD.line_of_fire("a1", N, 5, taken, indirect=True) == ("a3", "a5")
    assert BOARD.line_of_fire("a1", N, 3, set(taken), indirect=True) == ("a3",)
    assert BOARD.line_of_fire("a1", N, 1, taken) == () and BOARD.line_of_fire("a1", N, 0, taken) == ()
    assert BOARD.line_of_fire("a1", S, 5, taken) == ()
    # c3 stands between a1 and e5 on the diagonal: only an indirect attack reaches e5.
    assert BOARD.line_of_fire("a1", NE, 7, taken) == ("c3",)
    assert BOARD.line_of_fire("a1", NE, 7, taken, indirect=True) == ("c3", "e5")
    assert BOARD.targets_in_lines("a1", 7, taken) == ("a3", "c3")  # N before NE
    assert BOARD.targets_in_lines("a1", 7, taken, indirect=True) == ("a3", "a5", "c3", "e5")
    assert BOARD.targets_in_lines("a1", 7, taken, directions=DIAGONAL) == ("c3",)
    assert BOARD.targets_in_lines("c1", 2, frozenset({"a3", "c3", "e3"})) == ("c3", "e3", "a3")


@given(board_and_square(), st.sampled_from(ALL_DIRECTIONS))
def test_a_step_and_a_step_back_return_to_the_start(found, d):
    board, name = found
    there = board.neighbour(name, d)
    if there is None:
        assert board.ray_from(name, d) == () and board.path(name, d, 1) is None
    else:
        assert board.neighbour(there, d.opposite) == name and there in board.neighbours(name)
        assert board.distance(name, there) == 1


@given(board_and_square(), st.sampled_from(ALL_DIRECTIONS))
def test_rays_are_repeated_steps_and_agree_with_the_square_api(found, d):
    board, name = found
    walked, here = [], board.neighbour(name, d)
    while here is not None:
        walked.append(here)
        here = board.neighbour(here, d)
    assert board.ray_from(name, d) == tuple(walked)
    assert list(board.ray_from(name, d)) == [str(s) for s in board.ray(Square.parse(name), d)]
    for k in range(len(walked) + 2):
        old = board.line(Square.parse(name), d, k)
        assert board.path(name, d, k) == (None if old is None else tuple(map(str, old)))


@given(board_and_square(), st.integers(0, 6))
def test_reachable_without_blockers_is_the_manhattan_diamond(found, reach):
    board, start = found
    x0, y0 = board.coords(start)
    diamond = {n for n in board.names if 0 < abs(board.coords(n)[0] - x0) + abs(board.coords(n)[1] - y0) <= reach}
    found_squares = board.reachable(start, max_distance=reach)
    assert set(found_squares) == diamond
    assert all(d == abs(board.coords(n)[0] - x0) + abs(board.coords(n)[1] - y0) for n, d in found_squares.items())
    king = board.reachable(start, steps=ALL_DIRECTIONS, max_distance=reach)
    assert king == {n: board.distance(start, n) for n in board.names if 0 < board.distance(start, n) <= reach}


@given(boards, st.data())
def test_name_geometry_agrees_with_the_square_api(board, data):
    a, b = data.draw(st.sampled_from(board.names)), data.draw(st.sampled_from(board.names))
    sa, sb = Square.parse(a), Square.parse(b)
    assert board.distance(a, b) == distance(sa, sb) == distance_names(a, b)
    assert board.along(a, b) == along(sa, sb)
    assert board.knight_from(a) == tuple(str(s) for s in board.knight_moves(sa))
    assert board.index(a) == list(board.squares()).index(sa)


# -- pieces on a match -----------------------------------------------------------------


class FakeMatch:
    """Just what the grid helpers use of a Match."""

    def __init__(self) -> None:
        self.pieces: dict[str, Piece] = {}

    def add_piece(self, kind: str, owner: int, square: str | None = None) -> str:
        piece_id = f"{kind}-{len(self.pieces) + 1}"
        self.pieces[piece_id] = Piece(kind, owner, square)
        return piece_id

    def move_piece(self, piece_id: str, square: str | None) -> None:
        old = self.pieces[piece_id]
        self.pieces[piece_id] = Piece(old.kind, old.owner, square)


def test_occupancy_helpers_on_a_toy_match():
    m = FakeMatch()
    rook = place(m, "rook", 0, "a1")
    pawn = place(m, "pawn", 1, Square.parse("c3"))
    spare = m.add_piece("pawn", 1)  # off the board
    assert occupancy(m) == {"a1": rook, "c3": pawn}
    assert piece_at(m, "a1") == rook and piece_at(m, "c3") == pawn and piece_at(m, "e4") is None
    assert square_of(m, rook) == "a1" and square_of(m, pawn) == "c3"
    with pytest.raises(boardcore.RuleError, match="not on the board"):
        square_of(m, spare)
    with pytest.raises(boardcore.RuleError, match="no piece"):
        square_of(m, "ghost-9")
    with pytest.raises(boardcore.RuleError, match="occupied"):
        place(m, "rook", 1, "c3")
    with pytest.raises(boardcore.RuleError, match="occupied by"):
        move(m, rook, "c3")
    with pytest.raises(boardcore.InvalidData, match="e04"):
        move(m, rook, "e04")
    move(m, rook, "a1")  # onto its own square: allowed
    move(m, rook, "h8")
    move(m, spare, Square(4, 3))
    assert occupancy(m) == {"h8": rook, "c3": pawn, "e4": spare} and square_of(m, spare) == "e4"


def test_name_helpers_on_a_real_match():
    m = toy.arena().new_state(players=2, seed=1).match
    first = place(m, "rook", 0, "a1")
    place(m, "pawn", 1, "a3")
    assert piece_at(m, "a1") == first and square_of(m, first) == "a1"
    taken = occupancy(m)
    assert BOARD.line_of_fire(square_of(m, first), N, 7, taken) == ("a3",)
    assert BOARD.between(square_of(m, first), "a5") == ("a2", "a3", "a4")
    move(m, first, "b2")
    assert m.pieces[first].square == "b2" and piece_at(m, "a1") is None


def test_occupancy_follows_every_change_of_a_real_match_and_hands_out_a_dict_of_its_own():
    # A match works out its squares once per arrangement of the pieces: the answer
    # must still follow each move, removal, clone and rollback, and a caller who
    # changes the dict it got must not change what the next caller gets.
    state = toy.arena().new_state(players=2, seed=1)
    m = state.match
    start = occupancy(m)  # the arena's heroes
    rook = place(m, "rook", 0, "a1")
    seen = occupancy(m)
    seen["h8"] = "a ghost"
    del seen["a1"]
    assert occupancy(m) == {**start, "a1": rook}
    twin = state.clone().match
    move(m, rook, "b2")
    pawn = place(m, "pawn", 1, "c3")
    assert occupancy(m) == {**start, "b2": rook, "c3": pawn}
    assert occupancy(twin) == {**start, "a1": rook}
    m.remove_piece(pawn)
    m.move_piece(rook, None)
    assert occupancy(m) == start and occupancy(twin) == {**start, "a1": rook}
