"""One seat of any game as a Gymnasium environment, the other seats played by bots.

>>> import boardcore.gymnasium
>>> env = boardcore.gymnasium.env("<game name>", seat=0, opponents="random")   # doctest: +SKIP
>>> observation, info = env.reset(seed=7)
>>> action = int(np.flatnonzero(info["action_mask"])[0])
>>> observation, reward, terminated, truncated, info = env.step(action)

The observation is the seat's :class:`~boardcore.observations.ObservationEncoder`
vector; the action is an id of :class:`~boardcore.spaces.ActionSpace`, and
``info["action_mask"]`` (also ``env.action_masks()``) marks the legal ones. The
opponents are bots from the ``boardcore.bots`` registry, seeded from the reset's
seed. The reward is 0 until the match ends, then the seat's share of
:func:`boardcore.spaces.rewards`.

An id outside the action space always raises :class:`~boardcore.IllegalAction`.
An id of the space that is not legal now ends the episode as a loss by default
(``illegal="lose"``: reward -1, ``info["illegal_action"]``), because Gymnasium's
own checker and algorithms without masking step with any id of the space;
``illegal="raise"`` raises IllegalAction instead and changes nothing. Needs the
``rl`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from . import Game, IllegalAction, InvalidData, State, load_game, renamed
from .bots import Bot, make_bot
from .env import _opponent_names, _play_bots
from .observations import ObservationEncoder
from .spaces import ActionSpace, Cursor, action_id, rewards

ILLEGAL = ("lose", "raise")


def env(
    game: str | Game,
    players: int | None = None,
    *,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    plugins: Sequence[Any] = (),
    illegal: str = "lose",
    render_mode: str | None = None,
    **options: Any,
) -> GymnasiumEnv:
    """The environment of ``seat`` in ``game`` (a name or a loaded game): see :class:`GymnasiumEnv`."""
    loaded = load_game(game, plugins=list(plugins)) if isinstance(game, str) else game
    return GymnasiumEnv(loaded, players, seat=seat, opponents=opponents, illegal=illegal, render_mode=render_mode, **options)


def _bot_seed(seed: int, seat: int) -> int:
    # A seat's bot gets its own seed, fixed by the match's (a SplitMix-style odd multiplier).
    return (seed * 0x9E3779B97F4A7C15 + seat + 1) & ((1 << 63) - 1)


class _Adapter:
    """What :class:`GymnasiumEnv` and the PettingZoo environment share: the game's
    encoder and action space, the match under way (``cursor``) and its rendering."""

    game: Game
    encoder: ObservationEncoder
    space: ActionSpace
    players: int
    cursor: Cursor | None
    render_mode: str | None

    def _adapt(self, game: Game, players: int | None) -> None:
        self.encoder = ObservationEncoder(game, players)
        self.space = self.encoder.space
        self.game = game
        self.players = self.space.players
        self.cursor = None

    @property
    def state_now(self) -> State:
        """The match being played (IllegalAction before the first ``reset``)."""
        return self._cursor().state

    def _cursor(self) -> Cursor:
        if self.cursor is None:
            # A Gymnasium environment names its learner's seat; a PettingZoo one has none.
            raise IllegalAction("call reset() first", player=getattr(self, "seat", None))
        return self.cursor

    def _render(self, seat: int) -> str | None:
        """``seat``'s :meth:`Cursor.text`, returned for ``"ansi"``, printed for ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self._cursor().text(seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


class GymnasiumEnv(_Adapter, gymnasium.Env):
    """``seat`` of ``game`` with ``players`` seats; every other seat is played by
    ``opponents`` (one bot name for all, or one per seat, the learner's ignored)."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: Game,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self._adapt(game, players)
        n = self.players
        if type(seat) is not int or not 0 <= seat < n:
            raise InvalidData(f"seat {seat!r} is not one of the {n} seats", where="seat")
        names = _opponent_names(opponents, n)
        for p, name in enumerate(names):
            if p != seat:
                make_bot(name, 0)  # an unknown bot fails here, not at the first reset
        if illegal not in ILLEGAL:
            raise InvalidData(f"illegal must be one of {list(ILLEGAL)}, not {illegal!r}", where="illegal")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidData(f"render_mode must be 'human', 'ansi' or None, not {render_mode!r}", where="render_mode")
        game.spec.check_options(options)
        self.seat, self._names, self.illegal, self.options = seat, names, illegal, options
        self.render_mode = render_mode
        low, high = self.encoder.bounds()
        self.observation_space = gymnasium.spaces.Box(low, high, dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.space.size)
        self._forfeited = False
        self._bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a match (from ``seed``, or from the environment's generator) and play
        the other seats up to the learner's first decision. ``options`` is ignored:
        the game's setup options are given to the constructor."""
        super().reset(seed=seed)
        match_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**62))
        state = self.game.new_state(players=self.players, seed=match_seed, **self.options)
        self._bots = {p: make_bot(self._names[p], _bot_seed(match_seed, p)) for p in range(self.players) if p != self.seat}
        self.cursor = Cursor(self.space, state)
        self._forfeited = False
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        cursor = self._cursor()
        if cursor.player is None or self._forfeited:
            raise IllegalAction("the match is over; call reset()", player=self.seat)
        token = action_id(action)
        if token is None or not 0 <= token < self.space.size:
            raise IllegalAction(f"{action!r} is not an id of the action space (0..{self.space.size - 1})", player=self.seat)
        if not cursor.mask()[token]:
            if self.illegal == "raise":
                raise IllegalAction(f"action {token} ({self.space.names[token]}) is not legal now", player=self.seat)
            # The episode ends here, as it said (terminated): the match may not go on.
            self._forfeited = True
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": True}
        cursor.step(token)
        self._play_others()
        state = cursor.state
        reward = rewards(state.result, self.players)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, state.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal ids now, as a boolean array (the method maskable algorithms call)."""
        return self._cursor().mask(self.seat).astype(bool)

    def _play_others(self) -> None:
        """Let the bots answer until the learner must choose or the match ends."""
        cursor = self._cursor()
        if _play_bots(cursor.state, self.seat, self._bots) is None:
            cursor.choice = None
        elif cursor.player != self.seat:
            cursor.choice = cursor.space.choice(cursor.state, self.seat)

    def _observe(self) -> np.ndarray:
        cursor = self._cursor()
        return self.encoder.encode(cursor.state, self.seat, cursor.prefix(self.seat))

    def _info(self) -> dict[str, Any]:
        state = self._cursor().state
        return {"action_mask": self._cursor().mask(self.seat), "turn": state.turn}

    def render(self) -> str | None:
        """The learner's view and legal ids as text (returned for ``"ansi"``, printed for ``"human"``)."""
        return self._render(self.seat)


# 0.3's name, the same as boardcore.env.SeatEnv's (a plain environment): kept for this version.
__getattr__ = renamed(__name__, {"SeatEnv": ("GymnasiumEnv", GymnasiumEnv)}, docs="docs/migration.md, From 0.3 to 0.4")
