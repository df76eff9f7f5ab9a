"""Prehistoric Warfare card data: the 183 cards of the 100 printed rows (rules section 1).

The cards are built straight from ``data/cards.toml``: a row's keys are the
card's fields, and its ``copies`` make the ids ``<row>-1`` .. ``<row>-n``
(``PW005-8`` is the 8th Hunter). Cards are keyed by id, never by name: "Set
Traps" is both a Defense row (PW028) and a Hunting row (PW051), so where a
printed name is shared the card's :attr:`PWCard.label` adds its family (PW-R05).
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
class PWCard(boardcore.Card):
    """One physical card, ``<row>-<copy>``, with the printed data of its row."""

    type: CardType = attrs.field(kw_only=True)
    strength: int | None = attrs.field(default=None, kw_only=True)
    """STR: a person's strength, a ranged weapon's strength, an HTH weapon's bonus."""
    bonus: int | None = attrs.field(default=None, kw_only=True)
    """The HTH bonus of a card that is both a ranged and an HTH weapon."""
    food: int | None = attrs.field(default=None, kw_only=True)
    category: Category | None = attrs.field(default=None, kw_only=True)
    negates: Category | None = attrs.field(default=None, kw_only=True)
    note: str | None = attrs.field(default=None, kw_only=True)

    @property
    def row(self) -> str:
        """The printed row, ``PW001`` .. ``PW100``."""
        return self.id.rpartition("-")[0]

    @property
    def label(self) -> str:
        """The printed name, plus the family when two rows share the name (PW-R05)."""
        return f"{self.name} ({FAMILY[self.type]})" if self.name in SHARED_NAMES else self.name

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
        if self.type is CardType.BOTH:
            return self.bonus or 0
        return (self.strength or 0) if self.type is CardType.HTH else 0


@attrs.frozen
class Constants:
    """The numbers of the rules, from ``data/rules.toml`` (each key names its ruling)."""

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


CARDS = boardcore.load_cards(__package__, "data/cards.toml", PWCard)
SHARED_NAMES = frozenset(name for name, rows in Counter(name for name, _ in {(c.name, c.row) for c in CARDS}).items() if rows > 1)
"""Printed names that more than one row uses ("Set Traps")."""
RULES = boardcore.load_constants(__package__, "data/rules.toml", Constants)
