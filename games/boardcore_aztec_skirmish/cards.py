"""Aztec Skirmish data: the 79-card deck, the units, the two sides and the constants.

Everything here is read from ``data/cards.toml``. What a card does is decided by
its row's fields (type, range, restriction, shot), never by its printed name, so
fixing a number is an edit to the table.
"""

from __future__ import annotations

import enum

import attrs

import boardcore
from boardcore.cards import structure

PACKAGE = __package__ or "boardcore_aztec_skirmish"
DATA = "data/cards.toml"


class Side(enum.Enum):
    AZTEC = "aztec"
    CONQUISTADOR = "conquistador"


class User(enum.Enum):
    """The printed User column (AZ-R06)."""

    Z = "Z"
    C = "C"
    E = "E"


class CardType(enum.Enum):
    """How the engine treats a card after the rulings (section 1.2)."""

    ATTACK = "attack"
    MOVE = "move"
    DEFENSE = "defense"
    DRAW2 = "draw2"
    CANNON = "cannon"


class Troop(enum.Enum):
    """A group of unit types, as card restrictions name them (AZ-R21)."""

    LEADERS = "leaders"
    KNIGHTS = "knights"
    WARRIORS = "warriors"
    SOLDIERS = "soldiers"
    HORSEMEN = "horsemen"
    CANNONS = "cannons"


class Shot(enum.Enum):
    CANISTER = "canister"  # AZ-R22
    ROUND = "round"  # AZ-R23


class UnitKind(enum.Enum):
    """The unit types; the value is what ``Piece.kind`` holds."""

    WAR_LEADER = "war-leader"
    JAGUAR_KNIGHT = "jaguar-knight"
    EAGLE_KNIGHT = "eagle-knight"
    WARRIOR = "warrior"
    CAPTAIN = "captain"
    SOLDIER = "soldier"
    HORSEMAN = "horseman"
    CANNON = "cannon"


@attrs.frozen
class Row:
    """One printed row of the card list."""

    row: str
    name: str
    copies: int
    user: User
    printed_type: str
    type: CardType
    range: int | None = None
    only: Troop | None = None
    kind: Shot | None = None
    indirect: bool = False
    target_hits: int | None = None
    note: str = ""


@attrs.frozen
class Constants:
    """The ``[rules]`` table."""

    hand_limit: int
    draw: int
    draw_special: int
    turn_limit: int
    board_width: int
    board_height: int


@attrs.frozen
class SideRow:
    side: Side
    name: str
    user: User
    ranks: tuple[int, ...]
    """Ranks (1-based, as printed on a chess board) the side deploys on."""
    forward: str
    """The name of the direction (``boardcore.grid.Direction``) that is forward."""


@attrs.frozen
class UnitSpec:
    kind: UnitKind
    name: str
    side: Side
    troop: Troop
    count: int
    hits: int
    leader: bool = False
    placed: bool = False
    """Deployed square by square by its owner; otherwise it fills the rest (AZ-R03)."""
    moves: int = 1
    """Move actions per turn (AZ-R09; 2 for Horsemen, AZ-R13)."""
    max_distance: int | None = None
    """The largest card number it may move with (Cannons: 2, AZ-R14)."""
    own_cards_only: bool = False
    """May attack only with cards restricted to its own troop (Cannons, AZ-R21)."""


@attrs.frozen
class AztecCard(boardcore.Card):
    """One physical card; ``name`` is the printed name shared by its copies."""

    row: str = attrs.field(kw_only=True)
    user: User = attrs.field(kw_only=True)
    type: CardType = attrs.field(kw_only=True)
    range: int | None = attrs.field(kw_only=True, default=None)
    """Squares moved for a Move card; the maximum range for an Attack card."""
    only: Troop | None = attrs.field(kw_only=True, default=None)
    shot: Shot | None = attrs.field(kw_only=True, default=None)
    indirect: bool = attrs.field(kw_only=True, default=False)
    target_hits: int | None = attrs.field(kw_only=True, default=None)

    @property
    def label(self) -> str:
        """What a person reads: ``"Muskets (attack 3, soldiers only)"``."""
        if self.type is CardType.MOVE:
            detail = f"move {self.range}"
        elif self.type is CardType.ATTACK:
            detail = f"attack {self.range}"
        elif self.type is CardType.CANNON:
            detail = f"cannon, {self.shot.value if self.shot else '?'}"
        elif self.type is CardType.DEFENSE:
            detail = "defense"
        else:
            detail = f"draw {CONSTANTS.draw_special}"
        if self.only is not None and self.type is not CardType.CANNON:
            detail += f", {self.only.value} only"
        if self.user is not User.E:
            detail += f", {self.user.value}"
        return f"{self.name} ({detail})"


@attrs.frozen
class Data:
    rows: tuple[Row, ...]
    rules: Constants
    sides: tuple[SideRow, ...]
    units: tuple[UnitSpec, ...]
    standard: dict[str, tuple[str, ...]]


def card_id(row: str, copy: int) -> str:
    return f"{row}-{copy}"


def cards_from_rows(rows: tuple[Row, ...]) -> list[AztecCard]:
    """The deck in setup order: row order, then copy number ascending (section 2)."""
    return [
        AztecCard(
            card_id(row.row, copy),
            row.name,
            row=row.row,
            user=row.user,
            type=row.type,
            range=row.range,
            only=row.only,
            shot=row.kind,
            indirect=row.indirect,
            target_hits=row.target_hits,
        )
        for row in rows
        for copy in range(1, row.copies + 1)
    ]


def _read() -> Data:
    raw = boardcore.read_toml(PACKAGE, DATA)
    where = f"{PACKAGE}/{DATA}"
    shaped = {
        "rows": raw.get("cards"),
        "rules": raw.get("rules"),
        "sides": raw.get("sides"),
        "units": raw.get("units"),
        "standard": raw.get("standard"),
    }
    data = structure(shaped, Data, where)
    for i, row in enumerate(data.rows):
        spot = f"{where}: $.cards[{i}]"
        ranged = row.type in (CardType.ATTACK, CardType.MOVE)
        if ranged != (row.range is not None):
            raise boardcore.InvalidData(f"row {row.row}: a range goes with attack and move cards only", where=spot)
        if (row.type is CardType.CANNON) != (row.kind is not None):
            raise boardcore.InvalidData(f"row {row.row}: cannon cards, and only they, name a shot kind", where=spot)
        if row.copies < 1:
            raise boardcore.InvalidData(f"row {row.row}: copies must be positive", where=spot)
    return data


DATA_TABLES: Data = _read()
ROWS = DATA_TABLES.rows
CONSTANTS = DATA_TABLES.rules
SIDES: dict[Side, SideRow] = {s.side: s for s in DATA_TABLES.sides}
UNITS: dict[UnitKind, UnitSpec] = {u.kind: u for u in DATA_TABLES.units}
DECK: tuple[AztecCard, ...] = tuple(cards_from_rows(ROWS))
CARDS: dict[str, AztecCard] = {c.id: c for c in DECK}


def usable_by(card: AztecCard, side: Side) -> bool:
    """Whether ``side`` may play ``card`` at all (the User column, AZ-R06)."""
    return card.user is User.E or card.user is SIDES[side].user


def starting_hits(side: Side) -> int:
    """A side's total Hits at the start (30 Aztec, 31 Conquistador)."""
    return sum(u.count * u.hits for u in UNITS.values() if u.side is side)
