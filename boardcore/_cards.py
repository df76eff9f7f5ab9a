"""Card data: the base card class and loading card tables from data files.

A game describes its cards as rows of a TOML file shipped inside its package and
one frozen attrs card class whose fields are the row's keys. :func:`load_cards`
builds the cards straight from the rows (a row with ``copies = n`` gives ``n``
cards); :func:`load_constants` reads a table of numbers into a class of its own.
Errors name the file and the row: ``cards.toml: $.cards[11].force``.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, TypeVar

import attrs
import cattrs

from ._errors import InvalidData

T = TypeVar("T")


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


_converter = cattrs.Converter(forbid_extra_keys=True)


def read_toml(package: str, resource: str) -> dict[str, Any]:
    """Read a TOML file shipped inside ``package``; errors name the file."""
    where = f"{package}/{resource}"
    try:
        text = resources.files(package).joinpath(resource).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError) as exc:
        raise InvalidData(f"cannot read data file: {exc}", where=where) from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidData(f"not valid TOML: {exc}", where=where) from exc


def structure(data: Any, cls: type[T], where: str) -> T:
    """Structure ``data`` into ``cls``; a failure names every bad path."""
    try:
        return _converter.structure(data, cls)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as exc:
        if isinstance(exc, cattrs.BaseValidationError):
            detail = "; ".join(cattrs.transform_error(exc, path="$"))
        else:
            detail = str(exc)
        raise InvalidData(detail, where=where) from exc


def load_table(package: str, resource: str, key: str, cls: type[T]) -> tuple[T, ...]:
    """Load the list ``key`` of a TOML file in ``package`` as ``cls`` rows."""
    data = read_toml(package, resource)
    where = f"{package}/{resource}"
    if key not in data:
        raise InvalidData(f"missing the [[{key}]] table", where=where)
    rows = data[key]
    if not isinstance(rows, list):
        raise InvalidData(f"{key} must be a list of tables", where=where)
    return tuple(structure(row, cls, f"{where}: $.{key}[{i}]") for i, row in enumerate(rows))


def load_rows(package: str, resource: str, key: str = "cards") -> list[dict[str, Any]]:
    """The list of tables ``key`` of a TOML file in ``package``, as dicts."""
    data = read_toml(package, resource)
    where = f"{package}/{resource}"
    rows = data.get(key)
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise InvalidData(f"expected a list of [[{key}]] tables", where=where)
    return rows


def make_cards(rows: list[dict[str, Any]], cls: type[T], where: str = "cards") -> tuple[T, ...]:
    """Cards of class ``cls`` from row dicts whose keys are ``cls``'s fields.

    A row may say ``copies = n``: it then gives ``n`` cards with ids
    ``"<id>-1"`` .. ``"<id>-n"`` (in that order); otherwise one card with the
    row's ``id``.
    """
    cards: list[T] = []
    for i, row in enumerate(rows):
        row = dict(row)
        copies = row.pop("copies", None)
        if copies is None:
            cards.append(structure(row, cls, f"{where}: $[{i}]"))
            continue
        if type(copies) is not int or copies < 1:
            raise InvalidData(f"copies must be a whole number of at least 1, not {copies!r}", where=f"{where}: $[{i}]")
        base = row.get("id")
        if not isinstance(base, str) or not base:
            raise InvalidData("a row with copies needs an id to number its cards", where=f"{where}: $[{i}]")
        for n in range(1, copies + 1):
            cards.append(structure({**row, "id": f"{base}-{n}"}, cls, f"{where}: $[{i}]"))
    return tuple(cards)


def load_cards(package: str, resource: str, cls: type[T], key: str = "cards") -> tuple[T, ...]:
    """Every card of the ``[[key]]`` rows of a TOML file in ``package``, as ``cls``.

    See :func:`make_cards` for ``copies``.
    """
    return make_cards(load_rows(package, resource, key), cls, f"{package}/{resource}: {key}")


def load_constants(package: str, resource: str, cls: type[T], key: str = "rules") -> T:
    """The table ``[key]`` of a TOML file in ``package``, structured as ``cls``."""
    data = read_toml(package, resource)
    return structure(data.get(key), cls, f"{package}/{resource}: $.{key}")
