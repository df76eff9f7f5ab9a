"""Gallic Wars cards: both 36-card decks from the printed rows, and how each card counts.

Every card counts its Force through the effect its kind names (rules section 4,
GW-R08 to GW-R10). An effect turns a card into a :class:`Contribution`: a value
and the basic types it may fill. An effect may also implement
``against(card, contributions)``, which changes the opposing hand's
contributions once both hands are revealed (the base game has none).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from itertools import product

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
SLOTS = tuple(kind.value for kind in BASIC_KINDS)


@attrs.frozen
class GallicCard(boardcore.Card):
    """A card of one side's deck."""

    side: Side = attrs.field(kw_only=True)
    kind: Kind | None = attrs.field(kw_only=True)
    """The printed type; None for a variant card that has none."""
    force: int = attrs.field(kw_only=True, validator=[attrs.validators.ge(-2), attrs.validators.le(10)])
    """3 to 10 for a basic card or a Leader, -2 or -1 for a Disadvantage (GW-R03), 0 for a variant's."""

    @property
    def text(self) -> str:
        """The label, type and Force: "Caesar (Leader, Force 10)", "Legions (Resources 10)",
        "Roman Politics (Disadvantage -1)"; a card with no printed type reads as its label."""
        force = f", Force {self.force}" if self.kind is Kind.LEADER else f" {self.force}"
        return f"{self.label} ({self.kind.name.title()}{force})" if self.kind else self.label


@attrs.frozen
class Constants:
    """The ``[rules]`` table; a hand is drawn from a 36-card deck (GW-R01) and at most
    all of it is exchanged (GW-R06); every count and limit is at least 1."""

    hand_size: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.le(36)])
    max_exchange: int = attrs.field(validator=lambda c, a, v: attrs.validators.in_(range(c.hand_size + 1))(c, a, v))
    counted_per_type: int = attrs.field(validator=attrs.validators.ge(1))
    streak_to_win: int = attrs.field(validator=attrs.validators.ge(1))
    hands: int = attrs.field(validator=attrs.validators.ge(1))


CONSTANTS = boardcore.load_constants(__package__, "data/cards.toml", Constants)
_EFFECT = {"L": "leader", "D": "disadvantage"}


def deck(package: str = __package__) -> tuple[GallicCard, ...]:
    """Both decks: ``C-<row>`` Celtic and ``R-<row>`` Roman cards, one pair per printed row (GW-R02).

    ``package`` is the package whose ``data/cards.toml`` holds the rows; each row must
    have exactly the keys ``row``, ``celtic``, ``roman``, ``type`` and ``force``."""
    rows = boardcore.load_rows(package, "data/cards.toml", types=dict(row=str, celtic=str, roman=str, type=str, force=int))
    cards = [
        {"id": f"{prefix}-{row['row']}", "name": row[column], "side": side, "kind": row["type"],
         "force": row["force"], "effect": _EFFECT.get(row["type"], "basic")}
        for row in rows
        for prefix, column, side in (("C", "celtic", "celts"), ("R", "roman", "romans"))
    ]  # fmt: skip
    return boardcore.make_cards(cards, GallicCard, f"{package}/data/cards.toml")


# -- counting Force ------------------------------------------------------------------


@attrs.frozen
class Contribution:
    """How one card may count. ``slots == ()`` means it always counts."""

    card: str
    value: int
    slots: tuple[str, ...]


@attrs.frozen
class Force(boardcore.Effect):
    """How a card of one kind counts: in its own basic type; in any one basic type
    if ``flexible`` (a Leader, GW-R09); always, using no place, if ``placeless``
    (a Disadvantage, GW-R10)."""

    flexible: bool = False
    placeless: bool = False

    def contribution(self, card: GallicCard) -> Contribution:
        own = (card.kind.value,) if card.kind else ()
        return Contribution(card.id, card.force, () if self.placeless else SLOTS if self.flexible else own)


EFFECTS = {"basic": Force(), "leader": Force(flexible=True), "disadvantage": Force(placeless=True)}


@attrs.frozen
class Count:
    """The best count of a hand: the total and where each flexible card went."""

    total: int
    placed: tuple[tuple[str, str], ...] = ()


def best_count(contributions: Sequence[Contribution], per_type: int) -> Count:
    """The highest legal total (GW-R08, GW-R09): at most ``per_type`` values per
    basic type, each flexible card (a Leader) in exactly one type. Flexible cards
    are tried in card-id order over their slots in order; the first best way wins."""
    fixed = 0
    lists: dict[str, list[int]] = {}
    flexible: list[Contribution] = []
    for c in contributions:
        if len(c.slots) == 1:
            lists.setdefault(c.slots[0], []).append(c.value)
        elif c.slots:
            flexible.append(c)
        else:
            fixed += c.value
    # Only the best ``per_type`` values of a type can ever count, with or without
    # a flexible card added, so each type is cut down once before the search.
    for values in lists.values():
        if len(values) > per_type:
            values.sort(reverse=True)
            del values[per_type:]
        fixed += sum(values)
    if not flexible:
        return Count(fixed)
    flexible.sort(key=lambda c: c.card)
    # What one flexible card adds to each type on its own; a way that puts several
    # in one type is scored directly (rare: it needs two Leaders in one type).
    alone = [{slot: _gain(lists.get(slot, []), [c.value], per_type) for slot in c.slots} for c in flexible]
    best: int | None = None
    best_way: tuple[str, ...] = ()
    for way in product(*(c.slots for c in flexible)):
        if len(set(way)) == len(way):
            total = fixed + sum(gains[slot] for gains, slot in zip(alone, way))
        else:
            total = fixed + sum(
                _gain(lists.get(slot, []), [c.value for c, chosen in zip(flexible, way) if chosen == slot], per_type)
                for slot in set(way)
            )
        if best is None or total > best:
            best, best_way = total, way
    assert best is not None
    return Count(best, tuple((c.card, slot) for c, slot in zip(flexible, best_way)))


def best_total(contributions: Sequence[Contribution], per_type: int) -> int:
    """``best_count(contributions, per_type).total``, found directly when it can be.

    When every flexible card may fill any type and every card that needs a place
    is worth more than nothing (the base game), the sets of cards that can count
    together form a matroid: at most ``per_type`` basic cards of a type and at
    most ``per_type`` per type in all, a Leader taking any place left. Taking
    cards from the highest value down, each while a place is free for it, then
    gives the best total without trying the Leaders' places one by one.
    """
    total = 0
    placed: list[Contribution] = []
    for c in contributions:
        if not c.slots:
            total += c.value
        elif c.value <= 0 or (len(c.slots) > 1 and c.slots != SLOTS):
            return best_count(contributions, per_type).total
        else:
            placed.append(c)
    placed.sort(key=_value, reverse=True)
    places = per_type * len(SLOTS)
    taken: dict[str, int] = {}
    counted = 0
    for c in placed:
        if counted == places:
            break
        if len(c.slots) == 1:
            slot = c.slots[0]
            if taken.get(slot, 0) == per_type:
                continue
            taken[slot] = taken.get(slot, 0) + 1
        counted += 1
        total += c.value
    return total


def _value(c: Contribution) -> int:
    return c.value


def _gain(top: list[int], extra: list[int], per_type: int) -> int:
    """How much adding ``extra`` to a type whose counted values are ``top`` raises it."""
    return sum(sorted(top + extra, reverse=True)[:per_type]) - sum(top)
