"""Random games of Gallic Wars keep the engine's eight properties (architecture.md)."""

from __future__ import annotations

import pytest

from hypothesis import given, settings

from boardcore.testing import check_game
from boardcore.testing.strategies import playthroughs

from boardcore_gallic_wars.testing import invariants


@pytest.mark.slow
def test_check_game_over_hundreds_of_random_games(game):
    summary = check_game(game, games=300, seed=2026, every=6, checks=[invariants])
    assert summary.games == 300
    assert sum(summary.reasons.values()) == 300


def test_check_game_with_the_exchange_asked_at_once(game):
    # exchange="hand": each exchange is one decision over the sets of cards (163 options)
    summary = check_game(game, games=20, seed=7, every=4, checks=[invariants], options={"exchange": "hand"})
    assert summary.games == 20 and sum(summary.reasons.values()) == 20


@settings(max_examples=40, deadline=None)
@given(playthroughs(__import__("boardcore").load_game("gallic-wars")))
def test_gw_invariants_hold_along_any_legal_playthrough(run):
    state = run.state
    problems = invariants(state.match)
    assert problems == []
    assert len(state.history) == len(run.history)
    copy = state.game.replay(seed=run.seed, players=run.players, history=run.history)
    assert copy.to_json() == state.to_json()
