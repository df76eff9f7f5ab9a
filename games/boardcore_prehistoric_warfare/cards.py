"""Prehistoric Warfare card data: the 100 printed rows and the 183 cards made from them.

Cards are keyed by row, never by name: "Set Traps" is both a Defense row (PW028)
and a Hunting row (PW051), so the two are different cards that share a printed
name (PW-R05). Where a name is shared, the card's ``label`` adds its family so
logs and option texts tell them apart.
"""

from __future__ import annotations

import enum
from collections import Counter

import attrs

import boardcore


class CardType(enum.Enum):
    """The printed type letter (section 1.1). ``MW`` is Sticks & Stones' "M/W"."""

    PERSON = "P"
    RANGED = "M"
    HTH = "W"
    BOTH = "MW"
    ARMOR = "A"
    DEFENSE = "D"
    TACTICS = "T"
    RAID = "R"
    HUNT = "G"
    HARDSHIP = "H"
    SPECIAL = "X"


FAMILY = {
    CardType.PERSON: "Person",
    CardType.RANGED: "Ranged weapon",
    CardType.HTH: "HTH weapon",
    CardType.BOTH: "Ranged & HTH weapon",
    CardType.ARMOR: "Armor",
    CardType.DEFENSE: "Defense",
    CardType.TACTICS: "Tactics",
    CardType.RAID: "Raiding",
    CardType.HUNT: "Hunting",
    CardType.HARDSHIP: "Hardship",
    CardType.SPECIAL: "Special",
}


class Category(enum.Enum):
    """A Hardship's category, which decides the Specials that negate it (PW-R20)."""

    MEDICAL = "medical"
    ANIMAL = "animal"
    EXPOSURE = "exposure"
    SOCIAL = "social"


class Slot(enum.Enum):
    """The three places on a person that attachments fill (PW-R12)."""

    HTH = "hth"
    RANGED = "ranged"
    ARMOR = "armor"


SLOTS_OF = {
    CardType.RANGED: frozenset({Slot.RANGED}),
    CardType.HTH: frozenset({Slot.HTH}),
    CardType.BOTH: frozenset({Slot.RANGED, Slot.HTH}),  # PW-R13: fills both weapon slots
    CardType.ARMOR: frozenset({Slot.ARMOR}),
}
"""The slots each attachment type needs free and then fills. Other types never attach."""


@attrs.frozen
class Row:
    """One printed row of ``data/cards.toml``."""

    row: str
    name: str
    copies: int
    type: CardType
    strength: int | None = None
    """STR: a person's strength, a ranged weapon's strength, an HTH weapon's bonus."""
    bonus: int | None = None
    """The HTH bonus of a card that is both a ranged and an HTH weapon."""
    food: int | None = None
    category: Category | None = None
    negates: Category | None = None
    effect: str | None = None
    note: str | None = None


@attrs.frozen
class PWCard(boardcore.Card):
    """One physical card, ``<row>-<copy>``."""

    row: str = attrs.field(kw_only=True)
    type: CardType = attrs.field(kw_only=True)
    label: str = attrs.field(kw_only=True)
    """The name for people: the printed name, plus the family when the name is shared."""
    strength: int | None = attrs.field(default=None, kw_only=True)
    bonus: int | None = attrs.field(default=None, kw_only=True)
    food: int | None = attrs.field(default=None, kw_only=True)
    category: Category | None = attrs.field(default=None, kw_only=True)
    negates: Category | None = attrs.field(default=None, kw_only=True)

    @property
    def slots(self) -> frozenset[Slot]:
        """The slots this card fills when attached; empty for cards that never attach."""
        return SLOTS_OF.get(self.type, frozenset())

    @property
    def ranged_strength(self) -> int | None:
        """The strength of the ranged attack this weapon gives, or None."""
        return self.strength if Slot.RANGED in self.slots else None

    @property
    def hth_bonus(self) -> int:
        """What this card adds to its holder's HTH strength (0 for non-HTH cards)."""
        if self.type is CardType.HTH:
            return self.strength or 0
        if self.type is CardType.BOTH:
            return self.bonus or 0
        return 0


def load_rows() -> tuple[Row, ...]:
    return boardcore.load_table(__package__, "data/cards.toml", "cards", Row)


def cards_from_rows(rows: tuple[Row, ...]) -> list[PWCard]:
    """Every physical card, in row order and copy order (section 3, step 2)."""
    names = Counter(row.name for row in rows)
    cards = []
    for row in rows:
        label = row.name if names[row.name] == 1 else f"{row.name} ({FAMILY[row.type]})"
        for copy in range(1, row.copies + 1):
            cards.append(
                PWCard(
                    f"{row.row}-{copy}",
                    row.name,
                    effect=row.effect,
                    row=row.row,
                    type=row.type,
                    label=label,
                    strength=row.strength,
                    bonus=row.bonus,
                    food=row.food,
                    category=row.category,
                    negates=row.negates,
                )
            )
    return cards


@attrs.frozen
class Constants:
    """The numbers of the rules, from ``data/rules.toml``."""

    start_people: int
    start_food: int
    hand_limit: int
    big_tribe: int
    people_per_food: int
    winning_population: int
    round_limit: int
    raid_round_limit: int
    defender_draw: int
    die: int


def load_constants() -> Constants:
    data = boardcore.read_toml(__package__, "data/rules.toml")
    return boardcore.cards.structure(data.get("rules"), Constants, f"{__package__}/data/rules.toml: $.rules")


ROWS = load_rows()
CARDS = tuple(cards_from_rows(ROWS))
RULES = load_constants()
