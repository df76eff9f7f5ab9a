"""boardcore: a rules engine for card and board games.

The public API is listed in ``__all__``; everything else lives in private modules
that may change. Start with :func:`load_game`, then ``game.new_state(...)``.

Layout: ``match``, ``zones``, ``cards``, ``rng``, ``events``, ``actions`` are the
components; ``flow`` runs turns, phases and decisions; ``hookspecs``, ``plugins``
and ``registry`` connect games and plugins; ``state``, ``views`` and ``persist``
form the public face of a match; ``testing`` is the kit for game authors.
"""

from .actions import DONE, PASS, Action, Done, Pass, Pick, pick
from .cards import Card, load_table, read_toml
from .decisions import Decision, Result
from .errors import BoardcoreError, IllegalAction, InvalidData, PluginError, RuleError, UnknownGame
from .events import (
    CardsMoved,
    Chose,
    CounterChanged,
    DieRolled,
    Event,
    GameOver,
    MatchStarted,
    PhaseBegan,
    PieceAdded,
    PieceMoved,
    PieceRemoved,
    PlayerOut,
    Revealed,
    Shuffled,
    TurnBegan,
)
from .flow import AfterReaction, EnforceLimit, ExchangeCards, NextTurn, Phase, Select, Step, TurnOrder, Window, run_agenda
from .game import Game, GamePlugin, GameSpec
from .hookspecs import hookimpl, hookspec
from .match import Match, Piece
from .registry import game_from_provider, game_specs, list_games, load_game
from .serialize import from_data, to_data
from .state import State
from .zones import Visibility, ZoneSpec, attachment_zone

__version__ = "0.1.0"

__all__ = [
    "DONE",
    "PASS",
    "Action",
    "AfterReaction",
    "BoardcoreError",
    "Card",
    "CardsMoved",
    "Chose",
    "CounterChanged",
    "Decision",
    "DieRolled",
    "Done",
    "EnforceLimit",
    "Event",
    "ExchangeCards",
    "Game",
    "GameOver",
    "GamePlugin",
    "GameSpec",
    "IllegalAction",
    "InvalidData",
    "Match",
    "MatchStarted",
    "NextTurn",
    "Pass",
    "Phase",
    "PhaseBegan",
    "Pick",
    "Piece",
    "PieceAdded",
    "PieceMoved",
    "PieceRemoved",
    "PlayerOut",
    "PluginError",
    "Result",
    "Revealed",
    "RuleError",
    "Select",
    "Shuffled",
    "State",
    "Step",
    "TurnBegan",
    "TurnOrder",
    "UnknownGame",
    "Visibility",
    "Window",
    "ZoneSpec",
    "__version__",
    "attachment_zone",
    "from_data",
    "game_from_provider",
    "game_specs",
    "hookimpl",
    "hookspec",
    "list_games",
    "load_game",
    "load_table",
    "pick",
    "read_toml",
    "run_agenda",
    "to_data",
]
