"""Any game as a PettingZoo AEC environment, every seat an agent.

>>> import boardcore.pettingzoo
>>> env = boardcore.pettingzoo.env("<game name>", players=2)   # doctest: +SKIP
>>> env.reset(seed=7)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else policy(observation)
...     env.step(action)

Agents are ``player_0 .. player_<n-1>``. An observation is a dict: ``observation``
is the seat's :class:`~boardcore.observations.ObservationEncoder` vector and
``action_mask`` marks the ids of :class:`~boardcore.spaces.ActionSpace` the agent
may choose now (all zero for an agent that is not choosing). A compound option
takes several steps of the same agent (see :mod:`boardcore.spaces`). Rewards are
0 until the match ends, then :func:`boardcore.spaces.rewards`. Needs the ``rl``
extra (``pip install "boardcore[rl]"``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from . import Game, IllegalAction, InvalidData, load_game
from .gymnasium import _Adapter
from .spaces import Cursor, action_id, rewards

RENDER_MODES = ("human", "ansi")


def env(
    game: str | Game,
    players: int | None = None,
    *,
    plugins: Sequence[Any] = (),
    render_mode: str | None = None,
    max_steps: int | None = None,
    **options: Any,
) -> BoardcoreAEC:
    """The AEC environment of ``game`` (a name, or a loaded :class:`~boardcore.Game`)
    for ``players`` seats (the game's smallest count by default). ``plugins`` are
    opt-in rule plugins, ``options`` the game's setup options; ``max_steps``
    truncates a match after that many agent steps."""
    loaded = load_game(game, plugins=list(plugins)) if isinstance(game, str) else game
    return BoardcoreAEC(loaded, players, render_mode=render_mode, max_steps=max_steps, **options)


class BoardcoreAEC(_Adapter, AECEnv):
    """One match of a boardcore game at a time, as an AEC environment."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "boardcore_v0", "is_parallelizable": False}

    def __init__(
        self, game: Game, players: int | None = None, *, render_mode: str | None = None, max_steps: int | None = None, **options: Any
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidData(f"render_mode must be one of {list(RENDER_MODES)} or None, not {render_mode!r}", where="render_mode")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise InvalidData(f"max_steps must be a positive integer, not {max_steps!r}", where="max_steps")
        self._adapt(game, players)
        game.spec.check_options(options)
        self.options = options
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"boardcore_{game.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        low, high = self.encoder.bounds()
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.space.size,), dtype=np.int8),
            }
        )
        self._action_space = gymnasium.spaces.Discrete(self.space.size)
        self._seeds = np.random.default_rng()
        self._steps = 0

    # -- spaces ------------------------------------------------------------------------

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        self._seat_of(agent)
        return self._observation_space

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        self._seat_of(agent)
        return self._action_space

    def _seat_of(self, agent: str) -> int:
        seat = self._seat.get(agent)
        if seat is None:
            raise InvalidData(f"no agent {agent!r} (agents: {self.possible_agents})", where="agent")
        return seat

    # -- the AEC API -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match. With ``seed`` the match (and every later unseeded reset)
        is repeatable. ``options`` is accepted for the API and ignored: the game's
        setup options are given to :func:`env`."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            match_seed = int(seed)
        else:
            match_seed = int(self._seeds.integers(0, 2**62))
        state = self.game.new_state(players=self.players, seed=match_seed, **self.options)
        self.cursor = Cursor(self.space, state)
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        cursor = self._cursor()
        if cursor.player is not None:
            self.agent_selection = self.possible_agents[cursor.player]
        elif not getattr(self, "agent_selection", None):
            self.agent_selection = self.possible_agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of(agent)
        cursor = self._cursor()
        return {
            "observation": self.encoder.encode(cursor.state, seat, cursor.prefix(seat)),
            "action_mask": cursor.mask(seat),
        }

    def step(self, action: Any) -> None:
        """Choose id ``action`` for ``agent_selection`` (None for an agent that is done).
        IllegalAction for an id that is not legal now: nothing changes then."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        cursor = self._cursor()
        token = action_id(action)
        if token is None:
            raise IllegalAction(f"an action is an id of the action space, not {action!r}", player=self._seat[agent])
        cursor.step(token)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        state = cursor.state
        if state.is_over:
            for a, reward in zip(self.possible_agents, rewards(state.result, self.players)):
                if a in self.rewards:
                    self.rewards[a] = reward
                    self.terminations[a] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- people ------------------------------------------------------------------------

    def render(self) -> str | None:
        """The view of the agent choosing now (the last one once the match is over)
        and their legal ids, as text: returned with ``render_mode="ansi"``, printed
        with ``"human"``."""
        return self._render(self._seat.get(self.agent_selection, 0))

    def close(self) -> None:
        """Nothing to release: a match is plain data."""
