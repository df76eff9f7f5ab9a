"""What a play may hold, and what plays add up to: the game's rules as pure functions.

Nothing here touches a match, so the rulings can be tested on plain card lists.
A play is built one card at a time (the engine's ``Select``); :class:`PlayRule`
says which cards may be added next and when the play may stop, so every
intermediate pick list is a legal start of a legal play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from .cards import CardType, HorseCard, total


@attrs.frozen
class PlayRule:
    """Which cards of a hand may form a play."""

    allowed: frozenset[CardType]
    """Only these types may be played (HP-R20)."""
    one_per_name: frozenset[CardType] = frozenset()
    """Of these types, at most one card of each printed name (HP-R07, HP-R12)."""
    exactly_one: frozenset[CardType] = frozenset()
    """Of these types, exactly one card if the hand holds any, else none (HP-R11)."""

    def candidates(self, hand: Sequence[HorseCard], picked: Sequence[HorseCard]) -> list[HorseCard]:
        """The cards of ``hand`` that may be added to ``picked``, in hand order."""
        names = {card.name for card in picked if card.type in self.one_per_name}
        full = {card.type for card in picked if card.type in self.exactly_one}
        taken = {card.id for card in picked}  # by id: a card's __eq__ compares every field
        return [
            card
            for card in hand
            if card.type in self.allowed
            and card.id not in taken
            and card.type not in full
            and not (card.type in self.one_per_name and card.name in names)
        ]

    def can_stop(self, hand: Sequence[HorseCard], picked: Sequence[HorseCard]) -> bool:
        """Whether ``picked`` is a finished play: every compulsory type is in it if held."""
        held = {card.type for card in hand if card.type in self.exactly_one}
        return held.issubset(card.type for card in picked)


TRIBUTE = PlayRule(
    allowed=frozenset({CardType.LOOT, CardType.CONQUEST}),
    one_per_name=frozenset({CardType.LOOT}),
)
"""The Khan's Tribute (HP-D02): one card per Loot name at most, any Conquest cards."""

INVASION = PlayRule(
    allowed=frozenset({CardType.WEAKNESS, CardType.STRENGTH, CardType.TRIBE}),
    one_per_name=frozenset({CardType.STRENGTH}),
    exactly_one=frozenset({CardType.TRIBE}),
)
"""A Nomad's Invasion play (HP-D03): any Weakness, one card per Strength name at
most, exactly one Tribe if he holds one."""


def tribute_gain(play: Sequence[HorseCard]) -> int:
    """Loot earned by a Tribute: the Loot total capped by the Conquest total (HP-R08)."""
    return min(total(play, CardType.LOOT), total(play, CardType.CONQUEST))


def deposes(weakness: int, conquest: int) -> bool:
    """The Nomads' combined Weakness topples the Khan only when strictly greater (HP-R10)."""
    return weakness > conquest


def contest(strengths: Mapping[int, int]) -> int | None:
    """The winner of a Strength contest among ``{candidate: S}``, or None (HP-R15).

    The unique highest strength wins, whatever it is (0 included); a shared top
    score or no candidates at all leaves nobody Khan.
    """
    if not strengths:
        return None
    best = max(strengths.values())
    leaders = [seat for seat, strength in strengths.items() if strength == best]
    return leaders[0] if len(leaders) == 1 else None
