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


# -- names, sides, letters that stay, bookkeeping left out -----------------------------------

import attrs  # noqa: E402

from boardcore import Event
from boardcore.events import CardPlayed, Chose, CounterChanged, PhaseBegan
from boardcore.display import Legend, Seating, game_title, narrate, render_event  # noqa: E402


@attrs.frozen
class Rolled(Event):
    seat: int

    def __str__(self):
        return f"seat {self.seat} rolls a six"


@attrs.frozen
class Told(Event):
    seat: int

    def told(self, who):
        return f"{who(self.seat)} takes the lead"


@attrs.frozen
class Kept(Event):
    """A game's event with no sentence of its own: bookkeeping."""

    seat: int


SEATING = Seating.of({0: "Ann", 1: "Bob"}, 2, {"sides": "seat 0 Romans, seat 1 Celts"})


def test_a_seat_reads_as_its_name_and_side_in_every_sentence():
    assert SEATING.who(0) == "Ann (Romans)" and SEATING.who(1) == "Bob (Celts)"
    assert Seating.of(["Ann", "Bob"], 2, {"sides": ["Aztecs", "Conquistadors"]}).who(1) == "Bob (Conquistadors)"
    assert Seating.of({0: "Ann"}, 2, {"sides": {"1": "Celts"}}).who(1) == "seat 1 (Celts)"
    assert Seating.of({0: "Ann"}, 2).who(0) == "Ann"  # a game without sides
    who = SEATING.who
    assert render_event(CardPlayed(0, "c1", "hand:0", 1, "raid"), {"c1": "Murder (Hardship)"}, who) == "Ann (Romans) played Murder (Hardship) on Bob (Celts)"
    assert render_event(Chose(1, None), {}, who) == "Bob (Celts) chose in secret"
    assert render_event(Chose(0, "play Murder on seat 1"), {}, who) == "Ann (Romans): play Murder on Bob (Celts)"
    assert render_event(Rolled(1), {}, who) == "Bob (Celts) rolls a six"  # a game's own sentence, names applied
    assert render_event(Told(0), {}, who) == "Ann (Romans) takes the lead"  # or worded by the game itself
    assert render_event(Rolled(1), {}) == "seat 1 rolls a six"  # the event keeps its seat number


def test_bookkeeping_is_told_only_when_asked():
    on_a_piece = CounterChanged("hits", "warrior-12", 0, 1)
    assert render_event(on_a_piece, {}) is None and render_event(on_a_piece, {}, verbose=True) == "hits of warrior-12: 0 -> 1"
    assert render_event(Kept(0), {}) is None and render_event(Kept(0), {}, verbose=True) == "Kept seat=0"
    assert render_event(CounterChanged("food", 1, 2, 3), {}, SEATING.who) == "food of Bob (Celts): 2 -> 3"  # a seat's: told
    assert render_event(PhaseBegan("hunt", 0), {}) == "-- hunt --"


def test_a_card_chosen_in_words_is_told_once():
    events = [Chose(0, "play Murder on seat 1"), CardPlayed(0, "c1", "hand:0", 1, "raid")]
    assert narrate(events, 0, {}, SEATING.who) == ["Ann (Romans): play Murder on Bob (Celts)", None]
    # chosen in secret, or answered for the player: the card played is told
    assert narrate([Chose(0, None), CardPlayed(0, "c1", "hand:0", None, "raid")], 0, {})[1] == "seat 0 played c1"
    assert narrate([Chose(0, "pass", forced=True), CardPlayed(0, "c1", "hand:0", None, "x")], 0, {})[1] == "seat 0 played c1"


def test_a_kind_keeps_its_letter_when_another_kind_comes_on_the_board():
    legend = Legend()
    before = render_board(2, 2, pieces(("captain", 0, "a1")), legend=legend)
    after = render_board(2, 2, pieces(("captain", 0, "a1"), ("cannon", 1, "b2")), legend=legend)
    assert before[2] == "1 C .  1" and after[2] == "1 C .  1" and after[1] == "2 . a  2"
    assert after[-1] == "  A cannon, C captain (upper case: seat 0, lower case: seat 1)"
    # without a legend the letters follow what is on the board: the cannon takes the C
    assert render_board(2, 2, pieces(("captain", 0, "a1"), ("cannon", 1, "b2")))[2] == "1 A .  1"


def test_kinds_a_game_declares_take_their_letters_first():
    legend = Legend.of_match({"piece_kinds": ["war-leader", "warrior"]})
    assert legend.add("warrior") == "A" and legend.add("war-leader") == "W"
    lines = render_board(1, 1, pieces(("warrior", 0, "a1")), legend=legend, who=SEATING.who)
    assert lines[-1] == "  W war-leader, A warrior (upper case: Ann (Romans), lower case: Bob (Celts))"


def test_the_screen_names_the_player_and_leaves_the_sides_to_the_heading():
    view = boardcore.load_game("gallic-wars").new_state(players=2, seed=1).view(0)
    screen = render_view(view, seating=Seating.of({0: "Ann", 1: "Bob"}, 2, view["game_view"]), title="Gallic Wars")
    assert screen.splitlines()[0] == "Gallic Wars - Ann (Romans) at seat 0 - turn 1, phase strategy"
    assert "  streak: Ann (Romans) 0, Bob (Celts) 0" in screen and "sides:" not in screen
    hand = [c["id"] for c in view["zones"]["hand:0"]["cards"]]
    marked = render_view(view, seating=SEATING, unplayable=hand[:1])
    assert marked.count("[not now]") == 1


def test_a_games_name_reads_as_a_title():
    assert game_title("invasions-of-the-horse-people") == "Invasions of the Horse People"
    assert game_title("toy_duel") == "Toy Duel"


def test_a_moment_cancelled_or_replaced_says_what_did_not_happen_and_why():
    from boardcore.events import MomentCancelled, MomentReplaced, PlayerOut, TurnEnded

    cards = {"c9": "Storm (Hardship)"}
    assert render_event(MomentCancelled(PhaseBegan("hunt", 0), "c9"), cards, SEATING.who) == "the hunt phase of Ann (Romans) was cancelled by Storm (Hardship)"
    assert render_event(MomentReplaced(TurnEnded(3, 1), "extra-turn"), cards) == "the end of turn 3 was replaced by extra-turn"
    assert render_event(PlayerOut(1), {}, SEATING.who) == "Bob (Celts) is out of the game"


def test_a_possessive_reads_with_the_name_and_you_read_your():
    assert render_event(Possessive(1), {}, SEATING.who) == "Bob (Celts)'s warrior attacks"
    alone = Seating.of({0: "you", 1: "first bot"}, 2, {"sides": ["Romans", "Celts"]})
    assert render_event(Possessive(0), {}, alone.who) == "your warrior attacks"
    assert alone.tell("seat 1's turn; seat 5 is no seat here") == "first bot (Celts)'s turn; seat 5 is no seat here"


@attrs.frozen
class Possessive(Event):
    seat: int

    def __str__(self):
        return f"seat {self.seat}'s warrior attacks"
