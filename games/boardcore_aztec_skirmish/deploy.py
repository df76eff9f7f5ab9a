"""Deployment: AZ-D01 to AZ-D03, or the standard layout (rules section 2, AZ-R02, AZ-R03).

The Aztec places his named units one at a time, then Warriors fill his three
ranks; the Conquistador, seeing that, places his named units one at a time,
chooses the square to leave empty, and Soldiers fill the rest. Each decision is
one square, so no list is longer than 24 options.
"""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Action, Match, NextTurn, pick
from boardcore.grid import Square

from .board import BOARD, add_unit, empty_home_squares, seat_of, table
from .cards import DATA_TABLES, SIDES, UNITS, Side, UnitKind

DEPLOYMENT = "deployment"
EMPTY = "-"


def placed_units(side: Side) -> tuple[UnitKind, ...]:
    """The units ``side`` places one at a time, in the order of the unit table."""
    return tuple(kind for kind, spec in UNITS.items() if spec.side is side and spec.placed for _ in range(spec.count))


def filler(side: Side) -> UnitKind:
    """The plentiful unit type that fills the remaining squares."""
    (kind,) = [kind for kind, spec in UNITS.items() if spec.side is side and not spec.placed]
    return kind


@attrs.frozen
class UnitDeployed(boardcore.Event):
    """A named unit was placed during deployment."""

    seat: int
    unit: str
    square: str


def schedule_deployment(m: Match) -> None:
    m.phase = DEPLOYMENT
    m.schedule(
        PlaceUnit(seat_of(m, Side.AZTEC), 0),
        FillRanks(seat_of(m, Side.AZTEC)),
        PlaceUnit(seat_of(m, Side.CONQUISTADOR), 0),
        LeaveEmpty(seat_of(m, Side.CONQUISTADOR)),
        NextTurn(),
    )


@attrs.frozen
class PlaceUnit(boardcore.Step):
    """AZ-D01 / AZ-D02: the square for the ``index``-th named unit of ``seat``'s side."""

    seat: int
    index: int

    def run(self, m: Match) -> None:
        side = table(m).sides[self.seat]
        units = placed_units(side)
        if self.index >= len(units):
            return
        m.active = self.seat
        name = UNITS[units[self.index]].name
        options = [pick(str(s), f"place {name} on {s}") for s in empty_home_squares(m, side)]
        m.ask(self.seat, options, f"Deployment: choose the square of your {name}", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        side = table(m).sides[self.seat]
        kind = placed_units(side)[self.index]
        square: str = action.item  # type: ignore[attr-defined]
        piece = add_unit(m, kind, self.seat, Square.parse(square))
        m.emit(UnitDeployed(self.seat, piece, square))
        PlaceUnit(self.seat, self.index + 1).run(m)


@attrs.frozen
class FillRanks(boardcore.Step):
    """The filler units take every remaining square of ``seat``'s ranks, in board order."""

    seat: int

    def run(self, m: Match) -> None:
        side = table(m).sides[self.seat]
        for square in empty_home_squares(m, side):
            add_unit(m, filler(side), self.seat, square)


@attrs.frozen
class LeaveEmpty(boardcore.Step):
    """AZ-D03: which of the remaining squares stays empty (AZ-R02); Soldiers fill the rest."""

    seat: int

    def run(self, m: Match) -> None:
        m.active = self.seat
        options = [pick(str(s), f"leave {s} empty") for s in empty_home_squares(m, table(m).sides[self.seat])]
        m.ask(self.seat, options, "Deployment: choose the square that stays empty", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        side = table(m).sides[self.seat]
        keep: str = action.item  # type: ignore[attr-defined]
        for square in empty_home_squares(m, side):
            if str(square) != keep:
                add_unit(m, filler(side), self.seat, square)


def deploy_standard(m: Match) -> None:
    """The standard deployment of section 2, with no decisions."""
    layout = DATA_TABLES.standard
    for square in BOARD.squares():
        row = layout.get(str(square.y + 1))
        if row is None or row[square.x] == EMPTY:
            continue
        kind = UnitKind(row[square.x])
        side = UNITS[kind].side
        if square.y + 1 not in SIDES[side].ranks:
            raise boardcore.InvalidData(f"{kind.value} on {square} is outside its side's ranks", where="standard")
        add_unit(m, kind, seat_of(m, side), square)


STEPS = (PlaceUnit, FillRanks, LeaveEmpty)
EVENTS = (UnitDeployed,)
