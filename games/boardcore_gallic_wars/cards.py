"""Gallic Wars card data: the printed rows, and the 72 cards made from them."""

from __future__ import annotations

import enum

import attrs

import boardcore


class Side(enum.Enum):
    ROMANS = "romans"
    CELTS = "celts"


class Kind(enum.Enum):
    """The printed card type."""

    LEADER = "L"
    RESOURCES = "R"
    TACTICS = "T"
    STRATEGY = "S"
    MORALE = "M"
    DISADVANTAGE = "D"


BASIC_KINDS = (Kind.STRATEGY, Kind.TACTICS, Kind.RESOURCES, Kind.MORALE)
"""The four basic types, in the order the rules try a Leader in them (S, T, R, M)."""

EFFECT_OF_KIND = {
    Kind.LEADER: "leader",
    Kind.DISADVANTAGE: "disadvantage",
    **{kind: "basic" for kind in BASIC_KINDS},
}


@attrs.frozen
class Row:
    """One printed row: a Celtic and a Roman card sharing Type and Force (GW-R02)."""

    row: str
    celtic: str
    roman: str
    type: Kind
    force: int


@attrs.frozen
class Constants:
    hand_size: int
    max_exchange: int
    counted_per_type: int
    streak_to_win: int
    hands: int


@attrs.frozen
class GallicCard(boardcore.Card):
    """A card of one side's deck."""

    side: Side = attrs.field(kw_only=True)
    kind: Kind | None = attrs.field(kw_only=True)
    """The printed type; None for a variant card that has none."""
    force: int = attrs.field(kw_only=True)


def load_rows() -> tuple[Row, ...]:
    return boardcore.load_table(__package__, "data/cards.toml", "cards", Row)


def load_constants() -> Constants:
    data = boardcore.read_toml(__package__, "data/cards.toml")
    return boardcore.cards.structure(data.get("rules"), Constants, f"{__package__}/data/cards.toml: $.rules")


def cards_from_rows(rows: tuple[Row, ...]) -> list[GallicCard]:
    """Both decks: ``C-<row>`` Celtic and ``R-<row>`` Roman cards."""
    cards = []
    for row in rows:
        effect = EFFECT_OF_KIND[row.type]
        for side, prefix, name in ((Side.CELTS, "C", row.celtic), (Side.ROMANS, "R", row.roman)):
            cards.append(
                GallicCard(f"{prefix}-{row.row}", name, side=side, kind=row.type, force=row.force, effect=effect)
            )
    return cards
