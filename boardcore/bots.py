"""Bots: programs that answer decisions. Installed through ``boardcore.bots``.

A bot is any object with ``choose(state, decision) -> action``. The entry point
names a factory called as ``factory(seed=S)``; each seat of a simulated game gets
its own bot, seeded from the run's seed so results repeat exactly.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol

from . import _rng as rng
from ._errors import PluginError

if TYPE_CHECKING:
    from ._actions import Action
    from ._decisions import Decision
    from ._state import State

BOTS_GROUP = "boardcore.bots"


class Bot(Protocol):
    def choose(self, state: State, decision: Decision) -> Action: ...


class RandomBot:
    """Picks uniformly among the options, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = rng.seed_state(seed)

    def choose(self, state: State, decision: Decision) -> Action:
        index, self._rng = rng.below(self._rng, len(decision.options))
        return decision.options[index]


class FirstBot:
    """Always picks the first option: a fast, predictable opponent for tests."""

    name = "first"

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, state: State, decision: Decision) -> Action:
        return decision.options[0]


class MonteCarloBot:
    """Flat Monte Carlo: tries each option in a few random playouts and keeps the best.

    Every playout starts from ``state.determinize(me, seed)``, a copy in which the
    cards hidden from the bot are dealt again at random, so the bot never uses
    what it may not see. A playout scores 1 for a sole win, ``1/k`` for a result
    shared by ``k`` seats including the bot, 0 otherwise; a playout still running
    after ``horizon`` actions scores 1/n (n players). Works for every game.
    """

    name = "mc"

    def __init__(self, seed: int = 0, playouts: int = 6, horizon: int = 2000, max_options: int = 12) -> None:
        self._rng = rng.seed_state(seed)
        self.playouts = playouts
        self.horizon = horizon
        self.max_options = max_options

    def _below(self, n: int) -> int:
        value, self._rng = rng.below(self._rng, n)
        return value

    def choose(self, state: State, decision: Decision) -> Action:
        options = decision.options
        if len(options) == 1:
            return options[0]
        candidates = list(range(len(options)))
        if len(candidates) > self.max_options:
            # Too many to try: a random sample of them (deterministic for the seed).
            order, self._rng = rng.shuffled(self._rng, tuple(str(i) for i in candidates))
            candidates = sorted(int(i) for i in order[: self.max_options])
        me = decision.player
        best, best_score = candidates[0], -1.0
        for index in candidates:
            score = sum(self._playout(state, me, options[index]) for _ in range(self.playouts))
            if score > best_score:
                best, best_score = index, score
        return options[best]

    def _playout(self, state: State, me: int, first: Action) -> float:
        sample = state.determinize(me, self._below(1 << 62))
        mine = [d for d in sample.pending if d.player == me]
        if not mine or first not in mine[0].options:
            return 0.0
        sample.apply(me, first)
        for _ in range(self.horizon):
            if sample.is_over:
                break
            pending = sample.pending
            decision = pending[self._below(len(pending))]
            sample.apply(decision.player, decision.options[self._below(len(decision.options))])
        result = sample.result
        if result is None:
            return 1.0 / state.players
        if me in result.winners:
            return 1.0 / len(result.winners)
        return 0.0


def list_bots() -> list[str]:
    """Names of the installed bots, sorted."""
    return sorted({ep.name for ep in entry_points(group=BOTS_GROUP)} | set(_BUILTIN))


_BUILTIN: dict[str, Any] = {"random": RandomBot, "first": FirstBot, "mc": MonteCarloBot}


def bot_summary(name: str) -> str:
    """The first line of the docstring of the bot called ``name``, or why it cannot be loaded."""
    try:
        factory = bot_factory(name)
    except PluginError as exc:
        return f"(cannot be loaded: {exc})"
    doc = (getattr(factory, "__doc__", None) or "").strip()
    return doc.splitlines()[0] if doc else "(no description)"


def bot_factory(name: str) -> Any:
    """The factory of the bot called ``name``."""
    found = [ep for ep in entry_points(group=BOTS_GROUP) if ep.name == name]
    if found:
        try:
            return found[0].load()
        except Exception as exc:  # an entry point can fail in any way while importing
            raise PluginError(f"failed to load: {type(exc).__name__}: {exc}", plugin=name) from exc
    if name in _BUILTIN:
        return _BUILTIN[name]
    raise PluginError(f"no bot of this name is installed (installed: {', '.join(list_bots())})", plugin=name)


def make_bot(name: str, seed: int) -> Bot:
    bot: Bot = bot_factory(name)(seed=seed)
    if not callable(getattr(bot, "choose", None)):
        raise PluginError("the bot has no choose(state, decision) method", plugin=name)
    return bot
