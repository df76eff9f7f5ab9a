"""Fuzzing apply: whatever a caller sends, a match either takes an offered option or
refuses with IllegalAction and stays exactly as it was (every installed game)."""

from __future__ import annotations

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
