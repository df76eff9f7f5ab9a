"""Prehistoric Warfare for boardcore: 2 to 6 Stone Age tribes hunt, grow and raid.

The ``boardcore.games`` entry point loads :data:`PLUGIN`: the spec, the 183-card
deck (``data/cards.toml``) and the card effects named in that data. The rules are
in ``shared/rules/prehistoric-warfare.md``; code and tests cite its rulings
(``PW-Rnn``) and decision points (``PW-Dnn``).

Modules: ``cards`` (the cards' data and their effects), ``tribe`` (zones,
counters, persons, gear and strength), ``phases`` (Nomad to Food), ``raid`` (the
Raid Phase with its rerolls, the raid record on the table, and the Aftermath),
``checks`` (elimination, victory, round limit); ``testing`` (not loaded by the
game) holds the invariants and scenario helpers for tests. What an expansion may
rely on is exported here (``__all__``) and listed in the game's page under "For
expansion authors".
"""

from __future__ import annotations

import enum

import boardcore

from .cards import CARDS, KINDS, RULES, CardType, Effect, Kind, PWCard, Slot, effect_of
from .checks import FELL_TOGETHER, LAST_STANDING, POPULATION, ROUND_LIMIT, at_limit, describe, eliminate
from .checks import end_if, standing
from .phases import Arm, DrawCards, Elements, Food, FoodPaid, Hunt, Hunted, LosePerson, Negation, Nomad
from .phases import PlayFromHand, Recruit, Tribe
from .raid import Aftermath, Attacked, Capture, ChooseTarget, DeclareRaid, ExtraRound, FoodStolen, PickRaiders
from .raid import PWTable, Raid, RaidBegan, RaidDecided, RaidDeclared, RaidRounds, RerollWindow, Retreat, Side
from .raid import Stance, StealFood, one_d5, raid_of
from .tribe import DECK, DISCARD, FOOD, HAND, PRISONERS, TRIBE, AttackMode, CardsDrawn, Cause, EnteredPlay
from .tribe import LeftPlay, add_generic, attack_strength, card, gear, generics, is_generic, label, modifier
from .tribe import owner, persons, population, setup

NAME = "prehistoric-warfare"

BASE_EFFECTS: dict[str, Effect] = {
    "great-warrior": Effect(modifier_against=1),  # PW-R08: attacks against him are at +1
    "hunter": Effect(ranged_bonus=1),  # PW-R10: his ranged weapon gets Str +1
    "chieftain": Effect(raid_rerolls=1),  # PW-R09: one reroll per raid he takes part in
    "massacre": Effect(extra_round_for=Side.ATTACKER),  # PW-R28
    "counter-attack": Effect(extra_round_for=Side.DEFENDER),  # PW-R28
    "draw-2": Effect(draws=2),  # PW-R17: Trade, Meeting of the Tribes
    "negate": Effect(),  # PW-R20: the negation Specials cancel the category printed on them
}
"""The effects the cards' data names (``effect = "hunter"``), by name."""

SPEC = boardcore.GameSpec(
    name=NAME,
    summary="Stone Age tribes hunt, survive hardships and raid each other to reach 30 people",
    player_counts=(2, 3, 4, 5, 6),
    zones=(DECK, DISCARD, HAND, TRIBE), counters=(FOOD, PRISONERS), table_type=PWTable, setup=setup,
    phases=(Nomad, Hunt, Elements, Tribe, Food, DeclareRaid, Aftermath), turn_order=boardcore.TurnOrder.SEATS,
    end_if=end_if, round_limit=RULES.round_limit, at_limit=at_limit,
    describe=describe, search_scores=standing,
    search_horizon=30,  # a raid takes longer than ten actions to tell who won it
    rules_version=2,  # 2: runs of interchangeable generics are one option (section 4.4)
)  # fmt: skip

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
    "Aftermath", "Arm", "Capture", "ChooseTarget", "DeclareRaid", "DrawCards", "Elements", "ExtraRound",
    "Food", "Hunt", "LosePerson", "Negation", "Nomad", "PickRaiders", "PlayFromHand", "RaidRounds", "Recruit",
    "RerollWindow", "Retreat", "Stance", "StealFood", "Tribe",
    # what rules and effects read
    "Effect", "add_generic", "attack_strength", "card", "effect_of", "eliminate", "gear", "generics",
    "is_generic", "label", "modifier", "one_d5", "owner", "persons", "population", "raid_of",
    "FELL_TOGETHER", "LAST_STANDING", "POPULATION", "ROUND_LIMIT",  # how a game ends
    "at_limit", "describe", "end_if", "standing",
]  # fmt: skip

# Names of 0.3, kept for this version with a DeprecationWarning ("Changed since 0.3" in the game's page).
_CATEGORY = {"MEDICAL": "medical", "ANIMAL": "animal", "EXPOSURE": "exposure", "SOCIAL": "social"}
__getattr__ = boardcore.renamed(__name__, {
    "Attack": ("Attacked", Attacked),  # the attack whose die is on the table is the moment itself
    "Category": ("str: a category is its lower-case name (PWCard.category == 'medical')",
                 enum.StrEnum("Category", _CATEGORY)),  # its members are equal to the names
}, docs="docs/migration.md, From 0.3 to 0.4")  # fmt: skip
