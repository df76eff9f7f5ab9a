"""Bots: the random bot and the Monte Carlo bot work on any game and repeat for a seed."""

from __future__ import annotations

import pytest

import boardcore
from boardcore.bots import FirstBot, MonteCarloBot, RandomBot, bot_factory, list_bots, make_bot

import toy
import toycards


def play(game, bots, seed):
    state = game.new_state(players=len(bots), seed=seed)
    while not state.is_over:
        decision = state.pending[0]
        action = bots[decision.player].choose(state, decision)
        assert action in decision.options
        state.apply(decision.player, action)
    return state


def test_the_built_in_bots_are_listed_and_made_by_name():
    assert {"random", "first", "mc"} <= set(list_bots())
    assert bot_factory("mc") is MonteCarloBot
    with pytest.raises(boardcore.PluginError, match="no bot"):
        make_bot("nobody", 0)


@pytest.mark.parametrize("make", [RandomBot, FirstBot, lambda seed: MonteCarloBot(seed, playouts=2, horizon=200)])
def test_bots_only_choose_offered_options_and_repeat_for_a_seed(make):
    game = toy.duel()
    first = play(game, [make(seed=1), make(seed=2)], seed=5)
    again = play(game, [make(seed=1), make(seed=2)], seed=5)
    assert first.to_json() == again.to_json()


@pytest.mark.parametrize("make", [RandomBot, FirstBot])
def test_bots_play_a_game_with_reactions_and_set_up_phases(make):
    game = toycards.game()
    first = play(game, [make(seed=s) for s in range(3)], seed=8)
    assert first.is_over and first.to_json() == play(game, [make(seed=s) for s in range(3)], seed=8).to_json()


def test_the_monte_carlo_bot_never_reads_hidden_cards():
    game = toy.duel()
    state = game.new_state(players=2, seed=3)
    seen = []
    real = boardcore.State.determinize

    def spy(self, player, seed):
        seen.append(player)
        return real(self, player, seed)

    boardcore.State.determinize = spy
    try:
        decision = state.pending[0]
        MonteCarloBot(seed=4, playouts=2, horizon=50).choose(state, decision)
    finally:
        boardcore.State.determinize = real
    assert seen and set(seen) == {decision.player}  # every playout began from its own view
