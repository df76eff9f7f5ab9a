"""boardcore.openspiel: installed games as OpenSpiel Python games."""

from __future__ import annotations

import re

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import boardcore
import boardcore.openspiel

from test_spaces import run_page


@pytest.mark.parametrize(
    "name,players",
    [
        ("gallic-wars", 2),
        pytest.param("invasions-of-the-horse-people", 3, marks=pytest.mark.slow),
        pytest.param("prehistoric-warfare", 2, marks=pytest.mark.slow),
        pytest.param("aztec-skirmish", 2, marks=pytest.mark.slow),
    ],
)
def test_openspiels_random_simulation_test_passes(name, players):
    game = boardcore.openspiel.load(name, players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_games_and_states_pickle_even_into_a_fresh_process():
    # They did not: the game's class was made at run time and found by no name, and
    # a state held hashlib objects. A fresh interpreter registers the game on demand.
    import pickle
    import subprocess
    import sys

    game = boardcore.openspiel.load("gallic-wars", 2, deals=50)
    state = game.new_initial_state()
    state.apply_action(7)  # the deal
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.information_state_string(0) == state.information_state_string(0)
    assert copy.legal_actions() == state.legal_actions() and copy.get_game().get_parameters()["deals"] == 50
    child = "import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); print(s.information_state_string(1))"
    done = subprocess.run([sys.executable, "-c", child], input=pickle.dumps(state), capture_output=True, check=True)
    assert done.stdout.decode().strip() == state.information_state_string(1)


def test_every_installed_game_is_registered_once_under_its_name():
    names = boardcore.openspiel.register()
    assert names == boardcore.openspiel.register()
    assert "boardcore_invasions_of_the_horse_people" in names
    assert set(names) <= set(pyspiel.registered_names())
    with pytest.raises(boardcore.UnknownGame):
        boardcore.openspiel.register(["no-such-game"])


def test_the_deal_is_the_only_chance_node_and_returns_are_the_results():
    game = boardcore.openspiel.load("gallic-wars", 2, deals=4)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(d, 0.25) for d in range(4)]
    state.apply_action(2)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(int(rng.choice(state.legal_actions())))
    result = state.cursor.state.result
    assert state.cursor.state.seed == 2 and state.returns() == boardcore.spaces.rewards(result, 2)


def test_a_resampled_state_looks_the_same_to_the_player_and_differs_in_secret():
    game = boardcore.openspiel.load("gallic-wars", 2)
    state = game.new_initial_state()
    state.apply_action(7)
    rng = np.random.default_rng(1)
    for _ in range(5):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    other = 1 - player
    hidden_differs = 0
    for seed in range(5):
        twin = boardcore.openspiel.resample(state, player, seed)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        assert twin.legal_actions() == state.legal_actions()
        hidden_differs += twin.observation_tensor(other) != state.observation_tensor(other)
    assert hidden_differs > 0


def exchange(game, picks0, picks1=()):
    """A Gallic Wars match of deal 5 in which seat 0 has made its whole exchange (the
    card ids ``picks0``, by their place among seat 0's legal ids, then done) and seat
    1 has picked ``picks1`` so far."""
    state = game.new_initial_state()
    state.apply_action(5)
    for seat, picks, finish in ((0, picks0, True), (1, picks1, False)):
        for place in picks:
            assert state.current_player() == seat
            state.apply_action(card_ids(state)[place])
        if finish and state.current_player() == seat:
            state.apply_action(boardcore.spaces.DONE_ID)
    return state


def card_ids(state):
    return [t for t in state.legal_actions() if t != boardcore.spaces.DONE_ID]


def test_a_later_player_learns_nothing_of_an_earlier_players_secret_picks():
    # Both exchange at once; here seat 0 makes its whole exchange, then seat 1.
    game = boardcore.openspiel.load("gallic-wars", 2)
    variants = [exchange(game, picks) for picks in [(), (0,), (2,), (0, 0, 0), (3, 1, 0, 0)]]
    for state in variants:
        assert state.current_player() == 1
    for look in ("information_state_string", "observation_string", "observation_tensor"):
        seen = {str(getattr(state, look)(1)) for state in variants}
        assert len(seen) == 1, look
    # ... until the reveal: once seat 1 is done too, the exchanges are known.
    for state in variants:
        state.apply_action(boardcore.spaces.DONE_ID)
    assert len({state.information_state_string(1) for state in variants}) == len(variants)


def test_a_resampled_state_depends_only_on_what_the_resampling_player_knows():
    # Seat 0 cannot tell these two apart: seat 1 has picked a different card to
    # exchange. Each player's information state in a sample, not only seat 0's,
    # must come out the same, and stay so whatever is played next.
    game = boardcore.openspiel.load("gallic-wars", 2)
    one, two = exchange(game, (1, 0), (0,)), exchange(game, (1, 0), (4,))
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_string(1) != two.information_state_string(1)
    rng = np.random.default_rng(2)
    for seed in range(3):
        a = boardcore.openspiel.resample(one, 0, seed)
        b = boardcore.openspiel.resample(two, 0, seed)
        assert a.information_state_string(0) == one.information_state_string(0)
        assert a.history() == b.history() == []  # no OpenSpiel history: it would name the real deal
        while True:
            for player in range(2):
                assert a.information_state_string(player) == b.information_state_string(player)
                assert a.observation_string(player) == b.observation_string(player)
                assert a.observation_tensor(player) == b.observation_tensor(player)
            assert a.current_player() == b.current_player() and a.legal_actions() == b.legal_actions()
            if a.is_terminal():
                break
            action = int(rng.choice(a.legal_actions()))
            a.apply_action(action)
            b.apply_action(action)
        assert a.returns() == b.returns()


def test_a_resampled_state_round_trips_and_counts_its_moves():
    game = boardcore.openspiel.load("gallic-wars", 2, max_game_length=12)
    state = exchange(game, (0,))
    sample = boardcore.openspiel.resample(state, 1, 4)
    again = game.deserialize_state(sample.serialize())
    assert again.information_state_string(1) == sample.information_state_string(1)
    assert again.information_state_string(0) == sample.information_state_string(0)
    while not sample.is_terminal():
        sample.apply_action(sample.legal_actions()[0])
    assert state.move_number() + sample.move_number() == 12
    assert game.new_initial_state().resample_from_infostate(0, lambda: 0.5).is_chance_node()


def test_a_match_that_runs_too_long_ends_even():
    game = boardcore.openspiel.load("invasions-of-the-horse-people", 2, max_game_length=20)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node() else 0)
    assert state.move_number() <= 20 and state.returns() == [0.0, 0.0]


def test_the_pages_code_runs(capsys):
    run_page("openspiel.md", MATCHES=2, SIMULATIONS=3)
    last = capsys.readouterr().out.splitlines()[-1]
    assert re.fullmatch(
        r"IS-MCTS at 3 simulations won [012] of 2 matches against random play \(\d+%; 95% interval \d+% to \d+%\) in \d+ s",
        last,
    )
