"""What the search bots are told about Prehistoric Warfare: a tribe's standing counts
its Food and Prisoners as people it will not lose.

Not rules of the game (no ruling decides them): ``search_scores`` never decides a
match, so these tests only pin the judgement the bots read."""

from __future__ import annotations

from boardcore.ismcts import playout_judge
from boardcore_prehistoric_warfare import RULES, SPEC

from .pw_helpers import position


def test_food_and_prisoners_count_toward_a_tribes_standing():
    state, _ = position(tribes={0: ["generic"] * 5, 1: ["generic"] * 6}, food={0: 4, 1: 0}, prisoners={0: 2, 1: 0})
    per = RULES.stores_per_person
    assert SPEC.search_scores(state.match) == (per * 5 + 4 + 2, per * 6)
    judged = playout_judge(state, None, margin=0.5)(state)
    assert judged[0] > judged[1]  # fed and with prisoners, five people stand better than six starving


def test_a_tribe_with_nothing_stands_at_zero():
    state, _ = position(tribes={0: [], 1: ["generic"] * 3}, food={0: 0, 1: 1})
    assert SPEC.search_scores(state.match)[0] == 0


def test_search_playouts_look_thirty_actions_ahead():
    # A raid (raiders picked one by one, rolls, rerolls, rounds) outlasts ten actions.
    assert SPEC.search_horizon == 30
