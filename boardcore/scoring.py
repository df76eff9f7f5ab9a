"""Counting a hand whose cards need places: the best total when each kind of place is limited.

Many card games score a hand by giving cards places: at most two cards of each suit
count, a wild card counts in any one suit of its choice, a penalty card always counts
and takes no place. :func:`best_fill` finds the highest total such a hand can reach.

A card counts as a :class:`Contribution`: its value and the kinds of place it may
take, one for an ordinary card, several for a wild card, none for a card that
always counts and needs no place. A game may work out contributions as it likes (a
card effect's, say), and change the opposing hand's before counting.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

import attrs

__all__ = ["Contribution", "best_fill"]


@attrs.frozen
class Contribution:
    """How one card may count. ``slots == ()`` means it always counts, in no place."""

    card: str
    """The card's id."""
    value: int
    slots: tuple[str, ...]
    """The kinds of place it may take, in the order they are tried."""


_VALUE = attrgetter("value")


def best_fill(items: Iterable[Contribution], per_slot: int, counted: list[Contribution] | None = None) -> int:
    """The highest total of ``items`` when at most ``per_slot`` of them count in each kind
    of place, each in one of its ``slots``.

    An item with no slots always counts, whatever its value. An item that needs a
    place and is worth nothing or less is better left out, and is. Given a list
    ``counted``, the items that count are appended to it, the highest value first
    (equal values in the order given), for a sentence that says what counted. Any
    object with ``value`` and ``slots`` will do for an item.

    The sets of items that can count together form a matroid (a transversal one), so
    taking items from the highest value down, each one for which a place can be found,
    gives the best total. An item takes a free place of one of its kinds, or the place
    of a placed item with several kinds that can move to another (an augmenting path):
    a hand of ordinary cards and a few wild ones costs a sort and a pass.
    """
    if per_slot < 1:
        raise ValueError(f"best_fill needs room for at least one item of each kind, not per_slot={per_slot!r}")
    total = 0
    placed: dict[str, list[Contribution]] = {}
    movable = False  # whether an item with several kinds of place is placed
    for item in sorted(items, key=_VALUE, reverse=True):
        slots = item.slots
        if slots:
            if item.value <= 0:
                continue
            held = placed.get(slots[0])
            if held is None:  # the usual cases: its first kind has room
                placed[slots[0]] = [item]
                movable = movable or len(slots) > 1
            elif len(held) < per_slot:
                held.append(item)
                movable = movable or len(slots) > 1
            elif (movable or len(slots) > 1) and _place(item, placed, per_slot, set()):
                movable = True
            else:
                continue
        total += item.value
        if counted is not None:
            counted.append(item)
    return total


def _place(item: Contribution, placed: dict[str, list[Contribution]], per_slot: int, seen: set[str]) -> bool:
    """Place ``item`` in one of its kinds not ``seen`` yet, moving an item with several
    kinds placed there to another if need be; False if it cannot be placed."""
    for slot in item.slots:
        if slot not in seen:
            seen.add(slot)
            held = placed.setdefault(slot, [])
            if len(held) < per_slot:
                held.append(item)
                return True
            for i, other in enumerate(held):
                if len(other.slots) > 1 and _place(other, placed, per_slot, seen):
                    held[i] = item
                    return True
    return False
