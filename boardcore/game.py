"""Game specs (what a game plugin declares) and loaded games (a spec plus its plugins)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import pluggy

from . import plugins as _plugins
from .cards import Card
from .errors import InvalidData, PluginError, RuleError
from .flow import NextTurn, Phase, TurnOrder
from .hookspecs import hookimpl
from .serialize import Codec

if TYPE_CHECKING:
    from .match import Match
    from .state import State


@attrs.frozen
class GameSpec:
    """Everything the engine needs to know about a game, returned by ``register_games``.

    The functions receive the :class:`~boardcore.Match` they work on. ``setup``
    creates the zones, counters and table of a new match; unless it schedules steps
    itself, the engine then starts the turn cycle (``NextTurn``), which runs
    ``phases`` in order every turn.
    """

    name: str
    summary: str
    player_counts: tuple[int, ...]
    setup: Callable[[Match], None]
    phases: tuple[type[Phase], ...] = ()
    turn_order: TurnOrder = TurnOrder.EVERYONE
    turn_limit: int | None = None
    """The last turn; when it is over, ``at_turn_limit`` decides the result."""
    at_turn_limit: Callable[[Match], None] | None = None
    table_type: type | None = None
    """The game's own frozen attrs class for its extra state (``match.table``)."""
    describe: Callable[[Match, int], dict[str, Any]] | None = None
    """Extra, game-specific entries for a player's view. Must only use what that
    player may see."""
    check: Callable[[Match], Sequence[str]] | None = None
    """The game's own invariants: returns a list of problems (empty when all hold).
    ``boardcore.testing.check_game`` runs it after every action."""
    redeal: Callable[[Match, int], Sequence[Sequence[str]]] | None = None
    """Groups of zones hidden from a player whose cards could be in any zone of
    the group, for ``State.determinize``. None means: all hidden zones, one group
    (right for a shared deck; a game with one deck per player says otherwise)."""
    options: Mapping[str, Any] = attrs.field(factory=dict)
    """Setup options the game accepts, with their defaults (e.g. which seat plays
    which side)."""


class GamePlugin:
    """The hooks that publish one game, implemented from data.

    A game's module may write its ``register_games``, ``register_cards``,
    ``register_effects`` and ``register_types`` hooks by hand; this object
    implements all four for one game, answering only when asked about that game,
    so a ``boardcore.games`` entry point can point at it
    (``my-game = "my_package:PLUGIN"``). ``cards`` may be a sequence or a function
    returning one (called each time a game is loaded).
    """

    def __init__(
        self,
        spec: GameSpec,
        *,
        cards: Sequence[Card] | Callable[[], Sequence[Card]] = (),
        effects: Mapping[str, Any] | None = None,
        types: Sequence[type] = (),
    ) -> None:
        self.spec = spec
        self.name = spec.name
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
        classes: list[type] = list(spec.phases)
        for plugin, answer in _plugins.collect(pm, "register_types", game=spec.name):
            if not isinstance(answer, (list, tuple)) or not all(isinstance(c, type) for c in answer):
                raise PluginError("register_types must return a list of classes", plugin=plugin)
            classes.extend(answer)
        self.codec = Codec(classes, strict=True)
        self.observers = _plugins.implementations(pm, "on_event")
        self.roll_makers = _plugins.implementations(pm, "make_roll")
        self.before_action = _plugins.implementations(pm, "before_action")
        self.after_action = _plugins.implementations(pm, "after_action")
        self.setup_observers = _plugins.implementations(pm, "after_setup")
        self.game_over_observers = _plugins.implementations(pm, "after_game")

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # A loaded game is the rules, not match data: copies of a state share it.
        return self

    def __copy__(self) -> Game:
        return self

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
                effects[name] = effect
        for card in self.cards.values():
            if card.effect is not None and card.effect not in effects:
                raise PluginError(
                    f"card {card.id} ({card.name}) names the unknown effect {card.effect!r}",
                    plugin=self._card_plugin.get(card.id),
                )
        return effects

    # -- cards and effects -----------------------------------------------------------

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

    # -- matches ---------------------------------------------------------------------

    def new_state(self, players: int | None = None, seed: int = 0, **options: Any) -> State:
        """Set up a new match. ``options`` are the game's setup options (``spec.options``)."""
        from .state import new_state

        return new_state(self, players, seed, options)

    def state_from_json(self, text: str | bytes) -> State:
        """Load a match saved with ``State.to_json``."""
        from .state import load_state

        return load_state(self, text)

    def replay(self, seed: int, players: int, history: Sequence[Any], **options: Any) -> State:
        """Play ``history`` (``(player, action)`` pairs, as objects or as data) from a
        new match with the same seed, players and options."""
        from .state import replay

        return replay(self, seed, players, history, options)


def start(m: Match) -> None:
    """Set up a new match and run it up to its first decision."""
    spec = m.rules.spec
    spec.setup(m)
    for call in m.rules.setup_observers:
        call(match=m)
    if not m.agenda and not m.asks:
        m.schedule(NextTurn())
