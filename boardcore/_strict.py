"""Strict structuring of data read from files into typed values, with cattrs.

A field gets a value of exactly its type (an ``int`` field refuses ``"7"``, ``7.9``
and ``true``), an enum field one of its values, a row no key its class does not
have, and the attrs validators of the class decide the ranges. Every mistake is an
:class:`~boardcore.InvalidData` whose ``where`` names the place and the path of the
bad value (``boardcore_gallic_wars/data/cards.toml:7: $.rules.hand_size``).
"""

from __future__ import annotations

import collections.abc as abc
import enum
import math
import json
import typing
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, IterableValidationNote

from ._errors import InvalidData

T = TypeVar("T")


class _Refused(ValueError):
    """A value the strict converter does not take; the message says what it expected."""


def describe(value: Any) -> str:
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


def spelled(value: Any) -> str:
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
        raise _Refused(f"expected a {cls.__name__} (one of {known}), got {describe(value)}")
    if issubclass(cls, bool):
        if type(value) is not bool:
            raise _Refused(f"expected a boolean, got {describe(value)}")
    elif issubclass(cls, int):
        if type(value) is not int:
            raise _Refused(f"expected an integer, got {describe(value)}")
        if not -(2**63) <= value < 2**63:
            raise _Refused(f"{describe(value)} is too large: a TOML integer has 64 bits")
    elif issubclass(cls, float):
        if type(value) not in (int, float):
            raise _Refused(f"expected a number, got {describe(value)}")
        if not math.isfinite(value):
            raise _Refused(f"expected a finite number, got {describe(value)}")
    elif type(value) is not str:
        raise _Refused(f"expected a string, got {describe(value)}")
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
        raise _Refused(f"expected one of {', '.join(map(repr, options))}, got {describe(value)}")

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
            raise _Refused(f"expected an array, got {describe(value)}")
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
            raise _Refused(f"expected a table, got {describe(value)}")
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
            raise _Refused(f"expected a table, got {describe(data)}")
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


def structure_at(data: Any, cls: Any, place: Callable[[str], str], hint: str = "") -> Any:
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
    return typing.cast(T, structure_at(data, cls, lambda path: _at(where, path)))
