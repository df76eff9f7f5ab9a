"""boardcore.testing.put/stack resolve printed names to the right copies."""

from __future__ import annotations

import boardcore
from boardcore.testing import arranged, put, stack


def test_naming_a_card_twice_takes_two_copies_not_the_same_one_again():
    game = boardcore.load_game("gallic-wars", plugins=["gw-turncoats"])
    state = arranged(game, seed=1)
    # "Caesar" is one card; a second put by name must not pull it out of hand:1's neighbour zones.
    first = put(state, "discard:0", ["Caesar"])
    again = stack(state, "draw:0", ["Legions"], avoid=("discard:0",))
    assert first == ["R-GW01"] and again == ["R-GW03"]
    assert state.match.cards("discard:0")[-1] == "R-GW01"
    assert state.match.cards("draw:0")[-1] == "R-GW03"
