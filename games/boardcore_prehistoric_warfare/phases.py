"""The first five phases of a turn: Nomad, Hunt, Elements, Tribe and Food (section 4).

Every "play a card of some kind, or pass" decision is a :class:`PlayFromHand`.
The engine runs the end-of-phase checks (section 4.3) through the game's
``end_if``. The Raid and Aftermath phases live in ``raid`` and ``aftermath``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

import boardcore
from boardcore import Action, Match, Phase, Pick, Target, pick

from .cards import RULES, CardType, PWCard
from .effects import effect_of
from .records import Cause
from .tribe import DECK, DISCARD, FOOD, HAND, PRISONERS, TRIBE, add_generic, card, enter, fits, label
from .tribe import leave_play, merged, persons, population


def item_of(action: Action) -> str:
    """The item of a reaction (every reaction this game offers is a pick)."""
    if not isinstance(action, Pick):
        raise boardcore.RuleError(f"{action!r} is no pick")
    return action.item


def seat_target(target: Target) -> int:
    """The seat a card played on an opponent is aimed at."""
    if not isinstance(target, int):
        raise boardcore.RuleError(f"{target!r} is no seat")
    return target


def hand_cards(m: Match, seat: int) -> tuple[PWCard, ...]:
    return m.card_data(HAND[seat], PWCard)


@attrs.frozen
class PlayFromHand(boardcore.PlayCard):
    """A card of the active player's hand played to the discard pile, or pass.

    Whether a card is playable depends on the hand, which the others cannot see,
    so the decision is asked even when "pass" is the only option; only an empty
    hand (its size is public) asks nothing (the engine's ``may_play``).
    """

    source = HAND
    to: ClassVar[boardcore.Zone | boardcore.SeatZones | None] = DISCARD


# -- Phase 1: Nomad --------------------------------------------------------------------


class Nomad(Phase):
    """Draw 1 (2 at 15+ people), discard down to 5, then play Draw-2 cards (PW-R15 to PW-R17)."""

    name = "nomad"

    def begin(self, m: Match) -> None:
        seat = m.active
        m.draw(DECK, HAND[seat], 1 + (population(m, seat) >= RULES.big_tribe))
        m.schedule(boardcore.EnforceLimit(HAND[seat], DISCARD), DrawCards())


@attrs.frozen
class DrawCards(PlayFromHand):
    """PW-D02: play a Draw-2 card and draw, or pass. Each card at most once a turn."""

    repeat = True

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return effect_of(m.rules, card.id).draws(card) > 0

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.draw(DECK, HAND[player], effect_of(m.rules, card.id).draws(card))


# -- Phase 2: Hunt ---------------------------------------------------------------------


@attrs.frozen
class Hunt(PlayFromHand):
    """PW-D03: discard one Hunting card for its food, or pass (PW-R18)."""

    name = "hunt"

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return card.type is CardType.HUNT

    def wording(self, m: Match, card: PWCard, target_text: str | None) -> str:
        return f"hunt {card.label} (+{card.food} food)"

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.add(FOOD, card.food or 0, player)


# -- Phase 3: Elements -----------------------------------------------------------------


@attrs.frozen
class Elements(PlayFromHand):
    """PW-D04: a Hardship on one opponent, or pass (PW-R19); he may negate it."""

    name = "elements"

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return card.type is CardType.HARDSHIP

    def targets(self, m: Match, player: int, card: PWCard) -> Iterable[tuple[Target, str]]:
        return boardcore.opponents(m, player)

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.schedule(Negation(seat_target(target), card.id))


@attrs.frozen
class Negation(boardcore.Window):
    """PW-D05: the Hardship's target, and only he, may cancel it with a matching Special.
    He is asked whenever he holds a card: which cards negate is his secret."""

    target: int
    hardship: str

    def responders(self, m: Match) -> Sequence[int]:
        return (self.target,)

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.zones[HAND[player]])

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        category = card(m, self.hardship).category
        negating = [c for c in hand_cards(m, player) if category and effect_of(m.rules, c.id).negates(c, category)]
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
        leave_play(m, item, self.cause)


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

    to = TRIBE
    repeat = True
    pass_word = "done"

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return card.type is CardType.PERSON

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
        # Lazily, as ``hosts`` would list them: offering the card reads only the first.
        # No merging (section 4.4): arming one of a run of generics or another changes
        # where the armed one stands in the oldest-first order.
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
        seat = m.active
        required = population(m, seat) // RULES.people_per_food
        unpaid = required - m.take(FOOD, required, seat)
        starving = unpaid - m.take(PRISONERS, unpaid, seat)  # cannibalism first
        m.schedule(*(LosePerson(seat, cause=Cause.STARVATION) for _ in range(starving)))
