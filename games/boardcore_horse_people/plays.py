"""What a play may hold, and what plays add up to: the game's rules as pure functions.

Nothing here touches a match, so the rulings can be tested on plain card lists.
A play is built one card at a time (the engine's ``Select``): :func:`candidates`
says which cards may be added next and :func:`can_stop` when the play may stop,
so every intermediate pick list is a legal start of a legal play. A play is
named as its phase: ``"tribute"`` (the Khan's, HP-D02) or ``"invasion"`` (a
Nomad's, HP-D03); which card types it takes is data (``cards.TYPES``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import TYPES, HorseCard, total


def candidates(play: str, hand: Sequence[HorseCard], picked: Sequence[HorseCard]) -> list[HorseCard]:
    """The cards of ``hand`` that may be added to ``picked`` in the play ``play``, in
    hand order: cards of the types declared for that play (HP-R20), at most one card
    of each name of a ``one_per_name`` type (HP-R07, HP-R12), at most one card of an
    ``exactly_one`` type (HP-R11)."""
    names = {card.name for card in picked if TYPES[card.type].one_per_name}
    full = {card.type for card in picked if TYPES[card.type].exactly_one}
    taken = {card.id for card in picked}  # by id: a card's __eq__ compares every field
    return [
        card
        for card in hand
        if TYPES[card.type].play == play and card.id not in taken and card.type not in full
        and not (card.name in names and TYPES[card.type].one_per_name)
    ]  # fmt: skip


def can_stop(play: str, hand: Sequence[HorseCard], picked: Sequence[HorseCard]) -> bool:
    """Whether ``picked`` is a finished ``play``: it holds a card of each ``exactly_one``
    type of that play that the hand holds (HP-R11)."""
    held = {card.type for card in hand if TYPES[card.type].exactly_one and TYPES[card.type].play == play}
    return held.issubset(card.type for card in picked)


def tribute_gain(play: Sequence[HorseCard]) -> int:
    """Loot earned by a Tribute: the Loot total capped by the Conquest total (HP-R08)."""
    return min(total(play, "loot"), total(play, "conquest"))


def deposes(weakness: int, conquest: int) -> bool:
    """The Nomads' combined Weakness topples the Khan only when strictly greater (HP-R10)."""
    return weakness > conquest


def contest(strengths: Mapping[int, int]) -> int | None:
    """The winner of a Strength contest among ``{candidate: S}``, or None (HP-R15).

    The unique highest strength wins, whatever it is (0 included); a shared top
    score or no candidates at all leaves nobody Khan.
    """
    leaders = [seat for seat, strength in strengths.items() if strength == max(strengths.values())]
    return leaders[0] if len(leaders) == 1 else None
