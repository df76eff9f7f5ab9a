"""Invariants of rules section 7 along random and hypothesis-generated playthroughs."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import boardcore
from boardcore.bots import RandomBot
from boardcore.testing.strategies import playthroughs

from boardcore_horse_people.testing import base_game, check

from .hp_audit import audit

GAME = base_game()


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(playthroughs(GAME))
def test_hp_invariants_hold_at_every_step_of_any_playthrough(run):
    """check() holds after every action (rules section 7), the log passes the audit,
    and the same seed and actions give an identical match (invariant 9)."""
    state = GAME.new_state(players=run.players, seed=run.seed)
    assert check(state.match) == []
    for player, action in run.history:
        state.apply(player, action)
        assert check(state.match) == []
    assert audit(state) == []
    assert state.to_json() == run.state.to_json()


def _random_game(players: int, seed: int) -> boardcore.State:
    state = GAME.new_state(players=players, seed=seed)
    bot = RandomBot(seed + 1)
    while not state.is_over:
        decision = state.pending[0]
        state.apply(decision.player, bot.choose(state, decision))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hp_complete_random_games_end_within_50_turns_and_pass_the_audit(players):
    """Invariant 8: every game ends by turn 50, at once when someone reaches 12 Loot
    (HP-R17), otherwise by the HP-R18 tie-break."""
    for seed in range(8):
        state = _random_game(players, 1000 * players + seed)
        assert state.is_over and state.turn <= 50
        assert audit(state) == []
        assert check(state.match) == []
        result = state.result
        if len(result.winners) > 1:
            assert result.reason == "turn limit: tie for most Loot"
        assert result.scores == tuple(state.match.count("loot", s) for s in range(players))


def test_hp_the_checks_catch_broken_states():
    """check() and the audit are not vacuous: tampered matches are reported."""
    from boardcore_horse_people import TRIBUTE, HorseTable

    from boardcore_horse_people.testing import cid

    state = GAME.new_state(players=3, seed=5)
    twin = state.clone()
    twin.match.table = HorseTable(khan=1)
    assert "there is a Khan during turn 1" in check(twin.match)

    twin = state.clone()
    m = twin.match
    m.table = HorseTable(khan=0)
    m.turn = 2
    horde = cid("Horde", 5)
    m.move((horde,), m.locate(horde), TRIBUTE)
    assert "tribute: Horde 5 (strength) may not be played here" in check(m)

    twin = state.clone()
    twin.match.emit(boardcore.events.CounterChanged("loot", 2, 0, 5))
    assert any("Loot of 2 0 -> 5 in migration" in p for p in audit(twin))



@pytest.mark.parametrize("players", [2, 5])
def test_hp_determinized_states_play_on(players):
    """``State.determinize`` (what a search bot calls when it must choose) gives
    states that play on legally, also in the middle of the secret choices: other
    players' open and sealed choices are asked again from the re-dealt cards."""
    for seed in range(4):
        state = GAME.new_state(players=players, seed=seed)
        bot = RandomBot(seed + 77)
        steps = 0
        while not state.is_over and steps < 400:
            decision = state.pending[0]
            if steps % 5 == 3:
                sample = state.determinize(decision.player, seed * 1000 + steps)
                for _ in range(40):
                    if sample.is_over:
                        break
                    d = sample.pending[-1]
                    sample.apply(d.player, bot.choose(sample, d))
                    assert check(sample.match) == []
            state.apply(decision.player, bot.choose(state, decision))
            steps += 1
