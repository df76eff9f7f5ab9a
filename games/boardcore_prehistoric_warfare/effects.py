"""Card effects: what a card's data cannot say by itself.

A card whose data names an ``effect`` gets the object registered under that name.
The rules read every effect's answers to the questions of :class:`Effect`, each
"nothing" unless the effect gives it:

* ``modifier_against``: added to M when this person is attacked (PW-R08);
* ``ranged_bonus``: added to S of this person's ranged attack (PW-R10);
* ``raid_rerolls``: rerolls this person gives while in a raid (PW-R09);
* ``extra_round_for``: the raid side that may play it at a round end (PW-R28);
* ``draws``: cards drawn when it is played in the Nomad Phase (PW-R17);
* ``negates(card, category)``: whether it cancels a Hardship of ``category``
  (PW-R20); by default, whether its data's ``negates`` names that category.

The game's own effects only answer (``Effect(raid_rerolls=1)``). Being a
:class:`boardcore.Effect`, a plugin's effect may also act when its card is played
(``play``) and on the game's moments (``@boardcore.modifies``, ``replaces``,
``reacts_to``); it subclasses :class:`Effect` so that it answers the questions too.
"""

from __future__ import annotations

from typing import Any

import boardcore

from .cards import PWCard
from .records import Side


class Effect(boardcore.Effect):
    """A card's answers to the rules' questions, "nothing" unless given:
    ``Effect(modifier_against=1)``, or class attributes of a subclass."""

    modifier_against: int = 0
    ranged_bonus: int = 0
    raid_rerolls: int = 0
    extra_round_for: Side | None = None
    draws: int = 0

    def __init__(self, **answers: Any) -> None:
        for question, answer in answers.items():
            if question not in Effect.__annotations__:
                raise TypeError(f"an Effect answers {sorted(Effect.__annotations__)}, not {question!r}")
            setattr(self, question, answer)

    def negates(self, card: PWCard, category: str) -> bool:
        """Whether ``card`` cancels a Hardship of ``category`` (PW-R20): the category
        its data names, whichever it is (a plugin's data may add categories)."""
        return card.negates == category


NO_EFFECT = Effect()

BASE_EFFECTS: dict[str, Effect] = {
    "great-warrior": Effect(modifier_against=1),  # PW-R08: attacks against him are at +1
    "hunter": Effect(ranged_bonus=1),  # PW-R10: his ranged weapon gets Str +1
    "chieftain": Effect(raid_rerolls=1),  # PW-R09: one reroll per raid he takes part in
    "massacre": Effect(extra_round_for=Side.ATTACKER),  # PW-R28
    "counter-attack": Effect(extra_round_for=Side.DEFENDER),  # PW-R28
    "draw-2": Effect(draws=2),  # PW-R17: Trade, Meeting of the Tribes
    "negate": Effect(),  # PW-R20: the negation Specials cancel the category printed on them
}


def effect_of(rules: boardcore.Game, item: str) -> Effect:
    """The effect of the card ``item`` in a loaded game (``m.rules``), or the no-ability
    effect (for a card with none, and for a generic marker, which is no card)."""
    effect = rules.effect(item) if item in rules.cards else None
    return NO_EFFECT if effect is None else effect
