"""Tribes and the five phases a tribe plays on its own (sections 2 to 4).

A tribe: the declared zones and counters, persons in play and their entry
numbers, their gear and strength (section 2), and the events of a tribe: a
person entering play (:class:`EnteredPlay`), and the moments of a person leaving
play (:class:`LeftPlay`) and of cards drawn (the engine's ``CardsDrawn``, purposes
"nomad" PW-R16, "draw-2" PW-R17 and "defender"; an empty deck is refilled from the
discard pile, PW-R40).

A *person* is either a named Person card in its owner's public ``tribe:<seat>``
zone, or a generic marker: an engine piece of kind ``"person"`` (strength 1).
Both are named by an id (a card id or a piece id), both carry attachments in the
engine's attachment zone for that id, and both have an entry number in the
table, which orders them "oldest first" (section 2).

Its turn up to the raid: Nomad, Hunt, Elements, Tribe and Food (section 4), with
their moments, the food a hunt gains (:class:`Hunted`) and the upkeep
(:class:`FoodPaid`). Every "play a card of some kind, or pass" decision is a
:class:`PlayFromHand`. The Raid and Aftermath phases live in ``raid``; the
engine runs the end-of-phase checks (section 4.3) through the game's ``end_if``.
"""
from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import ClassVar, cast

import attrs

import boardcore
from boardcore import Match, Phase, Visibility
from boardcore.actions import Target
from boardcore.events import CardsDrawn
from boardcore.evolving import evolve

from .cards import RULES, CardType, PWCard, Slot, effect_of, said

DISCARD = boardcore.Zone("discard")
DECK = boardcore.Zone("deck", Visibility.HIDDEN, refill=DISCARD, deck=True)
"""The shared draw pile: every card of the game, shuffled at set-up (section 3)."""
HAND = boardcore.SeatZones("hand", Visibility.OWNER, limit=RULES.hand_limit)
TRIBE = boardcore.SeatZones("tribe", Visibility.PUBLIC)
"""Each seat's named persons in play."""
FOOD = boardcore.Tally("food", start=RULES.start_food)
PRISONERS = boardcore.Tally("prisoners")
GENERIC = "person"
"""The piece kind of a generic person marker."""


class Cause(enum.Enum):
    """Why a person left play (PW-R41)."""

    HARDSHIP = "hardship"
    STARVATION = "starvation"
    KILLED = "killed"
    CAPTURED = "captured"


@attrs.frozen
class EnteredPlay(boardcore.Event):
    """A person entered play with its entry number."""

    person: str
    owner: int
    entry: int

    __str__ = said("{person} enters play for seat {owner} as #{entry}")


def setup(m: Match) -> None:
    """Section 3: 10 generic markers per tribe, entry numbers seat by seat (seat 0
    gets 1-10, seat 1 gets 11-20, ...). The engine has already shuffled the deck,
    given every tribe its 2 Food and laid out an empty table."""
    for seat in range(m.players):
        for _ in range(RULES.start_people):
            add_generic(m, seat)


# -- who is in play ------------------------------------------------------------------


def card(m: Match, card_id: str) -> PWCard:
    """The data of a card, typed as this game's card class."""
    return cast(PWCard, m.rules.cards[card_id])


def generics(m: Match, seat: int) -> tuple[str, ...]:
    """``seat``'s generic markers, oldest first (pieces keep their creation order)."""
    return m.pieces_of(seat, GENERIC)


def persons(m: Match, seat: int) -> tuple[str, ...]:
    """Every person ``seat`` has in play, oldest first."""
    return tuple(sorted((*m.zones[TRIBE[seat]], *m.pieces_of(seat, GENERIC)), key=m.table.entries.__getitem__))


def population(m: Match, seat: int) -> int:
    """pop(seat): named persons plus generic markers in play (prisoners never count)."""
    return len(m.zones[TRIBE[seat]]) + len(m.pieces_of(seat, GENERIC))


def is_generic(m: Match, person: str) -> bool:
    return person in m.pieces


def owner(m: Match, person: str) -> int:
    """The seat that owns a person in play."""
    piece = m.pieces.get(person)
    seat = TRIBE.seat_of(m.locate(person)) if piece is None else piece.owner
    if seat is None:
        raise boardcore.RuleError(f"{person!r} is not a person in play")
    return seat


def label(m: Match, person: str) -> str:
    """A short, unique name for a person: ``generic #12``, ``Warrior #23``."""
    name = "generic" if is_generic(m, person) else card(m, person).label
    return f"{name} #{m.table.entries[person]}"


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
    offered: list[tuple[str, int]] = []  # each option: its person, and how many eligible ones it stands for
    joined = False  # the last offered person is an unarmed generic, and the run goes on
    for person in people:
        if allowed is not None and person not in allowed:
            # Not offered, but it does not break a run of its kind (read only when a run is going).
            joined = joined and person in pieces and not attached(person)
            continue
        plain = person in pieces and not attached(person)  # an unarmed generic
        if plain and joined:
            offered[-1] = (person, offered[-1][1] + 1)
        else:
            offered.append((person, 1))
            joined = plain
    return [(p, label(m, p) if n == 1 else f"{label(m, p)}, one of {n} unarmed generics") for p, n in offered]


# -- entering and leaving play ------------------------------------------------------


def enter(m: Match, person: str, seat: int) -> str:
    """Give a person who just entered play the next entry number; returns the person."""
    t = m.table
    m.table = evolve(t, entries={**t.entries, person: t.next_entry}, next_entry=t.next_entry + 1)
    m.emit(EnteredPlay(person, seat, t.next_entry))
    return person


def add_generic(m: Match, seat: int) -> str:
    """A new generic marker for ``seat``, with the next entry number; returns its id."""
    return enter(m, m.add_piece(GENERIC, seat), seat)


@attrs.frozen
class LeftPlay(boardcore.Moment):
    """A person of ``owner`` left play (PW-R41) for ``cause``; ``gear`` is what was
    attached to it, discarded with it (filled in as it happens). ``by`` is the seat
    whose persons killed it in a raid, or who captured it (a captured generic
    becomes one of his Prisoners, PW-R33); None for a Hardship or starvation.

    Performed as a step (``asks``): a card may happen instead, at its owner's choice
    (``replaces(LeftPlay, may=...)``) or always (``when=...``). The person then stays
    in play; in a raid he is out of the fight all the same, and counts as lost."""

    asks: ClassVar[bool] = True
    person: str
    owner: int
    cause: Cause
    gear: tuple[str, ...] = ()
    by: int | None = None

    __str__ = said("seat {owner} loses {person} ({cause.value}; gear discarded: {gear})")

    def happen(self, m: Match) -> LeftPlay | None:
        """The person's attachments go to the discard pile, a named card too, a generic
        marker back to the supply (PW-R41); a captured generic becomes a Prisoner."""
        person, gear = self.person, m.release(self.person, DISCARD)
        if is_generic(m, person):
            m.remove_piece(person)
        else:
            m.move((person,), TRIBE[self.owner], DISCARD)
        entries = dict(m.table.entries)
        del entries[person]
        m.table = evolve(m.table, entries=entries)
        if self.cause is Cause.CAPTURED and self.by is not None:
            m.add(PRISONERS, 1, self.by)
        return evolve(self, gear=gear) if gear else None


# -- gear and strength (section 2, PW-R07 to PW-R13) ----------------------------------------


class AttackMode(enum.Enum):
    """The two kinds of attack, ranged and hand-to-hand: the two steps of a raid round
    (section 4.1, R2 and R3)."""

    RANGED = "ranged"
    HTH = "hth"


def gear(m: Match, person: str) -> list[PWCard]:
    """The cards attached to a person."""
    return [card(m, c) for c in m.attached(person)]


def fits(m: Match, item: PWCard, person: str) -> bool:
    """Whether ``item`` can be attached to ``person`` now: every slot it needs is free (PW-R12, PW-R13)."""
    return bool(item.slots) and not any(item.slots & card(m, held).slots for held in m.attached(person))


def ranged_weapon(m: Match, person: str) -> PWCard | None:
    """What a person has in his Ranged slot (R2: he shoots with it), if anything."""
    return next((item for item in gear(m, person) if Slot.RANGED in item.slots), None)


def ranged_strength(m: Match, shooter: str) -> int:
    """S of a ranged attack: the weapon's STR (2 for Sticks & Stones), plus the
    shooter's bonus (Hunter +1, PW-R10). 0 for a person with no ranged weapon."""
    weapon = ranged_weapon(m, shooter)
    if weapon is None or weapon.ranged_strength is None:
        return 0
    bonus = 0 if is_generic(m, shooter) else effect_of(m.rules, shooter).ranged_bonus(card(m, shooter))
    return weapon.ranged_strength + bonus


def hth_strength(m: Match, person: str) -> int:
    """S of an HTH attack: the person's STR (1 for a generic marker, PW-R11) plus its HTH
    weapon's bonus, if any."""
    own = 1 if is_generic(m, person) else card(m, person).strength or 0
    return own + sum(item.hth_bonus for item in gear(m, person))


def attack_strength(m: Match, mode: AttackMode, attacker: str) -> int:
    """S of ``attacker``'s attack in the ``mode`` step (section 2, PW-R07)."""
    return ranged_strength(m, attacker) if mode is AttackMode.RANGED else hth_strength(m, attacker)


def modifier(m: Match, target: str) -> int:
    """M against ``target``: +1 for armor (PW-R07), plus the target's own modifier
    (Great Warrior +1, PW-R08). They stack."""
    armored = any(item.type is CardType.ARMOR for item in gear(m, target))
    own = 0 if is_generic(m, target) else effect_of(m.rules, target).modifier_against(card(m, target))
    return armored + own


# -- phases 1 to 5, a tribe's own turn: playing a card from the hand ---------------------


class PlayFromHand(boardcore.steps.PlayCard):
    """A card of the active player's hand played to the discard pile, or pass.

    ``plays`` is the type of card it plays (any type, when None: then
    :meth:`playable` says), and ``on_opponent`` whether the card is aimed at an
    opponent still in the game. Whether a card is playable depends on the hand,
    which the others cannot see, so the decision is asked even when "pass" is the
    only option; only an empty hand (its size is public) asks nothing (the
    engine's ``may_play``).
    """

    source = HAND
    to: ClassVar[boardcore.Zone | boardcore.SeatZones | None] = DISCARD
    plays: ClassVar[CardType | None] = None
    on_opponent: ClassVar[bool] = False

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return card.type is self.plays

    def targets(self, m: Match, player: int, card: PWCard) -> Iterable[tuple[Target, str]] | None:
        return boardcore.steps.opponents(m, player) if self.on_opponent else None


class HandWindow(boardcore.steps.CardWindow):
    """A window in which a player may play a card from his hand to the discard pile:
    a negation (PW-D05), a reroll (PW-D17), another raid round (PW-D14, PW-D15)."""

    source = HAND
    to = DISCARD


# -- Phase 1: Nomad --------------------------------------------------------------------


class Nomad(Phase):
    """Draw 1 (2 at 15+ people), discard down to 5, then play Draw-2 cards (PW-R15 to PW-R17)."""

    name = "nomad"

    def begin(self, m: Match) -> None:
        seat = m.active
        m.perform(CardsDrawn(seat, 1 + (population(m, seat) >= RULES.big_tribe), "nomad", DECK, HAND[seat]))
        m.schedule(boardcore.steps.EnforceLimit(HAND[seat], DISCARD), DrawCards())


class DrawCards(PlayFromHand):
    """PW-D02: play a Draw-2 card and draw, or pass. Each card at most once a turn."""

    repeat = True

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return effect_of(m.rules, card.id).draws(card) > 0

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.perform(CardsDrawn(player, effect_of(m.rules, card.id).draws(card), "draw-2", DECK, HAND[player]))


# -- Phase 2: Hunt ---------------------------------------------------------------------


class Hunt(PlayFromHand):
    """PW-D03: discard one Hunting card for its food, or pass (PW-R18)."""

    name = "hunt"
    plays = CardType.HUNT

    def wording(self, m: Match, card: PWCard, target_text: str | None) -> str:
        return f"hunt {card.label} (+{card.food} food)"

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.perform(Hunted(player, card.id, card.food or 0))


@attrs.frozen
class Hunted(boardcore.Moment):
    """``player`` hunted with the Hunting card ``card`` and gains ``food`` (its FC, PW-R18).
    No sentence: the choice, the card played and the Food counter say it."""

    player: int
    card: str
    food: int

    def happen(self, m: Match) -> None:
        m.add(FOOD, self.food, self.player)


# -- Phase 3: Elements -----------------------------------------------------------------


class Elements(PlayFromHand):
    """PW-D04: a Hardship on one opponent, or pass (PW-R19); he may negate it."""

    name = "elements"
    plays = CardType.HARDSHIP
    on_opponent = True

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.schedule(Negation(cast(int, target), card.id))


@attrs.frozen
class Negation(HandWindow):
    """PW-D05: the Hardship's target, and only he, may cancel it with a Special that
    negates its category, whichever it is (PW-R20). He is asked whenever he holds a
    card: which cards negate is his secret."""

    verb = "negate with"
    target: int
    hardship: str

    def responders(self, m: Match) -> Sequence[int]:
        return (self.target,)

    def playable(self, m: Match, player: int, item: PWCard) -> bool:
        category = card(m, self.hardship).category
        return category is not None and effect_of(m.rules, item.id).negates(item, category)

    def prompt(self, m: Match, player: int) -> str:
        return f"{card(m, self.hardship).label} strikes your tribe: negate it, or pass"

    def closed(self, m: Match) -> None:
        m.schedule(LosePerson(self.target, cause=Cause.HARDSHIP))


@attrs.frozen
class LosePerson(boardcore.steps.Choose):
    """PW-D06 and PW-D09: ``player`` chooses one of his persons in play to lose
    (a run of interchangeable generic markers as one option, section 4.4)."""

    cause: Cause = attrs.field(kw_only=True)
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(p, f"lose {wording}") for p, wording in merged(m, persons(m, player))]

    def prompt(self, m: Match, player: int) -> str:
        return f"{self.cause.value}: choose a person to lose"

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.schedule(boardcore.steps.Perform(LeftPlay(item, player, self.cause)))


# -- Phase 4: Tribe --------------------------------------------------------------------


class Tribe(Phase):
    """Gain a generic marker, put Person cards into play, attach weapons and armor
    (PW-R11 to PW-R14, PW-R21)."""

    name = "tribe"

    def begin(self, m: Match) -> None:
        add_generic(m, m.active)
        m.schedule(Recruit(), Arm())


class Recruit(PlayFromHand):
    """PW-D07: put Person cards from hand into play, one at a time, or done."""

    plays = CardType.PERSON
    to = TRIBE
    repeat = True
    pass_word = "done"

    def wording(self, m: Match, card: PWCard, target_text: str | None) -> str:
        return f"put {card.label} into play"

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        enter(m, card.id, player)


class Arm(PlayFromHand):
    """PW-D08: attach a weapon or armor to one of your persons whose slots it needs are
    free, or done; asked as the card, then the person."""

    to = None
    repeat = True
    two_step = True
    aim_public = True  # once the card is shown, the persons it fits are public
    pass_word = "done"
    verb = "attach"

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return bool(card.slots)

    def targets(self, m: Match, player: int, card: PWCard) -> Iterable[tuple[Target, str]]:
        # Lazily: offering the card reads only the first. No merging (section 4.4):
        # arming one of a run of generics or another changes where the armed one
        # stands in the oldest-first order.
        return ((p, label(m, p)) for p in persons(m, player) if fits(m, card, p))

    def wording(self, m: Match, card: PWCard, target_text: str | None) -> str:
        return f"attach {card.label} to {target_text}"

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.attach(card.id, HAND[player], str(target), player)


# -- Phase 5: Food ---------------------------------------------------------------------


class Food(Phase):
    """Pay floor(pop / 10) Food; each unpaid unit costs a Prisoner, else a person (PW-R22)."""

    name = "food"

    def begin(self, m: Match) -> None:
        m.perform(FoodPaid(m.active, population(m, m.active) // RULES.people_per_food))


@attrs.frozen
class FoodPaid(boardcore.Moment):
    """``player`` pays his upkeep of ``food`` Food (PW-R22); each unit he cannot pay
    costs a Prisoner (cannibalism), and then a person of his choice (starvation, PW-D09).
    No sentence: the Food and Prisoner counters, and the persons lost, say it."""

    player: int
    food: int

    def happen(self, m: Match) -> None:
        unpaid = self.food - m.take(FOOD, self.food, self.player)
        starving = unpaid - m.take(PRISONERS, unpaid, self.player)  # cannibalism first
        m.schedule(*(LosePerson(self.player, cause=Cause.STARVATION) for _ in range(starving)))
