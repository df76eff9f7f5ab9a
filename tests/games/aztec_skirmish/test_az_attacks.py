"""Attack Phase rulings: AZ-R17 to AZ-R26, AZ-R28, AZ-R31 (AZ-D07, AZ-D08)."""

from __future__ import annotations

import boardcore
from boardcore.grid import Direction
from boardcore.testing import choose, events, options, place, put
from boardcore_aztec_skirmish import ATTACKED, AttackDeclared, CardUse, User, attacks, shot_squares
from boardcore_aztec_skirmish.testing import CQ, at, base_game, discarded, hits_at, piece_on, position

GAME = base_game()


def to_attack(s) -> None:
    if s.match.phase == "move":
        choose(s, None, "done")


def strikes(s, card: str) -> list[str]:
    """The attacks offered with ``card`` (its label), or [] if the card is not offered."""
    to_attack(s)
    if f"play {card}" not in options(s):
        return []
    choose(s, None, f"play {card}")
    return options(s)


def shoot(s, card: str) -> list[str]:
    to_attack(s)
    choose(s, None, f"play {card}")
    return options(s)


# -- geometry ----------------------------------------------------------------------------


def test_az_r22_canister_examples_from_the_rules():
    assert sorted(shot_squares("canister", "d7", Direction.S)) == ["c5", "d5", "d6", "e5"]
    assert sorted(shot_squares("canister", "c3", Direction.NE)) == ["d4", "d6", "e5", "f4"]


def test_az_r22_canister_needs_its_target_square_on_the_board_and_drops_side_squares_off_it():
    assert shot_squares("canister", "d2", Direction.S) == ()
    assert sorted(shot_squares("canister", "a7", Direction.S)) == ["a5", "a6", "b5"]


def test_az_r23_round_shot_runs_to_the_edge():
    assert shot_squares("round", "c7", Direction.S) == ("c6", "c5", "c4", "c3", "c2", "c1")


# -- normal attacks ----------------------------------------------------------------------


def test_az_d07_the_attack_menu_offers_cards_with_a_legal_use_once_and_done():
    s = position({"d4": "warrior", "d5": "soldier"}, cards=["Spiked Clubs", "Spiked Clubs", "Atlatl", "Blood Sacrifice"])
    to_attack(s)
    # In hand order (Blood Sacrifice was held, the rest drawn); two Spiked Clubs are one choice.
    assert options(s) == [
        "play Blood Sacrifice (draw 2, Z)", "play Spiked Clubs (attack 1, Z)", "play Atlatl (attack 2, Z)", "done"
    ]  # fmt: skip
    s = position({"d4": "warrior", "f6": "soldier"}, cards=["Spiked Clubs", "Atlatl"])
    to_attack(s)
    assert options(s) == ["play Atlatl (attack 2, Z)", "done"]  # no target in reach of Spiked Clubs


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
    assert "play Lances (attack 1, horsemen only, C)" in options(s)
    choose(s, None, "play Matchlocks (attack 3, C)")
    assert all(o.startswith("Horseman d5") for o in options(s))


def test_az_r20_steel_swords_is_a_range_1_attack_for_any_non_cannon_unit():
    s = position({"d5": "captain", "d4": "warrior", "c5": "cannon", "c4": "warrior"}, active=CQ, cards=["Steel Swords"])
    assert sorted(strikes(s, "Steel Swords (attack 1, C)")) == ["Captain d5 attacks Warrior c4", "Captain d5 attacks Warrior d4"]


def test_az_r17_each_unit_attacks_once_per_turn_and_r28_one_hit_kills_a_warrior():
    s = position(
        {"d5": "soldier", "e5": "soldier", "d4": "warrior", "e4": "warrior", "f4": "warrior"}, active=CQ, cards=["Rapiers", "Rapiers"]
    )
    assert "Soldier d5 attacks Warrior d4" in strikes(s, "Rapiers (attack 1, C)")
    choose(s, None, "Soldier d5 attacks Warrior d4")
    assert at(s, "d4") is None  # removed at 0 Hits
    assert s.match.marked(ATTACKED) == (piece_on(s, "d5"),) and "Rapiers" in discarded(s)
    choose(s, None, "play Rapiers (attack 1, C)")
    assert all(o.startswith("Soldier e5") for o in options(s))


def test_az_r26_take_captive_only_against_a_unit_with_one_hit():
    s = position(
        {"d4": "warrior", "d5": "soldier", "c5": "soldier", "e3": "horseman"}, cards=["Take Captive"], hits={"c5": 1, "e3": 1}
    )
    assert sorted(strikes(s, "Take Captive (attack 1, Z)")) == ["Warrior d4 attacks Horseman e3", "Warrior d4 attacks Soldier c5"]
    choose(s, None, "Warrior d4 attacks Soldier c5")
    assert at(s, "c5") is None


def test_az_r28_damage_is_tracked_per_unit():
    s = position({"d4": "warrior", "d5": "soldier", "e5": "soldier"}, cards=["Obsidian Spears"])
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, None, "Warrior d4 attacks Soldier d5")
    assert hits_at(s, "d5") == 1 and hits_at(s, "e5") == 2


# -- defense -----------------------------------------------------------------------------


def test_az_r25_one_defense_card_negates_the_attack_and_both_cards_are_discarded():
    s = position(
        {"d4": "warrior", "d5": "soldier", "e5": "soldier"},
        cards=["Obsidian Spears"],
        enemy_cards=["Steel Helmets", "Veteran Soldiers", "Veteran Soldiers", "Padded Armor"],
    )
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, None, "Warrior d4 attacks Soldier d5")
    assert s.pending[0].player == 1
    # only his own side's Defense cards (Padded Armor is Aztec), one per name, or pass
    assert options(s) == [
        "play Steel Helmets (defense, C): negate the attack", "play Veteran Soldiers (defense, C): negate the attack", "pass"
    ]  # fmt: skip
    choose(s, None, "play Steel Helmets (defense, C): negate the attack")
    assert hits_at(s, "d5") == 2
    assert discarded(s)[-2:] == ["Obsidian Spears", "Steel Helmets"]


def test_az_r25_passing_lets_the_damage_through():
    s = position({"d4": "warrior", "d5": "soldier", "e5": "soldier"}, cards=["Obsidian Spears"], enemy_cards=["Closed Ranks"])
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, None, "Warrior d4 attacks Soldier d5")
    choose(s, None, "pass")
    assert hits_at(s, "d5") == 1


def test_az_d08_a_defender_holding_cards_is_asked_even_with_no_defense_card():
    """Who is asked must not tell the attacker what the defender holds."""
    s = position({"d4": "warrior", "d5": "soldier"}, cards=["Obsidian Spears"], enemy_cards=["Pistols", "Magic"])
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, None, "Warrior d4 attacks Soldier d5")
    assert s.pending[0].player == 1 and options(s) == ["pass"]
    assert boardcore.testing.check_who_is_asked(s, redeals=6) is None
    choose(s, None, "pass")
    assert hits_at(s, "d5") == 1


def test_az_d08_nobody_is_asked_when_the_public_cards_rule_a_defense_out():
    # An empty hand holds no Defense card.
    s = position({"d4": "warrior", "d5": "soldier"}, cards=["Obsidian Spears"])
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, None, "Warrior d4 attacks Soldier d5")
    assert "Defense" not in s.pending[0].prompt and hits_at(s, "d5") == 1
    # Every Conquistador Defense card lies face up in the discard pile.
    s = position({"d4": "warrior", "d5": "soldier"}, cards=["Obsidian Spears"], enemy_cards=["Pistols"])
    guards = [c.id for c in GAME.cards.values() if c.use is CardUse.NEGATE and c.user is User.C]
    put(s, "discard", guards)  # from the draw pile, and from the Aztec's hand (his dead cards)
    strikes(s, "Obsidian Spears (attack 1, Z)")
    choose(s, None, "Warrior d4 attacks Soldier d5")
    assert "Defense" not in s.pending[0].prompt and hits_at(s, "d5") == 1


# -- cannons -----------------------------------------------------------------------------


def test_az_r22_r24_canister_hits_every_unit_in_its_squares_friend_or_foe():
    s = position({"d7": "cannon", "d5": "warrior", "c5": "soldier", "e8": "captain", "b5": "warrior"}, active=CQ, cards=["Canister Shot"])
    assert shoot(s, "Canister Shot (cannon, canister, C)") == [
        "Cannon d7 fires S at d6, d5, e5, c5",
        "Cannon d7 fires SW at c6, b5, c4, a6",
    ]
    choose(s, None, "Cannon d7 fires S at d6, d5, e5, c5")
    assert at(s, "d5") is None
    assert hits_at(s, "c5") == 1  # friendly fire


def test_az_r24_a_shot_that_would_hit_no_enemy_is_not_legal():
    s = position({"d7": "cannon", "d5": "soldier", "a3": "warrior"}, active=CQ, cards=["Maneuver"])
    m = s.match
    round_shot = m.card("AZ23-1")
    assert list(attacks(m, 1, round_shot)) == []  # only a friend in the line of fire
    place(s, "warrior", 0, "d2", hits=1)
    assert [(c, d) for c, d, _ in attacks(m, 1, round_shot)] == [(piece_on(s, "d7"), "S")]


def test_az_r23_round_shot_passes_through_units_to_the_edge():
    s = position({"c7": "cannon", "c6": "soldier", "c4": "warrior", "c2": "jaguar-knight", "a5": "warrior"}, active=CQ, cards=["Round Shot"])
    assert "Cannon c7 fires S at c6, c5, c4, c3, c2, c1" in shoot(s, "Round Shot (cannon, round, C)")
    choose(s, None, "Cannon c7 fires S at c6, c5, c4, c3, c2, c1")
    assert at(s, "c4") is None and hits_at(s, "c2") == 1 and hits_at(s, "c6") == 1


def test_az_r25_defense_negates_friendly_fire_too():
    s = position(
        {"c7": "cannon", "c6": "soldier", "c4": "warrior", "a5": "warrior"}, active=CQ, cards=["Round Shot"], enemy_cards=["Wooden Shields"]
    )
    shoot(s, "Round Shot (cannon, round, C)")
    choose(s, None, "Cannon c7 fires S at c6, c5, c4, c3, c2, c1")
    choose(s, None, "play Wooden Shields (defense, Z): negate the attack")
    assert hits_at(s, "c6") == 2 and at(s, "c4") == "warrior"


def test_az_r17_a_cannon_fires_once_per_turn():
    s = position({"c7": "cannon", "c4": "warrior", "a5": "warrior"}, active=CQ, cards=["Round Shot", "Round Shot", "Maneuver"])
    shoot(s, "Round Shot (cannon, round, C)")
    choose(s, None, "Cannon c7 fires S at c6, c5, c4, c3, c2, c1")
    # The second Round Shot has no cannon left to fire it. His hand is not empty, so the
    # menu is asked although "done" is all it offers (the engine's secrecy rule).
    assert options(s) == ["done"]
    choose(s, None, "done")
    assert len(events(s, AttackDeclared)) == 1 and s.turn == 3
