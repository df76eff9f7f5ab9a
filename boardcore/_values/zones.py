"""Zones: the places a card can be, who may see inside them, and how games declare them.

A game declares its zones once, in :class:`~boardcore.GameSpec` ``zones``:

* :class:`Zone` - one shared zone (a draw pile, a discard pile). The declaration
  *is* the zone's id: ``Zone`` is a ``str``, so ``m.draw(DRAW, HAND[seat])``
  reads as it should and costs nothing at run time.
* :class:`SeatZones` - a family with one zone per seat (hands, tableaus);
  ``HAND[seat]`` is that seat's zone id (``"hand:0"``), cached.

The engine creates every declared zone before the game's own ``setup`` runs,
shared zones first, then each family seat by seat, in declaration order.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs


class Visibility(enum.Enum):
    """Who may see the cards in a zone (everyone always sees how many there are)."""

    PUBLIC = "public"
    """Everybody sees the cards (a discard pile, cards in play)."""
    OWNER = "owner"
    """Only the zone's owner sees the cards (a hand)."""
    HIDDEN = "hidden"
    """Nobody sees the cards (a draw pile)."""


@attrs.frozen
class ZoneSpec:
    """What kind of place a zone is, as stored in a match. Set once when the zone is created."""

    owner: int | None = None
    """The seat the zone belongs to, or None for a shared zone."""
    visibility: Visibility = Visibility.PUBLIC
    refill: str | None = None
    """For a draw pile: the zone whose cards are shuffled in when a draw finds
    this one empty."""
    limit: int | None = None
    """For a hand: the most cards it may keep when a game enforces its limit."""
    host: str | None = None
    """For an attachment zone: the card or piece the zone's cards are attached to."""

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (None: a spectator) may see which cards are in the zone."""
        if self.visibility is Visibility.PUBLIC:
            return True
        if self.visibility is Visibility.OWNER:
            return self.owner == player
        return False


class Zone(str):
    """A declared shared zone; the object is also its id.

    ``deck=True`` puts every card of the game into the zone (in the order the
    cards were registered) and shuffles it when a match is set up. ``refill``
    names the zone shuffled back in when a draw finds this one empty; ``limit``
    is a hand limit that :class:`~boardcore.steps.EnforceLimit` enforces.
    """

    visibility: Visibility
    refill: str | None
    limit: int | None
    deck: bool
    owner: int | None
    _spec: ZoneSpec

    def __new__(
        cls,
        name: str,
        visibility: Visibility = Visibility.PUBLIC,
        *,
        refill: str | None = None,
        limit: int | None = None,
        deck: bool = False,
        owner: int | None = None,
    ) -> Zone:
        self = super().__new__(cls, name)
        self.visibility = visibility
        self.refill = None if refill is None else str(refill)
        self.limit = limit
        self.deck = deck
        self.owner = owner
        self._spec = ZoneSpec(owner, visibility, self.refill, limit)
        return self

    def __reduce__(self) -> Any:
        # Pickled (process pools) and copied as a plain string: a zone id is data.
        return (str, (str(self),))

    def spec(self) -> ZoneSpec:
        """The stored description of this zone."""
        return self._spec


MAX_SEATS = 16
"""The most seats a :class:`SeatZones` family names zones for."""


class SeatZones(tuple[Zone, ...]):
    """A declared family of zones, one per seat: ``HAND[seat]`` is seat's zone id.

    The family is a tuple of its zones (seats 0 to ``MAX_SEATS - 1``), so looking
    one up costs a tuple index (and, as for any tuple, a negative index counts
    from the end: seats are never negative). ``refill`` may name a shared zone or another family
    (then each seat's zone refills from that seat's zone of the family).
    """

    MAX_SEATS: ClassVar[int] = MAX_SEATS
    """The most seats a family names zones for (a match of more seats cannot use one)."""
    name: str
    visibility: Visibility
    _args: tuple[Any, ...]

    def __new__(
        cls,
        name: str,
        visibility: Visibility = Visibility.OWNER,
        *,
        refill: str | SeatZones | None = None,
        limit: int | None = None,
    ) -> SeatZones:
        zones = [
            Zone(
                f"{name}:{seat}",
                visibility,
                refill=refill[seat] if isinstance(refill, SeatZones) else refill,
                limit=limit,
                owner=seat,
            )
            for seat in range(MAX_SEATS)
        ]
        self = super().__new__(cls, zones)
        self.name = name
        self.visibility = visibility
        self._args = (name, visibility, refill, limit)
        return self

    def __repr__(self) -> str:
        return f"SeatZones({self.name!r}, {self.visibility})"

    def __reduce__(self) -> Any:
        return (_seat_zones, self._args)

    def seat_of(self, zone: str) -> int | None:
        """The seat whose zone of this family ``zone`` is, or None."""
        head, _, tail = zone.partition(":")
        return int(tail) if head == self.name and tail.isdigit() else None


def _seat_zones(name: str, visibility: Visibility, refill: Any, limit: int | None) -> SeatZones:
    return SeatZones(name, visibility, refill=refill, limit=limit)


def of_seat(zone: Zone | SeatZones, seat: int) -> Zone:
    """``zone`` itself for a shared zone, or ``seat``'s zone of a family."""
    return zone[seat] if isinstance(zone, SeatZones) else zone


def attachment_zone(host: str) -> str:
    """The id of the zone that holds the cards attached to ``host``."""
    return f"attached:{host}"
