"""Fuzzing apply: whatever a caller sends, a match either takes an offered option or
refuses with IllegalAction and stays exactly as it was (every installed game)."""

from __future__ import annotations

import random

import boardcore
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from boardcore.testing.strategies import playthroughs

GAMES = ["gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish"]

texts = st.text(max_size=12)
junk_actions = st.one_of(
    st.builds(boardcore.actions.Pick, texts, texts),
    st.builds(boardcore.actions.Play, texts, st.one_of(st.none(), st.integers(-3, 9), texts), texts),
    st.just(boardcore.actions.DONE),
    st.just(boardcore.actions.PASS),
    st.integers(),
    st.text(max_size=20),
    st.none(),
    st.dictionaries(texts, texts, max_size=3),
)
junk_players = st.one_of(st.integers(-2, 8), st.just(True), st.text(max_size=3), st.none())


@pytest.mark.parametrize("name", GAMES)
def test_apply_takes_an_offered_option_or_refuses_and_changes_nothing(name):
    game = boardcore.load_game(name)

    @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(run=playthroughs(game, max_actions=40), player=junk_players, action=junk_actions, data=st.data())
    def check(run, player, action, data):
        state = run.state
        if state.is_over:
            return
        # Sometimes a real option, sent by the right or the wrong player.
        if data.draw(st.booleans()):
            decision = data.draw(st.sampled_from(state.pending))
            action = data.draw(st.sampled_from(decision.options))
        before = state.to_json()
        seat = player if type(player) is int else None  # a bool is no seat number
        offered = [o for d in state.pending if d.player == seat for o in d.options if o is action]
        try:
            state.apply(player, action)
        except boardcore.IllegalAction:
            assert not offered
            assert state.to_json() == before
        else:
            assert offered, f"apply took {action!r} from player {player!r}, which was not offered"
            assert state.history[-1] == (player, offered[0])

    check()


@pytest.mark.parametrize("name", GAMES)
def test_a_playout_is_the_match_that_apply_plays_with_the_same_choices(name):
    """The trusted path records exactly what apply records: saves, events and history agree."""
    game = boardcore.load_game(name)
    for seed in (1, 2):
        fast, slow = game.new_state(seed=seed), game.new_state(seed=seed)
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        fast.playout(lambda s, d: fast_rng.randrange(len(d.options)))
        while not slow.is_over:
            d = slow.pending[0]
            slow.apply_index(d.player, slow_rng.randrange(len(d.options)))
        assert fast.is_over and fast.to_json() == slow.to_json()
        assert fast.events == slow.events and fast.history == slow.history


@pytest.mark.parametrize("name", GAMES)
def test_apply_index_takes_an_option_number_or_refuses_and_changes_nothing(name):
    game = boardcore.load_game(name)

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(run=playthroughs(game, max_actions=40), player=junk_players, index=st.one_of(st.integers(-3, 60), junk_actions))
    def check(run, player, index):
        state = run.state
        if state.is_over:
            return
        before = state.to_json()
        asked = [d for d in state.pending if type(player) is int and d.player == player]
        try:
            state.apply_index(player, index)
        except boardcore.IllegalAction:
            assert not asked or type(index) is not int or not 0 <= index < len(asked[0].options)
            assert state.to_json() == before
        else:
            assert asked and state.history[-1] == (player, asked[0].options[index])

    check()
