"""The one strict converter behind everything boardcore reads: saved matches, data
files, records of simulated matches and the server's requests. Tools that read a
format of their own use it too, through a :class:`Dialect` of their own.

cattrs does the structuring; the hooks below make it strict. A value must already
have its field's type (an int field refuses ``"7"``, ``7.9`` and ``true``; a str
field refuses ``5``), integers must fit the source's width, floats must be finite,
a list must be a list (never a string or an object's keys), an enum or ``Literal``
takes one of its values of the same type (``true`` is not ``1``), and an object may
hold no key its class does not have. Nothing is converted on the way in, so what
loads is exactly what was written; the attrs validators of a class then decide its
ranges, and a validator's failure is reported at its field.

The sources differ only in how they speak and in two limits, and a :class:`Dialect`
holds those differences: a save says ``got '7'``, a data file ``got the string '7'``;
a saved generator state needs 64 unsigned bits, a TOML integer has 64 signed ones;
a data file may write a float as ``1``. A failure is a :class:`Refusal` listing
(path, message) pairs; each reader turns it into ``InvalidData`` in its own terms.

An attrs class is structured by the code cattrs generates for it; only when that
fails does the converter go through the value field by field, to say where. A field
may say in its metadata what its value must be (``metadata={"must": "must be a seat
number"}``), and a value of the wrong type is then refused in those words.
"""

from __future__ import annotations

import collections.abc as abc
import enum
import json
import math
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn

from ._values.errors import InvalidData

__all__ = [
    "DATA_FILE", "SAVE", "Dialect", "Refusal", "StrictConverter", "converter", "describe", "file_path",
    "json_path", "spelled", "structure", "structure_at",
]  # fmt: skip

Path = tuple[str | int, ...]
"""Where a value is below the one being structured: field names, keys and list indexes."""


class Refusal(ValueError):
    """Values a converter will not take, as (path, message) pairs, the first the
    first found."""

    def __init__(self, problems: list[tuple[Path, str]]) -> None:
        super().__init__(problems[0][1])
        self.problems = problems

    def under(self, step: str | int) -> list[tuple[Path, str]]:
        """The problems, as seen from the value that holds this one at ``step``."""
        return [((step, *path), message) for path, message in self.problems]


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


@attrs.frozen(eq=False)  # each dialect is its own: compared and hashed by identity
class Dialect:
    """How one source of data is read: its limits, and the words of its messages."""

    show: Callable[[Any], str]
    """A refused value as a message shows it."""
    nouns: Mapping[str, str]
    """What was expected, by kind: ``int``, ``str``, ``bool``, ``float``, ``null``,
    ``list`` and ``object``."""
    ints: range
    """The integers the source can hold."""
    too_big: Callable[[int], str]
    """The message for an integer outside :attr:`ints`."""
    unknown: Callable[[list[str], list[str]], list[tuple[Path, str]]]
    """The problems of an object's unknown keys, given them and the known ones."""
    missing: Callable[[attrs.Attribute[Any]], str] | None
    """The message for a required key left out; None reads it as null, so that the
    field's own type says what it wanted."""
    path: Callable[[Path], str]
    """A path as the source's messages write it."""
    got: str = "got"
    """The word between what was expected and what came: ``expected an integer, got '7'``."""
    floats_take_ints: bool = False
    """Whether a float field takes an integer (TOML writes ``1`` for ``1.0``)."""
    every_problem: bool = False
    """Whether to go on after the first problem and list them all."""

    def refuse(self, kind: str, value: Any) -> Refusal:
        """The refusal of ``value`` where a ``kind`` (a key of :attr:`nouns`) was expected."""
        return Refusal([((), f"expected {self.nouns.get(kind, kind)}, {self.got} {self.show(value)}")])


def json_path(parts: Path) -> str:
    """``$.log[1].player``: a save's paths."""
    return "$" + "".join(f"[{p}]" if type(p) is int else f".{p}" for p in parts)


def file_path(parts: Path) -> str:
    """``.cards[3]["odd key"]``: a data file's paths, without the ``$`` that the
    place in the file goes before."""
    return "".join(
        f".{p}" if isinstance(p, str) and p.isidentifier() else f"[{json.dumps(p)}]" for p in parts
    )


def _show_json(value: Any) -> str:
    return f"{value!r:.60}"


SAVE = Dialect(
    show=_show_json,
    nouns={"int": "an integer", "str": "a string", "bool": "true or false", "float": "a number with a fraction (float)",
           "null": "null", "list": "a list", "object": "an object"},  # fmt: skip
    ints=range(-(2**64) + 1, 2**64),
    too_big=lambda value: f"the integer {_show_json(value)} is out of range (beyond 64 bits)",
    unknown=lambda extra, known: [((), f"unknown keys {sorted(extra)}")],
    missing=lambda field: f"missing key {field.name!r}",
    path=json_path,
)
"""Saved matches and anything else written by :func:`~boardcore.to_data`."""

DATA_FILE = Dialect(
    show=describe,
    nouns={"int": "an integer", "str": "a string", "bool": "a boolean", "float": "a number", "null": "nothing",
           "list": "an array", "object": "a table"},  # fmt: skip
    ints=range(-(2**63), 2**63),
    too_big=lambda value: f"{describe(value)} is too large: a TOML integer has 64 bits",
    unknown=lambda extra, known: [((key,), f"unknown key (known keys: {', '.join(known)})") for key in extra],
    missing=lambda field: "required key missing",
    path=file_path,
    floats_take_ints=True,
    every_problem=True,
)
"""Data files (TOML) and the values games and plugins declare in code."""


def _tuple_of(cls: Any) -> tuple[Any, ...] | None:
    """The item types of a fixed-length tuple type, or None for any other type."""
    args = typing.get_args(cls)
    if (typing.get_origin(cls) or cls) is not tuple or not args or args[-1] is Ellipsis:
        return None
    return () if args == ((),) else args


_LISTS: dict[Any, Callable[[Iterable[Any]], Any]] = {
    list: list, abc.Sequence: tuple, abc.MutableSequence: list, tuple: tuple,
    set: set, abc.MutableSet: set, frozenset: frozenset, abc.Set: frozenset,
}  # fmt: skip
_OBJECTS = {dict, abc.Mapping, abc.MutableMapping}
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,19})")


def _is_primitive_union(cls: Any) -> bool:
    if typing.get_origin(cls) not in (typing.Union, types.UnionType):
        return False
    args = [a for a in typing.get_args(cls) if a is not type(None)]
    return len(args) > 1 and all(a in (int, str, float, bool) for a in args)


def _optional_of(cls: Any) -> Any:
    """``X`` for ``X | None`` (one ``X``), else None."""
    if typing.get_origin(cls) not in (typing.Union, types.UnionType):
        return None
    args = typing.get_args(cls)
    return args[0] if len(args) == 2 and args[1] is type(None) else args[1] if len(args) == 2 and args[0] is type(None) else None


def _is_optional(cls: Any) -> bool:
    return _optional_of(cls) is not None


def _is_enum(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


def _is_list(cls: Any) -> bool:
    return (typing.get_origin(cls) or cls) in _LISTS


def _is_object(cls: Any) -> bool:
    return (typing.get_origin(cls) or cls) in _OBJECTS


def _is_literal(cls: Any) -> bool:
    return typing.get_origin(cls) is typing.Literal


def _said(exc: BaseException) -> str:
    """What an exception a class raised says, as a message."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    if not isinstance(exc, (ValueError, TypeError)) or not message:
        message = f"{type(exc).__name__}: {message}".rstrip(": ")
    return message[:300]


T = TypeVar("T")


class StrictConverter(cattrs.Converter):
    """A cattrs converter that loads strictly in one :class:`Dialect`: what it will not
    take raises :class:`Refusal` (from :meth:`load`, a value nested too deeply too).
    Subclasses add hooks for their own types (as the tagged classes of saves)."""

    def __init__(self, dialect: Dialect) -> None:
        super().__init__(forbid_extra_keys=True)
        self.dialect = d = dialect
        ints = d.ints

        # Later registrations take precedence over cattrs' own hooks; the optional
        # hook below gives X | None to these for X.
        def load_int(value: Any, cls: Any = int) -> int:
            if type(value) is not int:
                raise d.refuse("int", value)
            if value not in ints:
                raise Refusal([((), d.too_big(value))])
            return value if cls is int else cls(value)

        def load_float(value: Any, cls: Any = float) -> float:
            if type(value) is not float and not (d.floats_take_ints and type(value) is int):
                raise d.refuse("float", value)
            if not math.isfinite(value):
                raise Refusal([((), f"expected a finite number, {d.got} {d.show(value)}")])
            return float(value)

        def load_str(value: Any, cls: Any = str) -> str:
            if type(value) is not str:
                raise d.refuse("str", value)
            return value if cls is str else cls(value)

        def load_bool(value: Any, cls: Any = bool) -> bool:
            if type(value) is not bool:
                raise d.refuse("bool", value)
            return value

        def load_none(value: Any, cls: Any = None) -> None:
            if value is not None:
                raise d.refuse("null", value)

        self.primitives: dict[Any, Callable[[Any, Any], Any]] = {
            int: load_int, str: load_str, float: load_float, bool: load_bool, type(None): load_none,
        }  # fmt: skip
        for kind, load in self.primitives.items():
            self.register_structure_hook(kind, load)
        self.register_structure_hook_factory(_is_optional, self._optional_hook)
        self.register_structure_hook_func(_is_primitive_union, self._primitive_union)
        self.register_structure_hook_func(lambda cls: cls is Any, self._any)
        self.register_structure_hook_factory(_is_literal, self._literal_hook)
        self.register_structure_hook_factory(_is_enum, self._enum_hook)
        self.register_structure_hook_factory(_is_list, self._list_hook)
        self.register_structure_hook_factory(_is_object, self._object_hook)
        self.register_structure_hook_factory(attrs.has, self._record_hook)

    def load(self, data: Any, cls: Any) -> Any:
        """``data`` structured as ``cls``; a Refusal says why not."""
        try:
            return self.structure(data, cls)
        except RecursionError:
            raise Refusal([((), "nested too deeply")]) from None

    def _one_of(self, shown: str, value: Any) -> Refusal:
        return Refusal([((), f"expected {shown}, {self.dialect.got} {self.dialect.show(value)}")])

    def _primitive_union(self, value: Any, cls: Any) -> Any:
        args = typing.get_args(cls)
        if type(value) in args:
            return self.primitives[type(value)](value, type(value))  # the range of an int, the finiteness of a float
        raise self._one_of(f"one of {[a.__name__ for a in args]}", value)

    def _any(self, value: Any, cls: Any = Any) -> Any:
        """A value of a field typed ``Any`` (setup options) is kept as it is, but its
        numbers must be in range like every other number."""
        todo = [value]
        while todo:
            item = todo.pop()
            kind = type(item)
            if kind is int or kind is float:
                self.primitives[kind](item, kind)
            elif kind is list or kind is tuple:
                todo.extend(item)
            elif kind is dict:
                todo.extend(item.values())
        return value

    def _optional_hook(self, cls: Any) -> Callable[[Any, Any], Any]:
        """``X | None``: null, or what ``X``'s hook takes (found once, here: cattrs would
        look it up on every value)."""
        inner = _optional_of(cls)
        hook = self.get_structure_hook(inner)
        return lambda value, _: None if value is None else hook(value, inner)

    def _literal_hook(self, cls: Any) -> Callable[[Any, Any], Any]:
        options = typing.get_args(cls)

        def load(value: Any, _: Any) -> Any:
            for option in options:
                if type(value) is type(option) and value == option:
                    return option
            raise self._one_of(f"one of {', '.join(map(repr, options))}", value)

        return load

    def _enum_hook(self, cls: type[enum.Enum]) -> Callable[[Any, Any], Any]:
        """Members by (type, value): ``True`` is not the member whose value is ``1``."""
        members = {(type(m.value), m.value): m for m in cls}
        known = ", ".join(repr(m.value) for m in cls)

        def load(value: Any, _: Any) -> Any:
            try:
                return value if type(value) is cls else members[(type(value), value)]
            except (KeyError, TypeError):  # TypeError: unhashable data
                raise self._one_of(f"a {cls.__name__} (one of {known})", value) from None

        return load

    def _each(self, items: Iterable[tuple[str | int, Any, Callable[[Any, Any], Any], Any]]) -> list[Any]:
        """Each ``(step, value, hook, type)`` item structured by its hook; a Refusal
        names the item, and lists every item's problems in a dialect that wants them
        all. Loaders first try a comprehension, which is faster, and call this to say
        where it failed."""
        made, problems = [], []
        for step, item, hook, kind in items:
            try:
                made.append(hook(item, kind))
            except Refusal as refusal:
                problems += refusal.under(step)
                if not self.dialect.every_problem:
                    break
        if problems:
            raise Refusal(problems)
        return made

    def _list_hook(self, cls: Any) -> Callable[[Any, Any], Any]:
        """A list and nothing else (cattrs would take any iterable: a string, a dict's
        keys) for a tuple, list or set; a fixed-length tuple needs that length."""
        d, fixed = self.dialect, _tuple_of(cls)
        if fixed is not None:
            hooks = [(self.get_structure_hook(t), t) for t in fixed]

            def load_fixed(value: Any, _: Any) -> Any:
                if type(value) is not list:
                    raise d.refuse("list", value)
                if len(value) != len(hooks):
                    raise Refusal([((), f"expected {d.nouns['list']} of {len(hooks)} items, got {len(value)}")])
                try:
                    return tuple([hook(item, kind) for (hook, kind), item in zip(hooks, value)])
                except Refusal:
                    return tuple(self._each((i, v, *hooks[i]) for i, v in enumerate(value)))

            return load_fixed
        args = typing.get_args(cls)
        make, kind = _LISTS[typing.get_origin(cls) or cls], args[0] if args else Any
        hook = self.get_structure_hook(kind)
        # Lists of plain strings or integers (a zone's card ids, a history's seats)
        # are checked by loops that run in C; the item loop says where a fault is.
        plain: set[type] | None = {str} if kind is str else {int} if kind is int else None
        low, high = d.ints.start, d.ints.stop

        def load(value: Any, _: Any) -> Any:
            if type(value) is not list:
                raise d.refuse("list", value)
            if plain is not None and set(map(type, value)) <= plain:
                if kind is str or not value or (low <= min(value) and max(value) < high):
                    return make(value)
            try:
                return make([hook(v, kind) for v in value])
            except Refusal:
                return make(self._each((i, v, hook, kind) for i, v in enumerate(value)))

        return load

    def _object_hook(self, cls: Any) -> Callable[[Any, Any], Any]:
        """An object for a dict. JSON and TOML keys are strings: an int key is written
        as its decimal form (``"3"``, never ``"03"`` or ``" 3"``)."""
        d, args = self.dialect, typing.get_args(cls)
        key_type, value_type = args if len(args) == 2 else (Any, Any)
        value_hook = self.get_structure_hook(value_type)
        if key_type is str or key_type is Any:

            def load(value: Any, _: Any) -> Any:
                if type(value) is not dict:
                    raise d.refuse("object", value)
                try:
                    return {k: value_hook(v, value_type) for k, v in value.items()}
                except Refusal:
                    return dict(zip(value, self._each((k, v, value_hook, value_type) for k, v in value.items())))

            return load
        key_hook = self._int_key if key_type is int else self.get_structure_hook(key_type)

        def pair(item: tuple[Any, Any], _: Any) -> tuple[Any, Any]:
            return key_hook(item[0], key_type), value_hook(item[1], value_type)

        def load_keyed(value: Any, _: Any) -> Any:
            if type(value) is not dict:
                raise d.refuse("object", value)
            return dict(self._each((k, (k, v), pair, None) for k, v in value.items()))

        return load_keyed

    def _int_key(self, key: Any, cls: Any = int) -> int:
        if type(key) is str and _DECIMAL.fullmatch(key):
            return typing.cast(int, self.primitives[int](int(key), int))
        raise self._one_of("a whole number as a key", key)

    def _record_hook(self, cls: Any, allowed: Iterable[str] = ()) -> Callable[[Any, Any], Any]:
        """An attrs class: an object with a key per field (those with a default may be
        left out) and no other key but ``allowed``, each value structured as its
        field's type, then the class made, which runs its validators."""
        d = self.dialect
        fields = [a for a in attrs.fields(attrs.resolve_types(cls)) if a.init]
        known = frozenset([*(a.name for a in fields), *allowed])
        made = make_dict_structure_fn(cls, self, _cattrs_forbid_extra_keys=False, _cattrs_detailed_validation=False)

        def load(value: Any, _: Any) -> Any:
            if type(value) is not dict:
                raise d.refuse("object", value)
            if known.issuperset(value):
                try:
                    return made(value, cls)
                except RecursionError:
                    raise  # said once, at the top: going field by field would only hit it again
                except Exception:  # noqa: S110 - said below, field by field
                    pass
            return self._by_field(cls, fields, known, value)

        return load

    def _by_field(self, cls: Any, fields: list[attrs.Attribute[Any]], known: frozenset[str], value: dict[str, Any]) -> Any:
        """A record made field by field, each problem named by its field (the slow
        way, taken when the generated code failed). A field's ``must`` metadata, if
        it has one, says what its value must be in place of the dialect's words."""
        d = self.dialect
        extra = [key for key in value if key not in known]
        problems = d.unknown(extra, [a.name for a in fields]) if extra else []
        values: dict[str, Any] = {}
        for a in fields:
            if problems and not d.every_problem:
                break
            if a.name in value:
                item = value[a.name]
            elif a.default is not attrs.NOTHING:
                continue
            elif d.missing is not None:
                problems.append(((a.name,), d.missing(a)))
                continue
            else:
                item = None
            try:
                values[a.name] = self.structure(item, a.type or Any)
            except Refusal as refusal:
                must = a.metadata.get("must")
                said = [(p, f"{must}, {d.got} {d.show(item)}" if must and not p else m) for p, m in refusal.problems]
                problems += [((a.name, *p), m) for p, m in said]
            except cattrs.StructureHandlerNotFoundError:
                raise  # a type the converter cannot make: a mistake in the class, not in the data
            except Exception as exc:
                problems.append(((a.name,), _said(exc)))
        if not problems:
            try:
                return cls(**{str(a.alias): values[a.name] for a in fields if a.name in values})
            except Exception as exc:  # a validator, or __attrs_post_init__
                culprit = _culprit(cls, values)
                problems.append(((culprit[0],), _said(culprit[1])) if culprit else ((), _said(exc)))
        raise Refusal(problems)


def _culprit(cls: Any, values: dict[str, Any]) -> tuple[str, Exception] | None:
    """The first field of ``cls`` whose validator refuses ``values`` (given by field
    name; defaults fill the rest), found by running each validator on its own."""
    probe = types.SimpleNamespace(**values)
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


def joined(refusal: Refusal, dialect: Dialect) -> str:
    """Every problem after the first, as ``; path: message`` (nothing if there is one)."""
    return "".join(f"; {dialect.path(path) or '$'}: {text}" for path, text in refusal.problems[1:])


_converters: dict[Dialect, StrictConverter] = {}


def converter(dialect: Dialect) -> StrictConverter:
    """The shared converter of ``dialect`` (for untagged classes; a game's codec has its own)."""
    found = _converters.get(dialect)
    if found is None:
        found = _converters[dialect] = StrictConverter(dialect)
    return found


def _at(where: str, path: str) -> str:
    """``where`` (ending with a ``$`` path or not) followed by ``path``."""
    if not path:
        return where
    return where + path if where.rpartition(": ")[2].startswith("$") else f"{where}: ${path}"


def structure_at(data: Any, cls: Any, place: Callable[[str], str], hint: str = "", dialect: Dialect = DATA_FILE) -> Any:
    """Structure ``data`` as ``cls`` in ``dialect``; a failure is InvalidData at
    ``place(path)`` of its first bad value, the message listing the others."""
    try:
        return converter(dialect).load(data, cls)
    except Refusal as refusal:
        path, message = refusal.problems[0]
        raise InvalidData(message + joined(refusal, dialect) + hint, where=place(dialect.path(path))) from None


def structure(data: Any, cls: type[T], where: str) -> T:
    """Structure ``data`` into ``cls`` as strictly as a data file is read; a failure is
    InvalidData whose ``where`` is ``where`` followed by the path of the bad value."""
    return typing.cast(T, structure_at(data, cls, lambda path: _at(where, path)))
