"""Where everything lives in a match, how it is set up and how it ends.

Every card is in exactly one zone: the shared ``draw`` pile (face down, refilled
from ``discard`` by a shuffle when a draw finds it empty, AZ-R08), the face-up
``discard`` pile, or a hand (``hand:<seat>``, seen by its owner, limit 5, AZ-R07).

Units are engine pieces on square names: ``Piece.kind`` is a unit kind of the
data, and the counter ``hits`` of the piece its remaining Hits. The table says
which seat plays which side; what was used this turn are the engine's per-turn
marks (:data:`MOVED`, :data:`ATTACKED`, :data:`DRAW2`).

Set-up and deployment follow rules section 2 (AZ-R01 to AZ-R04): the sides, then
the standard layout, or AZ-D01 to AZ-D03, where each decision is one square, so no
list is longer than 24 options. A match ends with a fallen Leader (AZ-R29) or at
the turn limit (AZ-R30); :func:`standing` is how the search bots judge one in progress.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import boardcore
from boardcore import Match, Result, Visibility
from boardcore.grid import occupancy, place, square_of

from .cards import BOARD, CONSTANTS, SIDES, UNITS, Side, UnitSpec

DISCARD = boardcore.Zone("discard")
DRAW = boardcore.Zone("draw", Visibility.HIDDEN, refill=DISCARD, deck=True)
HAND = boardcore.SeatZones("hand", Visibility.OWNER, limit=CONSTANTS.hand_limit)
HITS = "hits"
"""Each unit's remaining Hits: a counter of its piece id (set when the unit is placed;
declared counters are the seats' or the match's)."""

MOVED, ATTACKED, DRAW2 = "moved", "attacked", "draw2"
"""Per-turn marks: a unit per move it made (AZ-R09), a unit that attacked (AZ-R17),
a Draw-2 card played (AZ-R27)."""

LEADER_KILLED, BOTH_LEADERS = "killed the enemy Leader", "both Leaders fell: the attacking side wins"
LIMIT_WIN, LIMIT_DRAW = "turn limit: fewer Hits lost", "turn limit: equal Hits lost"
ENDINGS = (LEADER_KILLED, BOTH_LEADERS, LIMIT_WIN, LIMIT_DRAW)
"""How a match ends, as ``Result.reason`` says it: a fallen Leader (AZ-R29), the turn limit (AZ-R30)."""


@attrs.frozen
class AztecTable:
    """The game's own state besides cards, pieces, counters and marks (public)."""

    sides: tuple[Side, Side]
    """The side each seat plays."""

    def seat(self, side: Side) -> int:
        return self.sides.index(side)


def side_of(m: Match, seat: int) -> Side:
    return m.table.sides[seat]


PIECE_KINDS = ("warrior", "war-leader", "jaguar-knight", "eagle-knight", "soldier", "cannon", "horseman", "captain")
"""Every unit kind, in the order the table gives them letters (each the first of its
name that no kind before has taken): W warrior, A war-leader, J, E, S, C cannon, H and
P captain, the letters a match in the standard layout has always been drawn with."""


def describe(m: Match, player: int | None) -> dict[str, list[str]]:
    """What the table reads (public): the side each seat plays (``["Aztecs",
    "Conquistadors"]``), and every unit kind in the order of :data:`PIECE_KINDS`, so
    that each has its letter from the first screen to the last, whatever the deployment."""
    return {"sides": [f"{SIDES[side].name}s" for side in m.table.sides], "piece_kinds": list(PIECE_KINDS)}


# -- units -----------------------------------------------------------------------------


def spec_of(m: Match, piece: str) -> UnitSpec:
    return UNITS[m.pieces[piece].kind]


def label(m: Match, piece: str) -> str:
    """``"Horseman b8"``."""
    return f"{spec_of(m, piece).name} {square_of(m, piece)}"


def leader_alive(m: Match, seat: int) -> bool:
    return any(spec_of(m, p).leader for p in m.pieces_of(seat))


def starting_hits(side: Side) -> int:
    """A side's total Hits at the start (30 Aztec, 31 Conquistador)."""
    return sum(u.count * u.hits for u in UNITS.values() if u.side is side)


def hits_lost(m: Match, seat: int) -> int:
    """Starting Hits minus remaining Hits; a killed unit counts its full Hits (AZ-R30)."""
    return starting_hits(side_of(m, seat)) - sum(m.count(HITS, p) for p in m.pieces_of(seat))


def add_unit(m: Match, kind: str, seat: int, square: str) -> str:
    """Put a new unit with full Hits on an empty square; returns its piece id."""
    piece = place(m, kind, seat, square)
    m.set_count(HITS, UNITS[kind].hits, piece)
    return piece


# -- set-up and deployment ---------------------------------------------------------------


def setup(m: Match) -> None:
    """Sides, then the standard layout if asked for (rules section 2); the engine has
    shuffled the deck into ``draw`` already, and hands start empty (AZ-R05)."""
    m.table = AztecTable((Side.CONQUISTADOR, Side.AZTEC) if m.options["aztec"] else (Side.AZTEC, Side.CONQUISTADOR))
    if m.options["deployment"] == "standard":
        standing = {square: unit for unit in UNITS.values() for square in unit.standard}
        # board order (a1, b1, ..) gives the pieces their ids
        for square in (s for s in BOARD.names if s in standing):
            add_unit(m, standing[square].kind, m.table.seat(standing[square].side), square)


def first_player(m: Match) -> int:
    """The Aztec takes turn 1 (AZ-R04)."""
    return m.table.seat(Side.AZTEC)


class Deployment(boardcore.Phase):
    """AZ-R03: the Aztec deploys first and completely, then the Conquistador, who sees
    it. Nothing is asked with the standard layout. The set-up phase ``deployment``: the
    engine names a phase after its class."""

    def begin(self, m: Match) -> None:
        if m.options["deployment"] == "choose":
            m.schedule(*(PlaceUnit(m.table.seat(side)) for side in (Side.AZTEC, Side.CONQUISTADOR)))


def empty_home_squares(m: Match, seat: int) -> list[str]:
    """The empty squares of the seat's deployment ranks, in board order (a1, b1, ...)."""
    ranks, taken = SIDES[side_of(m, seat)].ranks, occupancy(m)
    return [s for s in BOARD.names if int(s[1:]) in ranks and s not in taken]


PLACED = {s: tuple(u for u in UNITS.values() if u.side is s and u.placed for _ in range(u.count)) for s in Side}
"""The units each side places one at a time, in the order of the unit table."""
FILLER = {s: next(u for u in UNITS.values() if u.side is s and not u.placed) for s in Side}
"""Each side's plentiful unit type, that fills the squares left (AZ-R03)."""


def fill(m: Match, seat: int, squares: Iterable[str]) -> None:
    for square in squares:
        add_unit(m, FILLER[side_of(m, seat)].kind, seat, square)


@attrs.frozen
class PlaceUnit(boardcore.steps.Choose):
    """AZ-D01 / AZ-D02: the square of the ``index``-th named unit. The empty squares are
    public, so a lone square is taken without asking."""

    index: int = 0
    public = True

    def unit(self, m: Match, player: int) -> UnitSpec:
        return PLACED[side_of(m, player)][self.index]

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(s, f"place {self.unit(m, player).name} on {s}") for s in empty_home_squares(m, player)]

    def prompt(self, m: Match, player: int) -> str:
        return f"Deployment: choose the square of your {self.unit(m, player).name}"

    def chosen(self, m: Match, player: int, item: str) -> None:
        add_unit(m, self.unit(m, player).kind, player, item)
        side = side_of(m, player)
        if self.index + 1 < len(PLACED[side]):
            m.schedule(PlaceUnit(player, self.index + 1))
        elif len(free := empty_home_squares(m, player)) > FILLER[side].count:
            m.schedule(LeaveEmpty(player))  # AZ-R02: one square more than units
        else:
            fill(m, player, free)


@attrs.frozen
class LeaveEmpty(boardcore.steps.Choose):
    """AZ-D03: which remaining square stays empty (AZ-R02); the plentiful units fill the rest."""

    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(s, f"leave {s} empty") for s in empty_home_squares(m, player)]

    def prompt(self, m: Match, player: int) -> str:
        return "Deployment: choose the square that stays empty"

    def chosen(self, m: Match, player: int, item: str) -> None:
        fill(m, player, [s for s in empty_home_squares(m, player) if s != item])


# -- the end -----------------------------------------------------------------------------


def scores(m: Match) -> tuple[int, ...]:
    """Hits lost by each seat (lower is better)."""
    return tuple(hits_lost(m, seat) for seat in range(m.players))


def end_if(m: Match) -> Result | None:
    """AZ-R29: a side whose Leader is gone loses, friendly fire or not; if both Leaders
    fell to one attack, the side that made it (the active side) wins."""
    fallen = [seat for seat in range(m.players) if not leader_alive(m, seat)]
    if len(fallen) == 2:
        return Result((m.active,), BOTH_LEADERS, scores(m))
    return Result((1 - fallen[0],), LEADER_KILLED, scores(m)) if fallen else None


def end_now(m: Match) -> None:
    """AZ-R29: after each attack, the game ends immediately if a Leader has fallen."""
    m.check_end()


def at_limit(m: Match) -> Result:
    """After turn 100: fewer Hits lost wins; equal losses are a draw of both (AZ-R30)."""
    lost = scores(m)
    if lost[0] == lost[1]:
        return Result((0, 1), LIMIT_DRAW, lost)
    return Result((0 if lost[0] < lost[1] else 1,), LIMIT_WIN, lost)


def standing(m: Match) -> tuple[int, ...]:
    """Each side's remaining Hits, its Leader's counted ``leader_worth`` times over,
    for search bots judging a match in progress (the game's ``search.scores``).
    The Hits lost that decide turn 100 weigh a Warrior like a Leader; the match is
    lost with the Leader (AZ-R29)."""
    worth = {piece: CONSTANTS.leader_worth if spec_of(m, piece).leader else 1 for piece in m.pieces}
    return tuple(sum(m.count(HITS, p) * worth[p] for p in m.pieces_of(seat)) for seat in range(m.players))
