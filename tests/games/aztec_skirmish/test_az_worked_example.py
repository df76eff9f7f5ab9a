"""Rules section 5: the worked example of Conquistador turn 12, step by step."""

from __future__ import annotations

from boardcore_aztec_skirmish import DISCARD, hand

from .az_helpers import CQ, at, choose, hits_at, names, options, position


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
    )
    assert s.turn == 12 and s.pending[0].player == 1 and len(s.match.cards(hand(1))) == 7
    # AZ-D04 twice
    choose(s, "discard Spiked Clubs (attack 1, Z)")
    choose(s, "discard Round Shot (cannon, round, C)")
    assert sorted(names(s, 1)) == sorted(["Muskets", "Steel Helmets", "Charge", "Canister Shot", "Maneuver"])
    # Move
    choose(s, "play Charge (move 3): move one unit")
    choose(s, "move Horseman h6->h3")
    choose(s, "play Maneuver (move 1): move one unit")
    choose(s, "move Horseman h3->g3")
    # END_MOVE is the only option left (no Move card remains), so it is taken automatically
    assert s.match.phase == "attack"
    # Attack: canister from d7 to the south
    choose(s, "play Canister Shot (cannon, canister, C): fire a cannon")
    choose(s, "Cannon d7 fires S at d6, d5, e5, c5")
    choose(s, "pass")
    assert at(s, "d5") is None and hits_at(s, "c5") == 1
    choose(s, "play Muskets (attack 3, soldiers only, C): attack")
    choose(s, "Soldier c5 attacks Warrior c4")
    choose(s, "play Wooden Shields (defense, Z): negate the attack")
    assert at(s, "c4") == "warrior"
    # Only Steel Helmets is left, so the turn ends by itself; turn 13 is the Aztec's.
    assert options(s)
    assert s.turn == 13 and s.match.active == 0
    assert names(s, 1) == ["Steel Helmets"]
    discards = [s.match.card(c).name for c in s.match.cards(DISCARD)][-7:]
    assert discards == ["Spiked Clubs", "Round Shot", "Charge", "Maneuver", "Canister Shot", "Muskets", "Wooden Shields"]
