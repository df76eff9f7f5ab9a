"""Attack Phase rulings: AZ-R17 to AZ-R26, AZ-R28, AZ-R31 (AZ-D07, AZ-D08)."""

from __future__ import annotations

from boardcore_aztec_skirmish import DISCARD, UnitKind, orders
from boardcore_aztec_skirmish.board import BOARD, add_unit
from boardcore_aztec_skirmish.fighting import AttackDeclared
from boardcore_aztec_skirmish.geometry import canister_squares, round_shot_squares

from boardcore.grid import Direction, Square

from .az_helpers import CQ, at, choose, hits_at, options, position, usage


def at_piece(s, square: str) -> str:
    return next(pid for pid, p in s.match.pieces.items() if p.square == square)


def to_attack(s) -> None:
    if "end the Move Phase" in options(s):
        choose(s, "end the Move Phase")


def strikes(s, card: str) -> list[str]:
    """The attacks offered with ``card`` (its label), or [] if the card is not offered."""
    to_attack(s)
    text = f"play {card}: attack"
    if text not in options(s):
        return []
    choose(s, text)
    return options(s)


def names(squares) -> list[str]:
    return sorted(str(sq) for sq in squares)


# -- geometry ----------------------------------------------------------------------------


def test_az_r22_canister_examples_from_the_rules():
    assert names(canister_squares(BOARD, Square.parse("d7"), Direction.S)) == ["c5", "d5", "d6", "e5"]
    assert names(canister_squares(BOARD, Square.parse("c3"), Direction.NE)) == ["d4", "d6", "e5", "f4"]


def test_az_r22_canister_needs_its_target_square_on_the_board_and_drops_side_squares_off_it():
    assert canister_squares(BOARD, Square.parse("d2"), Direction.S) is None
    assert names(canister_squares(BOARD, Square.parse("a7"), Direction.S)) == ["a5", "a6", "b5"]


def test_az_r23_round_shot_runs_to_the_edge():
    assert names(round_shot_squares(BOARD, Square.parse("c7"), Direction.S)) == ["c1", "c2", "c3", "c4", "c5", "c6"]


# -- normal attacks ----------------------------------------------------------------------


def test_az_r18_range_is_a_maximum_along_the_8_lines_only():
    s = position({"d4": "warrior", "d6": "soldier", "f6": "soldier", "e6": "soldier", "d7": "soldier"}, cards=["Slings"])
    # d6 (N, 2) and f6 (NE, 2) are in range; e6 is a knight's offset; d7 is too far (and behind d6)
    assert strikes(s, "Slings (attack 2, Z)") == ["Warrior d4 attacks Soldier d6", "Warrior d4 attacks Soldier f6"]


def test_az_r19_units_in_between_block_slings_friend_or_foe():
    s = position({"d4": "warrior", "d5": "warrior", "d6": "soldier", "e5": "soldier", "f6": "soldier"}, cards=["Slings"])
    found = strikes(s, "Slings (attack 2, Z)")
    assert "Warrior d4 attacks Soldier d6" not in found  # behind a friend
    assert "Warrior d4 attacks Soldier f6" not in found  # behind an enemy
    assert "Warrior d4 attacks Soldier e5" in found


def test_az_r19_bows_and_atlatl_shoot_over_units():
    for name in ("Bows & Arrows (attack 2, Z)", "Atlatl (attack 2, Z)"):
        s = position({"d4": "warrior", "d5": "warrior", "d6": "soldier"}, cards=[name.split(" (")[0]])
        assert "Warrior d4 attacks Soldier d6" in strikes(s, name)


def test_az_r31_normal_attacks_only_target_enemies():
    s = position({"d4": "warrior", "d5": "warrior", "h5": "soldier", "h4": "warrior", "g4": "warrior"}, cards=["Spiked Clubs"])
    assert strikes(s, "Spiked Clubs (attack 1, Z)") == ["Warrior g4 attacks Soldier h5", "Warrior h4 attacks Soldier h5"]


def test_az_r21_soldiers_only_excludes_the_captain():
    s = position({"d5": "captain", "e5": "soldier", "d4": "warrior", "e4": "warrior"}, active=CQ, cards=["Muskets"])
    assert sorted(strikes(s, "Muskets (attack 3, soldiers only, C)")) == [
        "Soldier e5 attacks Warrior d4",
        "Soldier e5 attacks Warrior e4",
    ]


def test_az_r21_knights_only_excludes_the_war_leader():
    s = position({"d4": "war-leader", "e4": "jaguar-knight", "f4": "eagle-knight", "e5": "soldier"}, cards=["Fighting Skill"])
    assert strikes(s, "Fighting Skill (attack 1, knights only, Z)") == [
        "Jaguar Knight e4 attacks Soldier e5",
        "Eagle Knight f4 attacks Soldier e5",
    ]


def test_az_r21_horsemen_only_and_cannons_use_no_normal_card():
    s = position({"c5": "cannon", "d5": "horseman", "c4": "warrior", "d4": "warrior"}, active=CQ, cards=["Lances", "Matchlocks"])
    to_attack(s)
    assert "play Lances (attack 1, horsemen only, C): attack" in options(s)
    choose(s, "play Matchlocks (attack 3, C): attack")
    assert all(o.startswith("Horseman d5") for o in options(s))


def test_az_r20_steel_swords_is_a_range_1_attack_for_any_non_cannon_unit():
    s = position({"d5": "captain", "d4": "warrior", "c5": "cannon", "c4": "warrior"}, active=CQ, cards=["Steel Swords"])
    assert sorted(strikes(s, "Steel Swords (attack 1, C)")) == ["Captain d5 attacks Warrior c4", "Captain d5 attacks Warrior d4"]


def test_az_r17_each_unit_attacks_once_per_turn_and_r28_one_hit_kills_a_warrior():
    s = position(
        {"d5": "soldier", "e5": "soldier", "d4": "warrior", "e4": "warrior", "f4": "warrior"}, active=CQ, cards=["Rapiers", "Rapiers"]
    )
    choose_attack = strikes(s, "Rapiers (attack 1, C)")
    assert "Soldier d5 attacks Warrior d4" in choose_attack
    choose(s, "Soldier d5 attacks Warrior d4")
    assert at(s, "d4") is None  # removed at 0 Hits
    assert usage(s).attacked[-1:] and "Rapiers" in [s.match.card(c).name for c in s.match.cards(DISCARD)]
    choose(s, "play Rapiers (attack 1, C): attack")
    assert all(o.startswith("Soldier e5") for o in options(s))


def test_az_r26_take_captive_only_against_a_unit_with_one_hit():
    s = position(
        {"d4": "warrior", "d5": "soldier", "c5": "soldier", "e3": "horseman"}, cards=["Take Captive"], hits={"c5": 1, "e3": 1}
    )
    assert sorted(strikes(s, "Take Captive (attack 1, Z)")) == ["Warrior d4 attacks Horseman e3", "Warrior d4 attacks Soldier c5"]
    choose(s, "Warrior d4 attacks Soldier c5")
    assert at(s, "c5") is None


def test_az_r28_damage_is_tracked_per_unit():
    s = position({"d4": "warrior", "d5": "soldier", "e5": "soldier"}, cards=["Obsidian Spears"])
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, "Warrior d4 attacks Soldier d5")
    assert hits_at(s, "d5") == 1


# -- defense -----------------------------------------------------------------------------


def test_az_r25_one_defense_card_negates_the_attack_and_both_cards_are_discarded():
    s = position(
        {"d4": "warrior", "d5": "soldier", "e5": "soldier"}, cards=["Obsidian Spears"], enemy_cards=["Steel Helmets", "Padded Armor"]
    )
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, "Warrior d4 attacks Soldier d5")
    d = s.pending[0]
    assert d.player == 1
    # only his own side's Defense card (Padded Armor is Aztec), or pass
    assert options(s) == ["play Steel Helmets (defense, C): negate the attack", "pass"]
    choose(s, "play Steel Helmets (defense, C): negate the attack")
    assert hits_at(s, "d5") == 2
    assert [s.match.card(c).name for c in s.match.cards(DISCARD)][-2:] == ["Obsidian Spears", "Steel Helmets"]


def test_az_r25_passing_lets_the_damage_through():
    s = position({"d4": "warrior", "d5": "soldier", "e5": "soldier"}, cards=["Obsidian Spears"], enemy_cards=["Closed Ranks"])
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, "Warrior d4 attacks Soldier d5")
    choose(s, "pass")
    assert hits_at(s, "d5") == 1


# -- cannons -----------------------------------------------------------------------------


def shoot(s, card: str) -> list[str]:
    to_attack(s)
    choose(s, f"play {card}: fire a cannon")
    return options(s)


def test_az_r22_r24_canister_hits_every_unit_in_its_squares_friend_or_foe():
    s = position({"d7": "cannon", "d5": "warrior", "c5": "soldier", "e8": "captain", "b5": "warrior"}, active=CQ, cards=["Canister Shot"])
    assert shoot(s, "Canister Shot (cannon, canister, C)") == [
        "Cannon d7 fires S at d6, d5, e5, c5",
        "Cannon d7 fires SW at c6, b5, c4, a6",
    ]
    choose(s, "Cannon d7 fires S at d6, d5, e5, c5")
    assert at(s, "d5") is None
    assert hits_at(s, "c5") == 1  # friendly fire


def test_az_r24_a_shot_that_would_hit_no_enemy_is_not_legal():
    s = position({"d7": "cannon", "d5": "soldier", "a3": "warrior"}, active=CQ, cards=["Maneuver"])
    m = s.match
    round_shot = m.card("AZ23-1")
    assert list(orders.shots(m, 1, round_shot)) == []  # only a friend in the line of fire
    add_unit(m, UnitKind.WARRIOR, 0, Square.parse("d2"))
    assert [(c, d.name) for c, d, _ in orders.shots(m, 1, round_shot)] == [(at_piece(s, "d7"), "S")]


def test_az_r23_round_shot_passes_through_units_to_the_edge():
    s = position({"c7": "cannon", "c6": "soldier", "c4": "warrior", "c2": "jaguar-knight", "a5": "warrior"}, active=CQ, cards=["Round Shot"])
    assert "Cannon c7 fires S at c6, c5, c4, c3, c2, c1" in shoot(s, "Round Shot (cannon, round, C)")
    choose(s, "Cannon c7 fires S at c6, c5, c4, c3, c2, c1")
    assert at(s, "c4") is None and hits_at(s, "c2") == 1 and hits_at(s, "c6") == 1


def test_az_r25_defense_negates_friendly_fire_too():
    s = position(
        {"c7": "cannon", "c6": "soldier", "c4": "warrior", "a5": "warrior"}, active=CQ, cards=["Round Shot"], enemy_cards=["Wooden Shields"]
    )
    shoot(s, "Round Shot (cannon, round, C)")
    choose(s, "Cannon c7 fires S at c6, c5, c4, c3, c2, c1")
    choose(s, "play Wooden Shields (defense, Z): negate the attack")
    assert hits_at(s, "c6") == 2 and at(s, "c4") == "warrior"


def test_az_r17_a_cannon_fires_once_per_turn():
    s = position({"c7": "cannon", "c4": "warrior", "a5": "warrior"}, active=CQ, cards=["Round Shot", "Round Shot", "Maneuver"])
    shoot(s, "Round Shot (cannon, round, C)")
    choose(s, "Cannon c7 fires S at c6, c5, c4, c3, c2, c1")
    # the second Round Shot had no cannon left to fire it: the turn ended with it in hand
    declared = [e for e in s.events if isinstance(e, AttackDeclared)]
    assert len(declared) == 1 and s.turn > 2
