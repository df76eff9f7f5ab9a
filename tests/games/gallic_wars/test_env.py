"""Gallic Wars through boardcore.env.SeatEnv: the secret exchange from one seat."""

from __future__ import annotations

from boardcore.env import SeatEnv


def test_a_learner_plays_whole_games_of_gallic_wars_as_the_celts():
    env = SeatEnv(__import__("boardcore").load_game("gallic-wars"), seat=1)
    for seed in range(5):
        obs = env.reset(seed)
        assert obs.legal[-1] == "done" and obs.view["zones"]["hand:0"].get("cards") is None
        done = False
        while not done:
            step = env.step(len(obs.legal) - 1)  # always "done": keep the hand
            obs, done = step.observation, step.done
        assert step.reward in (-1.0, 0.0, 1.0) and step.info["result"]["winners"]
