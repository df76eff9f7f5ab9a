"""The engine's properties (``check_game``) with both deployments and both seatings, and
the rules' invariants (section 6) along hypothesis-chosen playthroughs."""

from __future__ import annotations

import pytest

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings

from boardcore.testing import check_game
from boardcore.testing.strategies import playthroughs
from boardcore_aztec_skirmish import BOARD, ENDINGS, HITS, MOVED, UNITS, hits_lost
from boardcore_aztec_skirmish.testing import STANDARD, base_game, check

GAME = base_game()


@pytest.mark.slow
def test_az_check_game_chosen_deployment():
    summary = check_game(GAME, games=3, seed=11, every=40, cross_process=True, checks=[check])
    assert summary.games == 3 and set(summary.reasons) <= set(ENDINGS)


@pytest.mark.slow
def test_az_check_game_standard_deployment():
    summary = check_game(GAME, games=3, seed=12, every=40, cross_process=False, options=STANDARD, checks=[check])
    assert summary.games == 3 and set(summary.reasons) <= set(ENDINGS)


@pytest.mark.slow
def test_az_check_game_with_the_sides_swapped():
    # Setup options reach every match, the replays and the child process.
    summary = check_game(GAME, games=2, seed=13, every=60, cross_process=True, options={"aztec": 1}, checks=[check])
    assert summary.games == 2


def test_az_the_check_catches_broken_states():
    s = GAME.new_state(seed=1, **STANDARD)
    assert check(s.match) == []
    m = s.clone().match
    a, b = list(m.pieces)[:2]
    m.move_piece(a, m.pieces[b].square)
    assert any("holds 2 units" in p for p in check(m))
    m = s.clone().match
    m.set_count(HITS, 5, a)
    assert any("Hits" in p for p in check(m))
    m = s.clone().match
    m.mark("attacked", a)
    m.mark("attacked", a)
    assert any("attacked 2 times" in p for p in check(m))


def _snapshot(m):
    return {pid: (p.kind, p.square, m.count(HITS, pid)) for pid, p in m.pieces.items()}


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(playthroughs(GAME, max_actions=300, options=STANDARD))
def test_az_invariants_along_any_playthrough(run):
    """Section 6: check() after every action; Hits never rise; units never come back;
    only the active side's units move, each by a straight line through empty squares,
    at most once (Horsemen twice) and Cannons at most 2 squares a turn."""
    state = GAME.new_state(players=run.players, seed=run.seed, **STANDARD)
    m = state.match
    assert check(m) == []
    for player, action in run.history:
        before = _snapshot(m)
        active, turn = m.active, m.turn
        lost = [hits_lost(m, s) for s in range(2)]
        state.apply(player, action)
        assert check(m) == []
        after = _snapshot(m)
        assert set(after) <= set(before)  # no unit appears
        for pid, (kind, square, hits) in after.items():
            old_kind, old_square, old_hits = before[pid]
            assert kind == old_kind and hits <= old_hits
            if square != old_square:
                # one action may run on into the next turn (automatic answers), so the
                # mover is the side active before or after it, never anybody else
                assert m.pieces[pid].owner in (active, m.active)
                assert square is not None and BOARD.along(old_square, square) is not None
                taken = {where for _, where, _ in before.values()}
                assert square not in taken and not taken & set(BOARD.between(old_square, square))
                assert kind != "cannon" or BOARD.distance(old_square, square) <= 2
        assert all(hits_lost(m, s) >= lost[s] for s in range(2))
        if m.result is None and m.turn == turn:
            for pid, n in Counter(m.marked(MOVED)).items():
                assert pid not in m.pieces or n <= UNITS[m.pieces[pid].kind].moves
    assert state.to_json() == run.state.to_json()


def test_az_determinized_states_play_on():
    """``State.determinize`` (what search bots call) gives states that play on legally,
    also while a chosen card waits for its unit and target."""
    for seed in range(3):
        state = GAME.new_state(seed=seed, **STANDARD)
        chooser = random.Random(seed + 5)  # the test's own choices, not the match's
        for step in range(250):
            if state.is_over:
                break
            d = state.pending[0]
            if step % 7 == 3:
                sample = state.determinize(1 - d.player, seed * 1000 + step)
                for _ in range(30):
                    if sample.is_over:
                        break
                    e = sample.pending[0]
                    sample.apply(e.player, chooser.choice(e.options))
                    assert check(sample.match) == []
            state.apply(d.player, chooser.choice(d.options))
