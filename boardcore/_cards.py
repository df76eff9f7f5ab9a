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
be read, is not UTF-8, is larger than :data:`MAX_FILE_BYTES` or nested deeper
than :data:`MAX_NESTING` is refused the same way, naming the file.
"""

from __future__ import annotations

import collections.abc as abc
import enum
import functools
import json
import math
import re
import tomllib
import typing
from collections.abc import Callable, Mapping
from importlib import resources
from types import SimpleNamespace
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, IterableValidationNote

from ._errors import InvalidData

T = TypeVar("T")

MAX_FILE_BYTES = 5 * 1024 * 1024
"""The largest data file read (5 MiB); a card file is a few kilobytes."""
MAX_NESTING = 32
"""How deeply tables and arrays of a data file may nest."""
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


# -- the strict converter ------------------------------------------------------------


class _Refused(ValueError):
    """A value the strict converter does not take; the message says what it expected."""


def _describe(value: Any) -> str:
    """A value as a data file spells it, for messages: ``the string '7'``, ``the boolean true``."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        bits = value.bit_length()
        return f"the integer {value}" if bits <= 128 else f"a {bits}-bit integer"
    if isinstance(value, float):
        return f"the float {value!r}"
    if isinstance(value, str):
        text = repr(value)
        return f"the string {text if len(text) <= 60 else text[:57] + '...'}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "an array"
    return "nothing" if value is None else f"{type(value).__name__} {value}"


def _spelled(value: Any) -> str:
    """A plain value as a data file spells it: ``true``, ``'7'``, ``7.9``."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a {value.bit_length()}-bit integer"
    return str(value).lower() if isinstance(value, bool) else repr(value)


def _scalar(value: Any, cls: type) -> Any:
    """int, bool, float and str take a value of exactly their type (a float also takes an
    int); an enum takes one of its members' values, of the same type."""
    if issubclass(cls, enum.Enum):
        for member in cls:
            if value is member or (type(value) is type(member.value) and value == member.value):
                return member
        known = ", ".join(repr(member.value) for member in cls)
        raise _Refused(f"expected a {cls.__name__} (one of {known}), got {_describe(value)}")
    if issubclass(cls, bool):
        if type(value) is not bool:
            raise _Refused(f"expected a boolean, got {_describe(value)}")
    elif issubclass(cls, int):
        if type(value) is not int:
            raise _Refused(f"expected an integer, got {_describe(value)}")
        if not -(2**63) <= value < 2**63:
            raise _Refused(f"{_describe(value)} is too large: a TOML integer has 64 bits")
    elif issubclass(cls, float):
        if type(value) not in (int, float):
            raise _Refused(f"expected a number, got {_describe(value)}")
        if not math.isfinite(value):
            raise _Refused(f"expected a finite number, got {_describe(value)}")
    elif type(value) is not str:
        raise _Refused(f"expected a string, got {_describe(value)}")
    return float(value) if cls is float else value if type(value) is cls else typing.cast(Any, cls)(value)


_ARRAYS: dict[Any, Callable[[list[Any]], Any]] = {
    list: list, abc.Sequence: tuple, abc.MutableSequence: list, tuple: tuple,
    set: set, abc.MutableSet: set, frozenset: frozenset, abc.Set: frozenset,
}  # fmt: skip
_TABLES = {dict, abc.Mapping, abc.MutableMapping}


def _is_array(cls: Any) -> bool:
    return (typing.get_origin(cls) or cls) in _ARRAYS


def _is_table(cls: Any) -> bool:
    return (typing.get_origin(cls) or cls) in _TABLES


def _is_literal(cls: Any) -> bool:
    return typing.get_origin(cls) is typing.Literal


def _literal_hook(cls: Any) -> Callable[[Any, Any], Any]:
    """A ``Literal``: one of its values, of the same type."""
    options = typing.get_args(cls)

    def structure_literal(value: Any, _: Any) -> Any:
        for option in options:
            if type(value) is type(option) and value == option:
                return option
        raise _Refused(f"expected one of {', '.join(map(repr, options))}, got {_describe(value)}")

    return structure_literal


def _noted(exc: Exception, note: str) -> Exception:
    exc.add_note(note)
    return exc


def _array_hook(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """An array: a TOML array (never a string or a table) whose items are structured one by one."""
    origin, args = typing.get_origin(cls) or cls, typing.get_args(cls)
    make, fixed = _ARRAYS[origin], args if origin is tuple and args and args[-1] is not Ellipsis else None

    def structure_array(value: Any, _: Any) -> Any:
        if not isinstance(value, (list, tuple)):
            raise _Refused(f"expected an array, got {_describe(value)}")
        if fixed is not None and len(value) != len(fixed):
            raise _Refused(f"expected an array of {len(fixed)} items, got {len(value)}")
        kinds = fixed or [args[0] if args else Any] * len(value)
        items, errors = [], []
        for i, (item, kind) in enumerate(zip(value, kinds)):
            try:
                items.append(converter.structure(item, kind))
            except Exception as exc:
                errors.append(_noted(exc, IterableValidationNote(f"item {i}", i, kind)))
        if errors:
            raise cattrs.IterableValidationError(f"while structuring {cls!r}", errors, cls)
        return make(items)

    return structure_array


def _table_hook(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A mapping: a TOML table whose keys and values are structured one by one."""
    keys, values = typing.get_args(cls) or (Any, Any)

    def structure_table(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise _Refused(f"expected a table, got {_describe(value)}")
        table, errors = {}, []
        for key, item in value.items():
            try:
                table[converter.structure(key, keys)] = converter.structure(item, values)
            except Exception as exc:
                errors.append(_noted(exc, IterableValidationNote(f"key {key}", key, values)))
        if errors:
            raise cattrs.IterableValidationError(f"while structuring {cls!r}", errors, cls)
        return table

    return structure_table


def _attrs_hook(cls: type, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """An attrs class: a table with a key per field (a key without a default is
    required; no other key is allowed), each value structured as its field's type,
    then the class made, which runs its validators. A validator's failure is reported
    at the field whose validator it is."""
    fields = {a.name: a for a in attrs.fields(attrs.resolve_types(cls)) if a.init}

    def structure_class(data: Any, _: Any) -> Any:
        if not isinstance(data, dict):
            raise _Refused(f"expected a table, got {_describe(data)}")
        errors: list[Exception] = []
        for key in data:
            if key not in fields:
                known = f"unknown key (known keys: {', '.join(fields)})"
                errors.append(_noted(_Refused(known), AttributeValidationNote(known, str(key), None)))
        values = {}
        for name, field in fields.items():
            note = AttributeValidationNote(f"field {name}", name, field.type)
            if name not in data:
                if field.default is attrs.NOTHING:
                    errors.append(_noted(_Refused("required key missing"), note))
            else:
                try:
                    values[name] = converter.structure(data[name], field.type or Any)
                except Exception as exc:
                    errors.append(_noted(exc, note))
        if not errors:
            try:
                return cls(**{fields[name].alias: value for name, value in values.items()})
            except Exception as exc:  # a validator, or __attrs_post_init__
                culprit = _culprit(cls, values)
                if culprit is None:
                    errors.append(exc)
                else:
                    errors.append(_noted(culprit[1], AttributeValidationNote("validator", culprit[0], None)))
        raise cattrs.ClassValidationError(f"while structuring {cls.__name__}", errors, cls)

    return structure_class


def _culprit(cls: type, values: dict[str, Any]) -> tuple[str, Exception] | None:
    """The first field of ``cls`` whose validator refuses ``values`` (given by field
    name; defaults fill the rest), found by running each validator on its own."""
    probe = SimpleNamespace(**values)
    for a in attrs.fields(cls):
        if a.name not in values and a.default is not attrs.NOTHING:
            if not isinstance(a.default, attrs.Factory):  # type: ignore[arg-type]
                setattr(probe, a.name, a.default)
            elif not a.default.takes_self:
                setattr(probe, a.name, a.default.factory())
    for a in attrs.fields(cls):
        if a.validator is not None and hasattr(probe, a.name):
            try:
                a.validator(probe, a, getattr(probe, a.name))
            except Exception as exc:
                return a.name, exc
    return None


def _strict_converter() -> cattrs.Converter:
    """The converter for data files. Its rules:

    * ``int``, ``bool``, ``str``: a value of exactly that type (no ``"7"`` or ``7.9``
      or ``true`` for an int, no number for a str); an int within 64 bits;
    * ``float``: an int or a float, finite;
    * an enum or a ``Literal``: one of its (members') values, of the same type (``true``
      is not ``1``);
    * lists, tuples, sets and ``Sequence``: a TOML array, never a string or a table;
    * ``dict`` and ``Mapping``: a TOML table;
    * an attrs class: a table with exactly its fields' keys (those with defaults may be
      left out); validators decide the ranges, and their failures name the field;
    * ``X | None``: None (a key left out) or an ``X``.
    """
    converter = cattrs.Converter()
    for cls in (int, bool, float, str, enum.Enum):
        converter.register_structure_hook(cls, _scalar)
    converter.register_structure_hook_factory(_is_literal, _literal_hook)
    converter.register_structure_hook_factory(_is_array, typing.cast(Any, _array_hook))
    converter.register_structure_hook_factory(_is_table, typing.cast(Any, _table_hook))
    converter.register_structure_hook_factory(attrs.has, typing.cast(Any, _attrs_hook))
    return converter


_converter = _strict_converter()


# -- reporting -----------------------------------------------------------------------


def _problems(exc: BaseException, path: str = "") -> list[tuple[str, str]]:
    """Every failure under ``exc`` as (path below the structured value, message)."""
    if isinstance(exc, (cattrs.ClassValidationError, cattrs.IterableValidationError)):
        found = []
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            if isinstance(note, AttributeValidationNote):
                found += _problems(sub, f"{path}.{note.name}")
            else:
                index = note.index
                found += _problems(sub, f"{path}.{index}" if isinstance(index, str) and index.isidentifier()
                                   else f"{path}[{json.dumps(index)}]")  # fmt: skip
        for sub in without:
            found += _problems(sub, path)
        return found
    if isinstance(exc, cattrs.StructureHandlerNotFoundError):
        raise exc  # a type the data converter cannot make: a mistake in the class, not in the data
    if isinstance(exc, RecursionError):
        return [(path, "nested too deeply")]
    message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    if not isinstance(exc, (ValueError, TypeError)) or not message:
        message = f"{type(exc).__name__}: {message}".rstrip(": ")
    return [(path, message)]


def _at(where: str, path: str) -> str:
    """``where`` (ending with a ``$`` path or not) followed by ``path``."""
    if not path:
        return where
    return where + path if where.rpartition(": ")[2].startswith("$") else f"{where}: ${path}"


def _structure(data: Any, cls: Any, place: Callable[[str], str], hint: str = "") -> Any:
    """Structure ``data`` as ``cls``; a failure is InvalidData at ``place(path)`` of its
    first bad value, the message listing the others."""
    try:
        return _converter.structure(data, cls)
    except (cattrs.errors.CattrsError, ValueError, TypeError, KeyError, RecursionError) as exc:
        problems = _problems(exc)
        path, message = problems[0]
        more = "".join(f"; {other or '$'}: {text}" for other, text in problems[1:])
        raise InvalidData(message + more + hint, where=place(path)) from exc


def structure(data: Any, cls: type[T], where: str) -> T:
    """Structure ``data`` into ``cls`` as strictly as a data file is read; a failure is
    InvalidData whose ``where`` is ``where`` followed by the path of the bad value."""
    return typing.cast(T, _structure(data, cls, lambda path: _at(where, path)))


# -- reading data files ----------------------------------------------------------------

_MULTILINE = re.compile("\"\"\"|'''")


class _Source:
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
            raise InvalidData(f"expected the [{key}] table, got {_describe(value)}", where=self.place(key, "", header))
        return value, lambda path: self.place(key, path, header)

    def rows(self, key: str) -> list[tuple[dict[str, Any], Callable[[str], str]]]:
        """The rows of the array of tables ``[[key]]``, each with where its values are."""
        if key not in self.data:
            raise InvalidData(f"missing the [[{key}]] table", where=self.label)
        rows = self.data[key]
        if not isinstance(rows, list):
            raise InvalidData(f"expected [[{key}]] tables, got {_describe(rows)}", where=f"{self.label}: $.{key}")
        found = self.headers(key, array=True)
        headers = found if len(found) == len(rows) else [None] * len(rows)
        places = [
            (lambda path, header=header, i=i: self.place(key, path, header, i)) for i, header in enumerate(headers)
        ]
        for row, place in zip(rows, places):
            if not isinstance(row, dict):
                raise InvalidData(f"expected a table, got {_describe(row)}", where=place(""))
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


def _read(package: str, resource: str) -> _Source:
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
    return _Source(label, text, data)


def read_toml(package: str, resource: str) -> dict[str, Any]:
    """Read a TOML file shipped inside ``package``; errors name the file.

    The file must be UTF-8, at most :data:`MAX_FILE_BYTES` long and nested at most
    :data:`MAX_NESTING` deep.
    """
    return _read(package, resource).data


def load_table(package: str, resource: str, key: str, cls: type[T]) -> tuple[T, ...]:
    """Load the list ``key`` of a TOML file in ``package`` as ``cls`` rows."""
    return tuple(_structure(row, cls, place) for row, place in _read(package, resource).rows(key))


def load_rows(
    package: str, resource: str, key: str = "cards", *, types: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The list of tables ``key`` of a TOML file in ``package``, as dicts.

    With ``types`` (key -> type), each row must hold only those keys, all of them
    but those whose type admits None, each value of its type (checked and structured
    as strictly as a card field): ``types=dict(row=str, values=list[int] | None)``.
    """
    rows = _read(package, resource).rows(key)
    if types is None:
        return [row for row, _ in rows]
    shape = _row_class(tuple(types.items()))
    checked = [(row, _structure(row, shape, place)) for row, place in rows]
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
            raise InvalidData(f"expected a table, got {_describe(row)}", where=place(""))
        row = dict(row)
        copies = row.pop("copies", None)
        if copies is not None and (type(copies) is not int or copies < 1):
            message = f"copies must be a whole number of at least 1, not {_spelled(copies)}"
            raise InvalidData(message, where=place(".copies"))
        if copies is not None and copies > MAX_COPIES:
            raise InvalidData(f"copies must be at most {MAX_COPIES}, not {_spelled(copies)}", where=place(".copies"))
        if len(cards) + (copies or 1) > MAX_CARDS:
            raise InvalidData(f"more than {MAX_CARDS} cards", where=place(".copies" if copies else ""))
        if copies is None:
            made = [_structure(row, cls, place, hint)]
        else:
            base = row.get("id")
            if not isinstance(base, str) or not base:
                raise InvalidData("a row with copies needs an id to number its cards", where=place(".id"))
            card = _structure({**row, "id": f"{base}-1"}, cls, place, hint)
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
    return _make_cards([(row, place, "") for row, place in _read(package, resource).rows(key)], cls)


def load_constants(package: str, resource: str, cls: type[T], key: str = "rules") -> T:
    """The table ``[key]`` of a TOML file in ``package``, structured as ``cls``."""
    table, place = _read(package, resource).table(key)
    return typing.cast(T, _structure(table, cls, place))
