"""boardcore.pettingzoo: any game as a PettingZoo AEC environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

import boardcore
import boardcore.pettingzoo
from boardcore.spaces import rewards

import toy
from test_spaces import COUNTS, run_page

# The longest matches (many seats) take a few seconds each: they run with the slow tests.
SLOW = {("prehistoric-warfare", n) for n in (2, 3, 4, 5, 6)} | {("invasions-of-the-horse-people", n) for n in (5, 6)}
CASES = [pytest.param(name, n, marks=[pytest.mark.slow] if (name, n) in SLOW else []) for name, n in COUNTS]


@pytest.mark.filterwarnings("ignore")  # api_test warns that a dict observation is not an array: ours is a dict by design
@pytest.mark.parametrize("name,players", CASES)
def test_pettingzoos_api_and_seed_tests_pass(name, players):
    game = boardcore.load_game(name)
    api_test(boardcore.pettingzoo.env(game, players), num_cycles=1000)
    seed_test(lambda: boardcore.pettingzoo.env(game, players), num_cycles=500)


def play(env, seed, choose=lambda mask, rng: int(rng.choice(np.flatnonzero(mask)))):
    """Play one match with random masked ids; returns the last reward of each agent."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(choose(observation["action_mask"], rng))
    return final


@pytest.mark.parametrize("name,players", [("gallic-wars", 2), ("invasions-of-the-horse-people", 3), ("toy-arena", 3)])
def test_a_match_ends_with_the_results_rewards_for_every_agent(name, players):
    env = boardcore.pettingzoo.env(toy.arena() if name == "toy-arena" else name, players)
    final = play(env, seed=5)
    result = env.state_now.result
    assert result is not None and sum(final.values()) == pytest.approx(0)
    assert [final[a] for a in env.possible_agents] == rewards(result, players)
    assert env.agents == []


def test_an_illegal_id_raises_and_changes_nothing():
    env = boardcore.pettingzoo.env("gallic-wars")
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before, selected = env.state_now.to_json(), env.agent_selection
    for bad in (illegal, -1, env.action_space(selected).n, "done", None, True):
        with pytest.raises(boardcore.IllegalAction):
            env.step(bad)
    assert env.state_now.to_json() == before and env.agent_selection == selected


def test_an_id_may_be_a_0_d_array_as_policies_return_it():
    played = []
    for wrap in (int, np.array, np.int64):
        env = boardcore.pettingzoo.env("gallic-wars")
        env.reset(seed=1)
        legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[-1])
        env.step(wrap(legal))
        played.append(env.state_now.history)
    assert played[0] == played[1] == played[2] and played[0]


def test_only_the_agent_choosing_has_a_mask():
    env = boardcore.pettingzoo.env("invasions-of-the-horse-people", 4)
    env.reset(seed=2)
    masks = {agent: env.observe(agent)["action_mask"] for agent in env.agents}
    assert masks[env.agent_selection].sum() >= 1
    assert all(mask.sum() == 0 for agent, mask in masks.items() if agent != env.agent_selection)


def test_bad_arguments_raise_boardcores_own_errors():
    with pytest.raises(boardcore.UnknownGame):
        boardcore.pettingzoo.env("no-such-game")
    with pytest.raises(boardcore.InvalidData, match="players"):
        boardcore.pettingzoo.env("gallic-wars", players=3)
    with pytest.raises(boardcore.InvalidData, match="options"):
        boardcore.pettingzoo.env("gallic-wars", colour="blue")
    with pytest.raises(boardcore.InvalidData, match="render_mode"):
        boardcore.pettingzoo.env("gallic-wars", render_mode="rgb_array")
    with pytest.raises(boardcore.IllegalAction, match="reset"):
        boardcore.pettingzoo.env("gallic-wars").observe("player_0")


def test_render_shows_the_view_and_what_each_legal_id_means():
    env = boardcore.pettingzoo.env("aztec-skirmish", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    mask = env.observe(env.agent_selection)["action_mask"]
    for token in np.flatnonzero(mask):
        assert f"[{token}] {env.space.names[token]}: " in text
    assert "aztec-skirmish" in text


def test_max_steps_truncates_every_agent():
    env = boardcore.pettingzoo.env("prehistoric-warfare", 3, max_steps=10)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
        else:
            env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
            steps += 1
    assert steps == 10 and not env.state_now.is_over


def test_the_pages_code_runs(capsys):
    run_page("pettingzoo.md", MATCHES=2)
    out = capsys.readouterr().out
    assert "trained on 2 matches" in out and "Result(" in out
