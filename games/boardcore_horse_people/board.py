"""Where everything lives in a match: the declared zones and counter, and the game's table.

Zones (every card is in exactly one):

* ``draw`` - the shared draw pile, face down, holding every card at set-up; refilled
  from ``discard`` by a shuffle when a draw finds it empty (HP-R21: skipped if
  both are empty);
* ``discard`` - the shared discard pile, face down: cards a Nomad held back "stay
  hidden" when discarded (HP-R13);
* ``hand:<seat>`` - each player's hand, seen by its owner only;
* ``tribute`` - the Khan's Tribute area, face up;
* ``invasion:<seat>`` - each Nomad's revealed Invasion play, face up.

Loot is the per-seat counter ``loot``. The Khan and the figures of the last
Invasion are in the frozen :class:`HorseTable` (``match.table``), which the
default view shows to everybody.
"""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Match, Visibility

from .cards import HorseCard

DISCARD = boardcore.Zone("discard", Visibility.HIDDEN)
DRAW = boardcore.Zone("draw", Visibility.HIDDEN, refill=DISCARD, deck=True)
TRIBUTE = boardcore.Zone("tribute")
HAND = boardcore.SeatZones("hand", Visibility.OWNER)
PLAY = boardcore.SeatZones("invasion", Visibility.PUBLIC)
"""Each seat's revealed Invasion play."""
LOOT = boardcore.Counter("loot")


@attrs.frozen
class Reckoning:
    """The figures of one Invasion Phase, all public once the plays are revealed."""

    turn: int
    khan: int | None
    """The Khan during that turn's Tribute and Invasion, or None."""
    loot: int
    """Loot value the Khan played as Tribute."""
    conquest: int
    """``C_khan``: Conquest value in the Tribute area."""
    gain: int
    """Loot points the Khan earned (HP-R08)."""
    weakness: int
    """``W_all``: Weakness value of all the Nomads' plays."""
    deposed: bool
    strengths: tuple[int, ...]
    """``S(p)`` for every seat (0 for the Khan, who plays nothing)."""
    candidates: tuple[int, ...]
    """The seats that played a Tribe card (HP-R14: never the Khan)."""
    contested: bool
    """Whether a Strength contest was held (no Khan, or he was just deposed)."""
    crowned: int | None
    """The contest's winner; None if there was no contest or nobody won it."""


@attrs.frozen
class HorseTable:
    """The game's own state besides cards and counters (all public)."""

    khan: int | None = None
    """The seat holding the title of Khan, or None when everybody is a Nomad."""
    last: Reckoning | None = None
    """The most recent Invasion Phase, or None before the first one ends."""


def cards_in(m: Match, zone: str) -> list[HorseCard]:
    """The card data of everything in ``zone``, bottom first."""
    return list(m.card_data(zone, HorseCard))


def nomads(m: Match) -> tuple[int, ...]:
    """Every seat but the Khan's, in seat order."""
    return tuple(seat for seat in range(m.players) if seat != m.table.khan)


def loot(m: Match) -> tuple[int, ...]:
    """Every seat's Loot, by seat."""
    return tuple(m.count(LOOT, seat) for seat in range(m.players))
