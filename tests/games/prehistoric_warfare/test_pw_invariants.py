"""The invariants of rules section 7 (``invariants.check``) find broken states; the
default view shows every tribe and keeps hands secret."""

from __future__ import annotations

import attrs

from boardcore_prehistoric_warfare import HAND, TRIBE

from .invariants import check
from .pw_helpers import choose_ids, position, raid


def test_a_fresh_and_a_raiding_state_are_clean():
    state, _ = position()
    assert check(state.match) == []
    state, built = raid(["Warrior", "generic"], ["generic", ("generic", ["Wooden Shield"])], dice=[9, 9])
    choose_ids(state, 0, built[1][0])
    assert check(state.match) == []


def test_slot_legality_is_checked():
    """7.3: only M, W, M/W and A cards attach, one per slot, on persons in play."""
    state, built = position(tribes={0: [("Warrior", ["Sling"])]})
    m = state.match
    warrior = built[0][0]
    m.move(("PW013-2",), "deck", f"attached:{warrior}")  # a second Sling
    assert any("two cards in one slot" in p for p in check(m))

    state, built = position(tribes={0: ["Warrior"]}, hands={0: ["Wolves"]})
    m = state.match
    m.attach(m.zones[HAND[0]][0], HAND[0], built[0][0], 0)
    assert any("cannot be" in p for p in check(m))


def test_only_person_cards_are_in_play_unattached():
    state, _ = position()
    m = state.match
    m.move((m.zones["deck"][0],), "deck", TRIBE[0])
    assert check(m)  # not a person, or a person without an entry number


def test_eliminated_players_hold_nothing():
    """7.8."""
    state, _ = position(3)
    state.match.eliminate(2)
    found = check(state.match)
    assert any("still holds cards or persons" in p for p in found)
    assert any("still has Food" in p for p in found)


def test_raid_casualties_match_the_drop_in_participants():
    """7.6."""
    state, built = raid(["Warrior", "generic"], ["generic", "generic"], dice=[9, 9])
    m = state.match
    m.table = attrs.evolve(m.table, raid=attrs.evolve(m.table.raid, lost=(1, 0)))
    assert any("lost 1" in p for p in check(m))
    del built


def test_the_default_view_shows_every_tribe_and_keeps_hands_secret():
    """The engine's default view is nearly enough (the game adds each tribe's people): persons in play
    with their gear and entry numbers, Food and Prisoners, hand sizes, never hand cards."""
    state, built = position(tribes={0: [("Hunter", ["Sling"])]}, hands={0: ["Wolves"], 1: ["Dogs"]})
    hunter = built[0][0]
    view = state.view(1)
    zones = view["zones"]
    assert [c["label"] for c in zones["tribe:0"]["cards"]] == ["Hunter"]
    assert [c["name"] for c in zones[f"attached:{hunter}"]["cards"]] == ["Sling"]
    assert view["table"]["entries"][hunter] == 21  # after the 20 markers of the set-up
    assert view["counters"] == {"food": [2, 2], "prisoners": [0, 0]}
    assert zones["hand:0"]["count"] == 2 and "cards" not in zones["hand:0"]  # Alice holds Wolves + her draw
    assert "Wolves" not in repr(view) and "Dogs" in repr(view)
    assert view["round"] == 1 and view["table"]["raid"] is None
