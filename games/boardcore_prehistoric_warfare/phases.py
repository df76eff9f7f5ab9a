"""The first five phases of a turn: Nomad, Hunt, Elements, Tribe and Food (section 4),
and their moments: the food a hunt gains (:class:`Hunted`) and the upkeep
(:class:`FoodPaid`).

Every "play a card of some kind, or pass" decision is a :class:`PlayFromHand`.
The engine runs the end-of-phase checks (section 4.3) through the game's
``end_if``. The Raid and Aftermath phases live in ``raid`` and ``aftermath``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, cast

import attrs

import boardcore
from boardcore import Action, Match, Phase, Pick, Target, pick

from .cards import RULES, CardType, PWCard, effect_of, said
from .tribe import DISCARD, FOOD, HAND, PRISONERS, TRIBE, CardsDrawn, Cause, LeftPlay, add_generic, card
from .tribe import enter, fits, label, merged, persons, population


def item_of(action: Action) -> str:
    """The item of a reaction: every reaction this game offers is a pick."""
    return cast(Pick, action).item


def hand_cards(m: Match, seat: int) -> tuple[PWCard, ...]:
    return m.card_data(HAND[seat], PWCard)


@attrs.frozen
class PlayFromHand(boardcore.PlayCard):
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
        return boardcore.opponents(m, player) if self.on_opponent else None


# -- Phase 1: Nomad --------------------------------------------------------------------


class Nomad(Phase):
    """Draw 1 (2 at 15+ people), discard down to 5, then play Draw-2 cards (PW-R15 to PW-R17)."""

    name = "nomad"

    def begin(self, m: Match) -> None:
        seat = m.active
        m.perform(CardsDrawn(seat, 1 + (population(m, seat) >= RULES.big_tribe), "nomad"))
        m.schedule(boardcore.EnforceLimit(HAND[seat], DISCARD), DrawCards())


@attrs.frozen
class DrawCards(PlayFromHand):
    """PW-D02: play a Draw-2 card and draw, or pass. Each card at most once a turn."""

    repeat = True

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return effect_of(m.rules, card.id).draws(card) > 0

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.perform(CardsDrawn(player, effect_of(m.rules, card.id).draws(card), "draw-2"))


# -- Phase 2: Hunt ---------------------------------------------------------------------


@attrs.frozen
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
    """``player`` hunted with the Hunting card ``card`` and gains ``food`` (its FC, PW-R18)."""

    player: int
    card: str
    food: int

    __str__ = said("")  # the card played and the Food counter say it

    def happen(self, m: Match) -> None:
        m.add(FOOD, self.food, self.player)


# -- Phase 3: Elements -----------------------------------------------------------------


@attrs.frozen
class Elements(PlayFromHand):
    """PW-D04: a Hardship on one opponent, or pass (PW-R19); he may negate it."""

    name = "elements"
    plays = CardType.HARDSHIP
    on_opponent = True

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.schedule(Negation(cast(int, target), card.id))


@attrs.frozen
class Negation(boardcore.Window):
    """PW-D05: the Hardship's target, and only he, may cancel it with a Special that
    negates its category, whichever it is (PW-R20). He is asked whenever he holds a
    card: which cards negate is his secret."""

    target: int
    hardship: str

    def responders(self, m: Match) -> Sequence[int]:
        return (self.target,)

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.zones[HAND[player]])

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        category, hand = card(m, self.hardship).category, hand_cards(m, player)
        negating = [c for c in hand if category and effect_of(m.rules, c.id).negates(c, category)]
        return [pick(c.id, f"negate with {c.label}") for c in negating]

    def prompt(self, m: Match, player: int) -> str:
        return f"{card(m, self.hardship).label} strikes your tribe: negate it, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        m.move((item_of(action),), HAND[player], DISCARD)

    def closed(self, m: Match) -> None:
        m.schedule(LosePerson(self.target, cause=Cause.HARDSHIP))


@attrs.frozen
class LosePerson(boardcore.Choose):
    """PW-D06 and PW-D09: ``player`` chooses one of his persons in play to lose
    (a run of interchangeable generic markers as one option, section 4.4)."""

    cause: Cause = attrs.field(kw_only=True)
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(p, f"lose {wording}") for p, wording in merged(m, persons(m, player))]

    def prompt(self, m: Match, player: int) -> str:
        return f"{self.cause.value}: choose a person to lose"

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.schedule(boardcore.Perform(LeftPlay(item, player, self.cause)))


# -- Phase 4: Tribe --------------------------------------------------------------------


class Tribe(Phase):
    """Gain a generic marker, put Person cards into play, attach weapons and armor
    (PW-R11 to PW-R14, PW-R21)."""

    name = "tribe"

    def begin(self, m: Match) -> None:
        add_generic(m, m.active)
        m.schedule(Recruit(), Arm())


@attrs.frozen
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


@attrs.frozen
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
    costs a Prisoner (cannibalism), and then a person of his choice (starvation, PW-D09)."""

    player: int
    food: int

    __str__ = said("")  # the Food and Prisoner counters, and the persons lost, say it

    def happen(self, m: Match) -> None:
        unpaid = self.food - m.take(FOOD, self.food, self.player)
        starving = unpaid - m.take(PRISONERS, unpaid, self.player)  # cannibalism first
        m.schedule(*(LosePerson(self.player, cause=Cause.STARVATION) for _ in range(starving)))
