"""boardcore.display: what the terminal shows. A game that declares a square board
(GameSpec.board) has it drawn with its pieces, for free."""

from __future__ import annotations

import boardcore
from boardcore.display import render_board, render_view


def pieces(*entries):
    return {f"p{i}": {"kind": kind, "owner": owner, "square": square} for i, (kind, owner, square) in enumerate(entries)}


def test_a_two_seat_board_shows_seats_by_case_ranks_from_the_top_and_a_legend():
    lines = render_board(3, 2, pieces(("knight", 0, "a1"), ("king", 1, "c2"), ("knight", 1, "b2"), ("pawn", 0, None)))
    assert lines == [
        "  a b c",
        "2 . n k  2",
        "1 N . .  1",
        "  a b c",
        "  K king, N knight (upper case: seat 0, lower case: seat 1)",
    ]


def test_more_seats_show_the_seat_number_and_wide_boards_keep_their_columns():
    lines = render_board(2, 12, pieces(("warrior", 2, "b12"), ("warrior", 0, "a1")))
    assert lines[0] == "    a  b"
    assert lines[1] == "12  . W2  12"
    assert lines[-3] == " 1 W0  .  1"  # no trailing blanks
    assert lines[-1].endswith("W warrior (the number is the seat)")


def test_an_empty_board_has_no_legend():
    assert render_board(1, 1, {}) == ["  a", "1 .  1", "  a"]


def test_aztec_skirmish_declares_its_board_and_the_view_draws_it():
    game = boardcore.load_game("aztec-skirmish")
    state = game.new_state(players=2, seed=1, deployment="standard")
    view = state.view(0)
    assert view["board"] == {"width": 8, "height": 8}
    text = render_view(view)
    assert "  8 " in text and "  a b c d e f g h" in text and "(upper case: seat 0, lower case: seat 1)" in text


def test_a_game_without_a_board_draws_none():
    view = boardcore.load_game("gallic-wars").new_state(players=2, seed=1).view(0)
    assert view["board"] is None and "a b c" not in render_view(view)


def test_a_counter_kept_per_piece_is_drawn_as_a_board_beside_the_pieces():
    lines = render_board(2, 2, pieces(("warrior", 0, "a1"), ("king", 1, "b2")), {"hits": {"p0": 1, "p1": 3}})
    assert lines[:3] == [
        "  a b      hits",
        "2 . k  2   . 3",
        "1 W .  1   1 .",
    ]


def test_cards_in_a_zone_are_separated_so_that_commas_in_a_text_read_right():
    game = boardcore.load_game("aztec-skirmish")
    state = game.new_state(players=2, seed=7, deployment="standard")
    hand = next(line for line in render_view(state.view(0)).splitlines() if line.startswith("  hand:0"))
    assert "Gold, God & Glory (draw 2, Conquistador); " in hand
    assert "counters: hits" not in render_view(state.view(0))  # drawn as a board instead


def test_counters_by_seat_read_with_the_players_names():
    view = boardcore.load_game("gallic-wars").new_state(players=2, seed=1).view(0)
    assert "  streak: Ann 0, Bob 0" in render_view(view, {0: "Ann", 1: "Bob"})
    assert "  counters: streak=[0, 0]" in render_view(view)
