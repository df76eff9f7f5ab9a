"""Checks for the settings a user or a game gives the search bots.

Bot settings arrive as JSON from the command line (``--bots ismcts:iterations=400``)
and game settings from a plugin's spec, so each check refuses what would otherwise
be quietly converted (a ``true`` taken for 1, a ``2.5`` rounded) and names the
setting in its ``InvalidData``.
"""

from __future__ import annotations

import math
from typing import Any

from .errors import InvalidData


def whole_setting(value: Any, name: str, least: int) -> int:
    """A setting that must be a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidData(f"expected a whole number of at least {least}, not {value!r}", where=name)
    return value


def number_setting(value: Any, name: str) -> float:
    """A setting that must be a finite number of at least 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < math.inf:
        raise InvalidData(f"expected a number of at least 0, not {value!r}", where=name)
    return float(value)


def flag_setting(value: Any, name: str) -> bool:
    """A setting that must be true or false (a 1 or a "yes" is refused)."""
    if not isinstance(value, bool):
        raise InvalidData(f"expected true or false, not {value!r}", where=name)
    return value


def fraction_setting(value: Any, name: str) -> float:
    """A setting that must be a number from 0 to 1."""
    number = number_setting(value, name)
    if number > 1:
        raise InvalidData(f"expected a number from 0 to 1, not {value!r}", where=name)
    return number
