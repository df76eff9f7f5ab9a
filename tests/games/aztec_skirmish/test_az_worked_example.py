"""Rules section 5: the worked example of Conquistador turn 12, step by step."""

from __future__ import annotations

from boardcore.testing import choose, options
from boardcore_aztec_skirmish import HAND, hits_lost
from boardcore_aztec_skirmish.testing import CQ, at, discarded, hits_at, names, position


def test_az_worked_example_turn_12():
    s = position(
        {
            "e8": "captain", "d7": "cannon", "c5": "soldier", "h6": "horseman",
            "d5": "warrior", "c4": "warrior", "d4": "warrior", "f4": "jaguar-knight", "f2": "war-leader",
        },
        active=CQ,
        turn=12,
        # Fate draws Charge, Canister Shot, Maneuver onto a hand of four
        cards=["Charge", "Canister Shot", "Maneuver", "Muskets", "Round Shot", "Steel Helmets", "Spiked Clubs"],
        enemy_cards=["Wooden Shields", "Maneuver", "Atlatl"],
    )  # fmt: skip
    m = s.match
    lost = [hits_lost(m, seat) for seat in (0, 1)]
    assert s.turn == 12 and s.pending[0].player == 1 and len(m.cards(HAND[1])) == 7
    # AZ-D04 twice
    choose(s, 1, "discard Spiked Clubs (attack 1, Z)", "discard Round Shot (cannon, round, C)")
    assert sorted(names(s, 1)) == sorted(["Muskets", "Steel Helmets", "Charge", "Canister Shot", "Maneuver"])
    # Move: 1. Charge moves the Horseman h6 -> h3; 2. Maneuver, its 2nd move, h3 -> g3
    choose(s, 1, "play Charge (move 3)", "move Horseman h6->h3")
    choose(s, 1, "play Maneuver (move 1)", "move Horseman h3->g3")
    assert at(s, "g3") == "horseman"
    # 3. END_MOVE: no Move card is left, but his hand is not empty, so the menu is asked
    # (the engine's secrecy rule) and the trace's END_MOVE is a real decision.
    assert options(s) == ["done"]
    choose(s, 1, "done")
    assert m.phase == "attack"
    # 4. Canister from d7 to the south; the Aztec passes, keeping Wooden Shields
    choose(s, 1, "play Canister Shot (cannon, canister, C)", "Cannon d7 fires S at d6, d5, e5, c5")
    choose(s, 0, "pass")
    assert at(s, "d5") is None and hits_at(s, "c5") == 1
    # 5. Muskets from c5 at c4, negated by Wooden Shields
    choose(s, 1, "play Muskets (attack 3, soldiers only, C)", "Soldier c5 attacks Warrior c4")
    choose(s, 0, "play Wooden Shields (defense, Z): negate the attack")
    assert at(s, "c4") == "warrior"
    # 6. END_TURN: Steel Helmets is a Defense card, so nothing is left to attack with.
    assert options(s) == ["done"]
    assert names(s, 1) == ["Steel Helmets"] and names(s, 0) == ["Maneuver", "Atlatl"]
    assert [hits_lost(m, seat) - lost[seat] for seat in (0, 1)] == [1, 1]
    choose(s, 1, "done")
    # After the turn: turn 13 is the Aztec's; 7 cards were added to the discard pile.
    assert s.turn == 13 and m.active == 0 and names(s, 1) == ["Steel Helmets"]
    assert discarded(s) == ["Spiked Clubs", "Round Shot", "Charge", "Maneuver", "Canister Shot", "Muskets", "Wooden Shields"]
