"""Prehistoric Warfare for boardcore: 2 to 6 Stone Age tribes hunt, grow and raid.

The ``boardcore.games`` entry point loads :data:`PLUGIN`: the spec, the 183-card
deck (``data/cards.toml``) and the card effects named in that data. The rules are
in ``shared/rules/prehistoric-warfare.md``; code and tests cite its rulings
(``PW-Rnn``) and decision points (``PW-Dnn``).

Modules: ``cards`` (the cards' data and their effects), ``tribe`` (zones,
counters, persons, gear and strength, and the phases Nomad to Food), ``raid`` (the
Raid Phase with its rerolls, the raid record on the table, and the Aftermath);
this module holds the end of a game (elimination, victory, round limit) and the
spec. ``testing`` (not loaded by the game) holds the invariants and scenario
helpers for tests. What an expansion may rely on is exported here (``__all__``)
and listed in the game's page under "For expansion authors".
"""

from __future__ import annotations

import enum

import boardcore
from boardcore import Match, Result

from .cards import CARDS, KINDS, RULES, CardType, Effect, Kind, PWCard, Side, Slot, effect_of
from .raid import Aftermath, Attacked, Capture, ChooseTarget, DeclareRaid, ExtraRound, FoodStolen, PickRaiders
from .raid import PWTable, Raid, RaidBegan, RaidDecided, RaidDeclared, RaidRounds, RerollWindow, Retreat
from .raid import Stance, StealFood, one_d5, raid_of
from .tribe import DECK, DISCARD, FOOD, HAND, PRISONERS, TRIBE, Arm, AttackMode, CardsDrawn, Cause, DrawCards
from .tribe import Elements, EnteredPlay, Food, FoodPaid, Hunt, Hunted, LeftPlay, LosePerson, Negation, Nomad
from .tribe import PlayFromHand, Recruit, Tribe, add_generic, attack_strength, card, gear, generics, is_generic
from .tribe import hth_strength, label, modifier, owner, persons, population, ranged_strength, setup

NAME = "prehistoric-warfare"

BASE_EFFECTS: dict[str, Effect] = {
    "great-warrior": Effect(modifier_against=1),  # PW-R08: attacks against him are at +1
    "hunter": Effect(ranged_bonus=1),  # PW-R10: his ranged weapon gets strength +1
    "chieftain": Effect(raid_rerolls=1),  # PW-R09: one reroll per raid he takes part in
    "massacre": Effect(extra_round_for=Side.ATTACKER),  # PW-R28
    "counter-attack": Effect(extra_round_for=Side.DEFENDER),  # PW-R28
    "draw-2": Effect(draws=2),  # PW-R17: Trade, Meeting of the Tribes
    "negate": Effect(),  # PW-R20: the negation Specials cancel the category printed on them
}
"""The effects the cards' data names (``effect = "hunter"``), by name."""

# -- the end of a game (section 4.3) --------------------------------------------------

POPULATION = "population: a tribe reached 30 people"
LAST_STANDING = "elimination: last tribe standing"
FELL_TOGETHER = "elimination: the last tribes fell together"
ROUND_LIMIT = "turn limit: largest tribe after round 50"


def scores(m: Match) -> tuple[int, ...]:
    return tuple(population(m, seat) for seat in range(m.players))


def end_if(m: Match) -> Result | None:
    """The check point (4.3, 1 to 3; PW-R36 to PW-R38): eliminate every tribe with no
    people, then look for a last tribe or a tribe of 30. Skipped when the Raid Phase
    ends, so a beaten tribe still pays the Aftermath before it is eliminated."""
    if m.phase == DeclareRaid.name:
        return None
    # Each tribe counted once: the search bots run this check thousands of times a decision.
    alive = m.alive()
    counted = [population(m, seat) for seat in alive]
    if len(counted) > 1 and min(counted) > 0 and max(counted) < RULES.winning_population:
        return None  # the usual case, at the end of almost every phase
    pops = dict(zip(alive, counted))
    fallen = [seat for seat, pop in pops.items() if pop == 0]
    for seat in fallen:
        eliminate(m, seat)
        del pops[seat]
    if len(pops) <= 1:  # the last tribe standing wins; none left, those who fell together draw (PW-R38)
        return Result(tuple(pops or fallen), LAST_STANDING if pops else FELL_TOGETHER, scores(m))
    top = max(pops.values())
    if top < RULES.winning_population:
        return None
    return Result(tuple(seat for seat, pop in pops.items() if pop == top), POPULATION, scores(m))


def eliminate(m: Match, seat: int) -> None:
    """PW-R36: the hand to the discard pile, Food and Prisoners to the supply. A tribe
    is eliminated with 0 people, so it has no cards in play left to discard."""
    m.move_all(HAND[seat], DISCARD)
    m.set_count(FOOD, 0, seat)
    m.set_count(PRISONERS, 0, seat)
    m.eliminate(seat)


def at_limit(m: Match) -> Result:
    """PW-R39: highest population wins; ties go to Food, then Prisoners; still tied, a draw."""

    ranks = {seat: (population(m, seat), m.count(FOOD, seat), m.count(PRISONERS, seat)) for seat in m.alive()}
    best = max(ranks.values())
    return Result(tuple(seat for seat, rank in ranks.items() if rank == best), ROUND_LIMIT, scores(m))


def standing(m: Match) -> tuple[int, ...]:
    """Each tribe's worth, for search bots judging a match in progress (the game's
    ``search.scores``): its population, its Food and Prisoners at
    ``stores_per_person`` to a person (they are the people it will not starve), and
    its fighting strength above a tribe of generic markers at
    ``strength_per_person`` points to a person.

    Population alone cannot tell a search that a hunt fed next turn's people, nor
    that a Warrior with a spear wins raids that a generic marker loses."""
    stores, points = RULES.stores_per_person, RULES.strength_per_person
    return tuple(
        points * (stores * population(m, seat) + m.count(FOOD, seat) + m.count(PRISONERS, seat))
        + stores * sum(max(hth_strength(m, p), ranged_strength(m, p)) - 1 for p in _fighters(m, seat))
        for seat in range(m.players)
    )


def _fighters(m: Match, seat: int) -> list[str]:
    """``seat``'s persons whose attack strength may differ from a generic marker's:
    its named persons, and its generic markers that carry gear. (A search judges
    thousands of positions a decision; a tribe is mostly bare generics.)"""
    return [*m.zones[TRIBE[seat]], *(p for p in generics(m, seat) if m.attached(p))]


def describe(m: Match, player: int | None) -> dict[str, list[int]]:
    """Each tribe's population, the score the game is played for (PW-R01), for a view
    (public): a list by seat, which the table shows as a row by seat ("people: Ann 10, Bob 9")."""
    return {"people": list(scores(m))}


# -- the game --------------------------------------------------------------------------

SPEC = boardcore.GameSpec(
    name=NAME, player_counts=(2, 3, 4, 5, 6),
    summary="Stone Age tribes hunt, survive hardships and raid each other to reach 30 people",
    zones=(DECK, DISCARD, HAND, TRIBE), counters=(FOOD, PRISONERS), table_type=PWTable, setup=setup,
    phases=(Nomad, Hunt, Elements, Tribe, Food, DeclareRaid, Aftermath), turn_order=boardcore.TurnOrder.SEATS,
    end_if=end_if, round_limit=RULES.round_limit, at_limit=at_limit,
    # what a view shows of a match in progress, and how a search judges one (a raid takes more than ten actions
    # to tell who won it, so playouts look 30 ahead)
    describe=describe, search=boardcore.SearchHints(scores=standing, horizon=30),
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
__getattr__ = boardcore.renamed(__name__, {
    "Attack": ("Attacked", Attacked),  # the attack whose die is on the table is the moment itself
    "Category": ("str: a category is its lower-case name (PWCard.category == 'medical')",
                 enum.StrEnum("Category", "MEDICAL ANIMAL EXPOSURE SOCIAL")),  # each equal to its lower-cased name
}, docs="docs/migration.md, From 0.3 to 0.4")  # fmt: skip
