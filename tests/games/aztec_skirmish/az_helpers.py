"""Helpers for Aztec Skirmish rules tests: exact positions, and reading the board and hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import boardcore
from boardcore.testing import arranged, clear_pieces, place, put, stack
from boardcore_aztec_skirmish import DRAW, HAND, HITS, UNITS, Side

GAME = boardcore.load_game("aztec-skirmish")
STANDARD = {"deployment": "standard"}

AZ, CQ = Side.AZTEC, Side.CONQUISTADOR

# Cards the active side cannot play (AZ-R06), used to fill its Fate draw.
DEAD = {AZ: ["Steel Breastplates", "Steel Helmets", "Closed Ranks"], CQ: ["Padded Armor", "Battledress", "Magic"]}


def position(
    units: Mapping[str, str],
    *,
    active: Side = AZ,
    cards: Sequence[str] = (),
    enemy_cards: Sequence[str] = (),
    hits: Mapping[str, int] | None = None,
    turn: int | None = None,
    aztec: int = 0,
    seed: int = 0,
    game: boardcore.Game = GAME,
) -> boardcore.State:
    """A match whose board holds exactly ``units`` ({square: unit kind}), at the start of
    ``active``'s Move Phase, after a Fate draw that leaves ``cards`` (names) in its hand
    (the first three are drawn, the rest were held). The War Leader is added on a1 and
    the Captain on h8 unless placed. ``hits`` overrides Hits by square."""
    units = dict(units)
    for kind, square in (("war-leader", "a1"), ("captain", "h8")):
        if kind not in units.values():
            units.setdefault(square, kind)
    mine = list(cards)
    draws = mine[:3] + DEAD[active][: 3 - len(mine[:3])]
    turn = turn if turn is not None else 1 if active is AZ else 2

    def before(state: boardcore.State) -> None:
        m = state.match
        clear_pieces(state)
        for square, kind in sorted(units.items()):
            place(state, kind, m.table.seat(UNITS[kind].side), square, hits=(hits or {}).get(square, UNITS[kind].hits))
        me, other = m.table.seat(active), m.table.seat(AZ if active is CQ else CQ)
        m.active_seat, m.turn = other, turn - 1  # the next turn is ``active``'s
        if mine[3:]:
            put(state, HAND[me], mine[3:])
        if enemy_cards:
            put(state, HAND[other], list(enemy_cards))
        # Stacked last, so that naming a card for a hand never takes a stacked copy.
        stack(state, DRAW, draws, avoid=(HAND[0], HAND[1]))

    return arranged(game, 2, seed, before=before, aztec=aztec, **STANDARD)


def at(state: boardcore.State, square: str) -> str | None:
    """The unit kind on ``square``, or None."""
    return next((p.kind for p in state.match.pieces.values() if p.square == square), None)


def piece_on(state: boardcore.State, square: str) -> str:
    return next(pid for pid, p in state.match.pieces.items() if p.square == square)


def hits_at(state: boardcore.State, square: str) -> int:
    return state.match.count(HITS, piece_on(state, square))


def names(state: boardcore.State, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s hand."""
    return [state.match.card(c).name for c in state.match.cards(HAND[seat])]


def discarded(state: boardcore.State) -> list[str]:
    return [state.match.card(c).name for c in state.match.cards("discard")]
