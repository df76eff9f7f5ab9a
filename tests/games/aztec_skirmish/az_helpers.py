"""Helpers for Aztec Skirmish rules tests: exact positions, hands and menus."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
from boardcore_aztec_skirmish import DRAW, HITS, Side, UnitKind, hand
from boardcore_aztec_skirmish.board import add_unit, seat_of, table

import boardcore
from boardcore.grid import Square
from boardcore.testing import arranged, put, stack

GAME = boardcore.load_game("aztec-skirmish")
STANDARD = boardcore.Game(attrs.evolve(GAME.spec, options={**GAME.spec.options, "deployment": "standard"}), GAME.pm, GAME.plugins)
"""The same game with the standard deployment as its default (``check_game`` has no options)."""

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
    leaders: bool = True,
    seed: int = 0,
) -> boardcore.State:
    """A match whose board holds exactly ``units`` ({square: unit kind value}), at the
    start of ``active``'s Move Phase, after a Fate draw that leaves ``cards`` (names)
    in its hand. Leaders are added on a1 / h8 unless placed or ``leaders`` is false.
    ``hits`` overrides Hits by square."""
    units = dict(units)
    if leaders:
        kinds = set(units.values())
        if "war-leader" not in kinds:
            units.setdefault("a1", "war-leader")
        if "captain" not in kinds:
            units.setdefault("h8", "captain")
    mine = list(cards)
    draws = mine[:3] + DEAD[active][: 3 - len(mine[:3])]
    if turn is None:
        turn = 1 if active is AZ else 2

    def before(state: boardcore.State) -> None:
        m = state.match
        for piece in list(m.pieces):
            m.remove_piece(piece)
        for square, kind in sorted(units.items()):
            k = UnitKind(kind)
            from boardcore_aztec_skirmish.cards import UNITS

            piece = add_unit(m, k, seat_of(m, UNITS[k].side), Square.parse(square))
            if hits and square in hits:
                m.set_count(HITS, hits[square], piece)
        me, other = seat_of(m, active), seat_of(m, CQ if active is AZ else AZ)
        m.active = other  # the next turn goes to ``active``
        m.turn = turn - 1
        if mine[3:]:
            put(state, hand(me), mine[3:])
        if enemy_cards:
            put(state, hand(other), list(enemy_cards))
        # Stacked last, so that naming a card for a hand never takes a stacked copy.
        stack(state, DRAW, draws, avoid=(hand(0), hand(1)))

    return arranged(GAME, 2, seed, before=before, aztec=aztec, deployment="standard")


def options(state: boardcore.State) -> list[str]:
    return [str(o) for o in state.pending[0].options]


def choose(state: boardcore.State, text: str) -> None:
    """Apply the first pending option whose text is ``text``."""
    d = state.pending[0]
    for o in d.options:
        if str(o) == text:
            state.apply(d.player, o)
            return
    raise AssertionError(f"{text!r} is not offered; options: {[str(o) for o in d.options]}")


def choose_start(state: boardcore.State, prefix: str) -> None:
    """Apply the first pending option whose text starts with ``prefix``."""
    d = state.pending[0]
    for o in d.options:
        if str(o).startswith(prefix):
            state.apply(d.player, o)
            return
    raise AssertionError(f"nothing starts with {prefix!r}; options: {[str(o) for o in d.options]}")


def offered(state: boardcore.State, text: str) -> bool:
    return text in options(state)


def at(state: boardcore.State, square: str) -> str | None:
    """The unit kind on ``square`` or None."""
    for p in state.match.pieces.values():
        if p.square == square:
            return p.kind
    return None


def hits_at(state: boardcore.State, square: str) -> int:
    m = state.match
    for pid, p in m.pieces.items():
        if p.square == square:
            return m.count(HITS, pid)
    raise AssertionError(f"nobody on {square}")


def names(state: boardcore.State, seat: int) -> list[str]:
    return [state.match.card(c).name for c in state.match.cards(hand(seat))]


def usage(state: boardcore.State):
    return table(state.match)
