"""Aztec Skirmish for boardcore: Aztecs against Conquistadors on a chessboard, with one shared deck.

The ``boardcore.games`` entry point ``aztec-skirmish`` loads :data:`PLUGIN`: the
spec and the 79 cards of ``data/cards.toml``. The rules are in
``shared/rules/aztec-skirmish.md``; code and tests cite its rulings (``AZ-Rnn``) and
decision points (``AZ-Dnn``). Options: ``aztec`` (the Aztec's seat) and
``deployment`` ("choose" or "standard").

Modules: ``cards`` (the data), ``board`` (zones, marks, table and units; set-up and
the deployment decisions; victory and the turn limit), ``turn`` (the Fate, Move and
Attack Phases in the rulebook's order: what is legal, the menus, the moments and
the damage) and ``testing`` (invariants and scenario helpers for tests).

For expansion authors: everything in ``__all__``. The rules perform five moments
(the engine's ``boardcore.events.CardsDrawn``, exported here too, :class:`UnitMoved`, :class:`AttackDeclared`,
:class:`AttackResolved`, :class:`UnitKilled`) that cards modify, replace and react
to; the game has no dice. docs/games/aztec-skirmish.md lists them with examples.
"""

from __future__ import annotations

import boardcore

from .board import ATTACKED, BOARD, BOTH_LEADERS, DISCARD, DRAW, DRAW2, ENDINGS, HAND, HITS, LEADER_KILLED
from .board import LIMIT_DRAW, LIMIT_WIN, MOVED, AztecTable, Deployment, add_unit, at_limit, describe, end_if
from .board import end_now, first_player, hits_lost, label, setup, side_of, standing, starting_hits
from .cards import CARDS, CONSTANTS, SHOTS, SIDES, TROOPS, UNITS, USES, AztecCard, CardUse, Side, User
from .turn import Attack, AttackDeclared, AttackMenu, AttackResolved, CardsDrawn, Defense, Fate, GroupMove, MoveMenu
from .turn import UnitKilled, UnitMoved, attacks, damage, group_candidates, shot_squares, single_moves

NAME = "aztec-skirmish"

SPEC = boardcore.GameSpec(
    name=NAME, summary="Aztecs against Conquistadors on a chessboard: kill the enemy Leader",
    player_counts=(2,), zones=(DRAW, DISCARD, HAND), board=BOARD, table_type=AztecTable, describe=describe,
    setup=setup, setup_phases=(Deployment,), first_player=first_player, phases=(Fate, MoveMenu, AttackMenu),
    turn_order=boardcore.TurnOrder.SEATS, end_if=end_if, end_check="turn", turn_limit=CONSTANTS.turn_limit,
    at_limit=at_limit,
    # A playout must reach the other side's Attack Phase to see a Leader left in reach
    # (the horizon). A turn is a long run of one side's small decisions (a card, then
    # its unit and square): each search goes on from the last one's tree (reuse).
    search=boardcore.SearchHints(scores=standing, horizon=25, reuse=True),
    options=(boardcore.SetupOption("aztec", 0, choices=(0, 1), help="the seat that plays the Aztecs, who move first"),
             boardcore.SetupOption("deployment", "choose", choices=("choose", "standard"),
                              help="choose: place your units square by square; standard: the rules' fixed layout")),
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=CARDS)

__all__ = [
    # the moments and their data; the steps and phases
    "Attack", "AttackDeclared", "AttackResolved", "CardsDrawn", "UnitKilled", "UnitMoved",
    "AttackMenu", "Defense", "Deployment", "Fate", "GroupMove", "MoveMenu",
    # the match's fields (zones, counters, marks, the table) and the data
    "ATTACKED", "BOARD", "DISCARD", "DRAW", "DRAW2", "HAND", "HITS", "MOVED", "AztecTable", "CARDS",
    "CONSTANTS", "SHOTS", "SIDES", "TROOPS", "UNITS", "USES", "AztecCard", "CardUse", "Side", "User",
    # rules an effect may call; the game itself and its endings
    "add_unit", "attacks", "damage", "end_now", "group_candidates", "hits_lost", "label", "shot_squares",
    "side_of", "single_moves", "starting_hits", "BOTH_LEADERS", "ENDINGS", "LEADER_KILLED", "LIMIT_DRAW",
    "LIMIT_WIN", "NAME", "PLUGIN", "SPEC", "end_if",
]  # fmt: skip
