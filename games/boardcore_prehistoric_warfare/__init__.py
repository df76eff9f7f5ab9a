"""Prehistoric Warfare for boardcore: 2 to 6 Stone Age tribes hunt, grow and raid.

The ``boardcore.games`` entry point loads :data:`PLUGIN`: the spec, the 183-card
deck (``data/cards.toml``) and the card effects named in that data. The rules are
in ``shared/rules/prehistoric-warfare.md``; code and tests cite its rulings
(``PW-Rnn``) and decision points (``PW-Dnn``).

Modules: ``cards`` (data), ``effects`` (card abilities), ``records`` (the table,
the raid record and the attack), ``tribe`` (zones, counters, persons, gear and
strength), ``phases`` (Nomad to Food), ``raid`` (the Raid Phase and its rerolls),
``aftermath`` and ``checks`` (elimination, victory, round limit); ``testing`` (not
loaded by the game) holds the invariants and scenario helpers for tests. What an
expansion may rely on is exported here (``__all__``) and listed in the game's
page under "For expansion authors".
"""

from __future__ import annotations

import boardcore

from .aftermath import Aftermath, Capture, FoodStolen, StealFood, one_d5
from .cards import CARDS, KINDS, RULES, CardType, Kind, PWCard, Slot
from .checks import FELL_TOGETHER, LAST_STANDING, POPULATION, ROUND_LIMIT, at_limit, describe, eliminate, end_if, standing
from .effects import BASE_EFFECTS, Effect, effect_of
from .phases import Arm, DrawCards, Elements, Food, FoodPaid, Hunt, Hunted, LosePerson, Negation, Nomad, PlayFromHand
from .phases import Recruit, Tribe
from .raid import ChooseTarget, DeclareRaid, ExtraRound, PickRaiders, RaidDeclared, RaidRounds, RerollWindow
from .raid import Retreat, Stance
from .records import Attacked, AttackMode, Cause, EnteredPlay, PWTable, Raid, RaidBegan, RaidDecided, Side, raid_of
from .tribe import DECK, DISCARD, FOOD, HAND, PRISONERS, TRIBE, CardsDrawn, LeftPlay, add_generic, attack_strength, card
from .tribe import gear, generics, is_generic, label, modifier, owner, persons, population, setup

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
    "BASE_EFFECTS", "CARDS", "KINDS", "NAME", "PLUGIN", "RULES", "SPEC",
    "DECK", "DISCARD", "FOOD", "HAND", "PRISONERS", "TRIBE",  # zones and counters
    "CardType", "Kind", "PWCard", "Slot",  # card data
    # moments: cards may modify, replace and react to them
    "Attacked", "CardsDrawn", "FoodPaid", "FoodStolen", "Hunted", "LeftPlay", "RaidDeclared", "RaidDecided",
    "EnteredPlay", "RaidBegan",  # plain events: cards react to them
    "AttackMode", "Cause", "PWTable", "Raid", "Side",  # the table
    # steps and phases
    "Aftermath", "Arm", "Capture", "ChooseTarget", "DeclareRaid", "DrawCards", "Elements", "ExtraRound", "Food", "Hunt",
    "LosePerson", "Negation", "Nomad", "PickRaiders", "PlayFromHand", "RaidRounds", "Recruit", "RerollWindow",
    "Retreat", "Stance", "StealFood", "Tribe",
    # what rules and effects read
    "Effect", "add_generic", "attack_strength", "card", "effect_of", "eliminate", "gear", "generics", "is_generic",
    "label", "modifier", "one_d5", "owner", "persons", "population", "raid_of",
    "FELL_TOGETHER", "LAST_STANDING", "POPULATION", "ROUND_LIMIT", "at_limit", "describe", "end_if", "standing",
]  # fmt: skip
