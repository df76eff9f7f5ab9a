"""The game's ``check`` (rules section 7) finds broken states; ``describe`` shows only public data."""

from __future__ import annotations

import attrs
from pw_helpers import GAME, choose, hand, position, raid

from boardcore_prehistoric_warfare.tribe import tribe


def problems(state):
    return GAME.spec.check(state.match)


def test_a_fresh_and_a_raiding_state_are_clean():
    state, _ = position()
    assert problems(state) == []
    state, built = raid(["Warrior", "generic"], ["generic", "generic"], dice=[9, 9])
    choose(state, 0, built[1][0])
    assert problems(state) == []


def test_slot_legality_is_checked():
    """7.3: only M, W, M/W and A cards attach, one per slot, on persons in play."""
    state, built = position(tribes={0: [("Warrior", ["Sling"])]})
    m = state.match
    warrior = built[0][0]
    m.move(("PW013-2",), "deck", f"attached:{warrior}")  # a second Sling
    assert any("two cards in one slot" in p for p in problems(state))

    state, built = position(tribes={0: ["Warrior"]}, hands={0: ["Wolves"]})
    m = state.match
    m.attach(m.zones[hand(0)][0], hand(0), built[0][0], 0)
    assert any("cannot be" in p for p in problems(state))


def test_only_person_cards_are_in_play_unattached():
    state, _ = position()
    m = state.match
    m.move((m.zones["deck"][0],), "deck", tribe(0))
    assert problems(state)  # not a person, or a person without an entry number


def test_eliminated_players_hold_nothing():
    """7.8."""
    state, _ = position(3)
    state.match.eliminate(2)
    found = problems(state)
    assert any("still holds cards or persons" in p for p in found)
    assert any("still has Food" in p for p in found)


def test_raid_casualties_match_the_drop_in_participants():
    """7.6."""
    state, built = raid(["Warrior", "generic"], ["generic", "generic"], dice=[9, 9])
    m = state.match
    m.table = attrs.evolve(m.table, raid=attrs.evolve(m.table.raid, lost=(1, 0)))
    assert any("lost 1" in p for p in problems(state))
    del built


def test_describe_is_public():
    state, built = position(tribes={0: [("Hunter", ["Sling"])]}, hands={0: ["Wolves"], 1: ["Dogs"]})
    view = state.view(1)["game_view"]
    alice = view["tribes"][0]
    assert alice["persons"][0]["name"] == "Hunter" and alice["persons"][0]["attached"] == ["Sling"]
    assert alice["hand_size"] == 2 and "Wolves" not in repr(view)  # Alice holds Wolves + her draw
    assert view["round"] == 1 and "raid" not in view
    del built
