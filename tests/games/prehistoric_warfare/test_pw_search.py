"""What the search bots are told about Prehistoric Warfare: a tribe's standing counts
its Food and Prisoners as people it will not lose, and its fighting strength above
a tribe of generic markers as people it will not lose in raids.

Not rules of the game (no ruling decides them): ``search.scores`` never decides a
match, so these tests only pin the judgement the bots read."""

from __future__ import annotations

from boardcore.ismcts import playout_judge
from boardcore_prehistoric_warfare import CARDS, RULES, SPEC

from .pw_helpers import position


def test_food_and_prisoners_count_toward_a_tribes_standing():
    state, _ = position(tribes={0: ["generic"] * 5, 1: ["generic"] * 6}, food={0: 4, 1: 0}, prisoners={0: 2, 1: 0})
    per, points = RULES.stores_per_person, RULES.strength_per_person
    assert SPEC.search.scores(state.match) == (points * (per * 5 + 4 + 2), points * per * 6)
    judged = playout_judge(state, None, margin=0.5)(state)
    assert judged[0] > judged[1]  # fed and with prisoners, five people stand better than six starving


def test_fighting_strength_counts_toward_a_tribes_standing():
    # A Warrior (STR 4) with a War Club (HTH +2) hits on 6 where a generic hits on 1:
    # five points above a generic's, worth 5 / strength_per_person people.
    state, _ = position(tribes={0: [("Warrior", ["War Club"])] + ["generic"] * 4, 1: ["generic"] * 6}, food={0: 0, 1: 0})
    per, points = RULES.stores_per_person, RULES.strength_per_person
    ours, theirs = SPEC.search.scores(state.match)
    assert ours == points * per * 5 + per * 5
    assert theirs == points * per * 6
    assert ours > theirs  # one armed Warrior is worth more than a sixth person unarmed


def test_a_generic_marker_with_a_weapon_counts_its_attack_strength():
    # A generic marker holding a Spear Thrower shoots at the weapon's strength.
    state, _ = position(tribes={0: [("generic", ["Spear Thrower"])], 1: ["generic"]}, food={0: 0, 1: 0})
    per, points = RULES.stores_per_person, RULES.strength_per_person
    thrower = next(c for c in CARDS if c.name == "Spear Thrower")
    assert SPEC.search.scores(state.match) == (points * per + per * (thrower.strength - 1), points * per)


def test_a_tribe_with_nothing_stands_at_zero():
    state, _ = position(tribes={0: [], 1: ["generic"] * 3}, food={0: 0, 1: 1})
    assert SPEC.search.scores(state.match)[0] == 0


def test_search_playouts_look_thirty_actions_ahead():
    # A raid (raiders picked one by one, rolls, rerolls, rounds) outlasts ten actions.
    assert SPEC.search.horizon == 30
