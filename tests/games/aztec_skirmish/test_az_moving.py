"""Move Phase rulings: AZ-R06, AZ-R09 to AZ-R16, AZ-R27 (AZ-D05, AZ-D06)."""

from __future__ import annotations

from boardcore.testing import choose, options
from boardcore_aztec_skirmish import BOARD, DRAW2, HAND
from boardcore_aztec_skirmish.testing import CQ, at, discarded, names, position

LEADERS = ("move War Leader a1", "move Captain h8")  # the helper's default Leaders


def single(state, card: str) -> list[str]:
    """The single moves offered once ``card`` is chosen (the default Leaders' left out)."""
    choose(state, None, f"play {card}")
    return [o for o in options(state) if not o.startswith(LEADERS) and o != "group move forward"]


def no_leaders(opts: list[str]) -> list[str]:
    return [o for o in opts if not o.startswith(LEADERS)]


def test_az_d05_the_move_menu_offers_each_usable_card_once_and_done():
    s = position({"d4": "warrior"}, cards=["Maneuver", "Maneuver", "Advance", "Pistols"])
    # AZ-R06: Pistols is the Conquistador's; two copies of Maneuver are one choice.
    assert options(s) == ["play Maneuver (move 1)", "play Advance (move 2)", "done"]
    choose(s, None, "play Maneuver (move 1)")
    assert "group move forward" in options(s) and "move Warrior d4->d5" in options(s)


def test_az_r10_move_is_exactly_n_squares_in_any_of_8_directions():
    s = position({"d4": "warrior"}, cards=["Advance"])
    moves = single(s, "Advance (move 2)")
    assert sorted(moves) == sorted(f"move Warrior d4->{to}" for to in ["d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6"])
    choose(s, None, "move Warrior d4->f6")
    assert at(s, "f6") == "warrior" and at(s, "d4") is None and at(s, "e5") is None


def test_az_r10_move_may_not_leave_the_board():
    s = position({"a2": "warrior"}, cards=["Charge"])
    moves = single(s, "Charge (move 3)")
    assert sorted(moves) == ["move Warrior a2->a5", "move Warrior a2->d2", "move Warrior a2->d5"]


def test_az_r11_path_and_last_square_must_be_empty_friend_or_foe():
    s = position({"d4": "warrior", "d5": "warrior", "f6": "soldier", "b2": "soldier"}, cards=["Advance"])
    moves = single(s, "Advance (move 2)")
    assert "move Warrior d4->d6" not in moves  # d5 (a friend) is in the way
    assert "move Warrior d4->f6" not in moves  # the last square holds an enemy
    assert "move Warrior d4->b2" not in moves
    assert "move Warrior d4->f4" in moves


def test_az_r09_a_unit_moves_once_per_turn_and_the_card_is_discarded():
    s = position({"d4": "warrior"}, cards=["Maneuver", "Maneuver"])
    single(s, "Maneuver (move 1)")
    choose(s, None, "move Warrior d4->d5")
    assert discarded(s) == ["Maneuver"]
    # the second Maneuver can still move the War Leader, but not the Warrior again
    assert single(s, "Maneuver (move 1)") == []


def test_az_r13_horseman_moves_twice_but_not_three_times():
    s = position({"h6": "horseman"}, active=CQ, cards=["Charge", "Maneuver", "Maneuver", "Maneuver"])
    single(s, "Charge (move 3)")
    choose(s, None, "move Horseman h6->h3")
    single(s, "Maneuver (move 1)")
    choose(s, None, "move Horseman h3->g3")
    assert at(s, "g3") == "horseman"
    assert single(s, "Maneuver (move 1)") == []  # only the Captain may still move


def test_az_r14_cannon_moves_once_with_n_at_most_2():
    s = position({"c7": "cannon"}, active=CQ, cards=["Charge", "Advance", "Maneuver"])
    assert single(s, "Charge (move 3)") == []
    s = position({"c7": "cannon"}, active=CQ, cards=["Charge", "Advance", "Maneuver"])
    assert "move Cannon c7->c5" in single(s, "Advance (move 2)")
    choose(s, None, "move Cannon c7->c5")
    assert single(s, "Maneuver (move 1)") == []  # one move per turn


def test_az_r15_no_card_gives_a_knight_move():
    for card in ("Maneuver (move 1)", "Advance (move 2)", "Charge (move 3)", "Sprint (move 4)"):
        s = position({"d4": "jaguar-knight"}, cards=[card.split(" (")[0]])
        ends = [o.split("->")[1] for o in single(s, card) if o.startswith("move Jaguar Knight d4")]
        assert ends and all(BOARD.along("d4", end) is not None for end in ends)  # straight lines only
        assert not set(ends) & set(BOARD.knight_from("d4"))


def test_az_r16_gallop_is_for_horsemen_only_and_dead_for_the_aztec():
    s = position({"b8": "horseman", "c7": "soldier"}, active=CQ, cards=["Gallop"])
    moves = single(s, "Gallop (move 5, horsemen only)")
    assert moves and all(m.startswith("move Horseman b8->") for m in moves)
    s = position({"d4": "warrior"}, cards=["Gallop", "Maneuver"])
    assert not any("Gallop" in o for o in options(s))


def test_az_r06_cards_of_the_other_side_cannot_be_played():
    s = position({"d4": "warrior", "d5": "soldier"}, cards=["Pistols", "Gold, God & Glory", "Maneuver", "Steel Swords"])
    assert not any("Pistols" in o or "Gold" in o or "Steel" in o for o in options(s))
    assert any("Maneuver" in o for o in options(s))


def test_az_r12_group_move_goes_forward_one_unit_at_a_time():
    s = position({"a3": "warrior", "a2": "warrior", "b3": "warrior", "b4": "soldier", "h3": "warrior"}, cards=["Advance"])
    choose(s, None, "play Advance (move 2)", "group move forward")
    assert discarded(s) == ["Advance"]  # the card is played as the group move is declared
    # b3 is blocked by the Soldier on b4; a2 is blocked by a3 until a3 has moved; no finish yet
    assert options(s) == ["move Warrior a3->a5 (group)", "move Warrior h3->h5 (group)"]
    choose(s, None, "move Warrior a3->a5 (group)")
    assert options(s) == ["move Warrior a2->a4 (group)", "move Warrior h3->h5 (group)", "finish the group move"]
    choose(s, None, "move Warrior a2->a4 (group)")
    # a2 is free now, so the War Leader on a1 may join too
    assert options(s) == ["move War Leader a1->a3 (group)", "move Warrior h3->h5 (group)", "finish the group move"]
    choose(s, None, "finish the group move")
    assert at(s, "a5") == at(s, "a4") == "warrior" and at(s, "h3") == "warrior"


def test_az_d06_a_group_move_with_nobody_left_to_add_finishes_by_itself():
    s = position({"d3": "warrior"}, cards=["Advance"])
    choose(s, None, "play Advance (move 2)", "group move forward", "move Warrior d3->d5 (group)")
    # The War Leader on a1 may join; then only "finish" is left, and it follows from
    # the public board and the played card, so the engine takes it.
    choose(s, None, "move War Leader a1->a3 (group)")
    assert s.match.phase == "move" and options(s) == ["done"]


def test_az_r12_conquistador_forward_is_south_and_cannons_join_only_with_n_le_2():
    s = position({"c7": "cannon", "d7": "soldier", "g2": "warrior"}, active=CQ, cards=["Charge", "Advance"])
    choose(s, None, "play Charge (move 3)", "group move forward")
    assert no_leaders(options(s)) == ["move Soldier d7->d4 (group)"]
    choose(s, None, "move Soldier d7->d4 (group)", "finish the group move")
    choose(s, None, "play Advance (move 2)", "group move forward")
    assert no_leaders(options(s)) == ["move Cannon c7->c5 (group)"]


def test_az_r13_a_horseman_may_join_a_group_after_a_single_move():
    s = position({"b8": "horseman"}, active=CQ, cards=["Maneuver", "Advance"])
    single(s, "Maneuver (move 1)")
    choose(s, None, "move Horseman b8->b7")
    choose(s, None, "play Advance (move 2)", "group move forward")
    assert no_leaders(options(s)) == ["move Horseman b7->b5 (group)"]


def test_az_r27_draw2_card_draws_two_once_per_turn():
    s = position({"d4": "warrior"}, cards=["Blood Sacrifice", "Maneuver"])
    seat = s.pending[0].player
    before = len(s.match.cards(HAND[seat]))
    choose(s, None, "play Blood Sacrifice (draw 2, Z)")
    assert len(s.match.cards(HAND[seat])) == before + 1
    assert "Blood Sacrifice" in discarded(s)
    assert s.match.marked(DRAW2) == ("AZ02-1",)
    assert not any("Blood Sacrifice" in o for o in options(s))
    choose(s, None, "done")  # nor in the Attack Phase of the same turn
    assert s.match.phase == "attack" and not any("Blood Sacrifice" in o for o in options(s))


def test_az_r27_draw2_played_twice_in_a_turn_is_refused_even_if_drawn_back():
    """A reshuffle may hand the same Draw-2 card back; it stays unplayable this turn."""
    s = position({"d4": "warrior"}, cards=["Blood Sacrifice", "Maneuver"])
    m = s.match
    seat = s.pending[0].player
    # empty the draw pile so the reshuffle of the discard (holding only Blood Sacrifice) returns it
    m.zones = {**m.zones, "discard": m.zones["discard"] + m.zones["draw"], "draw": ()}
    m.zones = {**m.zones, HAND[1]: m.zones[HAND[1]] + m.zones["discard"], "discard": ()}
    choose(s, None, "play Blood Sacrifice (draw 2, Z)")
    assert "Blood Sacrifice" in names(s, seat)
    assert not any("Blood Sacrifice" in o for o in options(s))


def test_az_r09_a_move_card_drawn_back_by_a_reshuffle_may_be_played_again():
    """Only Draw-2 cards are once a turn (AZ-R27): a Move card back in hand is a new play."""
    s = position({"d4": "warrior", "e4": "warrior"}, cards=["Maneuver", "Blood Sacrifice"])
    m = s.match
    m.zones = {**m.zones, HAND[1]: m.zones[HAND[1]] + m.zones["draw"], "draw": ()}
    choose(s, None, "play Maneuver (move 1)", "move Warrior d4->d5", "play Blood Sacrifice (draw 2, Z)")
    assert names(s, 0).count("Maneuver") == 1  # the reshuffled discard gave it back
    choose(s, None, "play Maneuver (move 1)", "move Warrior e4->e5")
    assert at(s, "e5") == "warrior"
