"""boardcore.testing.put/stack resolve printed names to the right copies."""

from __future__ import annotations

from boardcore.testing import arranged, put, stack

import toy
import toycards


def test_naming_a_card_twice_takes_two_copies_not_the_same_one_again():
    # toy-duel has a "Spear" per seat: d0-1, d1-1, d2-1 (the box holds seat 2's cards)
    state = arranged(toy.duel(), 2, seed=1)
    m = state.match
    first = put(state, toy.DISCARD[0], ["Spear"])
    again = stack(state, toy.DECK[0], ["Spear"], avoid=(toy.DISCARD[0],))
    assert m.card(first[0]).name == m.card(again[0]).name == "Spear" and first != again
    assert m.cards(toy.DISCARD[0])[-1] == first[0]
    assert m.cards(toy.DECK[0])[-1] == again[0]


def test_copies_from_a_data_file_are_told_apart_by_id():
    state = arranged(toycards.game(), 2, seed=1)
    coins = put(state, toycards.HAND[0], ["Coin", "Coin"])
    assert len(set(coins)) == 2 and all(c.startswith("coin-") for c in coins)
    assert state.match.cards(toycards.HAND[0])[-2:] == tuple(coins)
