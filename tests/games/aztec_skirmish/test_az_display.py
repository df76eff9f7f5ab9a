"""At the table: cards read with what matters in play (AZ-R06, AZ-R19, AZ-R21 to AZ-R27),
the game's events read as sentences, and one screen of a match."""

from __future__ import annotations

import boardcore
from boardcore.display import Legend, render_event, render_view
from boardcore.testing import choose, events
from boardcore_aztec_skirmish import CARDS, HAND, UNITS, AttackDeclared, AttackResolved, UnitKilled
from boardcore_aztec_skirmish.testing import CQ, STANDARD, base_game, position

GAME = base_game()


def text(name: str) -> str:
    return next(card.text for card in CARDS if card.name == name)


def sentences(state: boardcore.State, since: int) -> list[str]:
    shown = (render_event(e, {}) for e in state.events[since:])
    return [line for line in shown if line]


# -- card texts ------------------------------------------------------------------------


def test_move_cards_read_with_their_number_of_squares_az_r10_az_r16():
    assert text("Maneuver") == "Maneuver (move 1)"
    assert text("Sprint") == "Sprint (move 4)"
    assert text("Gallop") == "Gallop (move 5, horsemen)"


def test_attack_cards_read_with_range_and_who_may_use_them_az_r06_az_r18_az_r21():
    assert text("Muskets") == "Muskets (attack, range 3, soldiers)"
    assert text("Fighting Skill") == "Fighting Skill (attack, range 1, knights)"
    assert text("Dagger") == "Dagger (attack, range 1)"
    assert text("Spiked Clubs") == "Spiked Clubs (attack, range 1, Aztec)"
    assert text("Steel Swords") == "Steel Swords (attack, range 1, Conquistador)"  # AZ-R20


def test_special_attacks_read_with_what_sets_them_apart_az_r19_az_r22_to_az_r24_az_r26():
    assert text("Atlatl") == "Atlatl (attack, range 2, Aztec, shoots over units)"
    assert text("Take Captive") == "Take Captive (attack, range 1, Aztec, vs 1 Hit left)"
    assert text("Canister Shot") == "Canister Shot (attack, range 2 and the squares beside, cannons, hits friend and foe)"
    assert text("Round Shot") == "Round Shot (attack, every square to the edge, cannons, hits friend and foe)"


def test_defense_and_draw2_cards_name_their_side_az_r25_az_r27():
    assert text("Steel Helmets") == "Steel Helmets (defense, Conquistador)"
    assert text("Magic") == "Magic (defense, Aztec)"  # AZ-R32
    assert text("Blood Sacrifice") == "Blood Sacrifice (draw 2, Aztec)"


def test_labels_stay_as_they_were_for_the_option_texts():
    assert next(c for c in CARDS if c.name == "Muskets").label == "Muskets (attack 3, soldiers only, C)"


# -- events ------------------------------------------------------------------------------


def test_a_normal_attack_that_kills_reads_as_sentences_az_r28():
    s = position({"d4": "warrior", "d5": "soldier"}, cards=["Spiked Clubs"], hits={"d5": 1}, enemy_cards=["Magic"])
    since = len(s.events)
    choose(s, None, "done", "play Spiked Clubs", "Warrior d4 attacks Soldier d5", "pass")
    assert str(events(s, AttackDeclared)[-1]) == "seat 0's Warrior attacks the Soldier on d5 with Spiked Clubs"
    assert str(events(s, UnitKilled)[-1]) == "seat 1's Soldier on d5 is killed"
    resolved = "seat 0's Warrior hits the Soldier on d5, killing the Soldier"
    assert str(events(s, AttackResolved)[-1]) == resolved
    shown = sentences(s, since)
    assert shown.index("seat 1's Soldier on d5 is killed") < shown.index(resolved)
    assert not [line for line in shown if "=" in line]  # no dumps left


def test_a_negated_attack_names_the_defense_card_az_r25():
    s = position(
        {"c5": "soldier", "c4": "warrior"}, active=CQ, cards=["Muskets"], enemy_cards=["Wooden Shields"]
    )  # fmt: skip
    choose(s, None, "done", "play Muskets", "Soldier c5 attacks Warrior c4", "play Wooden Shields")
    assert str(events(s, AttackResolved)[-1]) == "Wooden Shields negates the attack of seat 1's Soldier"


def test_a_cannon_shot_names_every_unit_and_square_it_hits_az_r22_az_r24():
    s = position({"d7": "cannon", "d5": "warrior", "c5": "soldier"}, active=CQ, cards=["Canister Shot"])
    choose(s, None, "done", "play Canister Shot", "Cannon d7 fires S at")
    hit = "the Warrior, the Soldier on d6, d5, e5, c5"
    assert str(events(s, AttackDeclared)[-1]) == f"seat 1's Cannon attacks {hit} with Canister Shot"
    assert str(events(s, UnitKilled)[-1]) == "seat 0's Warrior on d5 is killed"
    assert str(events(s, AttackResolved)[-1]) == f"seat 1's Cannon hits {hit}, killing the Warrior"


# -- what the table reads, and the screen -----------------------------------------------------


def test_the_table_reads_the_sides_by_seat_and_every_unit_kind_from_the_first_screen():
    s = GAME.new_state(seed=3, aztec=1)  # chosen deployment: nobody is on the board yet
    described = s.view(None)["game_view"]
    assert described["sides"] == ["Conquistadors", "Aztecs"]
    assert sorted(described["piece_kinds"]) == sorted(UNITS)  # every kind of unit
    letters = dict(Legend.of_match(described, s.events).entries())
    assert letters == {"C": "cannon", "P": "captain", "E": "eagle-knight", "H": "horseman", "J": "jaguar-knight",
                       "S": "soldier", "A": "war-leader", "W": "warrior"}  # fmt: skip
    # the letters a match in the standard layout, where the units enter at once, is drawn with too
    standard = GAME.new_state(seed=3, **STANDARD)
    assert dict(Legend.of_match({}, standard.events).entries()) == letters


def test_the_screen_shows_the_hand_texts_and_the_board():
    s = GAME.new_state(seed=3, **STANDARD)
    screen = render_view(s.view(0)).splitlines()
    hand = "; ".join(s.match.card(c).text for c in s.match.cards(HAND[0]))
    assert f"  hand:0 [3]: {hand}" in screen
    assert "Spiked Clubs (attack, range 1, Aztec)" in hand
    assert any(line.startswith("  8 h h s a . s h h  8") for line in screen)  # e8 stays empty (AZ-R02)
    assert any(line.startswith("  1 R R R R W R R R  1") for line in screen)  # War Leader on e1
