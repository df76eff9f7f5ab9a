"""The first five phases of a turn: Nomad, Hunt, Elements, Tribe and Food (section 4).

Each phase schedules its decisions and then a :class:`Checkpoint` (section 4.3).
The Raid and Aftermath phases live in ``raid`` and ``aftermath``.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import boardcore
from boardcore import DONE, PASS, Action, Done, Match, Pass, Phase, pick

from .cards import RULES, CardType, PWCard
from .checks import Checkpoint
from .effects import effect_of
from .records import Cause, PlayOn
from .tribe import (
    DECK,
    DISCARD,
    FOOD,
    PRISONERS,
    add_generic,
    card,
    hand,
    hosts,
    label,
    leave_play,
    persons,
    population,
    put_in_play,
)


def hand_cards(m: Match, seat: int, kind: CardType | None = None) -> list[PWCard]:
    """The cards (of one type, if given) in ``seat``'s hand, in hand order."""
    held = [card(m, c) for c in m.zones[hand(seat)]]
    return held if kind is None else [c for c in held if c.type is kind]


def play_from_hand(m: Match, seat: int, card_id: str) -> None:
    """Play (discard) a card from ``seat``'s hand."""
    m.move((card_id,), hand(seat), DISCARD)


def opponents(m: Match, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` may target: every other seat still in the game."""
    return tuple(s for s in m.alive() if s != seat)


def card_on_seat_options(m: Match, seat: int, kind: CardType) -> list[Action]:
    """(card of ``kind`` in hand, opponent) pairs, as PlayOn actions (PW-D04, PW-D10)."""
    return [
        PlayOn(c.id, target, f"play {c.label} on seat {target}")
        for c in hand_cards(m, seat, kind)
        for target in opponents(m, seat)
    ]


# -- Phase 1: Nomad --------------------------------------------------------------------


class Nomad(Phase):
    """Draw 1 (2 at 15+ people), discard down to 5, then play Draw-2 cards (PW-R15 to PW-R17)."""

    name = "nomad"

    def begin(self, m: Match) -> None:
        seat = m.active
        assert seat is not None
        extra = 1 if population(m, seat) >= RULES.big_tribe else 0
        m.draw(DECK, hand(seat), 1 + extra)
        m.schedule(HandLimit(hand(seat), DISCARD), PlayDrawCards(seat), Checkpoint())


@attrs.frozen
class HandLimit(boardcore.EnforceLimit):
    """PW-D01: the engine's hand-limit step, with options worded by card label (PW-R05)."""

    def option(self, m: Match, item: str) -> boardcore.Action:
        return pick(item, f"discard {card(m, item).label}")


@attrs.frozen
class PlayDrawCards(boardcore.Step):
    """PW-D02: play a Draw-2 card, or pass. ``used`` holds the cards already played
    this turn: each physical card is played at most once per turn, so this ends."""

    player: int
    used: tuple[str, ...] = ()

    def run(self, m: Match) -> None:
        options = [
            pick(c.id, f"play {c.label}")
            for c in hand_cards(m, self.player)
            if c.id not in self.used and effect_of(m.rules, c.id).draws(c) > 0
        ]
        m.ask(self.player, (*options, PASS), "play a card that draws cards, or pass", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Pass):
            return
        played: str = action.item  # type: ignore[attr-defined]
        play_from_hand(m, player, played)
        m.draw(DECK, hand(player), effect_of(m.rules, played).draws(card(m, played)))
        PlayDrawCards(player, self.used + (played,)).run(m)


# -- Phase 2: Hunt ---------------------------------------------------------------------


class Hunt(Phase):
    """PW-D03: discard one Hunting card for its food, or pass (PW-R18)."""

    name = "hunt"

    def begin(self, m: Match) -> None:
        assert m.active is not None
        m.schedule(PlayHunt(m.active), Checkpoint())


@attrs.frozen
class PlayHunt(boardcore.Step):
    player: int

    def run(self, m: Match) -> None:
        options = [pick(c.id, f"hunt {c.label} (+{c.food} food)") for c in hand_cards(m, self.player, CardType.HUNT)]
        m.ask(self.player, (*options, PASS), "play a Hunting card, or pass", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Pass):
            return
        played: str = action.item  # type: ignore[attr-defined]
        play_from_hand(m, player, played)
        m.add(FOOD, card(m, played).food or 0, player)


# -- Phase 3: Elements -----------------------------------------------------------------


class Elements(Phase):
    """PW-D04 to PW-D06: a Hardship on one opponent, who may negate it (PW-R19, PW-R20)."""

    name = "elements"

    def begin(self, m: Match) -> None:
        assert m.active is not None
        m.schedule(PlayHardship(m.active), Checkpoint())


@attrs.frozen
class PlayHardship(boardcore.Step):
    player: int

    def run(self, m: Match) -> None:
        options = card_on_seat_options(m, self.player, CardType.HARDSHIP)
        m.ask(self.player, (*options, PASS), "play a Hardship on an opponent, or pass", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if not isinstance(action, PlayOn):
            return
        play_from_hand(m, player, action.card)
        m.schedule(Negation(action.target, action.card))


@attrs.frozen
class Negation(boardcore.Window):
    """PW-D05: the Hardship's target, and only he, may cancel it with a matching Special."""

    target: int
    hardship: str

    def responders(self, m: Match) -> Sequence[int]:
        return (self.target,)

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        category = card(m, self.hardship).category
        if category is None:
            return ()
        return [
            pick(c.id, f"negate with {c.label}")
            for c in hand_cards(m, player)
            if effect_of(m.rules, c.id).negates(c, category)
        ]

    def prompt(self, m: Match, player: int) -> str:
        return f"{card(m, self.hardship).label} strikes your tribe: negate it, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        play_from_hand(m, player, action.item)  # type: ignore[attr-defined]

    def closed(self, m: Match) -> None:
        m.schedule(LosePerson(self.target, Cause.HARDSHIP))


@attrs.frozen
class LosePerson(boardcore.Step):
    """PW-D06 and PW-D09: ``player`` chooses one of his persons in play to lose."""

    player: int
    cause: Cause

    def run(self, m: Match) -> None:
        options = [pick(p, f"lose {label(m, p)}") for p in persons(m, self.player)]
        if options:
            m.ask(self.player, options, f"{self.cause.value}: choose a person to lose", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        leave_play(m, action.item, self.cause)  # type: ignore[attr-defined]


# -- Phase 4: Tribe --------------------------------------------------------------------


class Tribe(Phase):
    """Gain a generic marker, put Person cards into play, attach weapons and armor
    (PW-R11 to PW-R14, PW-R21)."""

    name = "tribe"

    def begin(self, m: Match) -> None:
        seat = m.active
        assert seat is not None
        add_generic(m, seat)
        m.schedule(Recruit(seat), ChooseGear(seat), Checkpoint())


@attrs.frozen
class Recruit(boardcore.Step):
    """PW-D07: put one Person card from hand into play, or done."""

    player: int

    def run(self, m: Match) -> None:
        options = [pick(c.id, f"put {c.label} into play") for c in hand_cards(m, self.player, CardType.PERSON)]
        m.ask(self.player, (*options, DONE), "put a Person card into play, or done", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Done):
            return
        put_in_play(m, action.item, player)  # type: ignore[attr-defined]
        self.run(m)


@attrs.frozen
class ChooseGear(boardcore.Step):
    """PW-D08, first half: a weapon or armor card in hand that fits one of your persons, or done.

    The (card, person) pair is asked as two small decisions; every pair stays reachable
    because only cards with at least one free host are offered."""

    player: int

    def run(self, m: Match) -> None:
        options = [
            pick(c.id, f"attach {c.label}") for c in hand_cards(m, self.player) if c.slots and hosts(m, c, self.player)
        ]
        m.ask(self.player, (*options, DONE), "attach a weapon or armor, or done", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Done):
            return
        ChooseHost(player, action.item).run(m)  # type: ignore[attr-defined]


@attrs.frozen
class ChooseHost(boardcore.Step):
    """PW-D08, second half: the person whose free slot(s) the chosen card fills."""

    player: int
    gear: str

    def run(self, m: Match) -> None:
        item = card(m, self.gear)
        options = [pick(p, f"attach {item.label} to {label(m, p)}") for p in hosts(m, item, self.player)]
        if self.gear not in m.zones[hand(self.player)] or not options:
            # Only after State.determinize re-dealt this hidden hand: ask afresh.
            ChooseGear(self.player).run(m)
            return
        m.ask(self.player, options, f"attach {item.label} to whom?", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        m.attach(self.gear, hand(player), action.item, player)  # type: ignore[attr-defined]
        ChooseGear(player).run(m)


# -- Phase 5: Food ---------------------------------------------------------------------


class Food(Phase):
    """Pay floor(pop / 10) Food; each unpaid unit costs a Prisoner, else a person (PW-R22)."""

    name = "food"

    def begin(self, m: Match) -> None:
        seat = m.active
        assert seat is not None
        required = population(m, seat) // RULES.people_per_food
        unpaid = required - m.take(FOOD, required, seat)
        starving = unpaid - m.take(PRISONERS, unpaid, seat)  # cannibalism first
        m.schedule(*(LosePerson(seat, Cause.STARVATION) for _ in range(starving)), Checkpoint())


STEPS: tuple[type[boardcore.Step], ...] = (
    HandLimit,
    PlayDrawCards,
    PlayHunt,
    PlayHardship,
    Negation,
    LosePerson,
    Recruit,
    ChooseGear,
    ChooseHost,
)
