"""Aztec Skirmish for boardcore: Aztecs against Conquistadors on a chessboard, with one shared deck.

The ``boardcore.games`` entry point ``aztec-skirmish`` loads :data:`PLUGIN`: the
spec and the 79 cards of ``data/cards.toml``. The rules are in
``shared/rules/aztec-skirmish.md``; code and tests cite its rulings (``AZ-Rnn``) and
decision points (``AZ-Dnn``). Options: ``aztec`` (the Aztec's seat) and
``deployment`` ("choose" or "standard").

Modules: ``cards`` (the data), ``board`` (zones, marks, table, units), ``deploy``
(set-up and the deployment decisions), ``orders`` (which moves, attacks and shots are legal), ``plays`` (the
Fate Phase and the menu both other phases use), ``moving`` and ``fighting`` (the
Move and Attack Phases, with damage and the end). Plugins may react to the events
of ``fighting`` (an attack declared or resolved, a unit killed).
"""

from __future__ import annotations

import boardcore

from .board import ATTACKED, BOARD, DISCARD, DRAW, DRAW2, HAND, HITS, MOVED, AztecTable, add_unit, hits_lost
from .board import describe, label
from .cards import CARDS, CONSTANTS, SIDES, UNITS, AztecCard, CardType, Shot, Side, Troop, User, starting_hits
from .deploy import Deployment, first_player, setup
from .fighting import BOTH_LEADERS, ENDINGS, LEADER_KILLED, LIMIT_DRAW, LIMIT_WIN, AttackDeclared, AttackMenu
from .fighting import Attack, AttackResolved, UnitKilled, at_limit, damage, end_if, end_now, standing
from .moving import MoveMenu
from .orders import shot_squares, shots, single_moves, strikes
from .plays import Fate

NAME = "aztec-skirmish"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Aztecs against Conquistadors on a chessboard: kill the enemy Leader",
    player_counts=(2,),
    zones=(DRAW, DISCARD, HAND),
    setup=setup,
    setup_phases=(Deployment,),
    phases=(Fate, MoveMenu, AttackMenu),
    turn_order=boardcore.TurnOrder.SEATS,
    first_player=first_player,
    end_if=end_if,
    turn_limit=CONSTANTS.turn_limit,
    at_limit=at_limit,
    search_scores=standing,
    # A playout must reach the other side's Attack Phase to see a Leader left in reach.
    search_horizon=25,
    # A turn is a long run of one side's small decisions (a card, then its unit
    # and square): each search goes on from the last one's tree.
    search_reuse=True,
    table_type=AztecTable,
    describe=describe,
    board=BOARD,
    options=(
        boardcore.Option("aztec", 0, choices=(0, 1), help="the seat that plays the Aztec"),
        boardcore.Option(
            "deployment", "choose", choices=("choose", "standard"), help="AZ-D01 to AZ-D03, or section 2's fixed layout"
        ),
    ),
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=CARDS)

__all__ = [
    "ATTACKED", "BOARD", "BOTH_LEADERS", "CARDS", "CONSTANTS", "DISCARD", "DRAW", "DRAW2", "ENDINGS", "HAND", "HITS",
    "LEADER_KILLED", "LIMIT_DRAW", "LIMIT_WIN", "MOVED", "NAME", "PLUGIN", "SIDES", "SPEC", "UNITS", "Attack",
    "AttackDeclared", "AttackResolved", "AztecCard", "AztecTable", "CardType", "Shot", "Side", "Troop", "UnitKilled",
    "User", "add_unit",
    "damage", "end_if", "end_now", "hits_lost", "label", "shot_squares", "shots", "single_moves", "starting_hits",
    "strikes",
]  # fmt: skip
