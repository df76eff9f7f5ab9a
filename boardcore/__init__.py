"""boardcore: a rules engine for card and board games.

The public API is listed in ``__all__`` (a test pins it); everything else lives
in private ``_subpackages`` that may change. Start with :func:`load_game`, then
``game.new_state(...)``. Public submodules: :mod:`boardcore.actions` (the answers a
decision offers), :mod:`boardcore.steps` (ready-made steps), :mod:`boardcore.events`
(the engine's events and moments), :mod:`boardcore.loaders` (a game's data files),
:mod:`boardcore.evolving` (copying frozen records with changes, fast),
:mod:`boardcore.registry` (finding games, making hooks), :mod:`boardcore.seeded` (the
seeded generator), :mod:`boardcore.grid` (squares and boards),
:mod:`boardcore.scoring` (counting a hand whose cards need places),
:mod:`boardcore.saves` (reading saved games from untrusted places),
:mod:`boardcore.codec` (the one strict converter, a dialect per source of data),
:mod:`boardcore.drive` (driving a match by hand),
:mod:`boardcore.testing` (the kit for game authors), and the adapters
:mod:`boardcore.bots`, :mod:`boardcore.env` and :mod:`boardcore.cli`.

Where things live, each layer importing only those before it: ``_values`` (errors,
the generator, actions, events, zones, cards), ``_rules`` (steps, the match and its
rule API, moments, effects, decisions, the flow), ``_persistence`` (codec, saves,
views, ``State``), ``_games`` (``GameSpec``, plugins, ``Game``, the registry); the
tools' shared helpers are in ``_support``. ``tests/boardcore/test_layers.py`` holds
the package to this.
"""

from ._values import compiled as _compiled

_compiled.install()  # before any module that may be compiled is imported

from ._values.cards import Card
from ._values.decisions import Decision, Result
from ._values.deprecation import renamed
from ._rules.effects import CANCEL, Effect, modifies, reacts_to, replaces
from ._values.errors import BoardcoreError, IllegalAction, InvalidData, PluginError, RuleError, UnknownGame
from ._values.events import Event, Moment
from ._rules.flow import Phase, TurnOrder
from ._games.game import Game, GamePlugin
from ._games.hookspecs import hookimpl
from ._rules.match import Match, Piece
from ._persistence.redeal import redeal_by_owner
from ._games.registry import list_games, load_game
from ._persistence.serialize import from_data, to_data
from ._games.spec import GameSpec, SearchHints, SetupOption, Tally
from ._persistence.state import State
from ._rules.steps import Step
from ._values.zones import SeatZones, Visibility, Zone, ZoneSpec
from . import actions, evolving, events, loaders, registry, saves, scoring, seeded, steps
from ._rules import flow as _flow, match as _match
from ._values import zones as _zones

__version__ = "0.3.0"

__all__ = [
    "CANCEL",
    "BoardcoreError",
    "Card",
    "Decision",
    "Effect",
    "Event",
    "Game",
    "GamePlugin",
    "GameSpec",
    "IllegalAction",
    "InvalidData",
    "Match",
    "Moment",
    "Phase",
    "Piece",
    "PluginError",
    "Result",
    "RuleError",
    "SearchHints",
    "SeatZones",
    "SetupOption",
    "State",
    "Step",
    "Tally",
    "TurnOrder",
    "UnknownGame",
    "Visibility",
    "Zone",
    "ZoneSpec",
    "__version__",
    "from_data",
    "hookimpl",
    "list_games",
    "load_game",
    "modifies",
    "reacts_to",
    "redeal_by_owner",
    "renamed",
    "replaces",
    "to_data",
]

# Names 0.3 had at the top level that moved for 0.4 (docs/migration.md, From 0.3 to 0.4): to the
# namespaces boardcore.actions, .loaders, .events, .steps and .registry, and engine internals no
# game needs out of the public face. They work for this version, with a DeprecationWarning that
# names where they are now.
_NEVER_AT_THE_TOP = {
    "flag_setting", "fraction_setting", "number_setting", "whole_setting", "BUILTIN_EVENTS", "HIDDEN_CARD",
    "broken_games", "describe_plugin", "installed_plugins", "plugin_name", "with_plugins",
}  # fmt: skip
"""Names public in a namespace that the top level never had: no old spelling to keep."""
__getattr__ = renamed(__name__, {
    name: (f"boardcore.{space.__name__.rpartition('.')[2]}.{name}", getattr(space, name))
    for space in (actions, loaders, events, steps, registry)
    for name in space.__all__
    if name not in _NEVER_AT_THE_TOP
} | {
    "run_agenda": ("an engine internal: State.apply and Game.new_state run the agenda", _flow.run_agenda),
    "NextTurn": ("an engine internal: GameSpec.turn_order says who takes the next turn", _flow.NextTurn),
    "MatchData": ("Match, which holds the same fields", _match.MatchData),
    "attachment_zone": ("Match.attached(host), the cards attached to a host", _zones.attachment_zone),
    "Option": ("SetupOption (a decision's choices are its options)", SetupOption),
    "Counter": ("Tally (the standard library has a Counter of its own)", Tally),
}, docs="docs/migration.md, From 0.3 to 0.4")  # fmt: skip
