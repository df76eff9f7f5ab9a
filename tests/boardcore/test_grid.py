"""boardcore.grid: squares, directions, lines, distance, occupancy without stacking."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardcore
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
    move,
    occupancy,
    place,
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
