"""The public records Prehistoric Warfare keeps in a match, and the events it records.

The table holds what cards, counters and pieces cannot: entry numbers and the
raid in progress. The events are the game's rule moments; card effects and
plugins may react to them (``@boardcore.reacts_to(LeftPlay)``).
"""

from __future__ import annotations

import enum

import attrs

import boardcore

from .cards import said


class Side(enum.Enum):
    """The two sides of a raid; the value indexes the raid's per-side tuples."""

    ATTACKER = 0
    DEFENDER = 1

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


class AttackMode(enum.Enum):
    """The two steps of a raid round (section 4.1, R2 and R3)."""

    RANGED = "ranged"
    HTH = "hth"


class Cause(enum.Enum):
    """Why a person left play (PW-R41)."""

    HARDSHIP = "hardship"
    STARVATION = "starvation"
    KILLED = "killed"
    CAPTURED = "captured"


def hits(roll: int, strength: int, modifier: int) -> bool:
    """The hit test: d10 + M <= S; no roll hits or misses automatically (PW-R07)."""
    return roll + modifier <= strength


@attrs.frozen
class Attack:
    """One raid attack whose die is on the table, waiting for the reroll window (4.2)."""

    mode: AttackMode
    attacker: str
    target: str
    strength: int
    """S (section 2)."""
    modifier: int
    """M (section 2)."""
    roll: int

    @property
    def hit(self) -> bool:
        """Whether the die on the table hits (PW-R07)."""
        return hits(self.roll, self.strength, self.modifier)

    @property
    def open(self) -> bool:
        """Whether a reroll could change the result (0 < S - M < 10, section 4.2)."""
        return 0 < self.strength - self.modifier < 10


@attrs.frozen
class Raid:
    """A raid in progress or just decided (section 4.1)."""

    attacker: int
    """The Attacker's seat."""
    defender: int
    """The Defender's seat."""
    sides: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Participants still in the raid, per side, oldest first (raiders, defenders)."""
    fielded: tuple[int, int] = (0, 0)
    """How many participants each side started with."""
    lost: tuple[int, int] = (0, 0)
    """Casualties for the whole raid so far: (cA, cD)."""
    round: int = 0
    marked: tuple[str, ...] = ()
    """Participants hit in the current step; they are removed at its end (PW-R25)."""
    spent: tuple[str, ...] = ()
    """One entry per Chieftain reroll used in this raid (PW-R09)."""
    attack: Attack | None = None
    over: bool = False
    winner: Side | None = None
    """The winning side once ``over``; None for a raid with no winner (PW-R27)."""

    def seat(self, side: Side) -> int:
        return self.attacker if side is Side.ATTACKER else self.defender

    def side_of(self, seat: int) -> Side:
        return Side.ATTACKER if seat == self.attacker else Side.DEFENDER

    def side_of_person(self, person: str) -> Side:
        return Side.ATTACKER if person in self.sides[0] else Side.DEFENDER

    def both_alive(self) -> bool:
        return bool(self.sides[0]) and bool(self.sides[1])


@attrs.frozen
class PWTable:
    """The game's own public state besides cards, counters and pieces."""

    entries: dict[str, int] = attrs.field(factory=dict)
    """The entry number of every person in play, by card id or piece id (section 2).
    Never mutated: every change builds a new dict."""
    next_entry: int = 1
    raid: Raid | None = None


# -- events: the game's rule moments ---------------------------------------------------


@attrs.frozen
class EnteredPlay(boardcore.Event):
    """A person entered play with its entry number."""

    person: str
    owner: int
    entry: int

    __str__ = said("{person} enters play for seat {owner} as #{entry}")


@attrs.frozen
class LeftPlay(boardcore.Event):
    """A person left play (PW-R41); ``gear`` is what was attached to it, now discarded."""

    person: str
    owner: int
    cause: Cause
    gear: tuple[str, ...] = ()

    __str__ = said("seat {owner} loses {person} ({cause.value}; gear discarded: {gear})")


@attrs.frozen
class RaidBegan(boardcore.Event):
    """The raiders are chosen: the participants of both sides, oldest first."""

    attacker: int
    defender: int
    raiders: tuple[str, ...]
    defenders: tuple[str, ...]

    __str__ = said("seat {attacker} raids seat {defender} with {raiders}")


@attrs.frozen
class Attacked(boardcore.Event):
    """A raid attack was resolved after its reroll window closed."""

    mode: AttackMode
    attacker: str
    target: str
    strength: int
    modifier: int
    roll: int
    hit: bool

    __str__ = said("{attacker} attacks {target} ({mode.value}): roll {roll} + {modifier} against strength {strength}: {hit}")


@attrs.frozen
class RaidDecided(boardcore.Event):
    """A raid ended; ``winner`` is a seat, or None when the raid had no winner."""

    attacker: int
    defender: int
    rounds: int
    lost: tuple[int, int]
    winner: int | None

    __str__ = said("seat {attacker} vs seat {defender}: the raid ends after {rounds} round(s), losses {lost}; winning seat: {winner}")
