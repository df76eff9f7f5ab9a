"""Phase 7, the Aftermath of a raid won by the Attacker (PW-R32 to PW-R35)."""

from __future__ import annotations

import pytest
import boardcore
from boardcore.testing import choose, events
from boardcore_prehistoric_warfare import FOOD, HAND, PRISONERS, RaidDecided, one_d5
from boardcore_prehistoric_warfare.tribe import generics, persons, population

from .pw_helpers import choose_ids, raid

# The Great Warrior with a Heavy Spear has S 10: he always hits and no window opens.
# Generics (S 1) can never hit him (M 1); the Big Man misses with a 9.
CHAMPION = [("Great Warrior", ["Heavy Spear"])]


@pytest.mark.parametrize(("roll", "d5"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5), (10, 5)])
def test_1d5_is_a_d10_halved_rounding_up(roll, d5):
    """PW-R33: uniform over 1..5."""
    assert one_d5(roll) == d5


def test_attacker_frees_captures_and_steals():
    state, built = raid(
        CHAMPION,
        ["generic", ("generic", ["Wooden Shield"]), "generic", "generic", "Big Man"],
        hands={0: ["Surrounded"]},
        prisoners={0: 1, 1: 3},
        food={1: 5},
        dice=[5, 9, 9, 9, 9, 9] + [9, 3],
    )
    m = state.match
    g1, shielded, g3, g4, big_man = built[1]
    # the only target of the raid; every attack after it has one target. g3 and g4 are
    # side by side and unarmed: one option, the younger (section 4.4)
    choose_ids(state, 0, g4)
    choose(state, 0, "pass")  # no Massacre: Alice holds cards, so she is asked all the same
    [decided] = events(state, RaidDecided)
    assert (decided.lost, decided.winner) == ((0, 1), 0)
    # PW-R32: Bob's 3 prisoners are freed and join Alice; her own prisoner stays hers
    assert m.count(PRISONERS, 1) == 0
    # PW-R33: 9 -> 5, but Bob has only 3 generic markers; Alice picks them one at a time
    entry = m.table.entries
    assert [str(o) for o in state.pending[0].options] == [f"capture generic #{entry[p]}" for p in (g1, shielded, g3)]
    choose_ids(state, 0, shielded)  # the other two are forced: side by side now, they are one option
    captures = [f"capture generic #{entry[shielded]}", f"capture generic #{entry[g3]}, one of 2 unarmed generics"]
    assert m.count(PRISONERS, 0) == 1 + 3
    assert persons(m, 1) == (big_man,)  # named persons are never captured
    assert "PW023-1" in m.zones["discard"]  # the captured marker's shield is discarded
    # PW-R35: 3 of Bob's 5 Food
    assert (m.count(FOOD, 0), m.count(FOOD, 1)) == (2 + 3, 5 - 3)
    assert population(m, 0) == 1 + 3 and len(generics(m, 0)) == 3  # raid() sent the Tribe Phase's newcomer away
    # PW-R30: no reroll of the Aftermath dice, though Alice holds a Tactics card
    assert "PW030-1" in m.zones[HAND[0]]
    log = list(state.events)
    later = [e.action for e in log[log.index(decided) :] if isinstance(e, boardcore.events.Chose) and e.player == 0]
    assert later[:3] == [*captures, f"capture generic #{entry[g1]}"]
    assert not state.is_over and m.active == 1  # Bob keeps his Big Man and plays on


@pytest.mark.parametrize(("food", "roll", "stolen"), [(5, 3, 3), (2, 8, 2), (0, 10, 0), (10, 10, 10)])
def test_steal_takes_at_most_what_the_defender_has(food, roll, stolen):
    """PW-R35; the capture finds no generic left (the only one was killed)."""
    state, built = raid(CHAMPION, ["generic", "Big Man"], food={0: 0, 1: food}, dice=[5, 9, 9, 1, roll])
    m = state.match
    choose_ids(state, 0, built[1][0])
    choose(state, 0, "pass")  # no Massacre: Alice holds a card, so she is asked all the same
    assert events(state, RaidDecided)[0].winner == 0
    assert (m.count(FOOD, 0), m.count(FOOD, 1)) == (stolen, food - stolen)
    assert m.count(PRISONERS, 0) == 0 and persons(m, 1) == (built[1][1],)
