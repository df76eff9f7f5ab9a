"""Reading a TOML data file shipped inside a package: bounded in size and nesting,
UTF-8 only, and able to say on which line of the file a table or a value is
(tomllib keeps no positions), so that a mistake names its file and line.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any

from ..codec import describe
from .errors import InvalidData

MAX_FILE_BYTES = 5 * 1024 * 1024
"""The largest data file read (5 MiB); a card file is a few kilobytes."""
MAX_NESTING = 32
"""How deeply tables and arrays of a data file may nest."""


_MULTILINE = re.compile("\"\"\"|'''")


class Source:
    """One data file read: its name (``package/resource``), text and data, and the
    lines of its tables. tomllib keeps no positions, so lines are found by reading
    the text: a table's line is that of its header (the N-th ``[[key]]`` for row N
    of an array of tables), a value's line that of its key below the header."""

    def __init__(self, label: str, text: str, data: dict[str, Any]) -> None:
        self.label, self.data = label, data
        self.lines: list[tuple[int, str]] = []
        """The lines of the text outside multi-line strings, numbered from 1."""
        inside = None
        for number, line in enumerate(text.split("\n"), 1):
            if inside is None:
                self.lines.append((number, line))
            for quotes in _MULTILINE.findall(line):
                inside = quotes if inside is None else None if quotes == inside else inside

    def headers(self, key: str, array: bool) -> list[int]:
        """The positions in :attr:`lines` of the ``[[key]]`` headers (``[key]`` if not ``array``)."""
        name = "|".join(re.escape(k) for k in (key, json.dumps(key), f"'{key}'"))
        brackets = (r"\[\[", r"\]\]") if array else (r"\[", r"\]")
        header = re.compile(rf"\s*{brackets[0]}\s*(?:{name})\s*{brackets[1]}\s*(?:#.*)?\r?")
        return [i for i, (_, line) in enumerate(self.lines) if header.fullmatch(line)]

    def place(self, key: str, path: str, header: int | None, index: int | None = None) -> str:
        """Where a value is: ``file:line: $.key[index]path``, the line that of the value's
        key when it is found below ``header`` (a position in :attr:`lines`), otherwise the
        header's; without a header, no line."""
        where = f"$.{key}" + ("" if index is None else f"[{index}]") + path
        if header is None:
            return f"{self.label}: {where}"
        number = self.lines[header][0]
        field = re.match(r'\.([A-Za-z0-9_-]+)|\[("(?:[^"\\]|\\.)*")\]', path)
        if field:
            key = field[1] if field[1] is not None else json.loads(field[2])
            name = "|".join(re.escape(k) for k in (key, json.dumps(key), f"'{key}'"))
            assignment = re.compile(rf"\s*(?:{name})\s*=")
            for n, line in self.lines[header + 1 :]:
                if line.lstrip().startswith("["):
                    break
                if assignment.match(line):
                    number = n
                    break
        return f"{self.label}:{number}: {where}"

    def table(self, key: str) -> tuple[Any, Callable[[str], str]]:
        """The table ``[key]`` and where its values are; InvalidData if there is none."""
        if key not in self.data:
            raise InvalidData(f"missing the [{key}] table", where=self.label)
        found = self.headers(key, array=False)
        header = found[0] if len(found) == 1 else None
        value = self.data[key]
        if not isinstance(value, dict):
            raise InvalidData(f"expected the [{key}] table, got {describe(value)}", where=self.place(key, "", header))
        return value, lambda path: self.place(key, path, header)

    def rows(self, key: str) -> list[tuple[dict[str, Any], Callable[[str], str]]]:
        """The rows of the array of tables ``[[key]]``, each with where its values are."""
        if key not in self.data:
            raise InvalidData(f"missing the [[{key}]] table", where=self.label)
        rows = self.data[key]
        if not isinstance(rows, list):
            raise InvalidData(f"expected [[{key}]] tables, got {describe(rows)}", where=f"{self.label}: $.{key}")
        found = self.headers(key, array=True)
        headers = found if len(found) == len(rows) else [None] * len(rows)
        places = [
            (lambda path, header=header, i=i: self.place(key, path, header, i)) for i, header in enumerate(headers)
        ]
        for row, place in zip(rows, places):
            if not isinstance(row, dict):
                raise InvalidData(f"expected a table, got {describe(row)}", where=place(""))
        return list(zip(rows, places))


def _nesting(document: dict[str, Any]) -> int:
    """How many tables and arrays nest in ``document`` (``[rules]`` is 1, a ``[[cards]]``
    row 2), counted up to one more than :data:`MAX_NESTING`."""
    deepest, stack = 0, [(value, 1) for value in document.values()]
    while stack and deepest <= MAX_NESTING:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in children)
    return deepest


def read_source(package: str, resource: str) -> Source:
    label = f"{package}/{resource}"
    try:
        with resources.files(package).joinpath(resource).open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except (ImportError, OSError, TypeError, ValueError) as exc:
        raise InvalidData(f"cannot read data file: {exc}", where=label) from exc
    if len(raw) > MAX_FILE_BYTES:
        raise InvalidData(f"larger than {MAX_FILE_BYTES} bytes, the most a data file may hold", where=label)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InvalidData(f"not UTF-8 text: byte 0x{raw[exc.start]:02x} on line {line}", where=label) from exc
    try:
        data = tomllib.loads(text)
    except RecursionError as exc:
        raise InvalidData(f"nested more than {MAX_NESTING} levels deep", where=label) from exc
    except ValueError as exc:  # TOMLDecodeError, or an integer of thousands of digits
        raise InvalidData(f"not valid TOML: {exc}", where=label) from exc
    if _nesting(data) > MAX_NESTING:
        raise InvalidData(f"nested more than {MAX_NESTING} levels deep", where=label)
    return Source(label, text, data)


def read_toml(package: str, resource: str) -> dict[str, Any]:
    """Read a TOML file shipped inside ``package``; errors name the file.

    The file must be UTF-8, at most :data:`MAX_FILE_BYTES` long and nested at most
    :data:`MAX_NESTING` deep.
    """
    return read_source(package, resource).data
