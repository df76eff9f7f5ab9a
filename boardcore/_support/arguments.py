"""Reading the values of command-line options, shared by ``boardcore`` and its
``report`` command: each refusal is an ``argparse.ArgumentTypeError`` (or the
caller's own error), so a wrong argument gets one clear line, never a traceback."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any


def whole_number(text: str) -> int:
    """An option's whole number; a clear error for argparse to print, not a traceback."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def positive(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def split_names(text: str) -> list[str]:
    """``"a, b,"`` -> ``["a", "b"]``: a comma-separated list, blanks dropped."""
    return [part.strip() for part in text.split(",") if part.strip()]


def setup_options(pairs: Sequence[str], bad: Callable[[str], Exception]) -> dict[str, Any]:
    """``["size=3"]`` -> ``{"size": 3}``: values are read as JSON when they can be;
    ``bad(pair)`` is raised for a pair that is not ``KEY=VALUE`` (each command words it)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise bad(pair)
        try:
            options[key.strip()] = json.loads(text)
        except ValueError:
            options[key.strip()] = text
    return options
