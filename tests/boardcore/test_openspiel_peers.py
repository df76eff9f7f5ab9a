"""benchmarks/bench_openspiel_peers.py: the plain games play exactly OpenSpiel's games.

The benchmark's ratios mean something only if both sides play the same games with
the same random policy; these tests check that, and never time anything.
"""

from __future__ import annotations

import random

import pytest

from tests.scripts.loading import ROOT, load_script

pytest.importorskip("pyspiel")

SEEDS = range(60)


@pytest.fixture(scope="module")
def bench():
    return load_script("bench_openspiel_peers", ROOT / "benchmarks")


@pytest.mark.parametrize("name", ["kuhn_poker", "tic_tac_toe"])
def test_the_plain_game_plays_openspiels_actions_and_returns(bench, name):
    short_name, plain = bench.GAMES[name]
    peer = bench.peer(short_name)
    for seed in SEEDS:
        assert plain(random.Random(seed)) == peer(random.Random(seed)), seed
    assert bench.disagreement(peer, plain, SEEDS) is None


def test_the_seeds_reach_every_ending_of_kuhn_poker(bench):
    # Every betting sequence, and both players winning, so the check above covers
    # every payoff rule.
    games = [bench.plain_kuhn_poker(random.Random(seed)) for seed in SEEDS]
    assert {tuple(actions[2:]) for actions, _ in games} == {
        (0, 0), (0, 1, 0), (0, 1, 1), (1, 0), (1, 1)
    }
    assert {returns[0] for _, returns in games} == {-2, -1, 1, 2}


def test_the_seeds_reach_every_ending_of_tic_tac_toe(bench):
    games = [bench.plain_tic_tac_toe(random.Random(seed)) for seed in SEEDS]
    assert {returns[0] for _, returns in games} == {-1.0, 0.0, 1.0}
    assert {len(actions) for actions, _ in games} >= {5, 9}


def test_a_game_that_differs_is_caught(bench):
    def wrong_returns(rng):
        actions, returns = bench.plain_tic_tac_toe(rng)
        return actions, [-r for r in returns]

    peer = bench.peer("python_tic_tac_toe")
    problem = bench.disagreement(peer, wrong_returns, SEEDS)
    assert problem is not None and problem.startswith("seed 0:")
