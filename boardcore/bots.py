"""Bots: programs that answer decisions. Installed through ``boardcore.bots``.

A bot is any object with ``choose(state, decision) -> action``. The entry point
names a factory called as ``factory(seed=S)``; each seat of a simulated game gets
its own bot, seeded from the run's seed so results repeat exactly.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol

from . import rng
from .errors import PluginError

if TYPE_CHECKING:
    from .actions import Action
    from .decisions import Decision
    from .state import State

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


def list_bots() -> list[str]:
    """Names of the installed bots, sorted."""
    return sorted({ep.name for ep in entry_points(group=BOTS_GROUP)} | set(_BUILTIN))


_BUILTIN: dict[str, Any] = {"random": RandomBot, "first": FirstBot}


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
