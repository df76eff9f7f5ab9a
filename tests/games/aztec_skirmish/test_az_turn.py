"""Set-up, Fate, victory and the turn limit: AZ-R01 to AZ-R08, AZ-R29, AZ-R30, AZ-R32,
AZ-R33 (AZ-D01 to AZ-D04)."""

from __future__ import annotations

from collections import Counter

import pytest

import boardcore
from boardcore.testing import arranged, choose, events, options
from boardcore_aztec_skirmish import (
    BOTH_LEADERS,
    CARDS,
    DISCARD,
    DRAW,
    HAND,
    LEADER_KILLED,
    LIMIT_DRAW,
    LIMIT_WIN,
    User,
    starting_hits,
)
from boardcore_aztec_skirmish.testing import AZ, CQ, STANDARD, at, base_game, discarded, position

GAME = base_game()


def first_turn(s):
    return events(s, boardcore.events.TurnBegan)[0]


# -- data ------------------------------------------------------------------------------


def test_az_deck_has_79_cards_in_row_then_copy_order():
    ids = [c.id for c in CARDS]
    assert len(ids) == 79 == len(set(ids)) and list(GAME.cards) == ids
    assert ids.index("AZ31-2") < ids.index("AZ31-10")
    assert Counter(c.type for c in CARDS) == {
        "attack": 31, "cannon": 4, "move": 30, "defense": 12, "draw2": 2
    }  # fmt: skip
    assert Counter(c.user for c in CARDS) == {User.Z: 17, User.C: 30, User.E: 32}


def test_az_r19_r20_r21_card_fields():
    by_name = {c.name: c for c in CARDS}
    assert by_name["Steel Swords"].type == "attack" and by_name["Steel Swords"].range == 1
    assert by_name["Steel Swords"].printed_type == "C"
    assert {c.name for c in CARDS if c.indirect} == {"Bows & Arrows", "Atlatl"}
    assert {c.name for c in CARDS if c.only is not None} == {
        "Fighting Skill", "Muskets", "Crossbows", "Canister Shot", "Round Shot", "Fear of Horses", "Lances", "Pikes", "Gallop"
    }  # fmt: skip
    assert starting_hits(AZ) == 30 and starting_hits(CQ) == 31


def test_az_r32_magic_and_massacre_are_plain_cards():
    by_name = {c.name: c for c in CARDS}
    magic, massacre = by_name["Magic"], by_name["Massacre"]
    assert (magic.type, magic.user, magic.effect, magic.note) == ("defense", User.Z, None, "Lucky Talismans")
    assert (massacre.type, massacre.user, massacre.range, massacre.effect) == ("attack", User.C, 1, None)
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Massacre"], enemy_cards=["Magic"])
    choose(s, None, "done", "play Massacre (attack 1, C)", "Soldier d5 attacks Warrior d4")
    assert options(s) == ["play Magic (defense, Z): negate the attack", "pass"]
    choose(s, None, "play Magic (defense, Z): negate the attack")
    assert at(s, "d4") == "warrior" and discarded(s)[-2:] == ["Massacre", "Magic"]


# -- set-up ----------------------------------------------------------------------------


def test_az_standard_deployment_and_first_turn():
    """Section 2, AZ-R01, AZ-R02, AZ-R04, AZ-R05."""
    s = GAME.new_state(seed=3, **STANDARD)
    assert at(s, "e1") == "war-leader" and at(s, "d8") == "captain" and at(s, "e8") is None
    assert at(s, "c7") == at(s, "f7") == "cannon" and at(s, "c2") == "jaguar-knight" and at(s, "d2") == "eagle-knight"
    assert len(s.match.pieces) == 39
    assert all(at(s, f"{f}{r}") is None for f in "abcdefgh" for r in (4, 5, 6))
    assert first_turn(s) == boardcore.events.TurnBegan(1, 0)  # the Aztec takes turn 1
    # AZ-R05: no cards are dealt before the first Fate draw
    before = s.events[: s.events.index(first_turn(s))]
    assert not any(isinstance(e, boardcore.events.CardsMoved) and e.target.startswith("hand") for e in before)


def test_az_r01_forward_is_towards_the_enemy_back_rank():
    s = position({"d3": "warrior", "e6": "soldier"}, cards=["Advance"])
    choose(s, None, "play Advance (move 2)", "group move forward")
    assert "move Warrior d3->d5 (group)" in options(s)  # north for the Aztec on ranks 1-3
    s = position({"d3": "warrior", "e6": "soldier"}, active=CQ, cards=["Advance"])
    choose(s, None, "play Advance (move 2)", "group move forward")
    assert "move Soldier e6->e4 (group)" in options(s)  # south for the Conquistador on ranks 7-8


def test_az_d01_d02_d03_chosen_deployment():
    """AZ-R02, AZ-R03: the Aztec deploys first and completely, then the Conquistador,
    who leaves one of his 16 squares empty; no choice offers more than 24 squares."""
    s = GAME.new_state(seed=4)
    d = s.pending[0]
    assert d.player == 0 and len(d.options) == 24 and s.match.phase == "deployment"
    units = ("War Leader", "Jaguar Knight", "Jaguar Knight", "Eagle Knight", "Eagle Knight")
    for name, square in zip(units, ("e1", "c2", "f2", "d2", "e2")):
        choose(s, None, f"place {name} on {square}")
    assert sum(p.owner == 0 for p in s.match.pieces.values()) == 24  # Warriors filled the rest
    assert s.pending[0].player == 1 and len(s.pending[0].options) == 16
    for square in ("d8", "a8", "b8", "g8", "h8", "c7", "f7"):
        (text,) = [o for o in options(s) if o.endswith(f" on {square}")]
        choose(s, None, text)
    assert options(s) == [f"leave {sq} empty" for sq in ("a7", "b7", "d7", "e7", "g7", "h7", "c8", "e8", "f8")]
    choose(s, None, "leave e8 empty")
    assert len(s.match.pieces) == 39 and at(s, "e8") is None and at(s, "e7") == "soldier"
    assert first_turn(s) == boardcore.events.TurnBegan(1, 0)


def test_az_sides_can_be_swapped_and_the_aztec_still_goes_first():
    s = GAME.new_state(seed=4, aztec=1)
    assert s.pending[0].player == 1 and "War Leader" in s.pending[0].prompt
    s = GAME.new_state(seed=4, aztec=1, **STANDARD)
    assert first_turn(s) == boardcore.events.TurnBegan(1, 1) and at(s, "e1") == "war-leader"
    assert next(p for p in s.match.pieces.values() if p.square == "e1").owner == 1


@pytest.mark.parametrize(("bad", "where"), [({"aztec": 2}, "options.aztec"), ({"deployment": "random"}, "options.deployment")])
def test_az_bad_options_are_refused_by_the_engine(bad, where):
    with pytest.raises(boardcore.InvalidData) as caught:
        GAME.new_state(seed=1, **bad)
    assert caught.value.where == where


# -- Fate ------------------------------------------------------------------------------


def test_az_r07_hand_limit_discards_down_to_5_by_the_owners_choice():
    s = position({"d4": "warrior"}, cards=["Maneuver", "Advance", "Charge", "Sprint", "Dagger", "Slings", "Atlatl"])
    d = s.pending[0]
    assert d.player == 0 and d.prompt.startswith("hand limit 5") and len(d.options) == 7
    choose(s, None, "discard Sprint (move 4)", "discard Dagger (attack 1)")
    assert len(s.match.cards(HAND[0])) == 5
    assert s.match.phase == "move"


def test_az_r06_r07_dead_cards_stay_in_hand_until_the_hand_limit():
    s = position({"d4": "warrior"}, cards=["Pistols", "Muskets", "Rapiers", "Maneuver", "Slings", "Dagger"])
    assert options(s) == [f"discard {s.match.card(c).label}" for c in s.match.cards(HAND[0])]
    choose(s, None, "discard Pistols (attack 2, C)")
    assert "Pistols" in discarded(s) and {"Muskets", "Rapiers"} <= {s.match.card(c).name for c in s.match.cards(HAND[0])}


def test_az_r08_empty_draw_pile_is_refilled_by_shuffling_the_discard():
    def empty_draw(state):
        m = state.match
        m.zones = {**m.zones, DISCARD: m.zones[DRAW][1:], DRAW: m.zones[DRAW][:1]}

    s = arranged(GAME, 2, 5, before=empty_draw, **STANDARD)
    m = s.match
    assert len(m.cards(HAND[0])) == 3 and m.cards(DISCARD) == ()
    assert any(isinstance(e, boardcore.events.Shuffled) and e.zone == DRAW for e in s.events[-10:])


def test_az_r08_a_draw_with_both_piles_empty_is_skipped():
    def hoard(state):
        m = state.match
        m.zones = {**m.zones, HAND[1]: m.zones[DRAW], DRAW: ()}

    s = arranged(GAME, 2, 5, before=hoard, **STANDARD)
    # The Aztec drew nothing; with an empty hand his menus ask nothing (that is public).
    assert s.match.cards(HAND[0]) == () and len(s.match.cards(HAND[1])) == 79
    assert s.turn == 2 and s.pending[0].prompt.startswith("hand limit")


def test_az_r33_a_side_may_end_both_phases_without_playing():
    s = position({"d4": "warrior", "d5": "soldier"}, cards=["Maneuver", "Spiked Clubs"])
    assert options(s)[-1] == "done"
    choose(s, None, "done")
    assert s.match.phase == "attack" and options(s)[-1] == "done"
    choose(s, None, "done")
    assert s.turn == 2 and s.match.active == 1 and sorted(s.match.card(c).name for c in s.match.cards(HAND[0])) == [
        "Maneuver", "Spiked Clubs", "Steel Breastplates"
    ]  # fmt: skip


# -- victory and the turn limit ----------------------------------------------------------


def test_az_r29_killing_the_enemy_leader_wins_at_once():
    s = position({"c7": "warrior", "d8": "captain", "e7": "warrior"}, cards=["Obsidian Spears", "Dagger"], hits={"d8": 1})
    # He holds cards, so his Move menu is asked although "done" is all it offers.
    choose(s, None, "done", "play Obsidian Spears (attack 1, Z)", "Warrior c7 attacks Captain d8")
    assert s.is_over and s.result.winners == (0,) and s.result.reason == LEADER_KILLED
    assert s.pending == ()  # the Dagger is never asked about


def test_az_r29_friendly_fire_on_your_own_leader_loses():
    s = position({"d7": "cannon", "d5": "captain", "d4": "warrior", "a7": "warrior"}, active=CQ, cards=["Round Shot"], hits={"d5": 1})
    choose(s, None, "done")  # the Move menu is asked: he holds cards (the engine's secrecy rule)
    choose(s, None, "play Round Shot (cannon, round, C)", "Cannon d7 fires S at d6, d5, d4, d3, d2, d1")
    assert s.result.winners == (0,) and s.result.reason == LEADER_KILLED


def test_az_r29_both_leaders_killed_by_one_shot_the_attacker_wins():
    s = position(
        {"d7": "cannon", "d5": "captain", "d3": "war-leader", "a7": "warrior"}, active=CQ, cards=["Round Shot"], hits={"d5": 1, "d3": 1}
    )
    choose(s, None, "done")  # the Move menu is asked: he holds cards (the engine's secrecy rule)
    choose(s, None, "play Round Shot (cannon, round, C)", "Cannon d7 fires S at d6, d5, d4, d3, d2, d1")
    assert s.result.winners == (1,) and s.result.reason == BOTH_LEADERS


def test_az_r30_after_turn_100_fewer_hits_lost_wins():
    # Aztec keeps 3 + 1 + 2 of 30 (lost 24); Conquistador keeps 3 + 2 + 1 of 31 (lost 25).
    s = position({"d4": "warrior", "e4": "jaguar-knight", "f8": "soldier", "f7": "horseman"}, active=CQ, turn=100, hits={"f7": 1})
    assert not s.is_over and s.turn == 100
    choose(s, None, "done", "done")  # his menus are asked: he holds cards (the engine's secrecy rule)
    assert s.is_over and s.result.reason == LIMIT_WIN
    assert s.result.winners == (0,) and s.result.scores == (24, 25) and s.turn == 100


def test_az_r30_equal_losses_are_a_draw():
    # Aztec keeps 3 + 1 = 4 of 30 (lost 26); Conquistador keeps 3 + 2 = 5 of 31 (lost 26).
    s = position({"d4": "warrior", "f8": "soldier"}, active=CQ, turn=100)
    choose(s, None, "done", "done")  # his menus are asked: he holds cards (the engine's secrecy rule)
    assert s.is_over and s.result.reason == LIMIT_DRAW and s.result.winners == (0, 1)


def test_az_r30_no_limit_before_turn_100():
    s = position({"d4": "warrior", "f8": "soldier"}, active=CQ, turn=98, cards=["Maneuver"])
    assert not s.is_over and s.turn == 98
    choose(s, None, "done", "done")
    assert not s.is_over and s.turn == 99 and s.match.active == 0
