"""Where everything lives in a match: zones, the game's table, set-up, public summary.

Zones (every card is in exactly one):

* ``draw`` - the shared draw pile, face down; refilled from ``discard`` by a
  shuffle when a draw finds it empty (HP-R21: skipped if both are empty);
* ``discard`` - the shared discard pile, face up;
* ``hand:<seat>`` - each player's hand, seen by its owner only;
* ``tribute`` - the Khan's Tribute area, face up;
* ``invasion:<seat>`` - each Nomad's revealed Invasion play, face up.

Loot is the counter ``loot@<seat>``. The Khan and the figures of the last
Invasion are in the frozen :class:`HorseTable` (``match.table``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, cast

import attrs

from boardcore import Match, Visibility, ZoneSpec

from .cards import CardType, Constants, HorseCard, load_constants, total

CONSTANTS: Constants = load_constants()

DRAW = "draw"
DISCARD = "discard"
TRIBUTE = "tribute"
LOOT = "loot"
"""The name of each seat's Loot counter."""


@cache
def hand(seat: int) -> str:
    return f"hand:{seat}"


@cache
def play_area(seat: int) -> str:
    """The zone of ``seat``'s revealed Invasion play."""
    return f"invasion:{seat}"


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


def setup(m: Match) -> None:
    """Shuffle the 75 cards in id order into the draw pile; nobody is Khan (rules section 3)."""
    deck = sorted(m.rules.cards)
    m.add_zone(DRAW, ZoneSpec(None, Visibility.HIDDEN, refill=DISCARD), deck)
    # Face down: cards a Nomad held back "stay hidden" when discarded (HP-R13).
    m.add_zone(DISCARD, ZoneSpec(None, Visibility.HIDDEN))
    m.add_zone(TRIBUTE, ZoneSpec(None, Visibility.PUBLIC))
    for seat in range(m.players):
        m.add_zone(hand(seat), ZoneSpec(seat, Visibility.OWNER))
        m.add_zone(play_area(seat), ZoneSpec(seat, Visibility.PUBLIC))
    m.table = HorseTable()
    m.shuffle(DRAW)


def deck(m: Match) -> Mapping[str, HorseCard]:
    """Card data by id (the engine stores this game's cards as :class:`HorseCard`)."""
    return cast("Mapping[str, HorseCard]", m.rules.cards)


def cards_in(m: Match, zone: str) -> list[HorseCard]:
    """The card data of everything in ``zone``, bottom first."""
    cards = deck(m)
    return [cards[c] for c in m.cards(zone)]


def khan(m: Match) -> int | None:
    table: HorseTable = m.table
    return table.khan


def nomads(m: Match) -> tuple[int, ...]:
    """Every seat but the Khan's, in seat order."""
    title = khan(m)
    return tuple(seat for seat in range(m.players) if seat != title)


def loot(m: Match) -> tuple[int, ...]:
    """Every seat's Loot, by seat."""
    return tuple(m.count(LOOT, seat) for seat in range(m.players))


def describe(m: Match, player: int) -> dict[str, Any]:
    """Game-specific view entries; only public information, plus ``player``'s own hand.

    Card values are spelled out ("Horde 4") because a card's printed name alone
    does not say its value.
    """
    table: HorseTable = m.table
    return {
        "khan": table.khan,
        "nomads": list(nomads(m)),
        "loot": list(loot(m)),
        "loot_to_win": CONSTANTS.loot_to_win,
        "turn_limit": CONSTANTS.turn_limit,
        "conquest_in_tribute": total(cards_in(m, TRIBUTE), CardType.CONQUEST),
        "your_hand": _labels(cards_in(m, hand(player))),
        "tribute": _labels(cards_in(m, TRIBUTE)),
        "invasion_plays": [_labels(cards_in(m, play_area(seat))) for seat in range(m.players)],
        "last_invasion": None if table.last is None else attrs.asdict(table.last),
    }


def _labels(cards: Sequence[HorseCard]) -> list[str]:
    return [card.label for card in cards]
