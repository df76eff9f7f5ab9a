"""Small helpers for scripting Gallic Wars rules tests through the public API."""

from __future__ import annotations

from collections.abc import Sequence

import boardcore
from boardcore.testing import choose, events, put


def exchange(state: boardcore.State, player: int, names: Sequence[str]) -> None:
    """Discard ``names`` in the Strategy phase, then say done (unless 4 made it automatic)."""
    for name in names:
        choose(state, player, f"discard {name}")
    if any(d.player == player for d in state.pending):
        choose(state, player, "done")


def set_hand(state: boardcore.State, seat: int, names: Sequence[str]) -> None:
    """Replace ``seat``'s hand with the named cards (the old hand goes to the bottom of the draw pile)."""
    m = state.match
    old = m.cards(f"hand:{seat}")
    m.put_under(old, f"hand:{seat}", f"draw:{seat}")
    put(state, f"hand:{seat}", names)


def hands_fought(state: boardcore.State) -> list:
    from boardcore_gallic_wars import HandFought

    return events(state, HandFought)
