"""Set-up and deployment: the sides, the standard layout, or AZ-D01 to AZ-D03 (rules
section 2, AZ-R01 to AZ-R04). Each deployment decision is one square, so no list is
longer than 24 options."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import boardcore
from boardcore import Match
from boardcore.grid import occupancy

from .board import BOARD, AztecTable, add_unit, side_of
from .cards import SIDES, UNITS, Side, UnitSpec


def empty_home_squares(m: Match, side: Side) -> list[str]:
    """The empty squares of the side's deployment ranks, in board order (a1, b1, ...)."""
    ranks, taken = SIDES[side].ranks, occupancy(m)
    return [s for s in BOARD.names if int(s[1:]) in ranks and s not in taken]


def setup(m: Match) -> None:
    """Sides, then the standard layout if asked for (rules section 2); the engine has
    shuffled the deck into ``draw`` already, and hands start empty (AZ-R05)."""
    aztec = m.options["aztec"]
    m.table = AztecTable((Side.AZTEC, Side.CONQUISTADOR) if aztec == 0 else (Side.CONQUISTADOR, Side.AZTEC))
    if m.options["deployment"] == "standard":
        standing = {square: unit for unit in UNITS.values() for square in unit.standard}
        for square in (s for s in BOARD.names if s in standing):  # board order (a1, b1, ..) gives the pieces their ids
            add_unit(m, standing[square].kind, m.table.seat(standing[square].side), square)


def first_player(m: Match) -> int:
    """The Aztec takes turn 1 (AZ-R04)."""
    return m.table.seat(Side.AZTEC)


class Deployment(boardcore.Phase):
    """AZ-R03: the Aztec deploys first and completely, then the Conquistador, who sees
    it. Nothing is asked with the standard layout."""

    name = "deployment"

    def begin(self, m: Match) -> None:
        if m.options["deployment"] == "choose":
            m.schedule(*(PlaceUnit(m.table.seat(side)) for side in (Side.AZTEC, Side.CONQUISTADOR)))


def placed_units(side: Side) -> list[str]:
    """The units ``side`` places one at a time, in the order of the unit table."""
    return [u.kind for u in UNITS.values() if u.side is side and u.placed for _ in range(u.count)]


def filler(side: Side) -> UnitSpec:
    """The plentiful unit type that fills the squares left (AZ-R03)."""
    (spec,) = [u for u in UNITS.values() if u.side is side and not u.placed]
    return spec


def fill(m: Match, seat: int, squares: Iterable[str]) -> None:
    for square in squares:
        add_unit(m, filler(side_of(m, seat)).kind, seat, square)


@attrs.frozen
class PlaceUnit(boardcore.Choose):
    """AZ-D01 / AZ-D02: the square of the ``index``-th named unit. The empty squares are
    public, so a lone square is taken without asking."""

    index: int = 0
    public = True

    def unit(self, m: Match, player: int) -> UnitSpec:
        return UNITS[placed_units(side_of(m, player))[self.index]]

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        name = self.unit(m, player).name
        return [(s, f"place {name} on {s}") for s in empty_home_squares(m, side_of(m, player))]

    def prompt(self, m: Match, player: int) -> str:
        return f"Deployment: choose the square of your {self.unit(m, player).name}"

    def chosen(self, m: Match, player: int, item: str) -> None:
        add_unit(m, self.unit(m, player).kind, player, item)
        side = side_of(m, player)
        if self.index + 1 < len(placed_units(side)):
            m.schedule(PlaceUnit(player, self.index + 1))
        elif len(free := empty_home_squares(m, side)) > filler(side).count:
            m.schedule(LeaveEmpty(player))  # AZ-R02: one square more than units
        else:
            fill(m, player, free)


@attrs.frozen
class LeaveEmpty(boardcore.Choose):
    """AZ-D03: which remaining square stays empty (AZ-R02); the plentiful units fill the rest."""

    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(s, f"leave {s} empty") for s in empty_home_squares(m, side_of(m, player))]

    def prompt(self, m: Match, player: int) -> str:
        return "Deployment: choose the square that stays empty"

    def chosen(self, m: Match, player: int, item: str) -> None:
        fill(m, player, [s for s in empty_home_squares(m, side_of(m, player)) if s != item])
