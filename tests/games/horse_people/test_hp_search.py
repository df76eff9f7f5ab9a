"""What the search bots are told about Horse People: the Khan's title counts when a
playout cut short is judged, playouts settle at the end of the turn, and a search
runs 400 iterations.

Not rules of the game (no ruling decides them): ``search.scores`` never decides a
match, so these tests only pin the judgement the bots read."""

from __future__ import annotations

from boardcore.ismcts import ISMCTSBot, playout_judge
from boardcore_horse_people import CONSTANTS, SPEC

from boardcore_horse_people.testing import deal, hands_of


def test_the_khans_title_counts_as_loot_in_the_search_scores():
    state = deal(hands_of([], [], []), khan=2, loot=(4, 5, 3))
    assert SPEC.search.scores(state.match) == (4, 5, 3 + CONSTANTS.khan_worth)
    judged = playout_judge(state, None, margin=0.5)(state)
    assert judged.index(max(judged)) == 2  # the Khan leads, though the Loot alone says seat 1


def test_without_a_khan_the_search_scores_are_the_loot():
    state = deal(hands_of([], []), loot=(2, 0))
    assert SPEC.search.scores(state.match) == (2, 0)


def test_search_playouts_settle_at_the_end_of_the_turn():
    # The Invasion that makes the next Khan is decided only at the end of a turn.
    assert SPEC.search.settle is True


def test_a_search_runs_the_games_400_iterations_unless_told_otherwise():
    # Searches here are cheap and the deal weighs heavily: 400 iterations won 62% alone
    # against two mc bots where 200 won 52% (docs/bots.md).
    state = deal(hands_of([], [], [], khan=0), khan=0)
    decision = state.pending[0]  # the Migration exchange: seven cards or done
    default, told = ISMCTSBot(seed=2, horizon=2), ISMCTSBot(seed=2, horizon=2, iterations=30)
    default.choose(state, decision)
    told.choose(state, decision)
    assert (default.iterations_run, told.iterations_run) == (400, 30)
