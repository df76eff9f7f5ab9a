"""Invasions of the Horse People cards: the 75 cards built from the printed rows, and the constants.

Everything here comes from ``data/cards.toml``. A card's type is taken from its
row, never guessed from its name (HP-R19): "Golden Horde" is a Tribe, "Horde" a
Strength card, and nothing in the game ever compares names to find a type.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

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

    # Members are singletons compared by identity, so identity can hash them too:
    # Enum's own hash is a Python-level call, and play rules test types in sets
    # for every option offered.
    __hash__ = object.__hash__


def _optional_range(low: int, high: int) -> Any:
    """A validator: None, or a number from ``low`` to ``high``."""
    return attrs.validators.optional([attrs.validators.ge(low), attrs.validators.le(high)])


def _seat_counts(_: Constants, attribute: Any, counts: tuple[int, ...]) -> None:
    # HP-R02: 2 to 6 players, each count once, in increasing order.
    if not counts or list(counts) != sorted(set(counts)) or not 2 <= counts[0] <= counts[-1] <= 6:
        raise ValueError(f"'{attribute.name}' must be increasing numbers of players from 2 to 6: {list(counts)}")


def _valued(card: HorseCard, _: Any, value: int | None) -> None:
    # HP-R01: every type but Tribe comes in values 1..5; a Tribe has none.
    if (value is None) != (card.type is CardType.TRIBE):
        raise ValueError(f"a {card.type.value} card {'needs a value' if value is None else 'takes no value'}")


@attrs.frozen
class HorseCard(boardcore.Card):
    """One physical card. ``name`` is the printed name, shared by the five cards of a row."""

    row: str = attrs.field(kw_only=True)
    type: CardType = attrs.field(kw_only=True)
    value: int | None = attrs.field(default=None, kw_only=True, validator=[_valued, _optional_range(1, 5)])
    """1..5 for a valued card; None for a Tribe."""

    @property
    def points(self) -> int:
        """The value as a number to add up (a Tribe adds nothing)."""
        return self.value or 0

    @property
    def label(self) -> str:
        """What a person reads: ``"Horde 4"``, or ``"Huns"`` for a Tribe."""
        return self.name if self.value is None else f"{self.name} {self.value}"

    @property
    def text(self) -> str:
        """As a hand reads it: ``"Europe (Conquest 3)"``, ``"Golden Horde (Tribe)"`` (HP-R01, HP-R19)."""
        return f"{self.name} ({self.type.value.title()}{'' if self.value is None else f' {self.value}'})"


@attrs.frozen
class Constants:
    """The ``[rules]`` table of the data file."""

    player_counts: tuple[int, ...] = attrs.field(validator=_seat_counts)
    hand_size: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.le(12)])
    """At most 12: the 75 cards deal 6 full hands (HP-R04)."""
    max_exchange: int = attrs.field(validator=lambda c, a, v: attrs.validators.in_(range(c.hand_size + 1))(c, a, v))
    """0 up to the whole hand (HP-D01)."""
    loot_to_win: int = attrs.field(validator=attrs.validators.ge(1))
    turn_limit: int = attrs.field(validator=attrs.validators.ge(1))
    khan_worth: int = attrs.field(default=3, validator=attrs.validators.ge(0))
    """Not a rule: the Loot the search bots count the Khan's title as worth when they
    judge a match in progress (``victory.standing``); only the Khan scores."""


CONSTANTS = boardcore.load_constants(__package__, DATA, Constants)


def card_id(row: str, value: int | None) -> str:
    """The id of the card of ``row`` with ``value`` (``HP12-v4``), or of a Tribe row (``HP13``)."""
    return row if value is None else f"{row}-v{value}"


def load_deck(package: str = __package__, resource: str = DATA) -> tuple[HorseCard, ...]:
    """The cards of the ``[[cards]]`` rows of a data file: one card per value of a
    valued row, one card for a row without ``values`` (a Tribe; HP-R01).

    Expansions call it with their own package to build their cards the same way.
    """
    rows = boardcore.load_rows(
        package, resource, types=dict(row=str, name=str, type=CardType, values=list[int] | None, effect=str | None)
    )
    # A row makes one card per printed value, each with its own id: expanded here,
    # since the engine's ``copies`` makes identical cards.
    cards = [
        {**{k: v for k, v in row.items() if k != "values"}, "id": card_id(row["row"], value), "value": value}
        for row in rows
        for value in row.get("values") or [None]
    ]
    return boardcore.make_cards(cards, HorseCard, f"{package}/{resource}")


def total(cards: Iterable[HorseCard], kind: CardType) -> int:
    """The sum of the values of the cards of type ``kind`` among ``cards``."""
    return sum(card.points for card in cards if card.type is kind)
