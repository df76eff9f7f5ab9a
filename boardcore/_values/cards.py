"""Card data: the base card class and loading card tables from data files.

A game describes its cards as rows of a TOML file shipped inside its package and
one frozen attrs card class whose fields are the row's keys. :func:`load_cards`
builds the cards straight from the rows (a row with ``copies = n`` gives ``n``
cards); :func:`load_constants` reads a table of numbers into a class of its own.

Data files are read strictly, so that a mistake in one can neither crash the
loader nor slip through as something else: a field gets a value of exactly its
type (an ``int`` field refuses ``"7"``, ``7.9`` and ``true``), an enum field one of
its values, a row no key its class does not have, and the attrs validators of the
class decide the ranges. Every mistake is an :class:`InvalidData` whose ``where``
names the file, the line when it can be found, and the path of the bad value:
``boardcore_gallic_wars/data/cards.toml:7: $.rules.hand_size``. A file that cannot
be read, is not UTF-8, is too large or nested too deep is refused the same way,
naming the file (``_toml``); the strict structuring is ``boardcore.codec``'s.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from ..codec import describe, spelled, structure_at
from .errors import InvalidData
from .toml import read_source

T = TypeVar("T")

MAX_COPIES = 1000
"""The most cards one row may make with ``copies``."""
MAX_CARDS = 10_000
"""The most cards one call of :func:`load_cards` or :func:`make_cards` may make."""


@attrs.frozen
class Card:
    """One physical card. Games subclass it with their own printed fields.

    ``id`` is unique in a match (``"R-GW01"``, ``"PW005-8"``); ``name`` is the
    printed name, which need not be unique. ``effect`` names an effect registered
    through the ``register_effects`` hook, or is None for a card whose behaviour is
    all in its data.
    """

    id: str
    name: str
    effect: str | None = attrs.field(default=None, kw_only=True)

    @property
    def label(self) -> str:
        """What a person reads for this card (its name; games may say more, such as "Horde 4")."""
        return self.name

    @property
    def text(self) -> str:
        """The card as a player at the table reads it in a hand or on the table: its
        label and what matters in play ("Caesar (Leader, Force 10)"). Views give it
        and the terminal shows it; games override it. Default: the label."""
        return self.label


def load_table(package: str, resource: str, key: str, cls: type[T]) -> tuple[T, ...]:
    """Load the list ``key`` of a TOML file in ``package`` as ``cls`` rows."""
    return tuple(structure_at(row, cls, place) for row, place in read_source(package, resource).rows(key))


def load_rows(
    package: str, resource: str, key: str = "cards", *, types: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The list of tables ``key`` of a TOML file in ``package``, as dicts.

    With ``types`` (key -> type), each row must hold only those keys, all of them
    but those whose type admits None, each value of its type (checked and structured
    as strictly as a card field): ``types=dict(row=str, values=list[int] | None)``.
    """
    rows = read_source(package, resource).rows(key)
    if types is None:
        return [row for row, _ in rows]
    shape = _row_class(tuple(types.items()))
    checked = [(row, structure_at(row, shape, place)) for row, place in rows]
    return [{name: getattr(made, name) for name in row} for row, made in checked]


@functools.lru_cache(maxsize=32)
def _row_class(types: tuple[tuple[str, Any], ...]) -> type:
    """An attrs class with a field per key of ``types``; a field whose type admits None may be left out."""
    fields = {}
    for name, cls in types:
        optional = cls is Any or type(None) in typing.get_args(cls)
        fields[name] = attrs.field(type=cls, kw_only=True, default=None if optional else attrs.NOTHING)
    return attrs.make_class("Row", fields)


def _make_cards(rows: list[tuple[Any, Callable[[str], str], str]], cls: type[T]) -> tuple[T, ...]:
    """Cards from ``(row, place, hint)``: ``place(path)`` says where a value of the row
    is; ``hint`` is added to the message of a failure."""
    cards: list[T] = []
    first: dict[str, str] = {}
    for row, place, hint in rows:
        if not isinstance(row, dict):
            raise InvalidData(f"expected a table, got {describe(row)}", where=place(""))
        row = dict(row)
        copies = row.pop("copies", None)
        if copies is not None and (type(copies) is not int or copies < 1):
            message = f"copies must be a whole number of at least 1, not {spelled(copies)}"
            raise InvalidData(message, where=place(".copies"))
        if copies is not None and copies > MAX_COPIES:
            raise InvalidData(f"copies must be at most {MAX_COPIES}, not {spelled(copies)}", where=place(".copies"))
        if len(cards) + (copies or 1) > MAX_CARDS:
            raise InvalidData(f"more than {MAX_CARDS} cards", where=place(".copies" if copies else ""))
        if copies is None:
            made = [structure_at(row, cls, place, hint)]
        else:
            base = row.get("id")
            if not isinstance(base, str) or not base:
                raise InvalidData("a row with copies needs an id to number its cards", where=place(".id"))
            card = structure_at({**row, "id": f"{base}-1"}, cls, place, hint)
            made = [card] + [attrs.evolve(card, id=f"{base}-{n}") for n in range(2, copies + 1)]
        for card in made:
            card_id = getattr(card, "id", None)
            if isinstance(card_id, str):
                if card_id in first:
                    raise InvalidData(f"card id {card_id!r} is already used by {first[card_id]}", where=place(".id"))
                first[card_id] = place("")
        cards += made
    return tuple(cards)


def make_cards(rows: list[dict[str, Any]], cls: type[T], where: str = "cards") -> tuple[T, ...]:
    """Cards of class ``cls`` from row dicts whose keys are ``cls``'s fields.

    A row may say ``copies = n`` (1 to :data:`MAX_COPIES`): it then gives ``n`` cards
    with ids ``"<id>-1"`` .. ``"<id>-n"`` (in that order); otherwise one card with the
    row's ``id``. Ids must be unique. A bad row is InvalidData at
    ``<where>: $[<index in rows>].<field>``, the message naming the row's card.
    """

    def place(i: int) -> Callable[[str], str]:
        return lambda path: f"{where}: $[{i}]{path}"

    def hint(row: Any) -> str:
        card_id = row.get("id") if isinstance(row, dict) else None
        return f" (row of card {card_id!r})" if isinstance(card_id, str) else ""

    return _make_cards([(row, place(i), hint(row)) for i, row in enumerate(rows)], cls)


def load_cards(package: str, resource: str, cls: type[T], key: str = "cards") -> tuple[T, ...]:
    """Every card of the ``[[key]]`` rows of a TOML file in ``package``, as ``cls``.

    See :func:`make_cards` for ``copies``. A bad row is InvalidData at
    ``<package>/<resource>:<line>: $.<key>[<row>].<field>``.
    """
    return _make_cards([(row, place, "") for row, place in read_source(package, resource).rows(key)], cls)


def load_constants(package: str, resource: str, cls: type[T], key: str = "rules") -> T:
    """The table ``[key]`` of a TOML file in ``package``, structured as ``cls``."""
    table, place = read_source(package, resource).table(key)
    return typing.cast(T, structure_at(table, cls, place))
