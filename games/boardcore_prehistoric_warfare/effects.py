"""Card effects: what a card's data cannot say by itself.

A card whose data names an ``effect`` gets the object registered under that name
(``register_effects``). The rules code asks effects questions; an effect answers
only the questions about its own ability and inherits "nothing" for the others:

* ``modifier_against(card)``: added to M when this person is attacked (PW-R08);
* ``ranged_bonus(card)``: added to S of this person's ranged attack (PW-R10);
* ``raid_rerolls(card)``: rerolls this person gives while in a raid (PW-R09);
* ``extra_round_for(card)``: the raid side that may play it at a round end (PW-R28);
* ``draws(card)``: cards drawn when played in the Nomad Phase (PW-R17);
* ``negates(card, category)``: whether it cancels a Hardship of ``category`` (PW-R20).

A plugin can register a new effect object with these methods and give it to new
cards without touching the rules code.
"""

from __future__ import annotations

from typing import Any

import attrs

from .cards import Category, PWCard
from .records import Side


class Effect:
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


@attrs.frozen
class HardToHit(Effect):
    """Great Warrior: attack rolls against him are at +``extra`` (PW-R08)."""

    extra: int

    def modifier_against(self, card: PWCard) -> int:
        return self.extra


@attrs.frozen
class Marksman(Effect):
    """Hunter: his ranged weapon gets Str +``bonus`` (PW-R10)."""

    bonus: int

    def ranged_bonus(self, card: PWCard) -> int:
        return self.bonus


@attrs.frozen
class Rerolls(Effect):
    """Chieftain: ``count`` rerolls per raid he takes part in (PW-R09)."""

    count: int

    def raid_rerolls(self, card: PWCard) -> int:
        return self.count


@attrs.frozen
class ExtraRound(Effect):
    """Massacre (Attacker) and Counter-Attack (Defender): one more raid round (PW-R28)."""

    side: Side

    def extra_round_for(self, card: PWCard) -> Side:
        return self.side


@attrs.frozen
class DrawCards(Effect):
    """Trade, Meeting of the Tribes: draw ``count`` cards (PW-R17)."""

    count: int

    def draws(self, card: PWCard) -> int:
        return self.count


class Negation(Effect):
    """The negation Specials: the category they cancel is the card's ``negates`` data (PW-R20)."""

    def negates(self, card: PWCard, category: Category) -> bool:
        return card.negates is category


BASE_EFFECTS: dict[str, Any] = {
    "great-warrior": HardToHit(1),
    "hunter": Marksman(1),
    "chieftain": Rerolls(1),
    "massacre": ExtraRound(Side.ATTACKER),
    "counter-attack": ExtraRound(Side.DEFENDER),
    "draw-2": DrawCards(2),
    "negate": Negation(),
}


def effect_of(rules: Any, card_id: str) -> Effect:
    """The effect object of ``card_id``, or the no-ability effect."""
    effect = rules.effect(card_id)
    return NO_EFFECT if effect is None else effect
