"""Bots: programs that answer decisions. Installed through ``boardcore.bots``.

A bot is any object with ``choose(state, decision) -> action``. The entry point
names a factory called as ``factory(seed=S, **settings)``; each seat of a simulated
game gets its own bot, seeded from the run's seed so results repeat exactly.

A bot is named by a spec, ``NAME`` or ``NAME:KEY=VALUE,KEY=VALUE``
(``ismcts:iterations=400,c=0.7``): the settings are passed to the factory as
keyword arguments, each value read as JSON when it can be (``400`` is a number,
``true`` a boolean) and kept as a string otherwise.
"""

from __future__ import annotations

import functools
import inspect
import json
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol

from . import seeded as rng
from . import InvalidData, PluginError
from .loaders import flag_setting, fraction_setting, whole_setting
from .ismcts import (
    DEFAULT_MARGIN,
    Evaluate,
    ISMCTSBot,
    playout_horizon,
    playout_judge,
    playout_rewards,
    playout_settles,
    settle_turn,
)

if TYPE_CHECKING:
    from . import Decision, State
    from .actions import Action

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
    what it may not see. A playout runs to the end of the match or, in a game that
    can judge a match in progress (its ``at_limit``), for at most ``horizon``
    actions, and is then scored the way :mod:`boardcore.ismcts` scores one: 1 for
    a sole win, ``1/k`` for a win shared by ``k`` seats, 0 for a loss, and a
    judgement blended with the seats' scores (``margin``) when it was cut short.
    It is the search without the tree, so a match between the two measures what
    the tree adds. Works for every game.

    Settings (``--bots mc:playouts=6,horizon=10``): ``playouts`` per option
    (default 6); ``max_options`` tried per decision (default 12, a random sample
    when there are more); ``horizon`` (default: the game's ``search.horizon``,
    else 10), ``margin`` (default 0.5) and
    ``settle`` (default: the game's ``search.settle``) as for ``ismcts``.
    """

    name = "mc"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = 6,
        horizon: int | None = None,
        max_options: int = 12,
        margin: float = DEFAULT_MARGIN,
        settle: bool | None = None,
    ) -> None:
        self._rng = rng.seed_state(seed)
        self.playouts = whole_setting(playouts, "playouts", least=1)
        self.horizon = None if horizon is None else whole_setting(horizon, "horizon", least=1)
        self.max_options = whole_setting(max_options, "max_options", least=1)
        self.margin = fraction_setting(margin, "margin")
        self.settle = None if settle is None else flag_setting(settle, "settle")

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
        evaluate = playout_judge(state, None, self.margin)
        horizon = playout_horizon(state, self.horizon, evaluate)
        settle = playout_settles(state, self.settle, horizon)
        best, best_score = candidates[0], -1.0
        for index in candidates:
            score = sum(self._playout(state, me, options[index], evaluate, horizon, settle) for _ in range(self.playouts))
            if score > best_score:
                best, best_score = index, score
        return options[best]

    def _playout(
        self, state: State, me: int, first: Action, evaluate: Evaluate | None, horizon: int, settle: bool
    ) -> float:
        sample = state.determinize(me, self._below(1 << 62))
        mine = [d for d in sample.pending if d.player == me]
        if not mine or first not in mine[0].options:
            return 0.0
        sample.apply(me, first)
        for _ in range(horizon - 1):
            if sample.is_over:
                break
            pending = sample.pending
            decision = pending[self._below(len(pending))]
            sample.apply(decision.player, self._random_option(sample, decision))
        if settle:
            settle_turn(sample, self._random_option)
        return playout_rewards(sample, evaluate)[me]

    def _random_option(self, state: State, decision: Decision) -> Action:
        return decision.options[self._below(len(decision.options))]


def ismcts(seed: int = 0, rollout: Any = "random", **settings: Any) -> ISMCTSBot:
    """Information-set Monte Carlo tree search: samples what it cannot see and grows a tree over its view.

    The factory of :class:`boardcore.ismcts.ISMCTSBot` (which describes the
    settings); ``rollout`` may also name any installed bot, made here with a seed
    derived from ``seed``.
    """
    if isinstance(rollout, str) and rollout != "random":
        if parse_spec(rollout)[0] == ISMCTSBot.name:
            raise InvalidData("a search cannot play its own playouts", where="rollout")
        rollout = make_bot(rollout, rng.derive(seed, 0))
    return ISMCTSBot(seed, rollout=rollout, **settings)


# The settings are the bot's own: showing its signature lets a spec's unknown
# setting be named before the bot is made, without listing them twice.
ismcts.__signature__ = inspect.signature(ISMCTSBot).replace(return_annotation=ISMCTSBot)  # type: ignore[attr-defined]


def list_bots() -> list[str]:
    """Names of the installed bots, sorted."""
    return sorted({ep.name for ep in entry_points(group=BOTS_GROUP)} | set(_BUILTIN))


_BUILTIN: dict[str, Any] = {"random": RandomBot, "first": FirstBot, "mc": MonteCarloBot, "ismcts": ismcts}


def bot_summary(name: str) -> str:
    """The first line of the docstring of the bot called ``name``, or why it cannot be loaded."""
    try:
        factory = bot_factory(name)
    except PluginError as exc:
        return f"(cannot be loaded: {exc})"
    doc = (getattr(factory, "__doc__", None) or "").strip()
    return doc.splitlines()[0] if doc else "(no description)"


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=400,c=0.7"`` -> ``("ismcts", {"iterations": 400, "c": 0.7})``.

    Raises :class:`~boardcore.InvalidData` for a setting that is not ``KEY=VALUE``
    or is given twice.
    """
    name, _, rest = spec.strip().partition(":")
    settings: dict[str, Any] = {}
    for part in rest.split(",") if rest.strip() else ():
        key, sep, text = part.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise InvalidData(f"a bot setting is KEY=VALUE, not {part.strip()!r}", where=f"bot {name}")
        if key in settings:
            raise InvalidData("given twice", where=f"bot {name}: {key}")
        try:
            settings[key] = json.loads(text)
        except ValueError:
            settings[key] = text.strip()
    return name.strip(), settings


def split_specs(text: str) -> list[str]:
    """Split a ``--bots`` list into bot specs: ``"ismcts:iterations=40,c=1,random"``
    -> ``["ismcts:iterations=40,c=1", "random"]``. A piece that holds ``=`` but no
    ``:`` is one more setting of the bot before it (a bot's name never holds ``=``)."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece.partition("=")[0] and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def bot_factory(spec: str) -> Any:
    """The factory of the bot named by ``spec`` (a name, with settings or not),
    called as ``factory(seed=S)``; its settings are bound to it.

    Raises :class:`~boardcore.PluginError` for a bot that is not installed or fails
    to load, and :class:`~boardcore.InvalidData` for a setting the bot does not take.
    """
    name, settings = parse_spec(spec)
    factory = _named_factory(name)
    if not settings:
        return factory
    _check_settings(name, factory, settings)
    return functools.partial(factory, **settings)


def _named_factory(name: str) -> Any:
    found = [ep for ep in entry_points(group=BOTS_GROUP) if ep.name == name]
    if found:
        try:
            return found[0].load()
        except Exception as exc:  # an entry point can fail in any way while importing
            raise PluginError(f"failed to load: {type(exc).__name__}: {exc}", plugin=name) from exc
    if name in _BUILTIN:
        return _BUILTIN[name]
    # Still a PluginError (what callers catch), but worded as a name not found, not a plugin's fault.
    raise PluginError(f"no bot named {name!r} is installed (installed: {', '.join(list_bots())})")


def _check_settings(name: str, factory: Any, settings: dict[str, Any]) -> None:
    """Refuse, naming it, a setting the factory has no keyword argument for."""
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a factory without a readable signature: let it decide
        return
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return
    takes = [p for p, info in parameters.items() if p != "seed" and info.kind is not inspect.Parameter.VAR_POSITIONAL]
    for key in settings:
        if key == "seed" or key not in takes:
            known = ", ".join(takes) or "none"
            raise InvalidData(f"the bot has no such setting (its settings: {known})", where=f"bot {name}: {key}")


def make_bot(spec: str, seed: int) -> Bot:
    """A bot made from ``spec`` (``"random"``, ``"ismcts:iterations=400"``) with ``seed``.

    A bad setting value raises :class:`~boardcore.InvalidData` naming the setting
    (the bot checks its values when made)."""
    name = parse_spec(spec)[0]
    try:
        bot: Bot = bot_factory(spec)(seed=seed)
    except InvalidData as exc:
        if (exc.where or "").startswith("bot "):
            raise
        message = str(exc)[len(exc.where) + 2 :] if exc.where else str(exc)
        raise InvalidData(message, where=f"bot {name}: {exc.where}" if exc.where else f"bot {name}") from exc
    except TypeError as exc:  # a factory that checks nothing, given a value it cannot use
        raise InvalidData(str(exc), where=f"bot {name}") from exc
    if not callable(getattr(bot, "choose", None)):
        raise PluginError("the bot has no choose(state, decision) method", plugin=name)
    return bot
