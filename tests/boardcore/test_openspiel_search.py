"""OpenSpiel's own IS-MCTS searching boardcore's games through boardcore.openspiel."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts

import boardcore.openspiel
from boardcore.spaces import DONE_ID


def search_bot(game, simulations, seed=0):
    bot = ismcts.ISMCTSBot(
        game=game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        random_state=np.random.RandomState(seed + 1),
    )
    bot.set_resampler(boardcore.openspiel.resampler(seed + 2))
    return bot


def next_own_node(bot, state):
    """The search's node for the root player's next pick: below the root id searched
    most often among the picks ("done" ends the player's exchange)."""
    root = bot.lookup_node(state)
    picks = [(child.visits, action) for action, child in root.child_info.items() if action != DONE_ID]
    below = state.clone()
    below.apply_action(max(picks)[1])
    assert below.current_player() == state.current_player()
    return bot.lookup_node(below)


@pytest.mark.parametrize(
    "name,players,done,simulations",
    [
        ("gallic-wars", 2, 0, 40),  # the first to exchange
        ("gallic-wars", 2, 1, 40),  # the second: the first's picks are asked again in each sample
        pytest.param("gallic-wars", 2, 0, 400, marks=pytest.mark.slow),
        pytest.param("gallic-wars", 2, 1, 400, marks=pytest.mark.slow),
        pytest.param("invasions-of-the-horse-people", 3, 0, 400, marks=pytest.mark.slow),
        pytest.param("invasions-of-the-horse-people", 3, 2, 400, marks=pytest.mark.slow),
    ],
)
def test_openspiels_ismcts_grows_a_tree_below_the_root(name, players, done, simulations):
    # Before, the node below the root was an opponent's, keyed by a hand each sample
    # dealt afresh: every simulation stopped at a new node and only the root was
    # ever expanded. Now the root player's own picks follow one another.
    game = boardcore.openspiel.load(name, players)
    state = game.new_initial_state()
    state.apply_action(5)
    for _ in range(done):  # seats before the searching one exchange nothing
        state.apply_action(DONE_ID)
    assert state.current_player() == done and len(state.legal_actions()) > 2
    bot = search_bot(game, simulations)
    bot.run_search(state)
    below = next_own_node(bot, state)
    assert below is not None
    # OpenSpiel counts a node's visits from its expansion on (-1 before, 0 at its first
    # evaluation): a node visited again is expanded, and it is not the root.
    assert below.total_visits > simulations // 20
    assert len(below.child_info) > 1
