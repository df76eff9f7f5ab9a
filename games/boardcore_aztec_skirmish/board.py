"""Where everything lives in a match: zones, the table, the units, and the set-up.

Zones (every card is in exactly one):

* ``draw`` - the shared draw pile, face down, refilled from ``discard`` by a
  shuffle when a draw finds it empty (AZ-R08);
* ``discard`` - the shared discard pile, face up;
* ``hand:<seat>`` - each side's hand, seen by its owner only, limit 5 (AZ-R07).

Units are engine pieces: ``Piece.kind`` is a :class:`UnitKind` value, ``Piece.square``
its square, and the counter ``hits@<piece id>`` its remaining Hits. The frozen
:class:`AztecTable` holds which seat plays which side and what has been used this turn.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import attrs

import boardcore
from boardcore import Match, Visibility, ZoneSpec
from boardcore.grid import Board, Direction, Square, occupancy, place

from .cards import (
    CARDS,
    CONSTANTS,
    DECK,
    SIDES,
    UNITS,
    AztecCard,
    Side,
    UnitKind,
    UnitSpec,
    starting_hits,
)

DRAW = "draw"
DISCARD = "discard"
HITS = "hits"
"""The name of each unit's Hits counter (owned by the piece id)."""

BOARD = Board(CONSTANTS.board_width, CONSTANTS.board_height)

OPTION_AZTEC = "aztec"
"""Setup option: the seat that plays the Aztec (0 by default; the other seat is the Conquistador)."""
OPTION_DEPLOYMENT = "deployment"
"""Setup option: "choose" (AZ-D01 to AZ-D03) or "standard" (section 2's fixed layout)."""
CHOOSE = "choose"
STANDARD = "standard"
OPTIONS: dict[str, Any] = {OPTION_AZTEC: 0, OPTION_DEPLOYMENT: CHOOSE}


@cache
def hand(seat: int) -> str:
    return f"hand:{seat}"


@attrs.frozen
class AztecTable:
    """The game's own state besides cards, pieces and counters (all public)."""

    sides: tuple[Side, Side]
    """The side each seat plays."""
    moved: tuple[str, ...] = ()
    """Units moved this turn, one entry per move (a Horseman may appear twice)."""
    attacked: tuple[str, ...] = ()
    """Units that attacked this turn (AZ-R17)."""
    specials: tuple[str, ...] = ()
    """Draw-2 cards played this turn (each at most once, AZ-R27)."""

    def seat(self, side: Side) -> int:
        return self.sides.index(side)


def table(m: Match) -> AztecTable:
    found: AztecTable = m.table
    return found


def side_of(m: Match, seat: int) -> Side:
    return table(m).sides[seat]


def seat_of(m: Match, side: Side) -> int:
    return table(m).seat(side)


def opponent(seat: int) -> int:
    return 1 - seat


def forward(side: Side) -> Direction:
    """Towards the enemy's back rank (AZ-R01)."""
    return Direction[SIDES[side].forward]


def card(m: Match, card_id: str) -> AztecCard:
    return CARDS[card_id] if card_id in CARDS else m.card(card_id)


def hand_cards(m: Match, seat: int) -> list[AztecCard]:
    return [card(m, c) for c in m.cards(hand(seat))]


# -- units -----------------------------------------------------------------------------


def kind_of(m: Match, piece: str) -> UnitKind:
    return UnitKind(m.pieces[piece].kind)


def spec_of(m: Match, piece: str) -> UnitSpec:
    return UNITS[kind_of(m, piece)]


def hits(m: Match, piece: str) -> int:
    return m.count(HITS, piece)


def square_of(m: Match, piece: str) -> Square:
    where = m.pieces[piece].square
    assert where is not None, f"{piece} is not on the board"
    return Square.parse(where)


def label(m: Match, piece: str) -> str:
    """``"Horseman b8"``."""
    return f"{spec_of(m, piece).name} {m.pieces[piece].square}"


def units_of(m: Match, seat: int) -> tuple[str, ...]:
    return m.pieces_of(seat)


def leader_alive(m: Match, seat: int) -> bool:
    return any(spec_of(m, p).leader for p in units_of(m, seat))


def remaining_hits(m: Match, seat: int) -> int:
    return sum(hits(m, p) for p in units_of(m, seat))


def hits_lost(m: Match, seat: int) -> int:
    """Starting Hits minus remaining Hits; a killed unit counts its full Hits (AZ-R30)."""
    return starting_hits(side_of(m, seat)) - remaining_hits(m, seat)


def add_unit(m: Match, kind: UnitKind, seat: int, square: Square) -> str:
    """Put a new unit with full Hits on an empty square."""
    piece = place(m, kind.value, seat, square)
    m.set_count(HITS, UNITS[kind].hits, piece)
    return piece


def home_squares(side: Side) -> list[Square]:
    """The squares of the side's deployment ranks, in board order (a1, b1, ... h1, a2, ...)."""
    ranks = SIDES[side].ranks
    return [s for s in BOARD.squares() if s.y + 1 in ranks]


def empty_home_squares(m: Match, side: Side) -> list[Square]:
    taken = occupancy(m)
    return [s for s in home_squares(side) if str(s) not in taken]


# -- set-up ----------------------------------------------------------------------------


def setup(m: Match) -> None:
    """Sides, the shuffled deck and the deployment (rules section 2).

    The Aztec takes turn 1 (AZ-R04): the engine's turn order starts after the
    active seat, so the Conquistador's seat is made active before turn 1.
    """
    aztec = m.options[OPTION_AZTEC]
    if aztec not in (0, 1) or isinstance(aztec, bool):
        raise boardcore.InvalidData(f"aztec must be seat 0 or 1, not {aztec!r}", where="options")
    deployment = m.options[OPTION_DEPLOYMENT]
    if deployment not in (CHOOSE, STANDARD):
        raise boardcore.InvalidData(f"deployment must be {CHOOSE!r} or {STANDARD!r}, not {deployment!r}", where="options")
    sides = (Side.AZTEC, Side.CONQUISTADOR) if aztec == 0 else (Side.CONQUISTADOR, Side.AZTEC)
    m.table = AztecTable(sides)
    # Row order, then copy number ascending (AZ31-2 before AZ31-10), then shuffle.
    m.add_zone(DRAW, ZoneSpec(None, Visibility.HIDDEN, refill=DISCARD), [c.id for c in DECK])
    m.add_zone(DISCARD, ZoneSpec(None, Visibility.PUBLIC))
    for seat in range(m.players):
        m.add_zone(hand(seat), ZoneSpec(seat, Visibility.OWNER, limit=CONSTANTS.hand_limit))
    m.shuffle(DRAW)
    from .deploy import deploy_standard, schedule_deployment

    if deployment == STANDARD:
        deploy_standard(m)
        m.active = seat_of(m, Side.CONQUISTADOR)
    else:
        schedule_deployment(m)


# -- the public summary ----------------------------------------------------------------


def describe(m: Match, player: int) -> dict[str, Any]:
    """Public facts (units, Hits, usage this turn) plus ``player``'s own hand."""
    t = table(m)
    units = [
        {
            "id": p,
            "unit": spec_of(m, p).name,
            "side": side_of(m, piece.owner).value,
            "square": piece.square,
            "hits": hits(m, p),
        }
        for p, piece in sorted(m.pieces.items(), key=lambda item: (item[1].square or "", item[0]))
    ]
    return {
        "you_are": t.sides[player].value,
        "sides": [s.value for s in t.sides],
        "units": units,
        "hits_lost": [hits_lost(m, seat) for seat in range(m.players)],
        "turn_limit": CONSTANTS.turn_limit,
        "moved_this_turn": list(t.moved),
        "attacked_this_turn": list(t.attacked),
        "your_hand": [card(m, c).label for c in m.cards(hand(player))],
    }
