"""The public records Prehistoric Warfare keeps in a match, and the events of the table.

The table holds what cards, counters and pieces cannot: entry numbers and the
raid in progress. ``EnteredPlay`` and ``RaidBegan`` are plain events, which cards
react to; :class:`Attacked` and :class:`RaidDecided` are moments, which cards may
also change before they happen. The other moments live with the rules that
perform them (``tribe``, ``phases``, ``raid``, ``aftermath``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, cast

import attrs

import boardcore
from boardcore import Match

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
class Attacked(boardcore.Moment):
    """A raid attack: ``attacker`` against ``target`` in the ``mode`` step, S ``strength``,
    M ``modifier``, the die ``roll`` and whether it ``hit`` (PW-R07).

    While its die is on the table (waiting for the reroll window, section 4.2) the
    raid record holds it; when the window closes it happens: a hit marks the
    target, who leaves play at the end of the step (PW-R25). A modification may
    turn a hit into a miss or back (``hit``)."""

    mode: AttackMode
    attacker: str
    target: str
    strength: int
    modifier: int
    roll: int
    hit: bool

    __str__ = said("{attacker} attacks {target} ({mode.value}): roll {roll} + {modifier} against strength {strength}: {hit}")

    @property
    def open(self) -> bool:
        """Whether a reroll could change the result (0 < S - M < 10, section 4.2)."""
        return 0 < self.strength - self.modifier < 10

    def rolled(self, roll: int) -> Attacked:
        """The attack with ``roll`` on the table."""
        s, m = self.strength, self.modifier
        return Attacked(self.mode, self.attacker, self.target, s, m, roll, hits(roll, s, m))

    def happen(self, m: Match) -> None:
        if self.hit:
            update(m, marked=raid_of(m).marked + (self.target,))


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
    attack: Attacked | None = None
    """The attack whose die is on the table."""
    over: bool = False
    winner: Side | None = None
    """The winning side once ``over``; None for a raid with no winner (PW-R27)."""

    def seat(self, side: Side) -> int:
        return self.attacker if side is Side.ATTACKER else self.defender

    def side_of(self, seat: int) -> Side:
        return Side.ATTACKER if seat == self.attacker else Side.DEFENDER

    def participants(self) -> Iterator[tuple[Side, str]]:
        """Every participant with its side: the Attacker's oldest first, then the Defender's (PW-R25)."""
        return ((side, person) for side in Side for person in self.sides[side.value])

    def both_alive(self) -> bool:
        return bool(self.sides[0]) and bool(self.sides[1])

    @property
    def leader(self) -> Side | None:
        """The side that has lost fewer in the whole raid so far (PW-R26); None while tied."""
        lost_a, lost_d = self.lost
        return None if lost_a == lost_d else Side.ATTACKER if lost_a < lost_d else Side.DEFENDER


@attrs.frozen
class PWTable:
    """The game's own public state besides cards, counters and pieces."""

    entries: dict[str, int] = attrs.field(factory=dict)
    """The entry number of every person in play, by card id or piece id (section 2).
    Never mutated: every change builds a new dict."""
    next_entry: int = 1
    raid: Raid | None = None


def table(m: Match) -> PWTable:
    return cast(PWTable, m.table)


def raid_of(m: Match) -> Raid:
    """The raid in progress."""
    raid = table(m).raid
    if raid is None:
        raise boardcore.RuleError("no raid is in progress")
    return raid


def update(m: Match, **changes: Any) -> Raid:
    """Replace fields of the raid in progress; returns the new record."""
    raid = attrs.evolve(raid_of(m), **changes)
    m.table = attrs.evolve(table(m), raid=raid)
    return raid


@attrs.frozen
class RaidDecided(boardcore.Moment):
    """A raid ended; ``winner`` is a seat, or None when the raid had no winner.

    A modification may change the winner, which the Aftermath reads; cancelled or
    replaced, the raid ends with no winner."""

    attacker: int
    defender: int
    rounds: int
    lost: tuple[int, int]
    winner: int | None

    __str__ = said("seat {attacker} vs seat {defender}: the raid ends after {rounds} round(s), losses {lost}; winning seat: {winner}")

    def happen(self, m: Match) -> None:
        update(m, over=True, winner=None if self.winner is None else raid_of(m).side_of(self.winner))


@attrs.frozen
class EnteredPlay(boardcore.Event):
    """A person entered play with its entry number."""

    person: str
    owner: int
    entry: int

    __str__ = said("{person} enters play for seat {owner} as #{entry}")


@attrs.frozen
class RaidBegan(boardcore.Event):
    """The raiders are chosen: the participants of both sides, oldest first."""

    attacker: int
    defender: int
    raiders: tuple[str, ...]
    defenders: tuple[str, ...]

    __str__ = said("seat {attacker} raids seat {defender} with {raiders}")
