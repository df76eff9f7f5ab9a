"""Tribes: zones, persons in play, entry numbers, slots and attachments.

A *person* is either a named Person card in its owner's public ``tribe:<seat>``
zone, or a generic marker: an engine piece of kind ``"person"`` (strength 1).
Both are named by an id (a card id or a piece id), both carry attachments in the
engine's attachment zone for that id, and both have an entry number in the
table, which orders them "oldest first" (section 2).
"""

from __future__ import annotations

from functools import cache
from typing import cast

import attrs

import boardcore
from boardcore import Match, Visibility, ZoneSpec

from .cards import RULES, CardType, PWCard, Slot
from .effects import effect_of
from .records import Cause, EnteredPlay, LeftPlay, PWTable

DECK = "deck"
DISCARD = "discard"
GENERIC = "person"
"""The piece kind of a generic person marker."""
FOOD = "food"
PRISONERS = "prisoners"


@cache
def hand(seat: int) -> str:
    return f"hand:{seat}"


@cache
def tribe(seat: int) -> str:
    """The public zone of ``seat``'s named persons in play."""
    return f"tribe:{seat}"


def setup(m: Match) -> None:
    """Section 3: the shuffled deck, empty hands, 10 generics and 2 Food per tribe.

    Entry numbers run seat by seat, so seat 0 gets 1-10, seat 1 gets 11-20, ...
    """
    m.table = PWTable()
    deck = [card.id for card in m.rules.cards.values()]
    m.add_zone(DECK, ZoneSpec(visibility=Visibility.HIDDEN, refill=DISCARD), deck)
    m.add_zone(DISCARD, ZoneSpec())
    for seat in range(m.players):
        m.add_zone(hand(seat), ZoneSpec(seat, Visibility.OWNER, limit=RULES.hand_limit))
        m.add_zone(tribe(seat), ZoneSpec(seat))
    m.shuffle(DECK)
    for seat in range(m.players):
        for _ in range(RULES.start_people):
            add_generic(m, seat)
        m.set_count(FOOD, RULES.start_food, seat)
        m.set_count(PRISONERS, 0, seat)


# -- who is in play ------------------------------------------------------------------


def table(m: Match) -> PWTable:
    return m.table


def entry(m: Match, person: str) -> int:
    return table(m).entries[person]


def generics(m: Match, seat: int) -> tuple[str, ...]:
    """``seat``'s generic markers, oldest first (pieces keep their creation order)."""
    return m.pieces_of(seat, GENERIC)


def persons(m: Match, seat: int) -> tuple[str, ...]:
    """Every person ``seat`` has in play, oldest first."""
    entries = table(m).entries
    return tuple(sorted((*m.zones[tribe(seat)], *generics(m, seat)), key=entries.__getitem__))


def population(m: Match, seat: int) -> int:
    """pop(seat): named persons plus generic markers in play (prisoners never count)."""
    return len(m.zones[tribe(seat)]) + len(generics(m, seat))


def is_generic(m: Match, person: str) -> bool:
    return person in m.pieces


def owner(m: Match, person: str) -> int:
    """The seat that owns a person in play."""
    piece = m.pieces.get(person)
    if piece is not None:
        return piece.owner
    for seat in range(m.players):
        if person in m.zones[tribe(seat)]:
            return seat
    raise boardcore.RuleError(f"{person!r} is not a person in play")


def card(m: Match, card_id: str) -> PWCard:
    """The data of a card, typed as this game's card class."""
    return cast(PWCard, m.rules.cards[card_id])


def strength(m: Match, person: str) -> int:
    """A person's own STR: 1 for a generic marker (PW-R11), the printed STR otherwise."""
    if is_generic(m, person):
        return 1
    return card(m, person).strength or 0


def label(m: Match, person: str) -> str:
    """A short, unique name for a person, for option texts and prompts."""
    if is_generic(m, person):
        return f"generic #{entry(m, person)}"
    return f"{card(m, person).name} #{entry(m, person)}"


# -- entering and leaving play ------------------------------------------------------


def _enter(m: Match, person: str, seat: int) -> None:
    t = table(m)
    m.table = attrs.evolve(t, entries={**t.entries, person: t.next_entry}, next_entry=t.next_entry + 1)
    m.emit(EnteredPlay(person, seat, t.next_entry))


def add_generic(m: Match, seat: int) -> str:
    """A new generic marker for ``seat``, with the next entry number; returns its id."""
    person = m.add_piece(GENERIC, seat)
    _enter(m, person, seat)
    return person


def put_in_play(m: Match, card_id: str, seat: int, source: str | None = None) -> None:
    """Move a Person card from ``source`` (``seat``'s hand by default) into play (PW-R21)."""
    m.move((card_id,), source or hand(seat), tribe(seat))
    _enter(m, card_id, seat)


def _forget(m: Match, person: str) -> None:
    t = table(m)
    entries = dict(t.entries)
    del entries[person]
    m.table = attrs.evolve(t, entries=entries)


def leave_play(m: Match, person: str, cause: Cause) -> None:
    """A person leaves play (PW-R41): attachments to the discard pile, a named card
    to the discard pile too, a generic marker back to the supply."""
    seat = owner(m, person)
    m.release(person, DISCARD)
    if is_generic(m, person):
        m.remove_piece(person)
    else:
        m.move((person,), tribe(seat), DISCARD)
    _forget(m, person)
    m.emit(LeftPlay(person, seat, cause))


def capture(m: Match, marker: str, captor: int) -> None:
    """A generic marker becomes one of ``captor``'s Prisoners (PW-R33); its
    attachments are discarded."""
    seat = owner(m, marker)
    m.release(marker, DISCARD)
    m.remove_piece(marker)
    _forget(m, marker)
    m.emit(LeftPlay(marker, seat, Cause.CAPTURED))
    m.add(PRISONERS, 1, captor)


# -- slots and attachments ----------------------------------------------------------


def gear(m: Match, person: str) -> tuple[PWCard, ...]:
    """The cards attached to a person."""
    return tuple(card(m, c) for c in m.attached(person))


def used_slots(m: Match, person: str) -> frozenset[Slot]:
    used: set[Slot] = set()
    for item in gear(m, person):
        used |= item.slots
    return frozenset(used)


def fits(m: Match, item: PWCard, person: str) -> bool:
    """Whether ``item`` can be attached to ``person`` now: every slot it needs is free."""
    return bool(item.slots) and not (item.slots & used_slots(m, person))


def hosts(m: Match, item: PWCard, seat: int) -> tuple[str, ...]:
    """``seat``'s persons that ``item`` fits on, oldest first (PW-R12, PW-R13)."""
    return tuple(p for p in persons(m, seat) if fits(m, item, p))


def ranged_weapon(m: Match, person: str) -> PWCard | None:
    for item in gear(m, person):
        if Slot.RANGED in item.slots:
            return item
    return None


def armored(m: Match, person: str) -> bool:
    return any(item.type is CardType.ARMOR for item in gear(m, person))


def raid_rerolls(m: Match, person: str) -> int:
    """How many rerolls a person gives per raid (PW-R09); 0 for most."""
    if is_generic(m, person):
        return 0
    return effect_of(m.rules, person).raid_rerolls(card(m, person))
