"""Card data: the base card class and loading card tables from data files.

A game describes its cards as rows in a TOML file shipped inside its package and
a small frozen attrs class per row; :func:`load_table` reads the file with
:mod:`importlib.resources` and structures every row with cattrs, so a wrong
type in row 12 is reported as ``cards.toml: $.cards[11].force``.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, TypeVar

import attrs
import cattrs

from .errors import InvalidData

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
