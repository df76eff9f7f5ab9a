"""Prehistoric Warfare card data: the 183 cards of the 100 printed rows (rules section 1).

The cards are built straight from ``data/cards.toml``: a row's keys are the
card's fields, and its ``copies`` make the ids ``<row>-1`` .. ``<row>-n``
(``PW005-8`` is the 8th Hunter). Cards are keyed by id, never by name: "Set
Traps" is both a Defense row (PW028) and a Hunting row (PW051), so where a
printed name is shared the card's :attr:`PWCard.label` adds its family (PW-R05).

What a card's data cannot say is its *effect*: a card whose data names an ``effect``
gets the object registered under that name, an :class:`Effect`, which the rules ask
their questions (PW-R08 to PW-R10, PW-R17, PW-R20, PW-R28).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import attrs
from attrs.validators import ge, gt, le, optional

import boardcore

class CardType(enum.Enum):
    """The printed type letter (section 1.1). ``MW`` is Sticks & Stones' "M/W"."""

    PERSON = "P"
    RANGED = "M"
    HTH = "W"
    BOTH = "MW"
    ARMOR = "A"
    DEFENSE = "D"
    TACTICS = "T"
    RAID = "R"
    HUNT = "G"
    HARDSHIP = "H"
    SPECIAL = "X"


class Slot(enum.Enum):
    """The three places on a person that attachments fill (PW-R12)."""

    HTH = "hth"
    RANGED = "ranged"
    ARMOR = "armor"


@attrs.frozen
class Kind:
    """How a card type reads and attaches: one entry of the ``[types]`` table of ``data/cards.toml``."""

    family: str
    """What the type is called where a card is named (PW-R05)."""
    prints: frozenset[str] = frozenset()
    """The fields its cards print (section 1.1), which their rows must give: ``strength``, ``food``..."""
    slots: frozenset[Slot] = frozenset()
    """The slots a card of this type needs free and then fills (PW-R12, PW-R13); none: it never attaches."""
    detail: str = ""
    """What :attr:`PWCard.text` adds to the family: ``{c.field}`` is a field of the card, ``{n}`` its note."""


KINDS = boardcore.loaders.load_constants(__package__, "data/cards.toml", dict[CardType, Kind], key="types")
"""Every card type's :class:`Kind`, by type."""

_NAME = optional(attrs.validators.matches_re(r"[a-z][a-z -]*"))
"""A validator: None, or a lower-case name (a Hardship category)."""


def _printed(card: PWCard, attribute: Any, value: Any) -> None:
    """A validator: a card whose type prints this value (its :attr:`Kind.prints`) gives it."""
    if value is None and attribute.name in KINDS[card.type].prints:
        raise ValueError(f"a {KINDS[card.type].family} card needs its '{attribute.name}'")


@attrs.frozen
class PWCard(boardcore.Card):
    """One physical card, ``<row>-<copy>``, with the printed data of its row.

    Each type has the numbers it prints (section 1.1): a person and a weapon a
    strength, Sticks & Stones also a bonus, a Hunting card its food, a Hardship its
    category. A strength is set against a d10 (PW-R07), so it lies in -10..10; a
    bonus lies in 0..10, and food is at least 1."""

    type: CardType = attrs.field(kw_only=True)
    strength: int | None = attrs.field(default=None, kw_only=True, validator=[_printed, optional([ge(-10), le(10)])])
    """STR: a person's strength, a ranged weapon's strength, an HTH weapon's bonus."""
    bonus: int | None = attrs.field(default=None, kw_only=True, validator=[_printed, optional([ge(0), le(10)])])
    """The HTH bonus of a card that is both a ranged and an HTH weapon."""
    food: int | None = attrs.field(default=None, kw_only=True, validator=[_printed, optional(ge(1))])
    category: str | None = attrs.field(default=None, kw_only=True, validator=[_printed, _NAME])
    """A Hardship's category (PW-R20): any lower-case name. Categories are open: the base
    game prints medical, animal, exposure and social, and a plugin's data may add one."""
    negates: str | None = attrs.field(default=None, kw_only=True, validator=_NAME)
    """The category of the Hardships a negation Special cancels (PW-R20)."""
    note: str | None = attrs.field(default=None, kw_only=True)
    """The note as a player reads it: the printed note, in its ruling's words where a ruling
    fixes what the printed words mean (PW-R08 to PW-R10); what the family leaves unsaid (PW-R28)."""
    slots: frozenset[Slot] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(lambda card: KINDS[card.type].slots, takes_self=True))
    """The slots this card fills when attached; empty for cards that never attach.
    Worked out from the type when the card is made: searches ask it for every
    person of every position they judge."""

    @property
    def row(self) -> str:
        """The printed row, ``PW001`` .. ``PW100``."""
        return self.id.rpartition("-")[0]

    @property
    def label(self) -> str:
        """The printed name, plus the family when two rows share the name (PW-R05)."""
        return f"{self.name} ({KINDS[self.type].family})" if self.name in SHARED_NAMES else self.name

    @property
    def text(self) -> str:
        """The name, family, numbers and note: ``Spear Thrower (Ranged weapon, strength 6)``,
        ``Set Traps (Hunting, food 3)``; the family keeps shared names apart (PW-R05). Sticks & Stones
        leaves out its note, which its numbers already say."""
        kind = KINDS[self.type]
        return f"{self.name} ({kind.family}{kind.detail.format(c=self, n=f'; {self.note}' * bool(self.note))})"

    @property
    def ranged_strength(self) -> int | None:
        """The strength of the ranged attack this weapon gives, or None."""
        return self.strength if Slot.RANGED in self.slots else None

    @property
    def hth_bonus(self) -> int:
        """What this card adds to its holder's HTH strength (0 for non-HTH cards)."""
        return (self.bonus if self.type is CardType.BOTH else self.strength if self.type is CardType.HTH else 0) or 0


@attrs.frozen
class Constants:
    """The numbers of the rules, from ``data/rules.toml`` (each key names its ruling).

    Counts and limits are at least 1 (food and the Defender's draw at least 0), a
    tribe starts below the winning population, and a die has at least 2 sides."""

    start_people: int = attrs.field(validator=ge(1))
    start_food: int = attrs.field(validator=ge(0))
    hand_limit: int = attrs.field(validator=ge(1))
    big_tribe: int = attrs.field(validator=ge(1))
    people_per_food: int = attrs.field(validator=ge(1))
    winning_population: int = attrs.field(validator=lambda c, a, v: gt(c.start_people)(c, a, v))
    round_limit: int = attrs.field(validator=ge(1))
    raid_round_limit: int = attrs.field(validator=ge(1))
    defender_draw: int = attrs.field(validator=ge(0))
    die: int = attrs.field(validator=ge(2))
    stores_per_person: int = attrs.field(default=2, validator=ge(1))
    """Not a rule: how many Food or Prisoners the search bots count as one person when
    they judge a match in progress (:func:`~boardcore_prehistoric_warfare.standing`)."""
    strength_per_person: int = attrs.field(default=4, validator=ge(1))
    """Not a rule: how many points of attack strength above a generic marker's the
    search bots count as one more person (:func:`~boardcore_prehistoric_warfare.standing`)."""


CARDS = boardcore.loaders.load_cards(__package__, "data/cards.toml", PWCard)
SHARED_NAMES = frozenset(n for n, rows in Counter({c.row: c.name for c in CARDS}.values()).items() if rows > 1)
"""Printed names that more than one row uses ("Set Traps")."""
RULES = boardcore.loaders.load_constants(__package__, "data/rules.toml", Constants)
_SAID = {c.id: c.label for c in CARDS} | {"True": "a hit", "False": "a miss", "None": "none"}


def said(template: str) -> Callable[[Any], str]:
    """An event's ``__str__``: ``template`` filled with its fields as a player reads them, card ids as
    labels, generic markers as "a generic", tuples as lists, a hit test as "a hit" or "a miss".
    A moment whose engine events (the cards moved, the counters changed) already say what
    happened has no sentence: the table counts it as bookkeeping (``--verbose`` shows it)."""
    return lambda event: template.format_map({k: _read(v) for k, v in attrs.asdict(event, recurse=False).items()})


def _read(value: Any) -> Any:
    value = ", ".join(str(_read(v)) for v in value) or "none" if isinstance(value, tuple) else value
    return "a generic" if str(value).startswith("person-") else _SAID.get(str(value), value)


# -- effects: what a card's data cannot say --------------------------------------------------

class Side(enum.Enum):
    """The two sides of a raid (section 4.1), which an effect may name
    (:meth:`Effect.extra_round_for`); the value indexes the raid's per-side tuples."""

    ATTACKER = 0
    DEFENDER = 1

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


QUESTIONS = ("modifier_against", "ranged_bonus", "raid_rerolls", "extra_round_for", "draws")
"""The questions an :class:`Effect` can be given answers to when it is made."""


class Effect(boardcore.Effect):
    """What a card does beyond its data: its answers to the rules' questions, each asked
    with the card, "nothing" unless the effect says otherwise.

    The game's own effects are made with their answers, ``Effect(raid_rerolls=1)``; a
    plugin's effect subclasses :class:`Effect` and overrides the methods it answers
    differently (as in 0.3). Being a :class:`boardcore.Effect`, it may also act when
    its card is played (``play``) and on the game's moments (``@boardcore.modifies``,
    ``replaces``, ``reacts_to``)."""

    given: Mapping[str, Any] = {}
    """The answers the effect was made with, by question (the methods return them)."""

    def __init__(self, **given: Any) -> None:
        if unknown := [question for question in given if question not in QUESTIONS]:
            raise TypeError(f"an Effect answers {list(QUESTIONS)}, not {unknown[0]!r}")
        self.given = given

    def modifier_against(self, card: PWCard) -> int:
        """Added to M when ``card``, a person in play, is attacked (PW-R08)."""
        return self.given.get("modifier_against", 0)

    def ranged_bonus(self, card: PWCard) -> int:
        """Added to S of the ranged attacks of ``card``, a person in play (PW-R10)."""
        return self.given.get("ranged_bonus", 0)

    def raid_rerolls(self, card: PWCard) -> int:
        """The rerolls ``card``, a person, gives in a raid he takes part in (PW-R09)."""
        return self.given.get("raid_rerolls", 0)

    def extra_round_for(self, card: PWCard) -> Side | None:
        """The side of a raid that may play ``card`` at a round end for another round (PW-R28)."""
        return self.given.get("extra_round_for")

    def draws(self, card: PWCard) -> int:
        """The cards drawn when ``card`` is played in the Nomad Phase (PW-R17)."""
        return self.given.get("draws", 0)

    def negates(self, card: PWCard, category: str) -> bool:
        """Whether ``card`` cancels a Hardship of ``category`` (PW-R20): the category
        its data names, whichever it is (a plugin's data may add categories)."""
        return card.negates == category


NO_EFFECT = Effect()


def effect_of(rules: boardcore.Game, item: str) -> Effect:
    """The effect of the card ``item`` in a loaded game (``m.rules``), or the no-ability
    effect (for a card with none, and for a generic marker, which is no card)."""
    card = rules.cards.get(item)
    return NO_EFFECT if card is None or card.effect is None else rules.effects[card.effect]
