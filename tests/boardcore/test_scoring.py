"""boardcore.scoring: the best total of a hand whose cards need places, Game.memo
(what depends only on the loaded game, worked out once) and Game.remember (what
depends on the game and some arguments)."""

from __future__ import annotations

import gc
import itertools
import random
import weakref

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

import boardcore
from boardcore.scoring import Contribution, best_fill

import toycards

SUITS = ("a", "b", "c")


def card(name: str, value: int, *slots: str) -> Contribution:
    return Contribution(name, value, slots)


def test_at_most_per_slot_cards_count_in_each_kind_of_place():
    hand = [card("a9", 9, "a"), card("a7", 7, "a"), card("a5", 5, "a"), card("b4", 4, "b")]
    counted: list[Contribution] = []
    assert best_fill(hand, 2, counted) == 9 + 7 + 4
    assert [c.card for c in counted] == ["a9", "a7", "b4"]  # highest first, the third "a" left out


def test_a_wild_card_takes_the_place_that_lets_the_most_count():
    # The wild 8 tried in "a" first would push out an "a"; it must go to "b", which has room.
    hand = [card("a9", 9, "a"), card("a7", 7, "a"), card("wild", 8, "a", "b"), card("b6", 6, "b")]
    assert best_fill(hand, 2) == 9 + 8 + 7 + 6


def test_a_wild_card_placed_early_moves_for_a_card_with_one_place():
    # The wild 10 goes first into "a"; the "a" cards then need it to move on to "b".
    hand = [card("wild", 10, "a", "b"), card("a9", 9, "a"), card("a8", 8, "a")]
    assert best_fill(hand, 1) == 10 + 9
    assert best_fill(hand, 2) == 10 + 9 + 8


def test_a_card_with_no_place_always_counts_and_one_worth_nothing_never_needs_a_place():
    hand = [card("penalty", -2), card("zero", 0, "a"), card("minus", -1, "b"), card("a3", 3, "a")]
    counted: list[Contribution] = []
    assert best_fill(hand, 1, counted) == 3 - 2
    assert [c.card for c in counted] == ["a3", "penalty"]
    assert best_fill([], 2) == 0


def test_a_kind_of_place_holds_at_least_one_item():
    with pytest.raises(ValueError, match="per_slot=0"):
        best_fill([card("a1", 1, "a")], 0)


def brute_force(hand: list[Contribution], per_slot: int) -> int:
    """The best total by trying every subset and every way of placing it."""
    always = sum(c.value for c in hand if not c.slots)
    placed = [c for c in hand if c.slots]
    best = 0
    for size in range(len(placed) + 1):
        for subset in itertools.combinations(placed, size):
            for way in itertools.product(*(c.slots for c in subset)):
                if all(way.count(s) <= per_slot for s in set(way)):
                    best = max(best, sum(c.value for c in subset))
    return always + best


cards = st.builds(
    Contribution,
    st.just("x"),
    st.integers(-3, 12),
    st.sampled_from([(), ("a",), ("b",), ("c",), ("a", "b"), ("b", "c"), SUITS, ("c", "a")]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(cards, max_size=7), st.integers(1, 3))
def test_the_greedy_total_is_the_best_of_every_placement(hand, per_slot):
    assert best_fill(hand, per_slot) == brute_force(hand, per_slot)


def test_game_memo_works_a_value_out_once_per_loaded_game():
    calls = []

    def ids_in_order(game):
        calls.append(game)
        return tuple(sorted(game.cards))

    first, second = toycards.game(), toycards.game()
    assert first.memo(ids_in_order) == tuple(sorted(first.cards))
    assert first.memo(ids_in_order) is first.memo(ids_in_order)
    second.memo(ids_in_order)
    assert calls == [first, second]  # once per game, each game its own answer


def test_game_remember_works_a_value_out_once_per_game_and_arguments():
    calls = []

    def worth(game, hand, bonus=0):
        calls.append((game, hand, bonus))
        return None if not hand else len(hand) + bonus  # None is a result like any other

    first, second = toycards.game(), toycards.game()
    assert first.remember(worth, ("a", "b")) == 2 and first.remember(worth, ("a", "b")) == 2
    assert first.remember(worth, ()) is None and first.remember(worth, ()) is None
    assert first.remember(worth, ("a",), 5) == 6 and second.remember(worth, ("a",), 5) == 6
    assert calls == [(first, ("a", "b"), 0), (first, (), 0), (first, ("a",), 5), (second, ("a",), 5)]


def test_game_remember_keeps_4096_results_per_function_then_starts_afresh():
    calls = []

    def double(game, n):
        calls.append(n)
        return 2 * n

    game = toycards.game()
    for n in range(4096):
        game.remember(double, n)
    game.remember(double, 0)
    assert calls == list(range(4096))  # all kept
    game.remember(double, 4096)  # one more: the table starts afresh with it
    game.remember(double, 0)
    assert calls[-2:] == [4096, 0]


@pytest.mark.parametrize("name", sorted(boardcore.list_games()))
def test_a_loaded_game_is_freed_once_nothing_holds_it(name):
    # What the engine and the games remember about a game's cards and hands is kept
    # with the game, never in a module-level cache keyed on it, so a program that
    # loads games again and again (a server, a long study) does not keep them all.
    game = boardcore.load_game(name)
    state = game.new_state(players=game.player_counts[0], seed=1)
    choose = random.Random(1)
    state.playout(lambda s, d: choose.randrange(len(d.options)), limit=400)
    state.view(0)
    freed = weakref.ref(game)
    del game, state
    gc.collect()
    assert freed() is None
