"""One seat of a game as a reinforcement-learning style environment.

``SeatEnv`` turns any game into the loop RL code expects: ``reset`` starts a
match and plays the other seats (with bots) until the learner must act; ``step``
applies the learner's choice, again plays the others, and reports the reward.
Observations are the learner's own view (so nothing hidden leaks into training
data) and the legal actions are indexed options. No RL library is required; the
shape maps directly onto Gymnasium's ``reset``/``step`` if you wrap it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from . import Decision, Game, IllegalAction, InvalidData, State
from .bots import Bot, make_bot
from .seeded import derive


@attrs.frozen
class Observation:
    """What the learner sees when it must act (or when the match ends)."""

    view: dict[str, Any]
    """The learner's view (``State.view``)."""
    legal: tuple[str, ...]
    """The texts of the learner's options; ``step(i)`` picks ``legal[i]``. Empty when done."""
    prompt: str


@attrs.frozen
class Transition:
    """The result of one ``step``."""

    observation: Observation
    reward: float
    """0 until the match ends; then 1 for a sole win, -1 when another seat won
    alone, and 0 for a draw or a shared result."""
    done: bool
    info: dict[str, Any]


def _opponent_names(opponents: str | Sequence[str], players: int) -> list[str]:
    """The bot name of each seat, from one name for all or one per seat."""
    names = [opponents] * players if isinstance(opponents, str) else list(opponents)
    if len(names) != players:
        raise InvalidData(f"{len(names)} opponents for {players} seats (give one name, or one per seat)", where="opponents")
    return names


def _asked(state: State, seat: int) -> Decision | None:
    """The decision the engine asks ``seat`` now, if any."""
    return next((d for d in state.pending if d.player == seat), None)


def _play_bots(state: State, seat: int, bots: Mapping[int, Bot]) -> Decision | None:
    """Let ``bots`` answer the other seats' decisions until ``seat`` has one (returned)
    or the match ends (None).

    When the learner and others choose at once, the learner goes first: the
    engine keeps simultaneous secret choices hidden from each other anyway.
    """
    state.playout(lambda s, decision: bots[decision.player].choose(s, decision), until=lambda s: _asked(s, seat) is not None)
    return _asked(state, seat)


class SeatEnv:
    """Seat ``seat`` of ``game`` played by the caller; every other seat by ``opponents``
    (one bot name for all, or one per seat)."""

    def __init__(
        self, game: Game, players: int | None = None, seat: int = 0, opponents: str | Sequence[str] = "random", **options: Any
    ) -> None:
        self.game = game
        self.players = players if players is not None else game.player_counts[0]
        if self.players not in game.player_counts:
            raise InvalidData(f"{game.name} cannot be played by {self.players} players", where="players")
        if not 0 <= seat < self.players:
            raise InvalidData(f"seat {seat} is not one of the {self.players} seats", where="seat")
        self.seat = seat
        self._names = _opponent_names(opponents, self.players)
        self.options = options
        self.state: State | None = None
        self._bots: dict[int, Bot] = {}

    def reset(self, seed: int = 0) -> Observation:
        """Start a new match from ``seed`` and play up to the learner's first decision."""
        self.state = self.game.new_state(players=self.players, seed=seed, **self.options)
        self._bots = {p: make_bot(self._names[p], derive(seed, p + 1)) for p in range(self.players) if p != self.seat}
        _play_bots(self.state, self.seat, self._bots)
        return self._observe()

    def step(self, index: int) -> Transition:
        """Apply the learner's option ``index`` (any integer type, NumPy's too) and play
        the others until it must act again; IllegalAction, changing nothing, for an
        option that does not exist."""
        state = self._require()
        if _asked(state, self.seat) is None:
            raise IllegalAction("the match is over; call reset()", player=self.seat)
        state.apply_index(self.seat, index)
        _play_bots(state, self.seat, self._bots)
        result = state.result
        reward = 0.0
        if result is not None and len(result.winners) == 1:
            reward = 1.0 if result.winners == (self.seat,) else -1.0
        info = {"turn": state.turn, "result": None if result is None else attrs.asdict(result)}
        return Transition(self._observe(), reward, result is not None, info)

    def _require(self) -> State:
        if self.state is None:
            raise IllegalAction("call reset() before step()", player=self.seat)
        return self.state

    def _observe(self) -> Observation:
        state = self._require()
        mine = _asked(state, self.seat)
        if mine is None:
            return Observation(state.view(self.seat), (), "")
        return Observation(state.view(self.seat), tuple(str(o) for o in mine.options), mine.prompt)
