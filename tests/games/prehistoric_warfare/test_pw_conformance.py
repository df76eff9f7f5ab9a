"""Random games: the engine's eight properties (``check_game``) and the rules' own
invariants (section 7) after every action of hypothesis-chosen playthroughs."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
import boardcore_prehistoric_warfare as pw
from boardcore.testing import check_game
from boardcore.testing.strategies import playthroughs
from boardcore_prehistoric_warfare import HAND, DrawCards
from boardcore_prehistoric_warfare.tribe import population

from .invariants import check
from .pw_helpers import GAME

ENDINGS = {pw.POPULATION, pw.LAST_STANDING, pw.FELL_TOGETHER, pw.ROUND_LIMIT}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_check_game(players):
    summary = check_game(GAME, games=4, players=players, seed=players, every=120, cross_process=False, checks=[check])
    assert summary.games == 4 and set(summary.reasons) <= ENDINGS


def test_check_game_in_another_process():
    summary = check_game(GAME, games=1, players=2, seed=99, every=400, cross_process=True, checks=[check])
    assert summary.games == 1


def rules_problems(state) -> list[str]:
    """Section 7 invariants that hold between checks as well, beyond ``invariants.check``."""
    m = state.match
    found = check(m)
    if state.is_over == bool(state.pending):
        found.append("pending decisions and the end of the game disagree")
    # 7.8 and 7.11: the Nomad and Hunt Phases change no population, so while they ask
    # something every tribe left has 1..29 people, as the last check left it.
    if m.phase in ("nomad", "hunt") and not state.is_over:
        for seat in m.alive():
            if not 1 <= population(m, seat) < pw.RULES.winning_population:
                found.append(f"seat {seat} has {population(m, seat)} people in the {m.phase} phase")
    # 7.4: once the hand-limit step is over, the active player holds at most 5 cards,
    # plus one per Draw-2 card played since (each discards itself and draws 2)
    for _, step in m.asks:
        if isinstance(step, DrawCards) and len(m.zones[HAND[step.player]]) > pw.RULES.hand_limit + len(step.used):
            found.append("the active player holds more than 5 cards after the hand-limit step")
    if state.is_over:
        result = state.result
        assert result is not None
        if result.reason not in ENDINGS:
            found.append(f"unknown ending {result.reason!r}")
        if result.reason == pw.POPULATION and any(population(m, s) < 30 for s in result.winners):
            found.append("a population winner has fewer than 30 people")
        if m.round > pw.RULES.round_limit:
            found.append("the game went past round 50")
    return found


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(playthroughs(GAME, players=2, max_actions=300))
def test_invariants_after_every_action(playthrough):
    state = GAME.new_state(players=playthrough.players, seed=playthrough.seed)
    assert rules_problems(state) == []
    for player, action in playthrough.history:
        state.apply(player, action)
        assert rules_problems(state) == [], (playthrough.seed, len(state.history))
    assert state == playthrough.state  # 7.10: same seed, same decisions, same state
