"""The raid (section 4.1) and its reactions: rerolls (4.2), Massacre / Counter-Attack,
the hidden retreat, the 10-round cap.

Since engine 0.2 a window asks every player who could hold a reaction as far as the
others can tell: a player holding any card is asked, even when "pass" is all he can
do; a player with an empty hand (and no Chieftain reroll) is not.
"""

from __future__ import annotations

import boardcore
from boardcore.testing import advance_to, choose, decision, events, options
from boardcore_prehistoric_warfare import HAND, AttackMode, Attacked, RaidDecided

from .pw_helpers import choose_ids, knock_out, names, pass_rerolls, play_on, position, raid, rolls, strike

RANGED, HTH = AttackMode.RANGED, AttackMode.HTH


def attacks(state):
    return [(e.mode, e.attacker, e.target, e.roll, e.hit) for e in events(state, Attacked)]


def chosen_texts(state):
    return [e.action for e in state.events if isinstance(e, boardcore.events.Chose) and e.action]


# -- declaring (PW-R23, PW-D10, PW-D12) ------------------------------------------------


def test_declare_pick_raiders_one_at_a_time_done_after_the_first():
    state, built = position(
        tribes={0: ["generic", ("Warrior", ["Sling"])], 1: ["generic", ("Big Man", ["Wooden Shield"])]},
        hands={0: ["War Party", "Ambush"]},
        deck=["Bark & Leaves"],
    )
    advance_to(state, "raid")
    assert options(state) == ["play War Party on seat 1", "play Ambush on seat 1", "pass"]
    play_on(state, 0, "War Party", 1)
    assert "PW034-1" in state.match.zones["discard"]
    first = options(state)
    # two persons + the new generic, no DONE yet; the generics are apart (the Warrior
    # entered between them), so they are two options (section 4.4)
    assert len(first) == 3 and "done" not in first
    warrior = built[0][1]
    choose_ids(state, 0, warrior)
    assert options(state)[-1] == "done" and len(options(state)) == 3
    choose(state, 0, "done")
    raid_ = state.match.table.raid
    # all the Defender's persons defend; the Warrior brings his Sling, so he shoots first
    assert raid_.sides == ((warrior,), tuple(built[1]))
    assert raid_.fielded == (1, 2)
    assert decision(state).player == 0 and options(state) == [
        f"shoot generic #{state.match.table.entries[built[1][0]]}",
        f"shoot Big Man #{state.match.table.entries[built[1][1]]}",
    ]


def test_at_most_one_raid_and_only_on_opponents_still_in_the_game():
    state, _ = position(3, hands={0: ["War Party"]}, deck=["Bark & Leaves"], extra=lambda s: knock_out(s, 2))
    advance_to(state, "raid")
    assert options(state) == ["play War Party on seat 1", "pass"]


# -- inside a round (PW-R24, PW-R25) ---------------------------------------------------


def test_marks_then_removal_at_step_end():
    """PW-R25: marked persons still attack in the same step; ranged casualties make no
    HTH attack; a marked person is no longer an eligible target (PW-R24)."""
    state, built = raid(
        [("generic", ["Sling"]), ("generic", ["Javelins"]), "generic"],
        [("generic", ["Boomerang"]), "generic", ("generic", ["Wooden Shield"])],
        dice=[1, 9, 1, 9, 9, 9, 9],
    )
    (a1, a3, a2), (b1, b2, b3) = built[0], built[1]
    entry = state.match.table.entries
    choose_ids(state, 0, b1)  # A1 hits B1 (Bob, with no card, is not asked about a reroll)
    assert options(state) == [f"shoot generic #{entry[b2]}", f"shoot generic #{entry[b3]}"]  # B1 is marked
    # Alice holds a card, so each die that hurts her asks her (pass: she has no source)
    strike(state, 0, b2)  # A3 misses
    strike(state, 1, a1)  # B1, marked, still shoots, and hits A1
    strike(state, 0, b2, b2)  # HTH: A3 and A2 (A1 was removed after the ranged step)
    strike(state, 1, a3, a3)  # B2 and B3 (B1 was removed too)
    assert attacks(state) == [
        (RANGED, a1, b1, 1, True),
        (RANGED, a3, b2, 9, False),
        (RANGED, b1, a1, 1, True),
        (HTH, a3, b2, 9, False),
        (HTH, a2, b2, 9, False),
        (HTH, b2, a3, 9, False),
        (HTH, b3, a3, 9, False),
    ]
    assert state.match.table.raid.lost == (1, 1)
    assert a1 not in state.match.table.entries and b1 not in state.match.table.entries


# -- round end: cumulative casualties, Massacre, Counter-Attack (PW-R26, PW-R28) --------


def test_counter_attack_comeback_decided_on_whole_raid_casualties():
    """PW-R28: the Attacker is asked first (Massacre) and passes; the Defender plays
    Counter-Attack. PW-R26: after round 2 the totals are cA 2, cD 1, so the Defender
    wins although he lost more in round 1. The Defender then draws 3, over the hand
    limit (PW-R15)."""
    state, built = raid(
        ["Warrior", "generic", "generic"],
        ["generic", "generic", "generic", "generic"],
        hands={0: ["Massacre"], 1: ["Counter-Attack", "Birds", "Eggs", "Honey", "Roots"]},
        dice=[1, 9, 9, 9, 9, 9, 9] + [9, 9, 9, 1, 1, 9],
    )
    warrior, g1, g2 = built[0]
    # both hold cards: each is asked after every die that hurts him, with "pass" only.
    # Each side's unarmed generics are one target, their youngest unmarked (section 4.4),
    # so Alice's attacks are aimed by the engine:
    pass_rerolls(state)  # the Warrior hits b4 with a 1; g1 and g2 miss
    strike(state, 1, g2, g2, g2, g2)  # all four of Bob's generics (b4 marked) miss
    assert state.match.table.raid.lost == (0, 1)
    assert decision(state).player == 0 and options(state, 0) == ["play Massacre", "pass"]
    choose(state, 0, "pass")
    assert decision(state).player == 1 and options(state, 1) == ["play Counter-Attack", "pass"]
    choose(state, 1, "play Counter-Attack")
    assert state.match.table.raid.round == 2
    pass_rerolls(state)  # Alice's three miss
    # b1 hits the Warrior with a 1; b2 (the generics are one target now) hits g2 with a 1,
    # and b3 has only g1 left to strike, and misses
    strike(state, 1, warrior)
    # round 2 end: Alice may still Massacre; she passes
    assert options(state, 0) == ["play Massacre", "pass"]
    choose(state, 0, "pass")
    # Bob has no Counter-Attack left; holding cards, he is asked, with "pass" only
    assert options(state, 1) == ["pass"]
    choose(state, 1, "pass")
    [decided] = events(state, RaidDecided)
    assert (decided.rounds, decided.lost, decided.winner) == (2, (2, 1), 1)
    log = list(state.events)
    after = log[log.index(decided) :]
    drawn = next(e for e in after if isinstance(e, boardcore.events.CardsMoved) and e.target == HAND[1])
    assert len(drawn.cards) == 3  # 4 kept + 3 drawn = 7 cards, over the limit until...
    assert decision(state).prompt == "hand limit 5: discard one of 8 cards"  # ...Bob's own Nomad


def test_extra_round_cards_only_for_their_side():
    """PW-R28: Massacre is the Attacker's and Counter-Attack the Defender's; holding the
    other side's card offers nothing, and the side ahead wins at once."""
    state, built = raid(
        ["Warrior"], ["generic", ("generic", ["Wooden Shield"])], hands={0: ["Counter-Attack"], 1: ["Massacre"]}, dice=[1, 9, 9, 1, 1]
    )
    choose_ids(state, 0, built[1][0])
    pass_rerolls(state)
    for player in (0, 1):  # both hold a card, so both are asked; "pass" is all they can do
        assert options(state, player) == ["pass"]
        choose(state, player, "pass")
    [decided] = events(state, RaidDecided)
    assert (decided.rounds, decided.winner) == (1, 0)
    assert not [t for t in chosen_texts(state) if t.startswith("play ")][1:]  # only "play War Party"


# -- ties: the hidden RETREAT / FIGHT ON (PW-R27, PW-D16) ------------------------------


def test_tie_asks_both_in_secret_and_only_a_double_retreat_ends_the_raid():
    state, built = raid(["generic"], [("generic", ["Wooden Shield"])], dice=[5, 9, 5, 9])
    assert state.match.table.raid.lost == (0, 0)
    pending = state.pending
    assert sorted(d.player for d in pending) == [0, 1] and all(d.secret for d in pending)
    assert options(state, 0) == ["retreat", "fight on"]
    bob_view = state.view(1)
    choose(state, 0, "retreat")
    assert state.view(1) == bob_view  # Alice's answer stays hidden until both have chosen
    choose(state, 1, "fight on")
    revealed = events(state, boardcore.events.Revealed)
    assert [(e.player, e.items) for e in revealed] == [(0, ("retreat",)), (1, ("fight-on",))]
    assert state.match.table.raid.round == 2
    choose(state, 1, "retreat")
    choose(state, 0, "retreat")
    [decided] = events(state, RaidDecided)
    assert (decided.rounds, decided.lost, decided.winner) == (2, (0, 0), None)
    # no winner: no Aftermath (no die after the raid's four, no card drawn by the Defender)
    assert len(rolls(state)) == 4
    log = list(state.events)
    after = log[log.index(decided) : next(i for i, e in enumerate(log) if isinstance(e, boardcore.events.TurnBegan) and e.turn == 2)]
    assert not [e for e in after if isinstance(e, boardcore.events.CardsMoved) and e.target == HAND[1]]
    del built


def test_raid_stops_after_ten_rounds():
    """PW-R29: two sides that cannot hurt each other tie ten times; then no winner."""
    state, _ = raid([("generic", ["Wooden Shield"])], [("generic", ["Piecemeal Armor"])])
    asked = 0
    while state.match.table.raid is not None and not state.match.table.raid.over:
        choose(state, 0, "fight on")
        choose(state, 1, "fight on")
        asked += 1
    [decided] = events(state, RaidDecided)
    assert (decided.rounds, decided.winner) == (10, None)
    assert asked == 9  # round 10's tie ends the raid without asking


# -- rerolls (PW-R30, PW-R09, section 4.2) ----------------------------------------------


def test_reroll_window_goes_to_whoever_the_die_hurts_and_restarts():
    state, built = raid(
        ["Warrior"],
        ["generic", ("generic", ["Wooden Shield"])],  # the shield makes two targets (section 4.4)
        hands={0: ["Set Fire", "Surrounded"], 1: ["Sentries", "Guard Dogs"]},
        dice=[2, 8, 3],
    )
    choose_ids(state, 0, built[1][0])  # 2: a hit
    assert decision(state).player == 1
    assert options(state, 1) == ["reroll with Sentries", "reroll with Guard Dogs", "pass"]
    choose(state, 1, "reroll with Sentries")  # 8: a miss, now Alice is hurt
    assert options(state, 0) == ["reroll with Set Fire", "reroll with Surrounded", "pass"]
    choose(state, 0, "reroll with Set Fire")  # 3: a hit again
    assert options(state, 1) == ["reroll with Guard Dogs", "pass"]
    choose(state, 1, "pass")  # PASS closes the window
    assert attacks(state)[0] == (HTH, built[0][0], built[1][0], 3, True)
    assert names(state, "discard")[-2:] == ["Sentries", "Set Fire"]
    assert names(state, HAND[0]) == ["Surrounded", "Bark & Leaves"] and names(state, HAND[1]) == ["Guard Dogs"]


def test_defense_only_for_the_defender_tactics_only_for_the_attacker():
    state, built = raid(
        ["Warrior"],
        ["generic", ("generic", ["Wooden Shield"])],  # the shield makes two targets (section 4.4)
        hands={0: ["Defensible Location"], 1: ["Surrounded"]},
        dice=[9, 9, 9],
    )
    choose_ids(state, 0, built[1][0])  # miss: Alice's Defense card is no source for the Attacker
    # b1 and b2 miss the Warrior (Bob hurt twice, his Tactics card is no source).
    # Each holds a card, so each is asked, and "pass" is all he may answer.
    for player in (0, 1, 1):
        assert options(state, player) == ["pass"]
        choose(state, player, "pass")
    assert not [t for t in chosen_texts(state) if t.startswith("reroll")]
    assert "Defensible Location" in names(state, HAND[0]) and "Surrounded" in names(state, HAND[1])


def test_attacking_chieftain_must_be_a_raider():
    """PW-R09: Alice's Chieftain stays home, so it gives no reroll."""
    state, built = raid([("Chieftain", []), "Warrior"], ["generic", ("generic", ["Wooden Shield"])], raiders=[1], dice=[9, 9, 9])
    choose_ids(state, 0, built[1][0])  # the Warrior misses
    assert options(state, 0) == ["pass"]  # asked (she holds a card), but the Chieftain offers nothing
    choose(state, 0, "pass")
    assert not [t for t in chosen_texts(state) if t.startswith("reroll")]


def test_participating_chieftain_rerolls_once_per_raid():
    state, built = raid(
        ["Chieftain", "Warrior"], ["generic", ("generic", ["Wooden Shield"]), ("generic", ["Piecemeal Armor"])], dice=[9, 7, 9]
    )  # armor makes three targets (section 4.4); the misses stay misses
    chieftain = built[0][0]
    b = built[1]
    choose_ids(state, 0, b[0])  # Chieftain (S 6) misses with 9
    label = f"reroll with Chieftain #{state.match.table.entries[chieftain]}"
    assert options(state, 0) == [label, "pass"]
    choose(state, 0, label)  # 7: still a miss, and the reroll is spent
    assert options(state, 0) == ["pass"]  # the window reopens; Alice holds a card but has no source left
    choose(state, 0, "pass")
    choose_ids(state, 0, b[1])  # the Warrior misses with 9: no reroll this time
    assert options(state, 0) == ["pass"]
    assert state.match.table.raid.spent == (chieftain,)
    assert [a[3] for a in attacks(state)] == [7]
    choose(state, 0, "pass")
    assert [a[3] for a in attacks(state)] == [7, 9]


def test_defending_chieftain_counts_while_marked_not_after_removal():
    """PW-R09: a defending Chieftain always takes part; marked he still rerolls, removed he cannot."""
    state, built = raid(
        [("generic", ["Sling"]), "generic"], ["Chieftain", "generic", ("generic", ["Wooden Shield"]), "generic"], dice=[1, 1, 9]
    )
    chieftain, _, _, b3 = built[1]  # b1 and b3 are one target, b3 (section 4.4)
    choose_ids(state, 0, chieftain)  # shot with a 1: hit, the Chieftain is marked
    label = f"reroll with Chieftain #{state.match.table.entries[chieftain]}"
    assert options(state, 1) == [label, "pass"]
    choose(state, 1, "pass")
    # HTH: the archer hits b3 with a 1; the Chieftain is gone and Bob's hand is empty, so he has no source
    choose_ids(state, 0, b3)
    assert decision(state).player == 0  # the second raider's target, not a reroll offer
    assert chieftain not in state.match.table.entries


def test_third_players_take_no_part():
    """PW-R31: seat 2 holds a Defense card and a Counter-Attack but is never asked."""
    state, built = raid(
        ["Warrior"], ["generic", ("generic", ["Wooden Shield"])], players=3, hands={2: ["Sentries", "Counter-Attack"]}, dice=[1, 9, 9, 9]
    )
    choose_ids(state, 0, built[1][0])
    choose(state, 0, "pass")  # no Massacre: Alice, holding a card, is asked all the same
    log = list(state.events)
    [decided] = events(state, RaidDecided)
    assert all(e.player in (0, 1) for e in log[: log.index(decided)] if isinstance(e, boardcore.events.Chose))
    assert names(state, HAND[2])[:2] == ["Sentries", "Counter-Attack"]
