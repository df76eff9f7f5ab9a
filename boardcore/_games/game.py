"""Loaded games (a spec plus its plugins), and the object that publishes a game."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

import pluggy

from .._persistence.saves import load_state, replay
from .._persistence.serialize import Codec, defined_in
from .._persistence.state import State, new_state
from .._rules.effects import Effect, marked_methods, reactions_of
from .._rules.flow import turn_steps
from .._rules.moments import Changer
from .._values.cards import Card
from .._values.errors import BoardcoreError, InvalidData, PluginError, RuleError
from .._values.events import DieRolled, Event, Moment, PhaseBegan, TurnEnded
from .._values.memo import keep
from . import plugins as _plugins
from .hookspecs import hookimpl
from .spec import GameSpec

_T = TypeVar("_T")
_MISSING = object()
"""What a memo table holds for a key it lacks (a result may be None)."""


class GamePlugin:
    """The hooks that publish one game, implemented from data.

    A ``boardcore.games`` entry point points at one of these
    (``my-game = "my_package:PLUGIN"``). It implements the ``register_games``,
    ``register_cards``, ``register_effects`` and ``register_types`` hooks for one
    game, answering only when asked about that game. ``cards`` may be a sequence
    or a function returning one (called each time a game is loaded).

    The step, action and event classes the game stores in a match need not be
    listed: every subclass of ``Step``, ``Action`` and ``Event`` defined at the top
    level of a module of the game's package (``package``, by default the package
    of the module that creates this object) is found when the game is loaded, as
    long as importing the package imports that module. ``types`` adds others.
    """

    def __init__(
        self,
        spec: GameSpec,
        *,
        cards: Sequence[Card] | Callable[[], Sequence[Card]] = (),
        effects: Mapping[str, Any] | None = None,
        types: Sequence[type] = (),
        package: str | None = None,
    ) -> None:
        self.spec = spec
        self.name = spec.name
        self.package = package or sys._getframe(1).f_globals.get("__name__", "").split(".")[0]
        self._cards = cards
        self._effects = dict(effects or {})
        self._types = tuple(types)

    def __repr__(self) -> str:
        return f"<GamePlugin {self.name}>"

    @hookimpl
    def register_games(self) -> list[GameSpec]:
        return [self.spec]

    @hookimpl
    def register_cards(self, game: str) -> list[Card]:
        if game != self.name:
            return []
        return list(self._cards() if callable(self._cards) else self._cards)

    @hookimpl
    def register_effects(self, game: str) -> dict[str, Any]:
        return dict(self._effects) if game == self.name else {}

    @hookimpl
    def register_types(self, game: str) -> list[type]:
        return list(self._types) if game == self.name else []


class Game:
    """A game ready to play: its spec, its plugins, its cards and effects.

    Made by :func:`boardcore.load_game`. The game is the rules; a
    :class:`~boardcore.State` is one match of it.
    """

    def __init__(self, spec: GameSpec, pm: pluggy.PluginManager, plugin_names: Sequence[str]) -> None:
        self.spec = spec
        self.name = spec.name
        self.summary = spec.summary
        self.player_counts = spec.player_counts
        self.plugins = tuple(plugin_names)
        self.pm = pm
        self.cards = self._collect_cards()
        self.effects = self._collect_effects()
        self.rules = self._collect_rules()
        """The plugins' rules: ``(name, effect)`` pairs of effects that belong to no card."""
        classes: list[type] = [*spec.phases, *spec.setup_phases, *defined_in(_packages(pm))]
        for plugin, answer in _plugins.collect(pm, "register_types", game=spec.name):
            if not isinstance(answer, (list, tuple)) or not all(isinstance(c, type) for c in answer):
                raise PluginError("register_types must return a list of classes", plugin=plugin)
            classes.extend(answer)
        self.codec = Codec(dict.fromkeys(classes), strict=True)
        self.observers = _plugins.implementations(pm, "on_event")
        self.turn_steps = turn_steps(spec.phases)
        """What ``NextTurn`` schedules: the phase steps of one turn, then the next turn."""
        self._reactions: dict[type, tuple[Callable[..., None], ...]] = {}
        self._card_views: dict[str, dict[str, Any]] = {}
        holders: list[tuple[Card | None, str, Any]] = [(None, name, rule) for name, rule in self.rules]
        holders.extend((card, card.id, self.effects[card.effect]) for card in self.cards.values() if card.effect is not None)
        self._holders = [h for h in holders if marked_methods(type(h[2]))]
        """Rules, then cards, whose effects mark methods with reacts_to, modifies or replaces."""
        self._changers: dict[type, tuple[tuple[Changer, ...], tuple[Changer, ...], tuple[Changer, ...]]] = {}
        self.reacting = bool(self.observers or any(getattr(type(e), "reactions", None) for _, _, e in self._holders))
        """Whether anything reacts to events (when not, recording one costs nothing more)."""
        self.roll_makers = _plugins.named_implementations(pm, "make_roll")
        self.plain_rolls = not self.roll_makers and not self.changes(DieRolled)
        """Whether nothing changes a die roll (no ``make_roll``, no card or rule on ``DieRolled``)."""
        self.plain_phases = not self.changes(PhaseBegan)
        """Whether nothing modifies or replaces the start of a phase."""
        self.end_at_every_phase = spec.end_if is not None and spec.end_check == "phase"
        """Whether the end is checked whenever a phase ends (else only at a turn's end)."""
        self.plain_turn_ends = not self.changes(TurnEnded)
        """Whether nothing modifies or replaces the end of a turn."""
        self.plain_moments: dict[type, int] = {}
        """``plain_moment`` by moment class (filled as moments are performed)."""
        self._memo: dict[Callable[[Game], Any], Any] = {}
        self._remembered: dict[Callable[..., Any], dict[tuple[Any, ...], Any]] = {}
        self.before_action = _plugins.implementations(pm, "before_action")
        self.after_action = _plugins.implementations(pm, "after_action")
        self.setup_observers = _plugins.implementations(pm, "after_setup")
        self.game_over_observers = _plugins.implementations(pm, "after_game")

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # A loaded game is the rules, not match data: copies of a state share it.
        return self

    def __copy__(self) -> Game:
        return self

    def memo(self, work: Callable[[Game], _T]) -> _T:
        """``work(self)``, worked out on the first call and kept with the loaded game.

        For what depends only on the game's cards, effects and plugins (a side's deck
        in id order, what each card is worth): the rules may ask for it in every
        match or every move, and it cannot change while the game is loaded. ``work``
        itself is the key, so pass a function defined once (at module level), not a
        new lambda each time."""
        try:
            return self._memo[work]
        except KeyError:
            found = self._memo[work] = work(self)
            return found

    def remember(self, work: Callable[..., _T], *args: Hashable) -> _T:
        """``work(self, *args)``, worked out once per ``args`` and kept with the loaded
        game: :meth:`memo` for what depends on the game and something else besides,
        such as the cards of a hand (what it is worth, what a play from it needs).

        Unlike a module-level ``functools.lru_cache`` keyed on the game, it keeps no
        game alive, and the results go with the game. It keeps at most 4,096 results
        per ``work``, then starts afresh. ``work`` is the key, as with :meth:`memo`:
        a function defined once, at module level."""
        table = self._remembered.get(work)
        if table is None:
            table = self._remembered[work] = {}
        found = table.get(args, _MISSING)
        if found is _MISSING:
            found = keep(table, args, work(self, *args))
        return found

    def __repr__(self) -> str:
        extra = f", plugins={list(self.plugins)}" if self.plugins else ""
        return f"<Game {self.name}{extra}>"

    def _collect_cards(self) -> dict[str, Card]:
        cards: dict[str, Card] = {}
        owner: dict[str, str] = {}
        self._card_plugin = owner
        for plugin, answer in _plugins.collect(self.pm, "register_cards", game=self.name):
            if not isinstance(answer, (list, tuple)):
                raise PluginError(f"register_cards must return a list of cards, not {answer!r:.80}", plugin=plugin)
            for card in answer:
                if not isinstance(card, Card):
                    raise PluginError(f"register_cards returned {card!r}, not a boardcore.Card", plugin=plugin)
                if card.id in cards:
                    raise PluginError(f"card id {card.id!r} is already used by {owner[card.id]}", plugin=plugin)
                cards[card.id] = card
                owner[card.id] = plugin
        return cards

    def _collect_effects(self) -> dict[str, Any]:
        effects: dict[str, Any] = {}
        for plugin, answer in _plugins.collect(self.pm, "register_effects", game=self.name):
            if not isinstance(answer, Mapping):
                raise PluginError(f"register_effects must return a mapping, not {answer!r:.80}", plugin=plugin)
            for name, effect in answer.items():
                if name in effects:
                    raise PluginError(f"effect {name!r} is registered twice", plugin=plugin)
                _check_effect(name, effect, plugin)
                effects[name] = effect
        for card in self.cards.values():
            if card.effect is not None and card.effect not in effects:
                raise PluginError(
                    f"card {card.id} ({card.name}) names the unknown effect {card.effect!r} "
                    f"(registered: {', '.join(sorted(effects)) or 'none'})",
                    plugin=self._card_plugin.get(card.id),
                )
        return effects

    # -- cards and effects -----------------------------------------------------------

    def reactions(self, event_type: type) -> tuple[Callable[..., None], ...]:
        """Callables ``(match, event)`` that react to events of ``event_type``: the plugins'
        rules, then the card effects that react to it (in card order), then the
        ``on_event`` hooks."""
        found = self._reactions.get(event_type)
        if found is None:
            calls: list[Callable[..., None]] = []
            for card, source, effect in self._holders:
                for name in reactions_of(effect, event_type):
                    calls.append(_card_reaction(getattr(effect, name), card, source))
            calls.extend(_observer(call) for call in self.observers)
            found = self._reactions[event_type] = tuple(calls)
        return found

    def _changers_of(self, moment_type: type) -> tuple[tuple[Changer, ...], tuple[Changer, ...], tuple[Changer, ...]]:
        found = self._changers.get(moment_type)
        if found is None:
            modifiers: list[Changer] = []
            replacers: list[Changer] = []
            optional: list[Changer] = []
            for card, source, effect in self._holders:
                for name in reactions_of(effect, moment_type, "modifications"):
                    modifiers.append(Changer(card, source, _guard(getattr(effect, name), source, moment_type)))
                for name in reactions_of(effect, moment_type, "replacements"):
                    method = getattr(effect, name)
                    how = getattr(method, "__boardcore_replace_how__", {})
                    changer = Changer(
                        card, source, _guard(method, source, moment_type), how.get("when"), how.get("may"), how.get("seats")
                    )
                    (replacers if changer.may is None else optional).append(changer)
            found = self._changers[moment_type] = (tuple(modifiers), tuple(replacers), tuple(optional))
        return found

    def plain_moment(self, moment_type: type) -> int:
        """Whether ``Match.perform`` may just make a moment of ``moment_type`` happen:
        0 when something modifies or replaces it (or it is no plain moment: asks, or
        is no Moment), 2 (``QUIETLY``) when it is quiet and nothing reacts to it
        either, 1 otherwise. Worked out once per game and kept in ``plain_moments``."""
        plain = self.plain_moments.get(moment_type)
        if plain is not None:
            return plain
        plain = 0
        if isinstance(moment_type, type) and issubclass(moment_type, Moment) and not moment_type.asks and not self.changes(moment_type):
            plain = 2 if moment_type.quiet and not self.reactions(moment_type) else 1
        self.plain_moments[moment_type] = plain
        return plain

    def changes(self, moment_type: type) -> bool:
        """Whether any card or rule modifies or replaces moments of ``moment_type``."""
        found = self._changers_of(moment_type)
        return bool(found[0] or found[1] or found[2])

    def modifiers(self, moment_type: type) -> tuple[Changer, ...]:
        """The modifications of ``moment_type`` (rules first, then cards in card order)."""
        return self._changers_of(moment_type)[0]

    def replacers(self, moment_type: type) -> tuple[Changer, ...]:
        """The replacements of ``moment_type`` used whenever their ``when`` holds."""
        return self._changers_of(moment_type)[1]

    def optional_replacers(self, moment_type: type) -> tuple[Changer, ...]:
        """The replacements of ``moment_type`` whose seat chooses (``may``)."""
        return self._changers_of(moment_type)[2]

    def card_view(self, card_id: str) -> dict[str, Any]:
        """A card as a view shows it: id, name, label, text and its printed data (cached)."""
        found = self._card_views.get(card_id)
        if found is None:
            card = self.cards[card_id]
            data = self.codec.dump(card)
            data.pop("effect", None)
            found = {"id": card.id, "name": card.name, "label": card.label, "text": card.text, **data}
            self._card_views[card_id] = found
        return dict(found)

    def card(self, card_id: str) -> Card:
        """The data of one card."""
        try:
            return self.cards[card_id]
        except KeyError:
            raise InvalidData(f"{self.name} has no card {card_id!r}") from None

    def effect(self, card_id: str) -> Any:
        """The effect object of a card, or None if its data names no effect."""
        card = self.cards.get(card_id)
        if card is None:
            raise RuleError(f"{self.name} has no card {card_id!r}")
        return None if card.effect is None else self.effects[card.effect]

    def _collect_rules(self) -> list[tuple[str, Any]]:
        rules: list[tuple[str, Any]] = []
        for plugin, answer in _plugins.collect(self.pm, "register_rules", game=self.name):
            if not isinstance(answer, (list, tuple)):
                raise PluginError(f"register_rules must return a list of boardcore.Effect objects, not {answer!r:.80}", plugin=plugin)
            for at, rule in enumerate(answer):
                name = f"{plugin}[{at}]" if len(answer) > 1 else plugin
                if not isinstance(rule, Effect):
                    raise PluginError(f"register_rules returned {rule!r:.80}, not a boardcore.Effect instance", plugin=plugin)
                _check_effect(name, rule, plugin)
                rules.append((name, rule))
        return rules

    # -- matches ---------------------------------------------------------------------

    def new_state(self, players: int | None = None, seed: int = 0, **options: Any) -> State:
        """Set up a new match. ``options`` are the game's setup options (``spec.options``)."""
        return new_state(self, players, seed, options)

    def state_from_json(self, text: str | bytes, verify: bool = True) -> State:
        """Load a match saved with ``State.to_json``.

        Loading is strict: a text over 20,000,000 characters or nested more than 64
        deep, a value of the wrong type (nothing is converted), a number beyond 64
        bits or not finite, a card lost or doubled, a seat that does not exist, or a
        result on a match still asking something raises
        :class:`~boardcore.InvalidData` whose ``where`` is a JSON path.

        With ``verify`` (the default) the history is also replayed from the saved
        seed, players and options, and a save that differs from that replay in any
        field is refused too, naming the first value that differs: what loads is a
        match that was really played, so every call on it behaves. That costs about
        a replay of the match. ``verify=False`` skips it; use it only for saves you
        trust (your own round trips, positions arranged with ``boardcore.testing``,
        which no history leads to).
        """
        return load_state(self, text, verify)

    def replay(self, seed: int, players: int, history: Sequence[Any], **options: Any) -> State:
        """Play ``history`` (``(player, action)`` pairs, as objects or as data) from a
        new match with the same seed, players and options."""
        return replay(self, seed, players, history, options)


def _check_effect(name: str, effect: Any, plugin: str | None) -> None:
    """Refuse an effect whose reactions would never run or could not be called,
    when the game is loaded rather than silently or in the middle of a match."""
    if isinstance(effect, type):
        raise PluginError(f"effect {name!r} is the class {effect.__name__}: register an instance, {effect.__name__}()", plugin=plugin)
    marked = marked_methods(type(effect))
    if marked and not isinstance(effect, Effect):
        raise PluginError(
            f"effect {name!r} ({type(effect).__name__}) marks {marked} with reacts_to, modifies or replaces "
            "but is no boardcore.Effect subclass, so they would never run",
            plugin=plugin,
        )
    for table, what in (("reactions", "reaction"), ("modifications", "modification"), ("replacements", "replacement")):
        for moment_type, names in getattr(type(effect), table, {}).items():
            for method in names:
                try:
                    inspect.signature(getattr(effect, method)).bind(None, None, None)
                except TypeError:
                    raise PluginError(
                        f"effect {name!r}: the {what} {type(effect).__name__}.{method} must take (m, card, event)", plugin=plugin
                    ) from None
                how = getattr(getattr(effect, method), "__boardcore_replace_how__", {})
                if how.get("may") is not None and not getattr(moment_type, "asks", False):
                    raise PluginError(
                        f"effect {name!r}: {type(effect).__name__}.{method} is an optional replacement (may=) of "
                        f"{moment_type.__name__}, which its game performs in the middle of a step (its class does not "
                        "set asks = True), so nobody could be asked: use when= instead",
                        plugin=plugin,
                    )


def _card_reaction(method: Callable[..., None], card: Card | None, source: str) -> Callable[..., None]:
    def react(m: Any, event: Event) -> None:
        try:
            method(m, card, event)
        except Exception as exc:
            # Said where it failed: the card and the moment (the traceback names the code).
            if not isinstance(exc, BoardcoreError):
                whose = f"rule {source}" if card is None else f"card {source}"
                exc.add_note(f"in {method.__qualname__}, the reaction of {whose} to {type(event).__name__}")
            raise

    return react


def _guard(method: Callable[..., Any], source: str, moment_type: type) -> Callable[..., Any]:
    """``method`` with a note naming the card or rule and the moment when it fails."""

    def call(m: Any, card: Any, moment: Any) -> Any:
        try:
            return method(m, card, moment)
        except Exception as exc:
            if not isinstance(exc, BoardcoreError):
                exc.add_note(f"in {method.__qualname__}, of {source}, on {moment_type.__name__}")
            raise

    return call


def _observer(call: Callable[..., None]) -> Callable[..., None]:
    def react(m: Any, event: Event) -> None:
        call(match=m, event=event)

    return react


def _packages(pm: pluggy.PluginManager) -> set[str]:
    """Where a game's plugins (the game and its opt-ins) are defined: a package
    covers its submodules, a plain module only itself."""
    found = set()
    for _, plugin in pm.list_name_plugin():
        name = getattr(plugin, "package", None)
        if name is None:
            name = getattr(plugin, "__name__", None) if hasattr(plugin, "__file__") else type(plugin).__module__
        if isinstance(name, str):
            found.add(name)
    return found
