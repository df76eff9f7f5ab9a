"""What the search bots are told about Aztec Skirmish: a side's standing is its
remaining Hits, its Leader's weighted, because the match is lost with the Leader.

Not rules of the game (no ruling decides them): ``search.scores`` never decides a
match, so these tests only pin the judgement the bots read."""

from __future__ import annotations

from boardcore.ismcts import ISMCTSBot, playout_judge
from boardcore_aztec_skirmish import CONSTANTS, SPEC
from boardcore_aztec_skirmish.testing import position


def test_a_leaders_hits_weigh_more_than_a_warriors():
    # The Aztec (seat 0) has lost a Leader's Hit; the Conquistador three Soldiers' worth.
    state = position(
        {"d4": "warrior", "d5": "warrior", "e5": "soldier", "f5": "soldier"},
        hits={"a1": 2, "e5": 1, "f5": 1},
    )
    worth = CONSTANTS.leader_worth
    assert SPEC.search.scores(state.match) == (2 * worth + 2, 3 * worth + 2)
    judged = playout_judge(state, None, margin=0.5)(state)
    assert judged[1] > judged[0]  # fewer Hits lost by the Aztec (1 against 2), but from its Leader


def test_a_search_goes_on_from_its_last_tree_within_a_turn():
    # The Move Phase asks for a card and then where it sends a unit: decisions of
    # one side in a row, so the second search starts from the first one's tree.
    state = position({"d4": "warrior", "e5": "soldier"}, cards=["Maneuver", "Advance"])
    bot = ISMCTSBot(seed=2, iterations=20)
    for _ in range(2):
        decision = state.pending[0]
        assert decision.player == 0 and len(decision.options) > 1
        state.apply(0, bot.choose(state, decision))
    assert SPEC.search.reuse and bot.reused == 1
