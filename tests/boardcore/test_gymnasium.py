"""boardcore.gymnasium: one seat of any game against bots, as a Gymnasium environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env

import boardcore
import boardcore.gymnasium
from boardcore.spaces import rewards

import toy
from test_spaces import run_page


@pytest.mark.filterwarnings("ignore")  # the checker warns that there is no render fps nor registered spec
@pytest.mark.parametrize(
    "name,players,seat",
    [("gallic-wars", 2, 0), ("invasions-of-the-horse-people", 6, 5), ("prehistoric-warfare", 3, 1), ("aztec-skirmish", 2, 1), ("toy-duel", 3, 2)],
)
def test_gymnasiums_checker_passes(name, players, seat):
    game = toy.duel() if name == "toy-duel" else boardcore.load_game(name)
    check_env(boardcore.gymnasium.env(game, players, seat=seat, render_mode="ansi"))


def episode(env, seed):
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert env.observation_space.contains(observation)
        assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())
        observation, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
    return reward, steps


@pytest.mark.parametrize("seat", [0, 1])
def test_an_episode_ends_with_the_seats_reward(seat):
    env = boardcore.gymnasium.env("gallic-wars", seat=seat, opponents="first")
    reward, steps = episode(env, seed=4)
    assert steps > 0 and reward == rewards(env.state_now.result, 2)[seat]
    assert all(d.player != seat for d in env.state_now.pending)


def test_the_same_seed_plays_the_same_match_bots_included():
    first, second = (boardcore.gymnasium.env("invasions-of-the-horse-people", 3, seat=1) for _ in range(2))
    assert episode(first, seed=9) == episode(second, seed=9)
    assert first.state_now == second.state_now


def test_an_illegal_id_loses_by_default_or_raises_on_request():
    env = boardcore.gymnasium.env("gallic-wars")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    # The episode is over, as it said: the match may not go on after the forfeit.
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(boardcore.IllegalAction, match="call reset"):
        env.step(legal)
    env.reset(seed=1)
    env.step(legal)
    strict = boardcore.gymnasium.env("gallic-wars", illegal="raise")
    strict.reset(seed=1)
    before = strict.state_now.to_json()
    for bad in (illegal, -1, strict.action_space.n, 2.0, "done"):
        with pytest.raises(boardcore.IllegalAction):
            strict.step(bad)
    assert strict.state_now.to_json() == before


def test_bad_arguments_raise_boardcores_own_errors():
    with pytest.raises(boardcore.UnknownGame):
        boardcore.gymnasium.env("no-such-game")
    with pytest.raises(boardcore.InvalidData, match="players"):
        boardcore.gymnasium.env("aztec-skirmish", players=4)
    with pytest.raises(boardcore.InvalidData, match="seat"):
        boardcore.gymnasium.env("gallic-wars", seat=2)
    with pytest.raises(boardcore.InvalidData, match="opponents"):
        boardcore.gymnasium.env("gallic-wars", opponents=["random"] * 3)
    with pytest.raises(boardcore.PluginError, match="no bot"):
        boardcore.gymnasium.env("gallic-wars", opponents="nobody")
    with pytest.raises(boardcore.InvalidData, match="illegal"):
        boardcore.gymnasium.env("gallic-wars", illegal="ignore")


def test_the_pages_code_runs(capsys):
    run_page("gymnasium.md", EPISODES=2)
    assert "mean reward over the last 2 matches" in capsys.readouterr().out


def test_an_id_may_be_a_numpy_scalar_or_a_0_d_array_as_policies_return_it():
    env = boardcore.gymnasium.env("gallic-wars", opponents="first")
    _, info = env.reset(seed=2)
    legal = int(np.flatnonzero(info["action_mask"])[-1])
    played = []
    for token in (legal, np.array(legal), np.int64(legal)):
        twin = boardcore.gymnasium.env("gallic-wars", opponents="first")
        twin.reset(seed=2)
        twin.step(token)
        played.append(twin.state_now.history)
    assert played[0] == played[1] == played[2] and len(played[0]) > len(env.state_now.history)
    with pytest.raises(boardcore.IllegalAction):
        env.step(np.array([legal]))  # a batch of one is not an id
    with pytest.raises(boardcore.IllegalAction):
        env.step(np.array(float(legal)))


def test_0_3_name_seatenv_still_works_for_a_version_with_a_warning():
    """0.3 named this class SeatEnv, as boardcore.env's plain environment is named."""
    with pytest.warns(DeprecationWarning, match=r"boardcore.gymnasium.SeatEnv is now boardcore.gymnasium.GymnasiumEnv"):
        assert boardcore.gymnasium.SeatEnv is boardcore.gymnasium.GymnasiumEnv
    assert isinstance(boardcore.gymnasium.env("gallic-wars"), boardcore.gymnasium.GymnasiumEnv)
