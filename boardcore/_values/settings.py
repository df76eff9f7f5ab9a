"""Checks for the settings a user or a game gives the search bots.

Bot settings arrive as JSON from the command line (``--bots ismcts:iterations=400``)
and game settings from a plugin's spec, so each check refuses what would otherwise
be quietly converted (a ``true`` taken for 1, a ``2.5`` rounded) and names the
setting in its ``InvalidData``. The types are the strict converter's
(``boardcore.codec``, read as a data file's values); the ranges are checked here.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..codec import DATA_FILE, Refusal, converter
from .errors import InvalidData

T = TypeVar("T")


def _typed(value: Any, kind: type[T], name: str, expected: str, least: float | None = None) -> T:
    """``value`` as a ``kind``, read as strictly as a data file's value (an int is no
    bool, a float is finite) and no less than ``least`` if given, or InvalidData that
    says what was ``expected``."""
    try:
        made = converter(DATA_FILE).load(value, kind)
    except Refusal:
        raise InvalidData(f"expected {expected}, not {value!r:.60}", where=name) from None
    if least is not None and made < least:
        raise InvalidData(f"expected {expected}, not {value!r}", where=name)
    return made


def whole_setting(value: Any, name: str, least: int) -> int:
    """A setting that must be a whole number of at least ``least``."""
    return _typed(value, int, name, f"a whole number of at least {least}", least)


def number_setting(value: Any, name: str) -> float:
    """A setting that must be a finite number of at least 0."""
    return _typed(value, float, name, "a number of at least 0", 0)


def flag_setting(value: Any, name: str) -> bool:
    """A setting that must be true or false (a 1 or a "yes" is refused)."""
    return _typed(value, bool, name, "true or false")


def fraction_setting(value: Any, name: str) -> float:
    """A setting that must be a number from 0 to 1."""
    number = number_setting(value, name)
    if number > 1:
        raise InvalidData(f"expected a number from 0 to 1, not {value!r}", where=name)
    return number
