"""Gallic Wars cards: both 36-card decks from the printed rows, and how each card counts.

Every card counts its Force through the effect its type names (rules section 4,
GW-R08 to GW-R10). An effect turns a card into a ``Contribution`` (the engine's
``boardcore.scoring.Contribution``): a value and the basic types it may fill. An
effect may also implement ``against(card, contributions)``, which changes the
opposing hand's contributions once both hands are revealed (the base game has none).

Card types are data (``[[types]]`` in ``data/cards.toml``): each printed code
names its type and the effect that counts its cards. A plugin's card may have a
type of its own, named in full; with the ``basic`` effect it counts in its own
type, two places a type, as the printed basic types do.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Any, Literal, cast

import attrs

import boardcore
from boardcore.scoring import Contribution


class Side(enum.Enum):
    ROMANS = "romans"
    CELTS = "celts"


@attrs.frozen
class CardType:
    """A card type as the data declares it: the code a row prints and the type's name."""

    code: str
    name: str
    effect: str
    """The effect that counts its cards (rules section 4): ``basic``, ``leader`` or ``disadvantage``."""


TYPES = {t.code: t for t in boardcore.loaders.load_table(__package__, "data/cards.toml", "types", CardType)}
"""The game's card types by code, in the order of the data file."""
# Its members come from the data, which mypy cannot read: for mypy it is Any.
Kind: Any = cast(Any, enum.StrEnum)("Kind", [(t.name.upper(), t.code) for t in TYPES.values()])
"""The game's card types by name, each equal to its code (``Kind.LEADER == "L"``). A card of
one of these types holds its member, so that 0.3's ``card.kind is Kind.LEADER`` still holds."""
SLOTS = tuple(code for code, t in TYPES.items() if t.effect == "basic")
"""The four basic types, in the order the rules try a Leader in them (S, T, R, M)."""


@attrs.frozen
class GallicCard(boardcore.Card):
    """A card of one side's deck."""

    side: Side = attrs.field(kw_only=True)
    kind: str | None = attrs.field(kw_only=True, default=None, converter=lambda kind: Kind(kind) if kind in TYPES else kind)
    """Its type: the code of one of :data:`TYPES`, kept as its :data:`Kind` member (``Kind.LEADER``),
    or the name of a type of a plugin's own; None (or left out of a data row) for a card with no type."""
    force: int = attrs.field(kw_only=True, validator=[attrs.validators.ge(-2), attrs.validators.le(10)])
    """3 to 10 for a basic card or a Leader, -2 or -1 for a Disadvantage (GW-R03), 0 for a variant's."""

    @property
    def text(self) -> str:
        """The label, type and Force: "Caesar (Leader, Force 10)", "Legions (Resources 10)",
        "Roman Politics (Disadvantage -1)"; a card with no type reads as its label."""
        kind = TYPES[self.kind].name if self.kind in TYPES else self.kind
        force = f", Force {self.force}" if self.kind == Kind.LEADER else f" {self.force}"
        return f"{self.label} ({kind}{force})" if self.kind else self.label


@attrs.frozen
class Constants:
    """The ``[rules]`` table; a hand is drawn from a 36-card deck (GW-R01) and at most
    all of it is exchanged (GW-R06); every count and limit is at least 1."""

    hand_size: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.le(36)])
    max_exchange: int = attrs.field(validator=lambda c, a, v: attrs.validators.in_(range(c.hand_size + 1))(c, a, v))
    counted_per_type: int = attrs.field(validator=attrs.validators.ge(1))
    streak_to_win: int = attrs.field(validator=attrs.validators.ge(1))
    hands: int = attrs.field(validator=attrs.validators.ge(1))


CONSTANTS = boardcore.loaders.load_constants(__package__, "data/cards.toml", Constants)


def deck(package: str = __package__) -> tuple[GallicCard, ...]:
    """Both decks: ``C-<row>`` Celtic and ``R-<row>`` Roman cards, one pair per printed row (GW-R02).

    ``package`` is the package whose ``data/cards.toml`` holds the rows; each row must
    have exactly the keys ``row``, ``celtic``, ``roman``, ``type`` (the code of one of
    :data:`TYPES`) and ``force``."""
    # A row's type must be one of the declared codes: reading the rows refuses another, naming them.
    columns = dict(row=str, celtic=str, roman=str, type=Literal.__getitem__(tuple(TYPES)), force=int)
    rows = boardcore.loaders.load_rows(package, "data/cards.toml", types=columns)
    cards = [
        {"id": f"{prefix}-{row['row']}", "name": row[column], "side": side, "kind": row["type"],
         "force": row["force"], "effect": TYPES[row["type"]].effect}
        for row in rows
        for prefix, column, side in (("C", "celtic", "celts"), ("R", "roman", "romans"))
    ]  # fmt: skip
    return boardcore.loaders.make_cards(cards, GallicCard, f"{package}/data/cards.toml")


# -- counting Force ------------------------------------------------------------------


@attrs.frozen
class Force(boardcore.Effect):
    """How a card of one kind counts: in its own type; in any one basic type if
    ``flexible`` (a Leader, GW-R09); always, using no place, if ``placeless``
    (a Disadvantage, GW-R10)."""

    flexible: bool = False
    placeless: bool = False

    def contribution(self, card: GallicCard) -> Contribution:
        own = (str(card.kind),) if card.kind else ()  # an exact str: dicts look it up faster than an enum member
        return Contribution(card.id, card.force, () if self.placeless else SLOTS if self.flexible else own)


BASE_EFFECTS = {"basic": Force(), "leader": Force(flexible=True), "disadvantage": Force(placeless=True)}
"""The game's effects by name; a card type's ``effect`` names one."""


def best_total(contributions: Sequence[Contribution], per_type: int, counted: list[Contribution] | None = None) -> int:
    """The highest total of a hand (GW-R08 to GW-R10): every card that needs no place
    counts; at most ``per_type`` others count in each type, each card in one of its
    slots (a Leader in any one basic type), and a card worth nothing or less is
    better left uncounted. Given a list ``counted``, the cards that count are added
    to it, the highest value first (for the battle's sentence). The engine's
    ``boardcore.scoring.best_fill`` finds it."""
    return boardcore.scoring.best_fill(contributions, per_type, counted)


# -- 0.3's names, kept for this version ----------------------------------------------


@attrs.frozen
class _Count:
    """0.3's ``Count``, what ``best_count`` returns: the best total and where each flexible card went."""

    total: int
    placed: tuple[tuple[str, str], ...] = ()


def _best_count(contributions: Sequence[Contribution], per_type: int) -> _Count:
    """0.3's ``best_count``: :func:`best_total`, and the first way of placing the flexible
    cards (in card-id order, each over its slots in order) that reaches it."""
    flexible = sorted((c for c in contributions if len(c.slots) > 1), key=lambda c: c.card)
    others = [c for c in contributions if len(c.slots) < 2]
    counts = []
    for way in itertools.product(*(c.slots for c in flexible)):
        pinned = [Contribution(c.card, c.value, (slot,)) for c, slot in zip(flexible, way)]
        counts.append(_Count(best_total(others + pinned, per_type), tuple(zip((c.card for c in flexible), way))))
    return max(counts, key=lambda count: count.total)  # the first of the best


_OLD_NAMES = {
    "Count": ("best_total, an int", _Count), "best_count": ("best_total", _best_count),
    "EFFECTS": ("BASE_EFFECTS", BASE_EFFECTS), "BASIC_KINDS": ("SLOTS", tuple(map(Kind, SLOTS))),
}  # fmt: skip
"""0.3's names that 0.4 renamed or removed: ``{old name: (new name, what it gives)}``."""
__getattr__ = boardcore.renamed(__name__, _OLD_NAMES, docs="docs/migration.md, From 0.3 to 0.4")
