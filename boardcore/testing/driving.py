"""Driving a match in a rules test: choose options by their text, read events, skip ahead.

These read like a referee's script::

    choose(state, 0, "discard Gauls")
    choose(state, 0, "done")
    advance_to(state, "battle")
    assert events(state, HandFought)[-1].winner == 1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .. import Decision, IllegalAction, State
from ..actions import Action

E = TypeVar("E")


def decision(state: State, player: int | None = None) -> Decision:
    """The pending decision of ``player`` (of the only one asked, when None)."""
    pending = state.pending
    if player is None:
        if len(pending) != 1:
            raise AssertionError(f"{len(pending)} players are asked; say which: {[d.player for d in pending]}")
        return pending[0]
    for found in pending:
        if found.player == player:
            return found
    raise AssertionError(f"player {player} is not asked (asked: {[d.player for d in pending]})")


def options(state: State, player: int | None = None) -> list[str]:
    """The texts of ``player``'s options now."""
    return [str(o) for o in decision(state, player).options]


def option(state: State, player: int | None, text: str) -> Action:
    """``player``'s option whose text is ``text`` (the first, when several read the
    same, such as two copies of a card) or, failing that, the only one starting
    with ``text``."""
    offered = decision(state, player).options
    exact = [o for o in offered if str(o) == text]
    found = exact[:1] or [o for o in offered if str(o).startswith(text)]
    if len(found) != 1:
        listing = "; ".join(str(o) for o in offered)
        what = "no option" if not found else f"{len(found)} options"
        raise AssertionError(f"{what} {text!r} for player {player} (options: {listing})")
    return found[0]


def choose(state: State, player: int | None, *texts: str) -> None:
    """Apply ``player``'s options named by ``texts``, one after the other."""
    for text in texts:
        asked = decision(state, player)
        state.apply(asked.player, option(state, asked.player, text))


def events(state: State, kind: type[E]) -> list[E]:
    """Every event of class ``kind`` in the log, oldest first."""
    return [e for e in state.events if isinstance(e, kind)]


def advance_to(
    state: State, phase: str, *, chooser: Callable[[Decision], Action] | None = None, max_actions: int = 10_000
) -> None:
    """Answer decisions until the match enters ``phase`` (or is over).

    Each decision is answered by ``chooser`` (by default: "pass" or "done" when
    offered, else the first option), so a test reaches a phase with as little
    happening on the way as the rules allow.
    """
    pick = chooser or _quiet
    for _ in range(max_actions):
        if state.is_over or (state.match.phase == phase and state.pending):
            return
        asked = state.pending[0]
        state.apply(asked.player, pick(asked))
    raise IllegalAction(f"phase {phase!r} was not reached in {max_actions} actions")


def _quiet(asked: Decision) -> Any:
    return next((o for o in asked.options if str(o) in ("pass", "done")), asked.options[0])
