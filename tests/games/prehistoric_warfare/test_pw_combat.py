"""The hit test d10 + M <= S and what goes into S and M (section 2, PW-R07 to PW-R13)."""

from __future__ import annotations

import pytest
from boardcore.testing import decision, events
from boardcore_prehistoric_warfare import AttackMode, Attacked
from boardcore_prehistoric_warfare.raid import hits

from .pw_helpers import choose_ids, pass_rerolls, raid, strike

RANGED, HTH = AttackMode.RANGED, AttackMode.HTH


def first(state):
    e = events(state, Attacked)[0]
    return e.mode, e.strength, e.modifier, e.roll, e.hit


@pytest.mark.parametrize(("roll", "hit"), [(1, True), (4, True), (5, False), (10, False)])
def test_hit_if_roll_at_most_strength(roll, hit):
    """PW-R07: an unarmed Warrior (STR 4) against an unarmored generic."""
    # the two unarmed generics are one option (section 4.4): the engine names the target
    state, _ = raid([("Warrior", [])], ["generic", "generic"], dice=[roll])
    pass_rerolls(state)
    assert first(state) == (HTH, 4, 0, roll, hit)


@pytest.mark.parametrize(("roll", "hit"), [(3, True), (4, False)])
def test_armor_adds_one_to_the_die(roll, hit):
    """PW-R07: armor makes M = 1, so the Warrior now needs 3 or less."""
    state, built = raid([("Warrior", [])], [("generic", ["Wooden Shield"]), "generic"], dice=[roll])
    strike(state, 0, built[1][0])
    assert first(state) == (HTH, 4, 1, roll, hit)


def test_great_warrior_modifiers():
    """PW-R08: M = 1 against a bare Great Warrior, 2 against an armored one (ranged or HTH)."""
    state, built = raid(
        [("generic", ["Bow & Arrow"])],
        [("Great Warrior", ["Piecemeal Armor"]), ("Great Warrior", [])],
        dice=[5, 6, 7],
    )
    armored, bare = built[1]
    strike(state, 0, armored)  # ranged: S 7, M 2, 5 + 2 = 7 <= 7, a hit
    # HTH (only one target left, so no question): the archer (S 1) strikes the bare
    # Great Warrior: 6 + 1 > 1, a miss
    got = [(e.mode, e.target, e.strength, e.modifier, e.roll, e.hit) for e in events(state, Attacked)]
    assert got[:2] == [(RANGED, armored, 7, 2, 5, True), (HTH, bare, 1, 1, 6, False)]
    # the marked armored Great Warrior was removed after the ranged step: only the bare one attacks
    assert state.match.table.raid is None or armored not in state.match.table.raid.sides[1]
    assert armored not in state.match.table.entries


def test_hunter_bonus_applies_to_ranged_only():
    """PW-R10: a Hunter's ranged weapon gets +1 (Sling 5 -> 6); his HTH attack is his STR 3."""
    # ranged: 6 <= 6, hit; HTH: S 3, 4 > 3, miss. The unarmed generics are one target
    # (section 4.4), so the engine names it each time.
    state, _ = raid([("Hunter", ["Sling"])], ["generic", "generic", "generic"], dice=[6, 4])
    pass_rerolls(state)
    got = [(e.mode, e.strength, e.roll, e.hit) for e in events(state, Attacked)]
    assert got[:2] == [(RANGED, 6, 6, True), (HTH, 3, 4, False)]


def test_sticks_and_stones_gives_ranged_2_and_hth_plus_1_and_hunter_gets_3():
    """PW-R13 and PW-R10: a generic with Sticks & Stones shoots at S 2 and strikes at
    S 1 + 1; a Hunter with it shoots at S 2 + 1 and strikes at S 3 + 1."""
    state, built = raid(
        [("generic", ["Sticks & Stones"]), ("Hunter", ["Sticks & Stones"])],
        ["generic", "generic", "generic", "generic"],
        dice=[1, 1, 9, 9],
    )  # the unarmed generics are one target (section 4.4): no question to answer
    pass_rerolls(state)
    got = [(e.mode, e.strength) for e in events(state, Attacked)]
    assert got[:4] == [(RANGED, 2), (RANGED, 3), (HTH, 2), (HTH, 4)]


def test_no_window_and_sure_hit_when_strength_minus_modifier_is_10():
    """PW-R07 and 4.2: S - M >= 10 hits on a 10, and no reroll is offered even to a
    Defender holding a Defense card."""
    state, built = raid(
        [("Great Warrior", ["Heavy Spear"]), "generic"],
        ["generic", "generic", ("generic", ["Wooden Shield"])],
        hands={1: ["Sentries"]},
        dice=[10, 9],
    )
    choose_ids(state, 0, built[1][1])  # the unarmed pair is one option, its youngest (section 4.4)
    assert first(state) == (HTH, 10, 0, 10, True)
    # next (the shield left as a second target) is the generic raider's target choice: Bob was never asked about a reroll
    assert decision(state).player == 0 and "PW025-1" in state.match.zones["hand:1"]


def test_no_window_when_the_attack_cannot_hit():
    """PW-R07 and 4.2: S - M <= 0 never hits, so the Attacker's Tactics card is not offered."""
    state, built = raid(
        ["generic"], [("generic", ["Wooden Shield"]), "generic"], hands={0: ["Set Fire"]}, dice=[1, 5, 5]
    )
    choose_ids(state, 0, built[1][0])
    assert first(state) == (HTH, 1, 1, 1, False)
    # Bob's two misses follow (no sources for Bob), then the tie asks both to retreat or fight on
    assert sorted(d.player for d in state.pending) == [0, 1] and state.pending[0].secret
    assert "PW029-1" in state.match.zones["hand:0"]


def test_hits_is_roll_plus_modifier_at_most_strength():
    assert hits(1, 1, 0) and not hits(1, 1, 1) and hits(10, 10, 0) and not hits(10, 11, 2)
