# mypy: disable-error-code="empty-body"
"""Every hook a game or plugin can implement, in one place.

Names follow one grammar: ``register_*`` hooks return contributions that are all
collected; ``make_*`` hooks are factories where the first non-None answer wins;
``before_*`` / ``after_*`` / ``on_*`` hooks are notifications whose return value
is ignored. Implement a hook with ``@boardcore.hookimpl`` and only the arguments
you need.

A game's plugin manager is built when the game is loaded, from the game's own
module plus the opt-in plugins asked for, so a variant loaded for one match never
leaks into another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .._values.actions import Action
    from .._values.cards import Card
    from .._values.decisions import Result
    from .._values.events import DieRolled, Event
    from .game import GameSpec
    from .._rules.match import Match

# The spec functions have docstrings for bodies: pluggy reads only their signatures.

PROJECT = "boardcore"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- registry (called on the objects of the ``boardcore.games`` entry-point group) ----


@hookspec
def register_games() -> Sequence[GameSpec]:
    """Return the games this plugin provides (a list of :class:`boardcore.GameSpec`).

    Called once when the registry reads the ``boardcore.games`` entry points.
    """


# -- contributions to one loaded game -----------------------------------------------


@hookspec
def register_cards(game: str) -> Sequence[Card]:
    """Return the cards this plugin adds to ``game`` (empty for other games).

    Called once per loaded game. The game's own card list arrives through this same
    hook, so a plugin's card is a card like any other. Card ids must be unique.
    """


@hookspec
def register_effects(game: str) -> Mapping[str, Any]:
    """Return card effects for ``game`` as ``{effect name: effect}``.

    A card whose data names an ``effect`` gets the effect registered under that
    name. What an effect object must provide is up to the game (documented with
    the game). Called once per loaded game; names must be unique.
    """


@hookspec
def register_rules(game: str) -> Sequence[Any]:
    """Return this plugin's rules for ``game``: :class:`boardcore.Effect` instances that
    belong to no card (house rules, variants), always in force (empty for other games).

    Their methods marked with ``reacts_to``, ``modifies`` and ``replaces`` act on
    moments like a card's, with ``None`` for the card, and before any card's
    (a rule has been in force since the match began). Called once per loaded game.
    """


@hookspec
def register_types(game: str) -> Sequence[type]:
    """Return step, action and event classes this plugin stores in a match that are
    not defined at the top level of a module in its own package.

    Saved games record classes by name. Those defined in the game's or plugin's
    package are found without this hook; list the others here. Called once per
    loaded game.
    """


# -- notifications during a match ---------------------------------------------------


@hookspec
def after_setup(match: Match) -> None:
    """Called once per new match, after the game has set it up and before the first
    step runs. A plugin may change the set-up match here (add counters, move cards)."""


@hookspec
def before_action(match: Match, player: int, action: Action) -> None:
    """Called when a legal action is about to be applied."""


@hookspec
def after_action(match: Match, player: int, action: Action) -> None:
    """Called after an action and everything it set off have been applied."""


@hookspec
def on_event(match: Match, event: Event) -> None:
    """Called for every event, right after it is recorded in the log and after the
    card effects that react to it.

    Every event is a rule moment (a phase began, a card was played, a die was
    rolled, a game's own moment such as a battle decided), so a plugin may act here
    and change the match, as a card's reaction does. To ask a player something,
    schedule a step with ``match.trigger(step)``; it runs as soon as the current
    step is done.
    """


@hookspec(firstresult=True)
def make_roll(match: Match, sides: int, value: int, reason: str, roll: DieRolled) -> int | None:
    """Return a replacement for one die's result, or None.

    Called for every die a roll rolls, after the generator (or a die loaded by
    ``boardcore.testing.load_dice``) gave ``value``; ``roll`` is the
    :class:`~boardcore.events.DieRolled` moment being performed, with who rolls
    (``roll.player``) and what for (``roll.purpose``) as fields. To change a roll
    before it is rolled (another die, a bonus, cancel it), a rule that
    ``modifies(DieRolled)`` is the clearer tool. Stops at first non-None result.
    The result must lie in ``1 .. sides``.
    """


@hookspec
def after_game(match: Match, result: Result) -> None:
    """Called once when a match ends."""
