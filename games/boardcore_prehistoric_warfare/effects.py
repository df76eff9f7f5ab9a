"""Card effects: what a card's data cannot say by itself.

A card whose data names an ``effect`` gets the object registered under that name.
The rules ask every effect the questions of :class:`Effect`, and each answers only
its own ("nothing" otherwise):

* ``modifier_against(card)``: added to M when this person is attacked (PW-R08);
* ``ranged_bonus(card)``: added to S of this person's ranged attack (PW-R10);
* ``raid_rerolls(card)``: rerolls this person gives while in a raid (PW-R09);
* ``extra_round_for(card)``: the raid side that may play it at a round end (PW-R28);
* ``draws(card)``: cards drawn when played in the Nomad Phase (PW-R17);
* ``negates(card, category)``: whether it cancels a Hardship of ``category`` (PW-R20).

Being a :class:`boardcore.Effect`, an effect may also act when its card is played
(``play``) or react to rule moments (``@boardcore.reacts_to``); a plugin's card
effect subclasses :class:`Effect` so that it answers the questions above too.
"""

from __future__ import annotations

import boardcore

from .cards import Category, PWCard
from .records import Side


class Effect(boardcore.Effect):
    """An effect with no ability: every answer is "nothing"."""

    def modifier_against(self, card: PWCard) -> int:
        return 0

    def ranged_bonus(self, card: PWCard) -> int:
        return 0

    def raid_rerolls(self, card: PWCard) -> int:
        return 0

    def extra_round_for(self, card: PWCard) -> Side | None:
        return None

    def draws(self, card: PWCard) -> int:
        return 0

    def negates(self, card: PWCard, category: Category) -> bool:
        return False


NO_EFFECT = Effect()


class GreatWarrior(Effect):
    """Attack rolls against him are at +1 (PW-R08)."""

    def modifier_against(self, card: PWCard) -> int:
        return 1


class Hunter(Effect):
    """His ranged weapon gets Str +1 (PW-R10)."""

    def ranged_bonus(self, card: PWCard) -> int:
        return 1


class Chieftain(Effect):
    """One reroll per raid he takes part in (PW-R09)."""

    def raid_rerolls(self, card: PWCard) -> int:
        return 1


class Massacre(Effect):
    """The Attacker's extra raid round (PW-R28)."""

    def extra_round_for(self, card: PWCard) -> Side:
        return Side.ATTACKER


class CounterAttack(Effect):
    """The Defender's extra raid round (PW-R28)."""

    def extra_round_for(self, card: PWCard) -> Side:
        return Side.DEFENDER


class DrawTwo(Effect):
    """Trade, Meeting of the Tribes: draw 2 cards (PW-R17)."""

    def draws(self, card: PWCard) -> int:
        return 2


class Negation(Effect):
    """The negation Specials cancel the category printed on them (PW-R20)."""

    def negates(self, card: PWCard, category: Category) -> bool:
        return card.negates is category


BASE_EFFECTS: dict[str, Effect] = {
    "great-warrior": GreatWarrior(),
    "hunter": Hunter(),
    "chieftain": Chieftain(),
    "massacre": Massacre(),
    "counter-attack": CounterAttack(),
    "draw-2": DrawTwo(),
    "negate": Negation(),
}


def effect_of(rules: boardcore.Game, card_id: str) -> Effect:
    """The effect of ``card_id`` in a loaded game (``m.rules``), or the no-ability effect."""
    effect = rules.effect(card_id)
    return NO_EFFECT if effect is None else effect
