"""End-of-game checks (section 4.3): elimination, last tribe standing, 30 people, round 50.

The engine calls :func:`end_if` whenever a phase ends and when a turn ends, and
:func:`at_limit` once round 50 is over.
"""

from __future__ import annotations

from boardcore import Match, Result

from .cards import RULES
from .raid import DeclareRaid
from .tribe import DISCARD, FOOD, HAND, PRISONERS, TRIBE, generics, hth_strength, population, ranged_strength

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
    pops = {seat: population(m, seat) for seat in m.alive()}
    fallen = [seat for seat, pop in pops.items() if pop == 0]
    for seat in fallen:
        eliminate(m, seat)
        del pops[seat]
    if len(pops) == 1:
        return Result(tuple(pops), LAST_STANDING, scores(m))
    if not pops:
        return Result(tuple(fallen), FELL_TOGETHER, scores(m))  # PW-R38: a draw between them
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

    def rank(seat: int) -> tuple[int, int, int]:
        return population(m, seat), m.count(FOOD, seat), m.count(PRISONERS, seat)

    best = max(rank(seat) for seat in m.alive())
    return Result(tuple(seat for seat in m.alive() if rank(seat) == best), ROUND_LIMIT, scores(m))


def standing(m: Match) -> tuple[int, ...]:
    """Each tribe's worth, for search bots judging a match in progress (the game's
    ``search_scores``): its population, its Food and Prisoners at
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


def describe(m: Match, player: int | None) -> dict[str, str]:
    """Each tribe's population, the score the game is played for (PW-R01), for a view (public)."""
    return {"people": ", ".join(f"seat {seat} {population(m, seat)}" for seat in range(m.players))}
