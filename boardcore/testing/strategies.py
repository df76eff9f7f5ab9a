"""Hypothesis strategies for game authors: seeds and legal action sequences."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import strategies as st

from .._actions import Action
from .._game import Game
from .._state import State


@attrs.frozen
class Playthrough:
    """A legal sequence of actions from a new match, and the state it leads to."""

    seed: int
    players: int
    history: tuple[tuple[int, Action], ...]
    state: State = attrs.field(eq=False, repr=False)


def seeds() -> st.SearchStrategy[int]:
    """Match seeds."""
    return st.integers(min_value=0, max_value=2**31 - 1)


def playthroughs(
    game: Game, players: int | None = None, max_actions: int = 400, options: dict[str, Any] | None = None
) -> st.SearchStrategy[Playthrough]:
    """Legal action sequences of ``game`` (set up with ``options``): each step picks a
    pending decision and one of its options, until the game ends or ``max_actions``
    actions."""
    setup = dict(options or {})

    @st.composite
    def build(draw: Any) -> Playthrough:
        n = players if players is not None else draw(st.sampled_from(tuple(game.player_counts)))
        seed = draw(seeds())
        state = game.new_state(players=n, seed=seed, **setup)
        while not state.is_over and len(state.match.history) < max_actions:
            pending = state.pending
            decision = pending[draw(st.integers(0, len(pending) - 1))] if len(pending) > 1 else pending[0]
            action = decision.options[draw(st.integers(0, len(decision.options) - 1))]
            state.apply(decision.player, action)
        return Playthrough(seed, n, state.history, state)

    return build()
