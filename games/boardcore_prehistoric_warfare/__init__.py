"""Prehistoric Warfare for boardcore: 2 to 6 Stone Age tribes hunt, grow and raid.

The ``boardcore.games`` entry point loads :data:`PLUGIN`: the spec, the 183-card
deck (``data/cards.toml``) and the card effects named in that data. The rules are
in ``shared/rules/prehistoric-warfare.md``; code and tests cite its rulings
(``PW-Rnn``) and decision points (``PW-Dnn``).

Modules: ``cards`` (data), ``effects`` (card abilities), ``records`` (the table
and the game's events), ``tribe`` (zones, counters, persons, slots), ``combat``
(the hit test), ``phases`` (Nomad to Food), ``raid`` (Raid Phase and rerolls),
``aftermath`` and ``checks`` (elimination, victory, round limit).
"""

from __future__ import annotations

import boardcore

from .aftermath import Aftermath
from .cards import CARDS, RULES, CardType, Category, PWCard, Slot
from .checks import FELL_TOGETHER, LAST_STANDING, POPULATION, ROUND_LIMIT, at_limit, describe, end_if, standing
from .effects import BASE_EFFECTS, Effect
from .phases import Elements, Food, Hunt, Nomad, Tribe
from .raid import DeclareRaid
from .records import Attack, AttackMode, Attacked, Cause, EnteredPlay, LeftPlay, PWTable, Raid, RaidBegan
from .records import RaidDecided, Side
from .tribe import DECK, DISCARD, FOOD, HAND, PRISONERS, TRIBE, setup

NAME = "prehistoric-warfare"

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Stone Age tribes hunt, survive hardships and raid each other to reach 30 people",
    player_counts=(2, 3, 4, 5, 6),
    zones=(DECK, DISCARD, HAND, TRIBE),
    counters=(FOOD, PRISONERS),
    setup=setup,
    phases=(Nomad, Hunt, Elements, Tribe, Food, DeclareRaid, Aftermath),
    turn_order=boardcore.TurnOrder.SEATS,
    end_if=end_if,
    round_limit=RULES.round_limit,
    at_limit=at_limit,
    search_scores=standing,
    search_horizon=30,  # a raid takes longer than ten actions to tell who won it
    rules_version=2,  # 2: runs of interchangeable generics are one option (section 4.4)
    table_type=PWTable,
    describe=describe,
)

PLUGIN = boardcore.GamePlugin(SPEC, cards=CARDS, effects=BASE_EFFECTS)

__all__ = [
    "BASE_EFFECTS", "CARDS", "DECK", "DISCARD", "FELL_TOGETHER", "FOOD", "HAND", "LAST_STANDING", "NAME", "PLUGIN",
    "POPULATION", "PRISONERS", "ROUND_LIMIT", "RULES", "SPEC", "TRIBE", "Attack", "AttackMode", "Attacked",
    "CardType", "Category", "Cause", "Effect", "EnteredPlay", "LeftPlay", "PWCard", "PWTable", "Raid", "RaidBegan",
    "RaidDecided", "Side", "Slot",
]  # fmt: skip
