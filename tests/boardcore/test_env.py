"""boardcore.env.SeatEnv: one seat of any game as a reset/step environment."""

from __future__ import annotations

import json

import pytest

import boardcore
from boardcore.env import SeatEnv

import toy
import toycards


def run_episode(env, seed, pick=lambda obs: 0):
    obs = env.reset(seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert obs.legal, "the learner is asked only when it has options"
        result = env.step(pick(obs))
        obs, total, done = result.observation, total + result.reward, result.done
        steps += 1
    return total, steps, obs


@pytest.mark.parametrize("seat", [0, 1])
def test_an_episode_ends_with_a_reward_and_only_the_learners_view(seat):
    env = SeatEnv(toy.duel(), players=2, seat=seat)
    total, steps, obs = run_episode(env, seed=3)
    assert steps > 0 and total in (-1.0, 0.0, 1.0)
    assert obs.view["player"] == seat and obs.legal == ()
    json.dumps(obs.view)


def test_a_seat_of_a_game_with_secret_set_up_choices_plays_to_the_end():
    env = SeatEnv(toycards.game(), players=3, seat=2, opponents="first")
    total, steps, obs = run_episode(env, seed=2, pick=lambda o: len(o.legal) - 1)
    assert steps > 0 and obs.legal == () and obs.view["result"] is not None
    assert obs.view["player"] == 2 and "cards" not in obs.view["zones"]["hand:0"]


def test_episodes_repeat_for_a_seed():
    env = SeatEnv(toy.arena(), players=3, seat=1, opponents=["random", "random", "first"])
    assert run_episode(env, 7)[:2] == run_episode(env, 7)[:2]


def test_bad_steps_and_settings_are_clear_errors():
    env = SeatEnv(toy.duel())
    with pytest.raises(boardcore.IllegalAction, match="reset"):
        env.step(0)
    obs = env.reset(1)
    with pytest.raises(boardcore.IllegalAction, match="does not exist"):
        env.step(len(obs.legal))
    with pytest.raises(boardcore.InvalidData):
        SeatEnv(toy.duel(), players=2, seat=5)
    with pytest.raises(boardcore.InvalidData):
        SeatEnv(toy.duel(), players=2, opponents=["random"] * 3)


def test_a_step_takes_any_integer_type_but_not_a_bool():
    np = pytest.importorskip("numpy")
    env, twin = SeatEnv(toy.duel()), SeatEnv(toy.duel())
    env.reset(3), twin.reset(3)
    assert env.step(np.int64(0)) == twin.step(0)
    with pytest.raises(boardcore.IllegalAction, match="option True does not exist"):
        env.step(True)
