"""End-of-game checks (section 4.3): elimination, last tribe standing, 30 people, round 50."""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Match

from .cards import RULES
from .records import Cause
from .tribe import DISCARD, FOOD, PRISONERS, hand, leave_play, persons, population, table

POPULATION = "population: a tribe reached 30 people"
LAST_STANDING = "elimination: last tribe standing"
FELL_TOGETHER = "elimination: the last tribes fell together"
ROUND_LIMIT = "turn limit: largest tribe after round 50"


@attrs.frozen
class Checkpoint(boardcore.Step):
    """The checks run at the end of every phase except the Raid Phase (PW-R36, PW-R37).

    With ``end_of_turn`` it also closes the turn: after the last surviving seat's
    turn the round ends, and after round 50 the turn-cap tie-break decides (PW-R39).
    """

    end_of_turn: bool = False

    def run(self, m: Match) -> None:
        end_checks(m)
        if m.result is None and self.end_of_turn:
            end_turn(m)


def scores(m: Match) -> list[int]:
    return [population(m, seat) for seat in range(m.players)]


def end_checks(m: Match) -> None:
    """Eliminate empty tribes, then look for a last tribe or a tribe of 30 (4.3, 1 to 3)."""
    fallen = [seat for seat in m.alive() if population(m, seat) == 0]
    for seat in fallen:
        eliminate(m, seat)
    left = m.alive()
    if len(left) == 1:
        m.finish(left, LAST_STANDING, scores(m))
    elif not left:
        m.finish(fallen, FELL_TOGETHER, scores(m))  # PW-R38: a draw between them
    else:
        pops = {seat: population(m, seat) for seat in left}
        big = [seat for seat, pop in pops.items() if pop >= RULES.winning_population]
        if big:
            top = max(pops[seat] for seat in big)
            m.finish([seat for seat in big if pops[seat] == top], POPULATION, scores(m))


def eliminate(m: Match, seat: int) -> None:
    """PW-R36: hand and in-play cards to the discard pile, Food and Prisoners to the supply."""
    for person in persons(m, seat):  # normally none: a tribe is eliminated at 0 people
        leave_play(m, person, Cause.KILLED)
    m.move_all(hand(seat), DISCARD)
    m.set_count(FOOD, 0, seat)
    m.set_count(PRISONERS, 0, seat)
    m.eliminate(seat)


def end_turn(m: Match) -> None:
    """Close the round after the last surviving seat's turn (section 3, step 4)."""
    active = m.active
    if active is not None and any(seat > active for seat in m.alive()):
        return
    t = table(m)
    if t.round >= RULES.round_limit:
        at_round_limit(m)
    else:
        m.table = attrs.evolve(t, round=t.round + 1)


def at_round_limit(m: Match) -> None:
    """PW-R39: highest population wins; ties go to Food, then Prisoners; still tied, a draw."""

    def rank(seat: int) -> tuple[int, int, int]:
        return population(m, seat), m.count(FOOD, seat), m.count(PRISONERS, seat)

    left = m.alive()
    best = max(rank(seat) for seat in left)
    m.finish([seat for seat in left if rank(seat) == best], ROUND_LIMIT, scores(m))
