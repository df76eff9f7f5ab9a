"""The worked example of rules section 6, traced decision by decision and die by die.

Alice (seat 0) raids Bob (seat 1), wins the raid after a Massacre round, and Bob,
emptied by the raid, is eliminated only after the Aftermath: Alice wins.

Since engine 0.2 a player holding cards is asked the decisions whose options depend
on his hand even when "pass" (or "done") is all he can answer: the example's PASSes
are all asked. Every die and every result is the example's.

Generic markers side by side in entry order are one option, their youngest (section
4.4), so the example's named generics are played by others of the same run: the
three raiders are the three youngest of Alice's eleven (they act as A-G1..A-G3),
and each attack on a run of generics strikes its youngest eligible member. The
match is the example's up to those names.
"""

from __future__ import annotations

from collections import Counter

import boardcore_prehistoric_warfare as pw
from boardcore.testing import choose, decision, events, options
from boardcore_prehistoric_warfare import FOOD, HAND, PRISONERS, AttackMode, Attacked, RaidDecided
from boardcore_prehistoric_warfare.tribe import generics, persons

from .pw_helpers import choose_ids, play_on, position

DICE = [6, 9, 1, 7, 4, 5, 3, 2, 8, 1, 5, 4, 2, 10, 1, 1, 7, 6]


def start():
    return position(
        tribes={
            # A-G1..A-G3 are the oldest; the Warrior and the Hunter entered later.
            0: ["generic"] * 11 + [("Warrior", ["Stone Axe", "Piecemeal Armor"]), ("Hunter", ["Sling"])],
            # B-G1..B-G5, then the Big Man.
            1: ["generic"] * 5 + [("Big Man", ["Wooden Shield"])],
        },
        hands={0: ["Aurochs", "Wolves", "War Party", "Massacre"], 1: ["Sentries", "Birds"]},
        food={0: 2, 1: 4},
        prisoners={0: 1, 1: 2},
        deck=["Berries"],
        dice=DICE,
    )


def attacks(state):
    return [(e.mode, e.attacker, e.target, e.strength, e.modifier, e.roll, e.hit) for e in events(state, Attacked)]


def attack(state, player, target, hurt):
    """One attack of the example: ``player`` names ``target`` (PW-D13), then ``hurt``,
    the player the die hurts, who holds cards but no reroll source, passes (PW-D17)."""
    if target is not None:
        choose_ids(state, player, target)
    assert options(state, hurt) == ["pass"]
    choose(state, hurt, "pass")


def test_worked_example_alice_wins():
    state, built = start()
    m = state.match
    alice, bob = built[0], built[1]
    ag1, ag2, ag3 = alice[8:11]  # the youngest three of Alice's run of generics
    warrior, hunter = alice[11], alice[12]
    bg1, bg2, bg3, bg4, bg5, big_man = bob
    assert pw.tribe.population(m, 0) == 13 and pw.tribe.population(m, 1) == 6

    # 1. Nomad: pop 13 < 15, one card (Berries); 5 cards, no discard; no Draw-2 card: PASS.
    assert [m.rules.cards[c].name for c in m.zones[HAND[0]]] == ["Aurochs", "Wolves", "War Party", "Massacre", "Berries"]
    assert options(state, 0) == ["pass"]
    choose(state, 0, "pass")
    # 2. Hunt (PW-D03): Aurochs, Food 2 -> 7.
    assert decision(state).player == 0 and "hunt Aurochs (+5 food)" in options(state)
    choose(state, 0, "hunt Aurochs (+5 food)")
    assert m.count(FOOD, 0) == 7
    # 3. Elements (PW-D04): Wolves on Bob; no Dogs, so PASS (PW-D05); Bob loses B-G5 (PW-D06).
    play_on(state, 0, "Wolves", 1)
    assert options(state, 1) == ["pass"]
    choose(state, 1, "pass")
    assert decision(state).player == 1
    choose_ids(state, 1, bg5)
    assert pw.tribe.population(m, 1) == 5
    # 4. Tribe: a new generic (pop 14); no Person cards or attachments, so DONE, DONE.
    assert options(state, 0) == ["done"]
    choose(state, 0, "done")
    assert options(state, 0) == ["done"]
    choose(state, 0, "done")
    # 5. Food: floor(14 / 10) = 1, so Food 7 -> 6.
    # 6. Raid (PW-D10, PW-D12).
    assert m.phase == "raid"
    assert pw.tribe.population(m, 0) == 14 and m.count(FOOD, 0) == 6
    play_on(state, 0, "War Party", 1)
    choose_ids(state, 0, ag3, ag2, ag1, warrior, hunter)  # the run's option is its youngest still at home
    choose(state, 0, "done")
    raid = m.table.raid
    assert raid.sides == ((ag1, ag2, ag3, warrior, hunter), (bg1, bg2, bg3, bg4, big_man))

    # Round 1, ranged step: the Hunter shoots B-G1 (S 5 + 1 = 6): 6 hits...
    # (Bob's generics are one run: the option is its youngest, bg4)
    choose_ids(state, 0, bg4)
    # ...Bob is disadvantaged and rerolls with Sentries (PW-D17): 9, a miss.
    assert options(state, 1) == ["reroll with Sentries", "pass"]
    choose(state, 1, "reroll with Sentries")
    # Window again: Alice is disadvantaged but has no T card and no Chieftain, so PASS.
    attack(state, 0, None, hurt=0)
    assert attacks(state) == [(AttackMode.RANGED, hunter, bg4, 6, 0, 9, False)]

    # Round 1, HTH step: Attacker first, oldest first; then the Defender. Bob has no
    # more reroll sources, and Alice has none: whoever a die hurts passes. The example's
    # B-G2, B-G3, B-G3, B-G1 are the youngest unmarked of Bob's run (bg4, bg3, bg3, bg3;
    # the last the only target left, which the engine names), its A-G1, A-G2, A-G3 the
    # youngest unmarked of Alice's raiders (ag3, ag3, ag2).
    for target, hurt in ((bg4, 1), (bg3, 0), (bg3, 0), (big_man, 1), (None, 1)):
        attack(state, 0, target, hurt)
    for target, hurt in ((hunter, 1), (ag3, 1), (ag3, 0), (ag2, 1), (warrior, 0)):
        attack(state, 1, target, hurt)
    hth = AttackMode.HTH
    assert attacks(state)[1:] == [
        (hth, ag1, bg4, 1, 0, 1, True),
        (hth, ag2, bg3, 1, 0, 7, False),
        (hth, ag3, bg3, 1, 0, 4, False),
        (hth, warrior, big_man, 7, 1, 5, True),
        (hth, hunter, bg3, 3, 0, 3, True),
        (hth, bg1, hunter, 1, 0, 2, False),
        (hth, bg2, ag3, 1, 0, 8, False),
        (hth, bg3, ag3, 1, 0, 1, True),
        (hth, bg4, ag2, 1, 0, 5, False),
        (hth, big_man, warrior, 5, 1, 4, True),
    ]
    raid = m.table.raid
    assert raid.lost == (2, 3)
    assert raid.sides == ((ag1, ag2, hunter), (bg1, bg2))  # the example's A-G1, A-G3 / B-G3, B-G4
    # Round 1 end: cA 2 != cD 3, both sides alive: Alice plays Massacre (PW-D14).
    assert options(state, 0) == ["play Massacre", "pass"]
    choose(state, 0, "play Massacre")

    # Round 2: the Hunter shoots B-G3 (2, a hit); A-G1 -> B-G4 (10, miss) and A-G3 -> B-G4
    # (1, hit) have one target each; the Hunter has none left; B-G4 strikes the Hunter (1, hit).
    attack(state, 0, None, hurt=1)  # Bob's two are one run: one target, which the engine names
    attack(state, 0, None, hurt=0)  # A-G1's only target
    attack(state, 0, None, hurt=1)  # A-G3's only target
    attack(state, 1, hunter, hurt=0)
    assert attacks(state)[11:] == [
        (AttackMode.RANGED, hunter, bg2, 6, 0, 2, True),
        (hth, ag1, bg1, 1, 0, 10, False),
        (hth, ag2, bg1, 1, 0, 1, True),
        (hth, bg1, hunter, 1, 0, 1, True),
    ]
    [decided] = events(state, RaidDecided)
    assert (decided.rounds, decided.lost, decided.winner) == (2, (3, 5), 0)

    # Aftermath: 2 prisoners freed; capture 7 -> 4 but Bob has no generics; steal min(6, 4) = 4.
    # Bob (pop 0) is eliminated only now, and Alice is the last tribe standing.
    assert state.is_over
    assert state.result.winners == (0,)
    assert state.result.reason == pw.LAST_STANDING
    assert m.out == (1,)
    assert pw.tribe.population(m, 0) == 13 and len(generics(m, 0)) == 13 and not persons(m, 1)
    assert (m.count(FOOD, 0), m.count(PRISONERS, 0)) == (10, 1)
    assert (m.count(FOOD, 1), m.count(PRISONERS, 1)) == (0, 0)
    assert [m.rules.cards[c].name for c in m.zones[HAND[0]]] == ["Berries"]
    assert m.zones[HAND[1]] == ()
    discarded = Counter(m.rules.cards[c].name for c in m.zones["discard"])
    assert discarded == Counter(
        [
            "Aurochs", "Wolves", "War Party", "Sentries", "Warrior", "Stone Axe", "Piecemeal Armor",
            "Big Man", "Wooden Shield", "Massacre", "Hunter", "Sling", "Birds",
        ]
    )  # fmt: skip
    assert m.loaded == ()  # every die of the example was used, and no other
