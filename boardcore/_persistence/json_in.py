"""Reading untrusted JSON text: a saved game from a file, a request or a player.

Everything is bounded before it is used: the size (read in chunks, never past the
limit, whatever the file claims), the nesting (counted cheaply before parsing), and
the numbers (finite, within what a saved game may hold). Each refusal is an
``InvalidData`` that says what was wrong and where.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from typing import Any

from .._values.errors import InvalidData


MAX_SAVE_SIZE = 20_000_000
"""The most characters (or bytes) a saved game may have: more than ten times the
longest match of the built-in games."""

MAX_DEPTH = 64
"""The deepest nesting of JSON lists and objects a saved game may have (real saves
stay under a dozen)."""

_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_AS_PARENS = bytes.maketrans(b"[]{}", b"()()")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def _nesting_over(text: str, limit: int) -> bool:
    """Whether ``text`` nests lists and objects more than ``limit`` deep.

    Cheap, and never recursive: the brackets are picked out (in C), then each pass
    drops the innermost pairs, one level at a time, with ``bytes.replace``. A run
    of more than ``limit`` opening brackets settles it at once. Brackets inside
    strings are counted too, which can only overestimate; only then are the
    strings taken out and the count redone. Unbalanced brackets end the count
    early: the JSON parser reports those.
    """
    deep = b"(" * (limit + 1)
    for attempt in (text, None):
        if attempt is None:
            if '"' not in text:
                return True
            attempt = _STRING.sub('""', text)
        brackets = attempt.encode("utf-8", "surrogatepass").translate(_AS_PARENS, _NOT_BRACKETS)
        for _ in range(limit):
            if not brackets:
                return False
            if deep in brackets:
                break
            shorter = brackets.replace(b"()", b"")
            if len(shorter) == len(brackets):
                return False
            brackets = shorter
        if not brackets:
            return False
    return True


class _Number(ValueError):
    """A number no saved game holds: NaN, an infinity, or an integer of thousands of digits."""


def _refuse_constant(name: str) -> Any:
    raise _Number(f"{name} is not a number a saved game may hold (numbers must be finite)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Number(f"the number {text[:40]} is too large (numbers must be finite)")
    return value


class _Bad:
    """Stands for a refused number while :func:`_where_number` looks for it."""


def _where_number(text: str) -> str:
    """The JSON path of the first refused number in ``text`` (parsed again, only
    when the first parse refused one), or ``$``."""
    bad = _Bad()

    def number(token: str) -> Any:
        return bad

    def whole(token: str) -> Any:
        return bad if len(token.lstrip("-")) > 20 else int(token)

    def floating(token: str) -> Any:
        value = float(token)
        return value if math.isfinite(value) else bad

    try:
        data = json.loads(text, parse_constant=number, parse_float=floating, parse_int=whole)
    except (ValueError, RecursionError):
        return "$"
    todo: list[tuple[Any, str]] = [(data, "$")]
    while todo:
        item, where = todo.pop()
        if item is bad:
            return where
        if type(item) is dict:
            todo.extend(reversed([(v, f"{where}.{k}") for k, v in item.items()]))
        elif type(item) is list:
            todo.extend(reversed([(v, f"{where}[{i}]") for i, v in enumerate(item)]))
    return "$"


def read_capped(path: str | os.PathLike[str], limit: int = MAX_SAVE_SIZE) -> bytes:
    """The bytes of the file at ``path``, refused (``InvalidData`` naming the file)
    beyond ``limit`` bytes without reading more than ``limit + 1`` of them.

    The size a file claims is checked first, then the reading itself stops at the
    limit, so a device or a pipe that never ends (``/dev/zero``, a FIFO) costs at
    most ``limit`` bytes of memory. A directory is refused in a sentence; a FIFO
    waits for its writer, as ``cat`` does.
    """
    where = str(path)
    try:
        with open(path, "rb") as file:
            info = os.fstat(file.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise InvalidData("is a directory, not a saved game", where=where)
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise InvalidData(f"{info.st_size:,} bytes, more than the {limit:,} a saved game may have", where=where)
            data = file.read(limit + 1)
    except IsADirectoryError:
        raise InvalidData("is a directory, not a saved game", where=where) from None
    except OSError as exc:
        raise InvalidData(f"cannot read: {exc.strerror or exc}", where=where) from None
    if len(data) > limit:
        raise InvalidData(f"more than the {limit:,} bytes a saved game may have", where=where)
    return data


def parse_saved(text: Any) -> tuple[Any, str]:
    """The JSON document of a saved game, and its text, within the size and depth
    limits; anything wrong raises InvalidData."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_SIZE:
            raise InvalidData(f"{len(text):,} bytes, more than the {MAX_SAVE_SIZE:,} a saved game may have", where="$")
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except (UnicodeDecodeError, LookupError) as exc:
            raise InvalidData(f"not JSON: {exc}", where="saved game") from None
    if not isinstance(text, str):
        raise InvalidData(f"a saved game is JSON text, not {type(text).__name__}", where="saved game")
    if len(text) > MAX_SAVE_SIZE:
        raise InvalidData(f"{len(text):,} characters, more than the {MAX_SAVE_SIZE:,} a saved game may have", where="$")
    if _nesting_over(text, MAX_DEPTH):
        raise InvalidData(f"lists and objects nested more than {MAX_DEPTH} deep", where="$")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except _Number as exc:
        raise InvalidData(str(exc), where=_where_number(text)) from None
    except RecursionError:
        raise InvalidData(f"lists and objects nested more than {MAX_DEPTH} deep", where="$") from None
    except ValueError as exc:  # JSONDecodeError, and integers of more than 4300 digits
        if "digits" in str(exc) and not isinstance(exc, json.JSONDecodeError):
            raise InvalidData("an integer of thousands of digits (integers must fit in 64 bits)", where=_where_number(text)) from None
        raise InvalidData(f"not JSON: {exc}", where="saved game") from None
    return data, text


# -- structuring ---------------------------------------------------------------------------
