"""Who sits at each seat, as people read it: a name, and the side a seat plays.

Events and views keep seat numbers; a display applies names only when it puts
something in words, so the same log reads "Ann (North) chose in secret" at one
table and "seat 0 chose in secret" in a test. A seat's *side* comes from the
game's self-description: the ``"sides"`` entry its ``GameSpec.describe`` returns
(see :func:`sides_of`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

SIDES = "sides"
"""The entry of a game's self-description (``GameSpec.describe``) that names the side
each seat plays: a list with one name per seat (``["North", "South"]``), or a
mapping from seat number to name."""

_SEAT = re.compile(r"\bseat (\d+)\b('s\b)?")
_OLD_SIDES = re.compile(r"\bseat (\d+) ([^,;]+)")  # "seat 0 North, seat 1 South", as games first worded it


def sides_of(described: Mapping[str, Any] | None, players: int) -> tuple[str | None, ...]:
    """The side of each seat in a game's self-description (None where it names none).

    Accepts the ``"sides"`` entry as a list by seat, a mapping by seat number, or
    the sentence ``"seat 0 North, seat 1 South"`` that games wrote before this
    convention existed."""
    sides: list[str | None] = [None] * players
    value = (described or {}).get(SIDES)
    if isinstance(value, (list, tuple)):
        pairs = list(enumerate(value))
    elif isinstance(value, Mapping):
        pairs = [(int(k), v) for k, v in value.items() if str(k).isascii() and str(k).isdigit()]
    elif isinstance(value, str):
        pairs = [(int(found.group(1)), found.group(2).strip()) for found in _OLD_SIDES.finditer(value)]
    else:
        pairs = []
    for seat, side in pairs:
        if 0 <= seat < players and isinstance(side, str) and side.strip():
            sides[seat] = side.strip()
    return tuple(sides)


@attrs.frozen
class Seating:
    """The names and sides of a match's seats, and sentences worded with them."""

    names: tuple[str, ...]
    sides: tuple[str | None, ...] = ()

    @classmethod
    def of(cls, names: Mapping[int, str] | Sequence[str], players: int, described: Mapping[str, Any] | None = None) -> Seating:
        """The seating of a ``players``-seat match: ``names`` by seat (a seat without
        one is called "seat N"), sides from the game's self-description."""
        given = dict(names) if isinstance(names, Mapping) else dict(enumerate(names))
        return cls(tuple(str(given.get(p, f"seat {p}")) for p in range(players)), sides_of(described, players))

    def side(self, seat: int) -> str | None:
        return self.sides[seat] if 0 <= seat < len(self.sides) else None

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def who(self, seat: int) -> str:
        """The seat as a sentence names it: ``"Ann (North)"``, or ``"Ann"`` in a
        game without sides."""
        side = self.side(seat)
        return self.name(seat) if side is None or side == self.name(seat) else f"{self.name(seat)} ({side})"

    def tell(self, text: str) -> str:
        """``text`` with every "seat N" replaced by who sits there (a game's own
        sentence, an option's text, an entry of its self-description)."""
        return name_seats(text, self.who, len(self.names))


def name_seats(text: str, who: Callable[[int], str], players: int | None = None) -> str:
    """``text`` with every "seat N" (below ``players``, if given) replaced by
    ``who(N)``; "seat N's" becomes "Ann (North)'s", or "your" for the person called
    "you" ("you's" would not read)."""
    if not text or "seat " not in text:
        return text

    def named(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        if players is not None and seat >= players:
            return found.group(0)
        said = who(seat)
        if not found.group(2):
            return said
        return "your" if said == "you" or said.startswith("you (") else f"{said}'s"

    return _SEAT.sub(named, text)
