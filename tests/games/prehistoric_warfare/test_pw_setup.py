"""Setup and the marker supply: PW-R01, PW-R03, PW-R04, PW-R34."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_prehistoric_warfare import FOOD, HAND, PRISONERS
from boardcore_prehistoric_warfare.tribe import generics, population

from .pw_helpers import GAME, position


def test_pw_r01_two_to_six_tribes():
    assert tuple(GAME.player_counts) == (2, 3, 4, 5, 6)
    for players in (1, 7):
        with pytest.raises(boardcore.InvalidData):
            GAME.new_state(players=players, seed=1)


def test_pw_r03_r04_tribes_start_with_ten_markers_two_food_and_no_cards():
    state = GAME.new_state(players=3, seed=5)
    m = state.match
    for seat in range(3):
        assert len(generics(m, seat)) == 10
        assert m.count(FOOD, seat) == 2 and m.count(PRISONERS, seat) == 0
    # Markers are pieces, never cards: the 183 deck cards are all in zones.
    assert sum(len(cards) for cards in m.zones.values()) == 183
    assert len(m.pieces) == 30 and not set(m.pieces) & set(GAME.cards)
    # Only the active tribe has drawn its first card (PW-R03: hands start empty).
    assert [len(m.cards(HAND[seat])) for seat in range(3)] == [1, 0, 0]


def test_pw_r34_prisoners_are_not_people():
    # 25 people and 10 prisoners: the Tribe phase adds one person, 26 < 30, so no win.
    state, _ = position(tribes={0: ["generic"] * 25}, prisoners={0: 10}, food={0: 9}, deck=["Sentries", "Guard Dogs"])
    m = state.match
    while not state.is_over and m.active == 0 and m.phase != "raid":
        decision = state.pending[0]
        state.apply(decision.player, decision.options[-1])
    assert not state.is_over
    assert population(m, 0) == 26 and m.count(PRISONERS, 0) == 10
