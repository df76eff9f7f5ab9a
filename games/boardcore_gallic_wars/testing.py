"""Test helpers for Gallic Wars and its expansions: its invariants, and scenes in a few lines.

* :func:`invariants` - the invariants of rules section 7 that can be read off any
  match, for ``boardcore.testing.check_game(game, checks=[invariants])``;
* :func:`fight` - a match whose first hand is fought with the hands you name;
* :func:`exchange`, :func:`keep`, :func:`set_hand` - drive and arrange a match;
* :func:`hands_fought` - the hands fought so far (``HandFought`` events);
* :func:`with_rules` - the game loaded with plugin rules (``register_rules``)
  given as effect objects, to try a moment's modification or replacement.

Every helper works through the public API (``boardcore.testing``), so it arranges
matches of the game with any plugins loaded::

    from boardcore_gallic_wars.testing import fight, hands_fought, with_rules

    game = with_rules(CelticFury())
    state = fight(game, romans=[...8 names...], celts=[...8 names...])
    assert hands_fought(state)[0].winner == 1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import boardcore
from boardcore.testing import arranged, choose, events, put

from .cards import CONSTANTS
from .rules import DISCARD, DRAW, HAND, STREAK, HandFought


def invariants(m: boardcore.Match) -> list[str]:
    """What is wrong with ``m`` by rules section 7 (empty when all holds): each deck
    stays on its side (invariant 1), a hand holds 0 or 8 cards (2), streaks (6),
    at most 8 hands (7), every total in 12..77 without plugins (5). It reads
    every zone, hidden ones included."""
    problems = []
    for seat in (0, 1):
        side = m.table.sides[seat]
        for zone in (DRAW[seat], HAND[seat], DISCARD[seat]):
            stray = [c for c in m.cards(zone) if m.card(c).side is not side]
            if stray:
                problems.append(f"{zone} holds the other side's cards {stray}")
        size = len(m.cards(HAND[seat]))
        if size not in (0, CONSTANTS.hand_size):
            problems.append(f"{HAND[seat]} holds {size} cards")
    streaks = [m.count(STREAK, seat) for seat in (0, 1)]
    if min(streaks) != 0 or max(streaks) > CONSTANTS.streak_to_win:
        problems.append(f"streaks {streaks}")
    if m.turn > CONSTANTS.hands:
        problems.append(f"hand {m.turn} is past the last hand")
    for totals in m.table.totals:
        if not all(12 <= t <= 77 for t in totals) and not m.rules.plugins:
            problems.append(f"Force totals {totals} outside 12..77")
    return problems


def exchange(state: boardcore.State, player: int, names: Sequence[str]) -> None:
    """``player`` discards the cards named in the Strategy phase, then says done
    (unless the fourth pick ended the exchange by itself)."""
    for name in names:
        choose(state, player, f"discard {name}")
    if any(d.player == player for d in state.pending):
        choose(state, player, "done")


def keep(state: boardcore.State) -> None:
    """Both players keep their hands (each exchange is "done" at once), so the hand is fought."""
    for seat in (0, 1):
        if any(d.player == seat for d in state.pending):
            choose(state, seat, "done")


def set_hand(state: boardcore.State, seat: int, names: Sequence[str]) -> None:
    """Replace ``seat``'s hand with the cards named (the old hand goes to the bottom of its draw pile)."""
    m = state.match
    m.put_under(m.cards(HAND[seat]), HAND[seat], DRAW[seat])
    put(state, HAND[seat], names)


def fight(
    game: boardcore.Game, romans: Sequence[str], celts: Sequence[str], seed: int = 1, **options: Any
) -> boardcore.State:
    """A match of ``game`` (seat 0 the Romans unless ``romans=1`` is passed among
    ``options``) in which the Romans draw the cards named in ``romans`` and the
    Celts those in ``celts`` for the first hand, both keep them, and the hand is
    fought: the state is then in the second hand's Strategy phase (or over)."""
    roman_seat = options.get("romans", 0)
    top: dict[str, Sequence[str]] = {str(DRAW[roman_seat]): romans, str(DRAW[1 - roman_seat]): celts}
    state = arranged(game, seed=seed, top=top, **options)
    keep(state)
    return state


def hands_fought(state: boardcore.State) -> list[HandFought]:
    """Every hand fought so far, oldest first."""
    return events(state, HandFought)


class _Rules:
    """A plugin whose only hook gives ``register_rules`` its effects."""

    games = ("gallic-wars",)

    def __init__(self, name: str, rules: Sequence[boardcore.Effect]) -> None:
        self.name = name
        self.rules = list(rules)

    @boardcore.hookimpl
    def register_rules(self, game: str) -> list[boardcore.Effect]:
        return self.rules if game == "gallic-wars" else []


def with_rules(*rules: boardcore.Effect, plugins: Sequence[Any] = (), name: str = "test-rules") -> boardcore.Game:
    """Gallic Wars loaded with ``plugins`` and a plugin named ``name`` whose rules
    are ``rules`` (``boardcore.Effect`` instances that modify, replace or react to
    moments)."""
    return boardcore.load_game("gallic-wars", plugins=[*plugins, _Rules(name, rules)])
