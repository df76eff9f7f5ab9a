"""Elimination and victory (section 4.3, PW-R36 to PW-R39)."""

from __future__ import annotations

import pytest

import boardcore_prehistoric_warfare as pw
from boardcore.testing import advance_to, choose, options
from boardcore_prehistoric_warfare import FOOD, HAND, PRISONERS
from boardcore_prehistoric_warfare.tribe import persons, population

from .invariants import check
from .pw_helpers import choose_ids, play_on, play_out_turn, position, strike


def test_eliminated_tribe_loses_everything_and_is_skipped():
    """PW-R36 in a 3-player game: Bob loses his last person to a Hardship; at the
    Elements check he is eliminated, his hand is discarded, his Food and Prisoners go
    back to the supply; he can no longer be targeted and takes no more turns."""
    state, _ = position(
        3,
        tribes={1: ["generic"]},
        hands={0: ["Wolves", "War Party"], 1: ["Birds"], 2: ["Honey"]},
        food={1: 3},
        prisoners={1: 2},
        deck=["Sentries"],
    )
    m = state.match
    advance_to(state, "elements")
    play_on(state, 0, "Wolves", 1)
    choose(state, 1, "pass")  # Bob holds a card, so he is asked to negate; his only person then goes unasked
    assert m.out == (1,) and not state.is_over
    assert m.zones[HAND[1]] == () and "PW046-1" in m.zones["discard"]
    assert (m.count(FOOD, 1), m.count(PRISONERS, 1)) == (0, 0)
    advance_to(state, "raid")
    assert options(state) == ["play War Party on seat 2", "pass"]
    choose(state, 0, "pass")
    assert m.active == 2  # Carol's turn: Bob's seat was skipped
    assert check(m) == []


def test_last_tribe_standing_wins():
    """PW-R36, PW-R38: with two players, eliminating the other wins at once."""
    state, _ = position(tribes={1: ["generic"]}, hands={0: ["Wolves"]}, deck=["Sentries"])
    advance_to(state, "elements")
    play_on(state, 0, "Wolves", 1)  # Bob, with no card in hand, is not asked to negate
    assert state.is_over and state.result.winners == (0,) and state.result.reason == pw.LAST_STANDING
    assert state.match.phase == "elements"
    assert state.result.scores == (11 - 1, 0)  # checked before Alice's Tribe Phase


def test_tribes_eliminated_together_share_a_draw():
    """PW-R38: a raid kills everyone; at the check after the Aftermath both are out."""
    state, built = position(
        tribes={0: ["Warrior"], 1: ["generic", "generic"]}, hands={0: ["War Party"]}, deck=["Bark & Leaves"]
    )
    m = state.match
    advance_to(state, "raid")
    warrior, newcomer = persons(m, 0)
    state.match.loaded = (1, 1, 1, 1)
    play_on(state, 0, "War Party", 1)
    choose_ids(state, 0, warrior, newcomer)  # everyone is picked: DONE is then the only option
    # Bob's two generics are one target (section 4.4), so the engine aims Alice's attacks
    # b2 then has only the newcomer; Alice, holding a card, may reroll each hit on hers: she passes
    strike(state, 1, warrior)
    assert state.is_over
    assert state.result.winners == (0, 1) and state.result.reason == pw.FELL_TOGETHER
    assert m.out == (0, 1) and check(m) == []


def test_thirty_people_win_at_the_tribe_check_before_eating():
    """PW-R37: 29 + the Tribe Phase's generic = 30: Alice wins before her Food Phase
    (she has no Food, so she would have starved)."""
    state, _ = position(tribes={0: ["generic"] * 29}, food={0: 0}, deck=["Sentries", "Guard Dogs"])
    m = state.match
    play_out_turn(state)  # "pass" and "done" through the Tribe Phase: Alice holds a card
    assert state.is_over and m.phase == "tribe"
    assert state.result.winners == (0,) and state.result.reason == pw.POPULATION
    assert population(m, 0) == 30 and state.result.scores == (30, 10)


@pytest.mark.parametrize(("bob", "winners"), [(31, (1,)), (30, (0, 1))])
def test_several_tribes_at_thirty(bob, winners):
    """PW-R37, for completeness: the largest wins, an exact tie is a draw."""
    state, _ = position(tribes={0: ["generic"] * 30, 1: ["generic"] * bob}, deck=["Sentries"])
    choose(state, 0, "pass")  # PW-D02, asked as Alice holds a card; the Nomad Phase's check follows
    assert state.is_over and state.match.phase == "nomad"
    assert state.result.winners == winners


def at_round_50(pops, food, prisoners):
    """Bob (the last seat) plays the last turn of round 50; his turn asks only "pass"
    and "done". Pops are before his Tribe Phase (+1) and Food before his upkeep."""
    state, built = position(
        tribes={0: ["generic"] * pops[0], 1: ["generic"] * pops[1]},
        food=dict(enumerate(food)),
        prisoners=dict(enumerate(prisoners)),
        deck=["Sentries"],
        active=1,
        round=50,
    )
    play_out_turn(state)
    return state, built


@pytest.mark.parametrize(
    ("pops", "food", "prisoners", "winners"),
    [
        ((13, 11), (0, 9), (0, 5), (0,)),  # population first
        ((12, 11), (4, 6), (0, 0), (1,)),  # then Food (Bob pays 1 of his 6)
        ((12, 11), (4, 5), (0, 1), (1,)),  # then Prisoners
        ((12, 11), (4, 5), (1, 1), (0, 1)),  # still tied: a shared draw
    ],
)
def test_round_50_tie_break(pops, food, prisoners, winners):
    """PW-R39."""
    state, _ = at_round_50(pops, food, prisoners)
    assert state.is_over and state.result.reason == pw.ROUND_LIMIT
    assert state.result.winners == winners


def test_round_ends_after_the_last_surviving_seat():
    """PW-R39 / section 3: round 50 ends only after seat 1's turn; rounds count up after it."""
    state, _ = position(hands={1: ["Honey"]}, deck=["Sentries"], round=50)
    assert state.match.active == 0 and state.match.round == 50
    play_out_turn(state)
    assert not state.is_over and state.match.active == 1 and state.match.round == 50
    state, _ = position(hands={0: ["Honey"]}, deck=["Sentries"], active=1)
    assert state.match.round == 1
    play_out_turn(state)
    assert state.match.active == 0 and state.match.round == 2
