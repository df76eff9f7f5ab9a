"""Phases 1 to 5 of a turn: Nomad, Hunt, Elements, Tribe, Food (section 4).

Since engine 0.2 a "play a card or pass" decision is asked whenever the player holds
a card, even when "pass" is all he can do: which cards he holds is his secret.
"""

from __future__ import annotations

import pytest

import boardcore
import boardcore_prehistoric_warfare as pw
from boardcore.testing import advance_to, choose, decision, options
from boardcore_prehistoric_warfare import FOOD, HAND, PRISONERS
from boardcore_prehistoric_warfare.tribe import gear, persons, population

from .pw_helpers import choose_ids, knock_out, names, play_on, play_out_turn, position

# -- Phase 1: Nomad (PW-R15 to PW-R17, PW-R40) -------------------------------------------


@pytest.mark.parametrize(("people", "drawn"), [(14, 1), (15, 2)])
def test_nomad_draws_one_more_card_at_15_people(people, drawn):
    """PW-R16: population at the start of the Nomad Phase."""
    state, _ = position(tribes={0: ["generic"] * people}, deck=["Bark & Leaves", "Honey"])
    assert decision(state).player == 0 and len(state.match.zones[HAND[0]]) == drawn
    choose(state, 0, "pass")  # PW-D02 is asked though "pass" is all Alice can do: her hand is secret
    assert state.match.phase == "hunt" and len(state.match.zones[HAND[0]]) == drawn


def test_hand_limit_in_own_nomad_phase_only():
    """PW-R15, PW-D01: discard down to 5 after drawing, one card at a time, the owner's
    choice; another player's big hand is left alone. The label tells the two "Set Traps"
    apart (PW-R05)."""
    state, _ = position(
        hands={
            0: ["PW028-1", "Sentries", "Guard Dogs", "Set Fire", "Surrounded"],
            1: ["Birds", "Eggs", "Honey", "Roots", "Berries", "Tubers", "Insects"],
        },
        deck=["PW051-1"],
    )
    d = decision(state)
    assert d.player == 0 and d.prompt == "hand limit 5: discard one of 6 cards"
    assert options(state) == [
        "discard Set Traps (Defense)", "discard Sentries", "discard Guard Dogs", "discard Set Fire",
        "discard Surrounded", "discard Set Traps (Hunting)",
    ]  # fmt: skip
    choose(state, 0, "discard Set Traps (Defense)")
    assert len(state.match.zones[HAND[0]]) == 5 and state.match.zones["discard"] == ("PW028-1",)
    assert len(state.match.zones[HAND[1]]) == 7


def test_draw_two_cards_after_the_limit_and_any_number():
    """PW-R17, PW-D02: Trade and Meeting of the Tribes are played after the hand-limit
    step, each draws 2, and one just drawn can be played too; the hand may end above 5."""
    state, _ = position(
        hands={0: ["Trade", "Sentries", "Guard Dogs", "Set Fire", "Surrounded"]},
        deck=["Eggs", "Meeting of the Tribes", "Honey", "Roots", "Berries"],
    )
    choose(state, 0, "discard Sentries")  # 6 cards after drawing Eggs
    assert options(state) == ["play Trade", "pass"]
    choose(state, 0, "play Trade")  # draws Meeting of the Tribes and Honey
    assert options(state) == ["play Meeting of the Tribes", "pass"]
    choose(state, 0, "play Meeting of the Tribes")  # draws Roots and Berries; nothing left to play
    assert options(state) == ["pass"]  # asked all the same: the hand is secret
    choose(state, 0, "pass")
    assert state.match.phase == "hunt"
    assert names(state, HAND[0]) == ["Guard Dogs", "Set Fire", "Surrounded", "Eggs", "Honey", "Roots", "Berries"]


def test_a_draw_two_card_is_played_once_per_turn_and_empty_piles_skip_draws():
    """PW-R17 and PW-R40: with every other card out of the piles, the Nomad draw is
    skipped; Trade is discarded, reshuffled and drawn straight back, but cannot be
    played a second time this turn."""

    def empty_piles(state):
        state.match.move_all("deck", HAND[1])

    state, _ = position(hands={0: ["Trade"]}, extra=empty_piles)
    assert names(state, HAND[0]) == ["Trade"]  # the Nomad draw found nothing
    choose(state, 0, "play Trade")
    assert names(state, HAND[0]) == ["Trade"]  # reshuffled from the discard pile and drawn again
    assert any(isinstance(e, boardcore.events.Shuffled) and e.zone == "deck" for e in state.events)
    assert options(state) == ["pass"]  # not "play Trade" again; "pass" is asked, the hand being secret
    choose(state, 0, "pass")
    chosen = [(e.action, e.forced) for e in state.events if isinstance(e, boardcore.events.Chose) and e.player == 0]
    assert chosen[:2] == [("play Trade", False), ("pass", False)]


def test_empty_draw_pile_is_refilled_from_the_discard_pile():
    """PW-R40: the whole discard pile is shuffled into a new draw pile when needed."""

    def all_discarded(state):
        state.match.move_all("deck", "discard")

    state, _ = position(extra=all_discarded)
    m = state.match
    assert len(m.zones[HAND[0]]) == 1 and m.zones["discard"] == () and len(m.zones["deck"]) == 182


# -- Phase 2: Hunt (PW-R18) --------------------------------------------------------------


def test_hunt_one_card_for_its_food():
    state, _ = position(hands={0: ["Mammoth Hunters", "Bark & Leaves"], 1: ["Honey"]}, deck=["Sentries"])
    advance_to(state, "hunt")
    assert options(state) == ["hunt Mammoth Hunters (+6 food)", "hunt Bark & Leaves (+1 food)", "pass"]
    choose(state, 0, "hunt Mammoth Hunters (+6 food)")
    m = state.match
    assert m.phase == "elements"  # no second Hunting card this turn
    play_out_turn(state)  # the Food Phase pays 1 of 11 people
    assert m.count(FOOD, 0) == 2 + 6 - 1
    assert "Bark & Leaves" in names(state, HAND[0]) and state.match.active == 1


# -- Phase 3: Elements (PW-R19, PW-R20, PW-R41) -----------------------------------------


def test_hardship_targets_every_opponent_still_in_the_game():
    state, _ = position(3, hands={0: ["Wolves"]}, deck=["Sentries"], extra=lambda s: knock_out(s, 2))
    advance_to(state, "elements")
    assert options(state) == ["play Wolves on seat 1", "pass"]


def test_matching_negation_cancels_the_hardship():
    state, _ = position(hands={0: ["Wolves"], 1: ["Dogs", "Shaman"]}, deck=["Sentries"])
    advance_to(state, "elements")
    play_on(state, 0, "Wolves", 1)
    assert decision(state).player == 1 and options(state, 1) == ["negate with Dogs", "pass"]
    choose(state, 1, "negate with Dogs")
    assert population(state.match, 1) == 10
    assert names(state, "discard") == ["Wolves", "Dogs"]


def test_other_categories_and_guard_dogs_do_not_negate_and_the_target_chooses_his_loss():
    """PW-R20: Dogs negates Animal only; Guard Dogs negates nothing. PW-R19: the target
    picks any person in play; PW-R41: a named person leaves with its attachments."""
    state, built = position(
        tribes={1: ["generic", ("Warrior", ["Maul"])]},
        hands={0: ["Blizzard"], 1: ["Dogs", "Guard Dogs", "Big Man"]},
        deck=["Sentries"],
    )
    advance_to(state, "elements")
    play_on(state, 0, "Blizzard", 1)
    assert options(state, 1) == ["pass"]  # Bob is asked, holding cards, but nothing negates Exposure
    choose(state, 1, "pass")
    generic, warrior = built[1]
    entry = state.match.table.entries
    assert options(state, 1) == [f"lose generic #{entry[generic]}", f"lose Warrior #{entry[warrior]}"]
    choose(state, 1, f"lose Warrior #{entry[warrior]}")
    assert names(state, "discard") == ["Blizzard", "Maul", "Warrior"]
    assert persons(state.match, 1) == (generic,) and "Big Man" in names(state, HAND[1])


def test_target_may_pass_on_negation():
    state, built = position(tribes={1: ["generic", "generic"]}, hands={0: ["Snake Bite"], 1: ["Dogs"]}, deck=["Sentries"])
    advance_to(state, "elements")
    play_on(state, 0, "Snake Bite", 1)
    choose(state, 1, "pass")  # his two generics are one option, the younger (section 4.4): no question
    assert persons(state.match, 1) == (built[1][0],) and "Dogs" in names(state, HAND[1])


# -- Phase 4: Tribe (PW-R11 to PW-R14, PW-R21) -------------------------------------------


def test_tribe_gains_a_generic_then_persons_then_attachments():
    state, built = position(
        tribes={0: [("generic", ["Sling"]), ("generic", ["Flint Knife"])]},
        hands={0: ["Hunter", "Sticks & Stones", "Wooden Shield", "Bone Club"]},
        deck=["Sentries"],
    )
    m = state.match
    slinger, knifer = built[0]
    advance_to(state, "tribe")
    assert options(state) == ["put Hunter into play", "done"]
    newcomer = persons(m, 0)[-1]  # PW-R21's automatic generic, with the next entry number
    assert m.table.entries[newcomer] == m.table.entries[knifer] + 1
    choose(state, 0, "put Hunter into play")
    hunter = persons(m, 0)[-1]
    assert m.rules.cards[hunter].name == "Hunter" and m.table.entries[hunter] == m.table.entries[newcomer] + 1
    choose(state, 0, "done")  # no more Person cards; asked, as the hand is secret
    assert options(state) == ["attach Sticks & Stones", "attach Wooden Shield", "attach Bone Club", "done"]
    choose(state, 0, "attach Sticks & Stones")
    # PW-R13: both weapon slots must be free, so only the newcomer and the Hunter qualify
    assert [o.target for o in decision(state).options] == [newcomer, hunter]
    choose_ids(state, 0, hunter)  # PW-R12: a person who entered play this turn may be armed
    choose(state, 0, "attach Bone Club")
    # the Hunter's HTH slot is filled by Sticks & Stones, the knifer's by the knife
    assert [o.target for o in decision(state).options] == [slinger, newcomer]
    choose_ids(state, 0, slinger)
    choose(state, 0, "attach Wooden Shield")
    assert [o.target for o in decision(state).options] == [slinger, knifer, newcomer, hunter]  # armor slot
    choose_ids(state, 0, hunter)
    assert [c.name for c in gear(m, hunter)] == ["Sticks & Stones", "Wooden Shield"]
    assert [c.name for c in gear(m, slinger)] == ["Sling", "Bone Club"]


def test_attachment_with_no_free_slot_is_not_offered():
    """PW-R12: one card per slot; a second ranged weapon has nowhere to go."""
    state, _ = position(tribes={0: [("Hunter", ["Sling"])]}, hands={0: ["Boomerang", "Hunter"]}, deck=["Sentries"])
    advance_to(state, "tribe")
    assert options(state) == ["put Hunter into play", "done"]
    choose(state, 0, "done")  # without the second Hunter only the new generic can take the Boomerang
    assert options(state) == ["attach Boomerang", "done"]
    newcomer = persons(state.match, 0)[-1]
    choose(state, 0, "attach Boomerang")
    # one possible host, and hosts are public once the card is shown: the engine aims it
    assert [c.name for c in gear(state.match, newcomer)] == ["Boomerang"]


# -- Phase 5: Food (PW-R22) ---------------------------------------------------------------


@pytest.mark.parametrize(("people", "eaten"), [(8, 0), (9, 1), (18, 1), (19, 2)])
def test_upkeep_is_one_food_per_full_ten_people(people, eaten):
    """floor(pop / 10), counted after the Tribe Phase's new generic."""
    state, _ = position(
        tribes={0: ["generic"] * people}, food={0: 5}, hands={1: ["Bark & Leaves"]}, deck=["Sentries", "Guard Dogs"]
    )
    m = state.match
    play_out_turn(state)  # Alice's turn offers nothing but "pass" and "done"
    assert m.active == 1
    assert m.count(FOOD, 0) == 5 - eaten


def test_cannibalism_before_starvation():
    """PW-R22: each unpaid unit costs a Prisoner; with none left, a person of the owner's choice."""
    state, built = position(
        tribes={0: ["Warrior"] + ["generic"] * 18}, food={0: 0}, prisoners={0: 1}, deck=["Sentries", "Guard Dogs"]
    )
    m = state.match
    advance_to(state, "food")
    d = decision(state)
    # the Warrior, and the 19 generics side by side as one option (section 4.4)
    assert d.player == 0 and d.prompt == "starvation: choose a person to lose" and len(d.options) == 2
    assert m.count(PRISONERS, 0) == 0
    choose_ids(state, 0, built[0][0])
    assert population(m, 0) == 19 and built[0][0] not in m.table.entries
    assert pw.tribe.owner(m, built[0][1]) == 0
