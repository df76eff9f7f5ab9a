"""Aztec Skirmish for boardcore: Aztecs against Conquistadors on a chessboard, with one shared deck.

The ``boardcore.games`` entry point ``aztec-skirmish`` loads :data:`PLUGIN`: the
spec and the 79 cards of ``data/cards.toml``. The rules are in
``shared/rules/aztec-skirmish.md``; code and tests cite its rulings (``AZ-Rnn``) and
decision points (``AZ-Dnn``). Options: ``aztec`` (the Aztec's seat) and
``deployment`` ("choose" or "standard").

Modules: ``cards`` (the data), ``board`` (zones, marks, table, units), ``deploy``
(set-up and the deployment decisions), ``orders`` (which moves, attacks and shots
are legal), ``plays`` (the Fate Phase, draws, and the menu both other phases use),
``moving`` and ``fighting`` (the Move and Attack Phases, with the damage),
``ending`` (victory, the turn limit) and ``testing`` (invariants and scenario
helpers for tests).

For expansion authors: everything in ``__all__``. The rules perform five moments
(:class:`CardsDrawn`, :class:`UnitMoved`, :class:`AttackDeclared`,
:class:`AttackResolved`, :class:`UnitKilled`) that cards modify, replace and react
to; the game has no dice. docs/games/aztec-skirmish.md lists them with examples.
"""

from __future__ import annotations

import boardcore

from .board import ATTACKED, BOARD, DISCARD, DRAW, DRAW2, HAND, HITS, MOVED, AztecTable, add_unit, hits_lost
from .board import describe, label, side_of
from .cards import CARDS, CONSTANTS, SHOTS, SIDES, TROOPS, UNITS, USES, AztecCard, CardUse, Side, User, starting_hits
from .deploy import Deployment, first_player, setup
from .ending import BOTH_LEADERS, ENDINGS, LEADER_KILLED, LIMIT_DRAW, LIMIT_WIN, at_limit, end_if, end_now, standing
from .fighting import Attack, AttackDeclared, AttackMenu, AttackResolved, Combat, Defense, UnitKilled, damage
from .moving import GroupMove, MoveMenu, UnitMoved
from .orders import attacks, group_candidates, shot_squares, single_moves
from .plays import CardsDrawn, Fate

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
    # the moments, their data and the procedure they start
    "Attack", "AttackDeclared", "AttackResolved", "CardsDrawn", "Combat", "UnitKilled", "UnitMoved",
    # the steps and phases
    "AttackMenu", "Defense", "Deployment", "Fate", "GroupMove", "MoveMenu",
    # the match's fields: zones, counters, marks, the table
    "ATTACKED", "BOARD", "DISCARD", "DRAW", "DRAW2", "HAND", "HITS", "MOVED", "AztecTable",
    # the data
    "CARDS", "CONSTANTS", "SHOTS", "SIDES", "TROOPS", "UNITS", "USES", "AztecCard", "CardUse", "Side", "User",
    # rules an effect may call
    "add_unit", "attacks", "damage", "end_now", "group_candidates", "hits_lost", "label", "shot_squares", "side_of",
    "single_moves", "starting_hits",
    # the game itself and its endings
    "BOTH_LEADERS", "ENDINGS", "LEADER_KILLED", "LIMIT_DRAW", "LIMIT_WIN", "NAME", "PLUGIN", "SPEC", "end_if",
]  # fmt: skip
