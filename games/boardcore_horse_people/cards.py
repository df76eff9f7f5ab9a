"""Horse People cards: the card types, the 75 cards, the constants, and what a play of them may hold.

The cards come from ``data/cards.toml``. A card's type is taken from its row,
never guessed from its name (HP-R19): "Golden Horde" is a Tribe, "Horde" a
Strength card, and nothing in the game ever compares names to find a type.

The types are data too (``[[types]]``): which play takes a type's cards, what
their values add up to, and what a play may hold of them. An expansion's data
file may declare new types the same way; the game's plays then take its cards,
with no new card class.

The rules of a play are pure functions of the cards (:func:`candidates`,
:func:`can_stop`, :func:`tribute_gain`, :func:`deposes`, :func:`contest`), so the
rulings can be tested on plain card lists. A play is built one card at a time
(the engine's ``Select``): :func:`candidates` says which cards may be added next
and :func:`can_stop` when the play may stop, so every intermediate pick list is a
legal start of a legal play. A play is named as its phase: ``"tribute"`` (the
Khan's, HP-D02) or ``"invasion"`` (a Nomad's, HP-D03).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
from attrs.validators import ge, in_, le, optional

import boardcore

DATA = "data/cards.toml"

@attrs.frozen
class CardType:
    """A card type, as a ``[[types]]`` table of a data file declares it (HP-R20)."""

    name: str
    play: str | None = attrs.field(default=None, validator=in_(("tribute", "invasion", None)))
    """The play that takes the type's cards: the Khan's ``tribute`` (HP-D02), a
    Nomad's ``invasion`` (HP-D03), or None for a type no play takes."""
    counts: str | None = None
    """The figure the type's values add to (:func:`total`): ``loot``, ``conquest``,
    ``weakness``, ``strength``; ``tribe`` makes its player a candidate for the title."""
    one_per_name: bool = False
    """A play holds at most one card of each name of this type (HP-R07, HP-R12)."""
    exactly_one: bool = False
    """A play holds exactly one card of this type if the hand holds any (HP-R11)."""
    valued: bool = True
    """Whether its cards have a value, 1 to 5 (a Tribe has none; HP-R01)."""


TYPES: dict[str, CardType] = {}
"""Every card type declared by a data file read so far, by name: the base game's five,
then an expansion's own (its cards are the only ones of that type)."""


def declare_types(package: str, resource: str = DATA) -> None:
    """Add the ``[[types]]`` of a data file to :data:`TYPES` (a file may declare none).
    A type declared again must be declared the same way."""
    declares = "types" in boardcore.loaders.read_toml(package, resource)
    for kind in boardcore.loaders.load_table(package, resource, "types", CardType) if declares else ():
        if TYPES.setdefault(kind.name, kind) != kind:
            message = f"card type {kind.name!r} is already declared otherwise: {TYPES[kind.name]}"
            raise boardcore.InvalidData(message, where=f"{package}/{resource}")


def _seat_counts(_: Constants, field: Any, counts: tuple[int, ...]) -> None:
    # HP-R02: 2 to 6 players, each count once, in increasing order.
    if not counts or list(counts) != sorted(set(counts)) or not 2 <= counts[0] <= counts[-1] <= 6:
        raise ValueError(f"'{field.name}' must be increasing numbers of players from 2 to 6: {list(counts)}")


def _declared(_: HorseCard, __: Any, name: str) -> None:
    if name not in TYPES:
        raise ValueError(f"unknown card type {name!r}: no [[types]] table declares it")


def _valued(card: HorseCard, _: Any, value: int | None) -> None:
    # HP-R01: every type but Tribe comes in values 1..5; a Tribe has none.
    if (value is None) == TYPES[card.type].valued:
        raise ValueError(f"a {card.type} card {'needs a value' if value is None else 'takes no value'}")


@attrs.frozen
class HorseCard(boardcore.Card):
    """One physical card. ``name`` is the printed name, shared by the five cards of a row."""

    row: str = attrs.field(kw_only=True)
    type: str = attrs.field(kw_only=True, validator=_declared)
    """The name of its type, one of :data:`TYPES`."""
    value: int | None = attrs.field(default=None, kw_only=True, validator=[_valued, optional([ge(1), le(5)])])
    """1..5 for a valued card; None for a Tribe."""
    note: str | None = attrs.field(default=None, kw_only=True)
    """What the card does besides counting for its type, in a player's words: an
    expansion's card with an effect says it here ("Toll: ..."); None for the base game's."""

    @property
    def label(self) -> str:
        """What a person reads: ``"Horde 4"``, or ``"Huns"`` for a Tribe."""
        return self.name if self.value is None else f"{self.name} {self.value}"

    @property
    def text(self) -> str:
        """As a hand reads it: ``"Europe (Conquest 3)"``, ``"Golden Horde (Tribe)"`` (HP-R01, HP-R19),
        then the card's ``note``: ``"Uyghurs (Tribe; Seizure: ...)"``."""
        kind = self.type.title() if self.value is None else f"{self.type.title()} {self.value}"
        return f"{self.name} ({kind}; {self.note})" if self.note else f"{self.name} ({kind})"


@attrs.frozen
class Constants:
    """The ``[rules]`` table of the data file."""

    player_counts: tuple[int, ...] = attrs.field(validator=_seat_counts)
    hand_size: int = attrs.field(validator=[ge(1), le(12)])
    """At most 12: the 75 cards deal 6 full hands (HP-R04)."""
    max_exchange: int = attrs.field(validator=lambda c, a, v: in_(range(c.hand_size + 1))(c, a, v))
    """0 up to the whole hand (HP-D01)."""
    loot_to_win: int = attrs.field(validator=ge(1))
    turn_limit: int = attrs.field(validator=ge(1))
    khan_worth: int = attrs.field(default=3, validator=ge(0))
    """Not a rule: the Loot the search bots count the Khan's title as worth when they
    judge a match in progress (``rules.standing``); only the Khan scores."""


CONSTANTS = boardcore.loaders.load_constants(__package__, DATA, Constants)
declare_types(__package__)


def card_id(row: str, value: int | None) -> str:
    """The id of the card of ``row`` with ``value`` (``HP12-v4``), or of a Tribe row (``HP13``)."""
    return row if value is None else f"{row}-v{value}"


def load_deck(package: str = __package__, resource: str = DATA) -> tuple[HorseCard, ...]:
    """The cards of the ``[[cards]]`` rows of a data file: one card per value of a
    valued row, one card for a row without ``values`` (a Tribe; HP-R01); a row may
    also name its card's ``effect`` and give its ``note`` (what the effect does, read
    in the card's text). The file's own ``[[types]]``, if any, are declared first.

    Expansions call it with their own package to build their cards the same way.
    """
    declare_types(package, resource)
    keys = dict(row=str, name=str, type=str, values=list[int] | None, effect=str | None, note=str | None)
    # A row makes one card per printed value, each with its own id: expanded here,
    # since the engine's ``copies`` makes identical cards.
    cards: list[dict[str, Any]] = []
    for row in boardcore.loaders.load_rows(package, resource, types=keys):
        for value in row.pop("values", None) or [None]:
            cards.append({**row, "id": card_id(row["row"], value), "value": value})
    return boardcore.loaders.make_cards(cards, HorseCard, f"{package}/{resource}")


def total(cards: Iterable[HorseCard], figure: str) -> int:
    """The sum of the values of the cards among ``cards`` whose type counts towards
    ``figure`` (``"conquest"``, ``"weakness"``, ...; HP-R08 to HP-R12)."""
    return sum(card.value or 0 for card in cards if TYPES[card.type].counts == figure)


def candidates(play: str, hand: Sequence[HorseCard], picked: Sequence[HorseCard]) -> list[HorseCard]:
    """The cards of ``hand`` that may be added to ``picked`` in the play ``play``, in
    hand order: cards of the types declared for that play (HP-R20) that no card picked
    rules out (:func:`ruled_out`: one card per name of a ``one_per_name`` type, HP-R07,
    HP-R12; one card of an ``exactly_one`` type, HP-R11)."""
    out = {card.id for card in picked}  # by id: a card's __eq__ compares every field
    out.update(*(ruled_out(card, hand) for card in picked))
    return [card for card in hand if TYPES[card.type].play == play and card.id not in out]


def ruled_out(card: HorseCard, offered: Sequence[HorseCard]) -> list[str]:
    """The cards of ``offered`` that picking ``card`` rules out of the same play: the
    others of its type if that type is ``exactly_one`` (HP-R11), the others of its name
    if its type is ``one_per_name`` and theirs too (HP-R07, HP-R12)."""
    kind = TYPES[card.type]
    return [c.id for c in offered if (kind.exactly_one and c.type == card.type)
            or (kind.one_per_name and TYPES[c.type].one_per_name and c.name == card.name)]  # fmt: skip


def can_stop(play: str, hand: Sequence[HorseCard], picked: Sequence[HorseCard]) -> bool:
    """Whether ``picked`` is a finished ``play``: it holds a card of each ``exactly_one``
    type of that play that the hand holds (HP-R11)."""
    return needed(play, hand).issubset(card.type for card in picked)


def needed(play: str, hand: Iterable[HorseCard]) -> frozenset[str]:
    """The types a finished ``play`` from ``hand`` must hold a card of: its
    ``exactly_one`` types that the hand holds (HP-R11)."""
    return frozenset(card.type for card in hand if TYPES[card.type].exactly_one and TYPES[card.type].play == play)


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
