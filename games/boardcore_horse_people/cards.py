"""Invasions of the Horse People card data: the printed rows, the 75 cards, the constants.

Everything here comes from ``data/cards.toml``. A card's type is taken from its
row, never guessed from its name (HP-R19): "Golden Horde" is a Tribe, "Horde" a
Strength card, and nothing in the game ever compares names to find a type.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

import boardcore

DATA = "data/cards.toml"


class CardType(enum.Enum):
    """The five printed card types (the letter before the "5" in C5, L5, ...)."""

    CONQUEST = "conquest"
    LOOT = "loot"
    WEAKNESS = "weakness"
    STRENGTH = "strength"
    TRIBE = "tribe"


@attrs.frozen
class Row:
    """One printed row of the card list (``HP01`` .. ``HP27``)."""

    row: str
    name: str
    type: CardType
    values: tuple[int, ...] = ()
    """One card per value (HP-R01); empty for a Tribe row, which is a single card."""


@attrs.frozen
class Constants:
    """The ``[rules]`` table of the data file."""

    min_players: int
    max_players: int
    hand_size: int
    max_exchange: int
    loot_to_win: int
    turn_limit: int

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.min_players, self.max_players + 1))


@attrs.frozen
class HorseCard(boardcore.Card):
    """One physical card. ``name`` is the printed name, shared by the five cards of a row."""

    row: str = attrs.field(kw_only=True)
    type: CardType = attrs.field(kw_only=True)
    value: int | None = attrs.field(kw_only=True)
    """1..5 for a valued card; None for a Tribe, which has no value."""

    @property
    def points(self) -> int:
        """The value as a number to add up (a Tribe adds nothing)."""
        return self.value or 0

    @property
    def label(self) -> str:
        """What a person reads: ``"Horde 4"``, or ``"Huns"`` for a Tribe."""
        return self.name if self.value is None else f"{self.name} {self.value}"


def card_id(row: str, value: int | None) -> str:
    """The id of the card of ``row`` with ``value`` (``HP12-v4``), or of a Tribe row (``HP13``)."""
    return row if value is None else f"{row}-v{value}"


def load_rows() -> tuple[Row, ...]:
    """The printed rows, checked: valued rows need values, Tribe rows must have none."""
    rows = boardcore.load_table(__package__, DATA, "cards", Row)
    for i, row in enumerate(rows):
        valued = row.type is not CardType.TRIBE
        if valued != bool(row.values):
            need = "needs a list of values" if valued else "is one card and takes no values"
            raise boardcore.InvalidData(f"row {row.row} ({row.type.value}) {need}", where=f"{DATA}: $.cards[{i}]")
    return rows


def load_constants() -> Constants:
    data = boardcore.read_toml(__package__, DATA)
    return boardcore.cards.structure(data.get("rules"), Constants, f"{__package__}/{DATA}: $.rules")


def cards_from_rows(rows: Iterable[Row]) -> list[HorseCard]:
    """The deck: five cards per valued row, one per Tribe row (HP-R01)."""
    cards = []
    for row in rows:
        for value in row.values or (None,):
            cards.append(HorseCard(card_id(row.row, value), row.name, row=row.row, type=row.type, value=value))
    return cards


def of_type(cards: Sequence[HorseCard], kind: CardType) -> list[HorseCard]:
    return [card for card in cards if card.type is kind]


def total(cards: Iterable[HorseCard], kind: CardType) -> int:
    """The sum of the values of the cards of type ``kind`` among ``cards``."""
    return sum(card.points for card in cards if card.type is kind)
