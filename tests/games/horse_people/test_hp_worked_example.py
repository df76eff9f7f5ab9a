"""The worked example of rules section 6 (3 players, turn 4), traced exactly."""

from __future__ import annotations

import boardcore
from boardcore_horse_people import DISCARD, TRIBUTE, InvasionResolved, TributeCollected, play_area

from .hp_helpers import asked, can_finish, choose, cid, deal, events, held, items, no_exchanges, pick, table

ATTILA, BATU, TEMUJIN = 0, 1, 2

HANDS = [
    [cid("Assimilation", 4), cid("Succession", 2), cid("Horse Archers", 3), cid("Great Leader", 5),
     cid("Magyars"), cid("Europe", 1), cid("Plunder", 3)],
    [cid("Pillage", 4), cid("Plunder", 2), cid("Rape", 5), cid("Europe", 3), cid("China", 4),
     cid("Horde", 5), cid("Huns")],
    [cid("Resistance", 3), cid("Horde", 4), cid("Horde", 2), cid("Avars"), cid("Mongols"),
     cid("Middle East", 2), cid("Pillage", 1)],
]  # fmt: skip


def test_worked_example_turn_4():
    state = deal(HANDS, khan=BATU, loot=(4, 3, 0), turn=4, seed=61)
    assert state.turn == 4
    for seat in range(3):
        assert held(state, seat) == HANDS[seat]
    no_exchanges(state)  # HP-D01: the hands above are the hands after the exchanges

    # Tribute (HP-D02): only Batu is asked, and only Loot and Conquest are offered.
    assert [d.player for d in state.pending] == [BATU]
    assert set(items(state, BATU)) == set(HANDS[BATU][:5])
    choose(state, BATU, [cid("Pillage", 4), cid("Plunder", 2), cid("Rape", 5), cid("Europe", 3), cid("China", 4)])
    assert events(state, TributeCollected) == [TributeCollected(BATU, 11, 7, 7)]
    assert state.match.count("loot", BATU) == 10 and not state.is_over

    # Invasion (HP-D03): Attila and Temujin choose at once; Batu plays nothing (HP-R09).
    assert sorted(d.player for d in state.pending) == [ATTILA, TEMUJIN]
    assert asked(state, BATU) is None
    assert cid("Europe", 1) not in items(state, ATTILA) and cid("Plunder", 3) not in items(state, ATTILA)
    pick(state, ATTILA, [cid("Assimilation", 4), cid("Succession", 2), cid("Horse Archers", 3),
                         cid("Great Leader", 5)])  # fmt: skip
    # Only the Magyars are left to play, and "done" waits for a Tribe (HP-R11).
    assert [str(o) for o in asked(state, ATTILA).options] == ["play Magyars"]
    choose(state, ATTILA, [cid("Magyars")])  # then "done" is the only option: automatic
    pick(state, TEMUJIN, [cid("Resistance", 3), cid("Horde", 4)])
    assert cid("Horde", 2) not in items(state, TEMUJIN)  # HP-R12: one Horde only
    assert not can_finish(state, TEMUJIN)  # HP-R11: he holds a Tribe, so he must play one
    choose(state, TEMUJIN, [cid("Avars")])  # HP-R11: exactly one of Avars and Mongols
    # (Batu's Tribute and both plays ended with "done" as the only option, so the
    # engine said it for them.)

    # W_all = 9 > C_khan = 7: Batu is deposed; Attila (8) beats Temujin (4).
    assert events(state, InvasionResolved) == [InvasionResolved(weakness=9, conquest=7, deposed=BATU, khan=ATTILA)]
    last = table(state).last
    assert (last.weakness, last.conquest, last.deposed) == (9, 7, True)
    assert last.candidates == (ATTILA, TEMUJIN)
    assert last.strengths == (8, 0, 4)
    assert last.crowned == ATTILA
    assert table(state).khan == ATTILA

    # Steppes: all 21 cards went to the discard pile; turn 5 has begun.
    assert sorted(state.match.cards(DISCARD)) == sorted(c for cards in HANDS for c in cards)
    assert state.match.cards(TRIBUTE) == () and all(state.match.cards(play_area(s)) == () for s in range(3))
    assert state.turn == 5
    assert [state.match.count("loot", s) for s in range(3)] == [4, 10, 0]
    assert state.game.spec.check(state.match) == []
    revealed = [e for e in state.events if isinstance(e, boardcore.Revealed)][-2:]
    assert [(e.player, len(e.items)) for e in revealed] == [(ATTILA, 5), (TEMUJIN, 3)]
