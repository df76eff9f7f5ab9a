"""Tribes: the declared zones and counters, persons in play, entry numbers, slots.

A *person* is either a named Person card in its owner's public ``tribe:<seat>``
zone, or a generic marker: an engine piece of kind ``"person"`` (strength 1).
Both are named by an id (a card id or a piece id), both carry attachments in the
engine's attachment zone for that id, and both have an entry number in the
table, which orders them "oldest first" (section 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

import attrs

import boardcore
from boardcore import Match, Visibility

from .cards import RULES, CardType, PWCard, Slot
from .effects import effect_of
from .records import Cause, EnteredPlay, LeftPlay, PWTable

DISCARD = boardcore.Zone("discard")
DECK = boardcore.Zone("deck", Visibility.HIDDEN, refill=DISCARD, deck=True)
"""The shared draw pile: every card of the game, shuffled at set-up (section 3)."""
HAND = boardcore.SeatZones("hand", Visibility.OWNER, limit=RULES.hand_limit)
TRIBE = boardcore.SeatZones("tribe", Visibility.PUBLIC)
"""Each seat's named persons in play."""
FOOD = boardcore.Counter("food", start=RULES.start_food)
PRISONERS = boardcore.Counter("prisoners")
GENERIC = "person"
"""The piece kind of a generic person marker."""


def setup(m: Match) -> None:
    """Section 3: 10 generic markers per tribe, entry numbers seat by seat (seat 0
    gets 1-10, seat 1 gets 11-20, ...). The engine has already shuffled the deck,
    given every tribe its 2 Food and laid out an empty table."""
    for seat in range(m.players):
        for _ in range(RULES.start_people):
            add_generic(m, seat)


# -- who is in play ------------------------------------------------------------------


def table(m: Match) -> PWTable:
    return cast(PWTable, m.table)


def card_table(m: Match) -> dict[str, PWCard]:
    """The card table, typed as this game's card class (for loops over many cards)."""
    return cast("dict[str, PWCard]", m.rules.cards)


def card(m: Match, card_id: str) -> PWCard:
    """The data of a card, typed as this game's card class."""
    return card_table(m)[card_id]


def generics(m: Match, seat: int) -> tuple[str, ...]:
    """``seat``'s generic markers, oldest first (pieces keep their creation order)."""
    return m.pieces_of(seat, GENERIC)


def persons(m: Match, seat: int) -> tuple[str, ...]:
    """Every person ``seat`` has in play, oldest first."""
    entries = table(m).entries
    return tuple(sorted((*m.zones[TRIBE[seat]], *generics(m, seat)), key=entries.__getitem__))


def population(m: Match, seat: int) -> int:
    """pop(seat): named persons plus generic markers in play (prisoners never count)."""
    return len(m.zones[TRIBE[seat]]) + len(generics(m, seat))


def is_generic(m: Match, person: str) -> bool:
    return person in m.pieces


def owner(m: Match, person: str) -> int:
    """The seat that owns a person in play."""
    piece = m.pieces.get(person)
    if piece is not None:
        return piece.owner
    seat = TRIBE.seat_of(m.locate(person))
    if seat is None:
        raise boardcore.RuleError(f"{person!r} is not a person in play")
    return seat


def strength(m: Match, person: str) -> int:
    """A person's own STR: 1 for a generic marker (PW-R11), the printed STR otherwise."""
    return 1 if is_generic(m, person) else card(m, person).strength or 0


def label(m: Match, person: str) -> str:
    """A short, unique name for a person: ``generic #12``, ``Warrior #23``."""
    name = "generic" if is_generic(m, person) else card(m, person).label
    return f"{name} #{table(m).entries[person]}"


def merged(m: Match, people: Sequence[str], eligible: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """The ``eligible`` persons among ``people`` (oldest first; all of them by
    default) as a decision offers them, each with its wording, interchangeable ones
    merged into one option (section 4.4).

    Unarmed generic markers next to each other in entry order are interchangeable:
    whichever of them is chosen, the match goes on the same up to their names,
    because persons act oldest first and nothing else tells them apart. Such a run
    is offered once, as its youngest eligible member (the rules reference fixes the
    youngest, so logs agree between implementations). A generic with gear, or one
    with a named person or an armed generic between it and the next, stays its own
    option. Offering each would give a player, and a search bot that spends its
    playouts telling options apart, choices that do not matter.
    """
    allowed = None if eligible is None else set(eligible)
    pieces, attached = m.pieces, m.attached
    offered: list[str] = []
    alike: list[int] = []  # how many eligible persons each offered one stands for
    joined = False  # the last offered person is an eligible member of the run in progress
    for person in people:
        if person in pieces and not attached(person):  # an unarmed generic: the run goes on
            if allowed is None or person in allowed:
                if joined:
                    offered[-1] = person
                    alike[-1] += 1
                else:
                    offered.append(person)
                    alike.append(1)
                    joined = True
        else:
            joined = False
            if allowed is None or person in allowed:
                offered.append(person)
                alike.append(1)
    return [
        (p, label(m, p) if n == 1 else f"{label(m, p)}, one of {n} unarmed generics") for p, n in zip(offered, alike)
    ]


# -- entering and leaving play ------------------------------------------------------


def enter(m: Match, person: str, seat: int) -> None:
    """Give a person who just entered play the next entry number."""
    t = table(m)
    m.table = attrs.evolve(t, entries={**t.entries, person: t.next_entry}, next_entry=t.next_entry + 1)
    m.emit(EnteredPlay(person, seat, t.next_entry))


def add_generic(m: Match, seat: int) -> str:
    """A new generic marker for ``seat``, with the next entry number; returns its id."""
    person = m.add_piece(GENERIC, seat)
    enter(m, person, seat)
    return person


def leave_play(m: Match, person: str, cause: Cause) -> None:
    """A person leaves play (PW-R41): attachments to the discard pile, a named card
    too, a generic marker back to the supply (or, captured, to a Prisoner count)."""
    seat = owner(m, person)
    gear = m.release(person, DISCARD)
    if is_generic(m, person):
        m.remove_piece(person)
    else:
        m.move((person,), TRIBE[seat], DISCARD)
    t = table(m)
    m.table = attrs.evolve(t, entries={p: n for p, n in t.entries.items() if p != person})
    m.emit(LeftPlay(person, seat, cause, gear))


# -- slots and attachments ----------------------------------------------------------


def gear(m: Match, person: str) -> tuple[PWCard, ...]:
    """The cards attached to a person."""
    table = card_table(m)
    return tuple([table[c] for c in m.attached(person)])


def fits(m: Match, item: PWCard, person: str) -> bool:
    """Whether ``item`` can be attached to ``person`` now: every slot it needs is free."""
    needed = item.slots
    if not needed:
        return False
    table = card_table(m)
    return not any(needed & table[held].slots for held in m.attached(person))


def hosts(m: Match, item: PWCard, seat: int) -> tuple[str, ...]:
    """``seat``'s persons that ``item`` fits on, oldest first (PW-R12, PW-R13)."""
    return tuple(p for p in persons(m, seat) if fits(m, item, p))


def ranged_weapon(m: Match, person: str) -> PWCard | None:
    return next((item for item in gear(m, person) if Slot.RANGED in item.slots), None)


def armored(m: Match, person: str) -> bool:
    return any(item.type is CardType.ARMOR for item in gear(m, person))


def raid_rerolls(m: Match, person: str) -> int:
    """How many rerolls a person gives per raid (PW-R09); 0 for most."""
    return 0 if is_generic(m, person) else effect_of(m.rules, person).raid_rerolls(card(m, person))
