"""The worked example of rules section 6 (3 players, turn 4), traced exactly."""

from __future__ import annotations

import boardcore
from boardcore.testing import events, options
from boardcore_horse_people import DISCARD, PLAY, TRIBUTE, InvasionResolved, TributeCollected

from boardcore_horse_people.testing import asked, can_finish, check, cid, deal, held, items, no_exchanges, pick, play, table

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
    assert asked(state) == [BATU]
    assert set(items(state, BATU)) == set(HANDS[BATU][:5])
    pick(state, BATU, [cid("Pillage", 4), cid("Plunder", 2), cid("Rape", 5), cid("Europe", 3), cid("China", 4)])
    # Horde 5 and Huns cannot be Tribute: "done" is all that is left, and Batu is
    # still asked it (secrecy rule: answering for him would reveal his hand).
    assert options(state, BATU) == ["done"]
    play(state, BATU)
    assert events(state, TributeCollected) == [TributeCollected(BATU, 11, 7, 7)]
    assert state.match.count("loot", BATU) == 10 and not state.is_over

    # Invasion (HP-D03): Attila and Temujin choose at once; Batu plays nothing (HP-R09).
    assert asked(state) == [ATTILA, TEMUJIN]  # Batu is not asked
    assert cid("Europe", 1) not in items(state, ATTILA) and cid("Plunder", 3) not in items(state, ATTILA)
    pick(state, ATTILA, [cid("Assimilation", 4), cid("Succession", 2), cid("Horse Archers", 3),
                         cid("Great Leader", 5)])  # fmt: skip
    # Only the Magyars are left to play, and "done" waits for a Tribe (HP-R11).
    assert options(state, ATTILA) == ["play Magyars"]
    pick(state, ATTILA, [cid("Magyars")])
    assert options(state, ATTILA) == ["done"]  # the lone "done" is asked too (secrecy rule)
    play(state, ATTILA)
    pick(state, TEMUJIN, [cid("Resistance", 3), cid("Horde", 4)])
    assert cid("Horde", 2) not in items(state, TEMUJIN)  # HP-R12: one Horde only
    assert not can_finish(state, TEMUJIN)  # HP-R11: he holds a Tribe, so he must play one
    pick(state, TEMUJIN, [cid("Avars")])  # HP-R11: exactly one of Avars and Mongols
    assert items(state, TEMUJIN) == []  # Mongols may no longer be played, nor Horde 2
    play(state, TEMUJIN)

    # W_all = 9 > C_khan = 7: Batu is deposed; Attila (8) beats Temujin (4).
    assert events(state, InvasionResolved) == [
        InvasionResolved(9, 7, deposed=BATU, khan=ATTILA, strengths=(8, 0, 4), candidates=(ATTILA, TEMUJIN))
    ]
    last = table(state).last
    assert (last.weakness, last.conquest, last.deposed) == (9, 7, True)
    assert last.candidates == (ATTILA, TEMUJIN)
    assert last.strengths == (8, 0, 4)
    assert last.crowned == ATTILA
    assert table(state).khan == ATTILA

    # Steppes: all 21 cards went to the discard pile; turn 5 has begun.
    assert sorted(state.match.cards(DISCARD)) == sorted(c for cards in HANDS for c in cards)
    assert state.match.cards(TRIBUTE) == () and all(state.match.cards(PLAY[s]) == () for s in range(3))
    assert state.turn == 5
    assert [state.match.count("loot", s) for s in range(3)] == [4, 10, 0]
    assert check(state.match) == []
    revealed = [e for e in state.events if isinstance(e, boardcore.events.Revealed)][-2:]
    assert [(e.player, len(e.items)) for e in revealed] == [(ATTILA, 5), (TEMUJIN, 3)]
