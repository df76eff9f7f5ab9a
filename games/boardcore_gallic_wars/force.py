"""Counting a hand's Force (rules section 4, GW-R08 to GW-R10), through card effects.

Every card counts through the effect its data names. An effect turns a card into a
:class:`Contribution`: a value and the basic types it may fill. The engine of this
game then finds the best legal count: at most ``per_type`` values per basic type,
each flexible card (a Leader) placed in exactly one type, and every card with no
type (a Disadvantage) always counted.

An effect may also implement ``against(card, contributions)``, which gets the
opposing hand's contributions after both hands are revealed and returns them
changed. The base game has none; variants use it (see the turncoats plugin).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import attrs

from .cards import BASIC_KINDS, GallicCard, Kind

SLOTS = tuple(kind.value for kind in BASIC_KINDS)


@attrs.frozen
class Contribution:
    """How one card may count. ``slots == ()`` means it always counts."""

    card: str
    value: int
    slots: tuple[str, ...]


@attrs.frozen
class Count:
    """The best count of a hand: the total and where each flexible card went."""

    total: int
    placed: tuple[tuple[str, str], ...] = ()


class BasicForce:
    """A basic card counts in its own type."""

    def contribution(self, card: GallicCard) -> Contribution:
        return Contribution(card.id, card.force, (card.kind.value,))


class LeaderForce:
    """A Leader counts as any one basic type, using one of its places (GW-R09)."""

    def contribution(self, card: GallicCard) -> Contribution:
        return Contribution(card.id, card.force, SLOTS)


class DisadvantageForce:
    """A Disadvantage card always counts, without using a place (GW-R10)."""

    def contribution(self, card: GallicCard) -> Contribution:
        return Contribution(card.id, card.force, ())


BASE_EFFECTS = {"basic": BasicForce(), "leader": LeaderForce(), "disadvantage": DisadvantageForce()}


def best_count(contributions: Sequence[Contribution], per_type: int) -> Count:
    """The highest legal total (GW-R08, GW-R09).

    Flexible cards are tried in card-id order, the first one as the outer loop,
    each over its slots in order; the first best way found is reported.
    """
    fixed = 0
    lists: dict[str, list[int]] = {}
    flexible: list[Contribution] = []
    for c in contributions:
        slots = c.slots
        if len(slots) == 1:
            values = lists.get(slots[0])
            if values is None:
                lists[slots[0]] = [c.value]
            else:
                values.append(c.value)
        elif slots:
            flexible.append(c)
        else:
            fixed += c.value
    # Only the best ``per_type`` values of a type can ever count, with or without
    # a flexible card added, so each type is cut down once before the search.
    base = fixed
    for values in lists.values():
        if len(values) > per_type:
            values.sort(reverse=True)
            del values[per_type:]
        base += sum(values)
    if not flexible:
        return Count(base)
    flexible.sort(key=lambda c: c.card)
    # What one flexible card adds to each type on its own; a way that puts several
    # in one type is scored directly (rare: it needs two Leaders in one type).
    alone = [{slot: _gain(lists.get(slot, []), [c.value], per_type) for slot in c.slots} for c in flexible]
    best_total: int | None = None
    best_way: tuple[str, ...] = ()
    for way in product(*(c.slots for c in flexible)):
        if len(set(way)) == len(way):
            total = base + sum(gains[slot] for gains, slot in zip(alone, way))
        else:
            total = base
            for slot in set(way):
                extra = [c.value for c, chosen in zip(flexible, way) if chosen == slot]
                total += _gain(lists.get(slot, []), extra, per_type)
        if best_total is None or total > best_total:
            best_total, best_way = total, way
    assert best_total is not None
    return Count(best_total, tuple((c.card, slot) for c, slot in zip(flexible, best_way)))


def _gain(top: list[int], extra: list[int], per_type: int) -> int:
    """How much adding ``extra`` to a type whose counted values are ``top`` raises it."""
    return _top(top + extra, per_type) - sum(top)


def _top(values: list[int], n: int) -> int:
    if len(values) <= n:
        return sum(values)
    return sum(sorted(values, reverse=True)[:n])


def is_basic(kind: Kind) -> bool:
    return kind in BASIC_KINDS
