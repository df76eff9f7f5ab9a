"""Zones: the places a card can be, and who may see inside them."""

from __future__ import annotations

import enum

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
    """What kind of place a zone is. Set once when the zone is created."""

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

    def visible_to(self, player: int) -> bool:
        """Whether ``player`` may see which cards are in the zone."""
        if self.visibility is Visibility.PUBLIC:
            return True
        if self.visibility is Visibility.OWNER:
            return self.owner == player
        return False


def attachment_zone(host: str) -> str:
    """The id of the zone that holds the cards attached to ``host``."""
    return f"attached:{host}"
