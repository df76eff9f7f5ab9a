"""Where everything lives in a match: zones, the per-turn marks, the table, the units.

Every card is in exactly one zone: the shared ``draw`` pile (face down, refilled
from ``discard`` by a shuffle when a draw finds it empty, AZ-R08), the face-up
``discard`` pile, or a hand (``hand:<seat>``, seen by its owner, limit 5, AZ-R07).

Units are engine pieces on square names: ``Piece.kind`` is a unit kind of the
data, and the counter ``hits`` of the piece its remaining Hits. The table says
which seat plays which side; what was used this turn are the engine's per-turn
marks (:data:`MOVED`, :data:`ATTACKED`, :data:`DRAW2`).
"""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Match, Visibility
from boardcore.grid import Direction, place, square_of

from .cards import BOARD, CONSTANTS, SIDES, UNITS, Side, UnitSpec, starting_hits

DISCARD = boardcore.Zone("discard")
DRAW = boardcore.Zone("draw", Visibility.HIDDEN, refill=DISCARD, deck=True)
HAND = boardcore.SeatZones("hand", Visibility.OWNER, limit=CONSTANTS.hand_limit)
HITS = "hits"
"""Each unit's remaining Hits: a counter of its piece id (set when the unit is placed;
declared counters are the seats' or the match's)."""

MOVED, ATTACKED, DRAW2 = "moved", "attacked", "draw2"
"""Per-turn marks: a unit per move it made (AZ-R09), a unit that attacked (AZ-R17),
a Draw-2 card played (AZ-R27)."""


@attrs.frozen
class AztecTable:
    """The game's own state besides cards, pieces, counters and marks (public)."""

    sides: tuple[Side, Side]
    """The side each seat plays."""

    def seat(self, side: Side) -> int:
        return self.sides.index(side)


def side_of(m: Match, seat: int) -> Side:
    return m.table.sides[seat]


def forward(side: Side) -> Direction:
    """Towards the enemy's back rank (AZ-R01)."""
    return Direction[SIDES[side].forward]


# -- units -----------------------------------------------------------------------------


def spec_of(m: Match, piece: str) -> UnitSpec:
    return UNITS[m.pieces[piece].kind]


def label(m: Match, piece: str) -> str:
    """``"Horseman b8"``."""
    return f"{spec_of(m, piece).name} {square_of(m, piece)}"


def leader_alive(m: Match, seat: int) -> bool:
    return any(spec_of(m, p).leader for p in m.pieces_of(seat))


def hits_lost(m: Match, seat: int) -> int:
    """Starting Hits minus remaining Hits; a killed unit counts its full Hits (AZ-R30)."""
    return starting_hits(side_of(m, seat)) - sum(m.count(HITS, p) for p in m.pieces_of(seat))


def add_unit(m: Match, kind: str, seat: int, square: str) -> str:
    """Put a new unit with full Hits on an empty square; returns its piece id."""
    piece = place(m, kind, seat, square)
    m.set_count(HITS, UNITS[kind].hits, piece)
    return piece


def describe(m: Match, player: int | None) -> dict[str, str]:
    """The side each seat plays, for a view (public)."""
    return {"sides": ", ".join(f"seat {seat} {side.value.capitalize()}s" for seat, side in enumerate(m.table.sides))}
