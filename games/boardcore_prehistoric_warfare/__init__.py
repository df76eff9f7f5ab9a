"""Prehistoric Warfare for boardcore: 2 to 6 Stone Age tribes hunt, grow and raid.

This module is the game's plugin: the ``boardcore.games`` entry point names it, and
its hook implementations give the engine the game spec, the 183-card deck (from
``data/cards.toml``), the card effects named in that data, and every class the game
stores in a match. The rules are in ``shared/rules/prehistoric-warfare.md``; code
and tests cite its rulings (``PW-Rnn``) and decision points (``PW-Dnn``).

Modules: ``cards`` (data), ``effects`` (card abilities), ``records`` (the frozen
table, events, the PlayOn action), ``tribe`` (persons, slots, entry numbers),
``combat`` (the hit test), ``phases`` (Nomad to Food), ``raid`` (Raid Phase and
rerolls), ``aftermath``, ``checks`` (elimination, victory, round limit) and
``invariants`` (the game's ``check`` and ``describe``).
"""

from __future__ import annotations


import boardcore

from . import aftermath, phases, raid
from .aftermath import Aftermath
from .cards import CARDS, RULES, CardType, Category, PWCard, Slot
from .checks import FELL_TOGETHER, LAST_STANDING, POPULATION, ROUND_LIMIT, Checkpoint
from .effects import BASE_EFFECTS, Effect
from .invariants import check, describe
from .phases import Elements, Food, Hunt, Nomad, Tribe
from .raid import RaidPhase
from .records import EVENTS, Attack, AttackMode, Cause, PlayOn, PWTable, Raid, Side
from .tribe import setup

NAME = "prehistoric-warfare"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Stone Age tribes hunt, survive hardships and raid each other to reach 30 people",
    player_counts=(2, 3, 4, 5, 6),
    setup=setup,
    phases=(Nomad, Hunt, Elements, Tribe, Food, RaidPhase, Aftermath),
    turn_order=boardcore.TurnOrder.SEATS,
    table_type=PWTable,
    describe=describe,
    check=check,
)


PLUGIN = boardcore.GamePlugin(
    SPEC,
    cards=CARDS,
    effects=BASE_EFFECTS,
    types=[Checkpoint, PlayOn, *phases.STEPS, *raid.STEPS, *aftermath.STEPS, *EVENTS],
)
"""What the ``boardcore.games`` entry point loads: the spec, the deck, the card
effects and the classes the game stores in a match."""


__all__ = [
    "PLUGIN",
    "CARDS",
    "FELL_TOGETHER",
    "LAST_STANDING",
    "NAME",
    "POPULATION",
    "ROUND_LIMIT",
    "RULES",
    "SPEC",
    "Attack",
    "AttackMode",
    "CardType",
    "Category",
    "Cause",
    "Effect",
    "PWCard",
    "PWTable",
    "PlayOn",
    "Raid",
    "Side",
    "Slot",
]
