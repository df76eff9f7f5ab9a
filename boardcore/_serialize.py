"""Turning API objects into JSON-able data and back, with cattrs.

Steps, actions and events are open families: games and plugins add subclasses.
They are stored as ``{"kind": <class kind>, **fields}``. A class's kind is its
``kind`` class attribute if it sets one, else its class name. Each loaded game
builds its own :class:`Codec` after its plugins are loaded, so the tags include
every class a plugin registered (cattrs cannot see subclasses defined later).

Loading is strict: every value must already have its field's exact type (an int
field refuses ``"2"``, ``2.0`` and ``True``; a str field refuses ``5``; a tuple
needs a JSON list, a dict a JSON object), integers must fit in 64 bits, floats
must be finite, and an object may hold no key its class does not have. Nothing is
converted on the way in, so what loads is exactly what was saved.
"""

from __future__ import annotations

import collections.abc
import enum
import math
import re
import sys
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from ._actions import Action
from ._errors import InvalidData, PluginError
from ._events import Event
from ._steps import Step

T = TypeVar("T")
TAGGED: tuple[type, ...] = (Step, Action, Event)


def defined_in(places: Iterable[str]) -> list[type]:
    """Every subclass of Step, Action and Event defined at the top level of a module
    in one of ``places`` (a module, or a package and its submodules), in a fixed order."""
    prefixes = tuple(places)
    found: list[type] = []
    todo: list[type] = [Step, Action, Event]
    seen: set[type] = set()
    while todo:
        cls = todo.pop()
        subclasses: list[type] = cls.__subclasses__()
        for sub in subclasses:
            if sub in seen:
                continue
            seen.add(sub)
            todo.append(sub)
            module = sub.__module__
            if any(module == p or module.startswith(p + ".") for p in prefixes) and _current(sub):
                found.append(sub)
    found.sort(key=lambda c: (c.__module__, c.__qualname__))
    return found


def _current(cls: type) -> bool:
    """Whether ``cls`` is what its module now defines under its name: a module that
    failed to import and was imported again leaves stale classes behind."""
    found: Any = sys.modules.get(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is cls


def kind_of(cls: type) -> str:
    """The tag that names ``cls`` in saved data."""
    kind = cls.__dict__.get("kind")
    return kind if isinstance(kind, str) else cls.__name__


def _is_tagged(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, TAGGED)


INT_LIMIT = 2**64
"""Integers in loaded data must lie strictly between ``-INT_LIMIT`` and ``INT_LIMIT``
(room for every 64-bit seed and generator state, nothing more)."""


class Refused(ValueError):
    """A value the strict codec will not load; the message says why."""


def _show(data: Any) -> str:
    return f"{data!r:.60}"


def _load_int(data: Any, cls: Any = int) -> int:
    if type(data) is not int:
        raise Refused(f"expected an integer, got {_show(data)}")
    if not -INT_LIMIT < data < INT_LIMIT:
        raise Refused(f"the integer {_show(data)} is out of range (beyond 64 bits)")
    return data


def _load_str(data: Any, cls: Any = str) -> str:
    if type(data) is not str:
        raise Refused(f"expected a string, got {_show(data)}")
    return data


def _load_float(data: Any, cls: Any = float) -> float:
    if type(data) is not float:
        raise Refused(f"expected a number with a fraction (float), got {_show(data)}")
    if not math.isfinite(data):
        raise Refused(f"expected a finite number, got {data!r}")
    return data


def _load_bool(data: Any, cls: Any = bool) -> bool:
    if type(data) is not bool:
        raise Refused(f"expected true or false, got {_show(data)}")
    return data


def _load_none(data: Any, cls: Any = None) -> None:
    if data is not None:
        raise Refused(f"expected null, got {_show(data)}")
    return None


def _load_any(data: Any, cls: Any = Any) -> Any:
    """A value of a field typed ``Any`` (setup options) is kept as it is, but its
    numbers must be in range like every other number."""
    todo = [data]
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind is int:
            _load_int(item)
        elif kind is float:
            _load_float(item)
        elif kind is list or kind is tuple:
            todo.extend(item)
        elif kind is dict:
            todo.extend(item.values())
    return data


_PRIMITIVES: dict[Any, Callable[[Any, Any], Any]] = {
    int: _load_int,
    str: _load_str,
    float: _load_float,
    bool: _load_bool,
    type(None): _load_none,
}


def _is_union(cls: Any) -> bool:
    origin = typing.get_origin(cls)
    return origin is typing.Union or origin is types.UnionType


def _is_primitive_union(cls: Any) -> bool:
    if not _is_union(cls):
        return False
    args = typing.get_args(cls)
    return all(a in _PRIMITIVES for a in args) and len([a for a in args if a is not type(None)]) > 1


def _load_primitive_union(data: Any, cls: Any) -> Any:
    args = typing.get_args(cls)
    kind = type(data)
    if kind in args:
        return _PRIMITIVES[kind](data, kind)  # the range of an int, the finiteness of a float
    raise Refused(f"expected one of {[a.__name__ for a in args]}, got {_show(data)}")


def _is_plain_record(cls: Any) -> bool:
    return isinstance(cls, type) and attrs.has(cls) and not issubclass(cls, TAGGED)


def _is_enum(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


def _enum_loader(cls: type[enum.Enum]) -> Callable[[Any, Any], Any]:
    """Members by (type, value): ``True`` is not the member whose value is ``1``."""
    members = {(type(m.value), m.value): m for m in cls}

    def load(data: Any, _: Any) -> Any:
        try:
            return members[(type(data), data)]
        except (KeyError, TypeError):  # TypeError: unhashable data
            raise Refused(f"expected one of {[m.value for m in cls]}, got {_show(data)}") from None

    return load


_SEQUENCES = {
    tuple,
    list,
    set,
    frozenset,
    collections.abc.Sequence,
    collections.abc.MutableSequence,
    collections.abc.Set,
    collections.abc.MutableSet,
}


def _is_sequence(cls: Any) -> bool:
    return (typing.get_origin(cls) or cls) in _SEQUENCES


def _is_mapping(cls: Any) -> bool:
    return (typing.get_origin(cls) or cls) in (dict, collections.abc.Mapping, collections.abc.MutableMapping)


_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,19})")


def _int_key(key: str) -> int:
    """A dict's int key, saved as its decimal form (``"3"``; never ``"03"`` or ``" 3"``)."""
    if type(key) is str and _DECIMAL.fullmatch(key):
        return _load_int(int(key))
    raise Refused(f"expected a whole number as a key, got {_show(key)}")


def _at(exc: Exception, index: int | str, cls: Any, item_type: Any) -> IterableValidationError:
    """``exc`` as cattrs reports a failed item, so that paths name the item."""
    exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(f"item {index!r}", index, item_type)]
    return IterableValidationError(f"while loading {cls!r}", [exc], cls)


class Codec:
    """A cattrs converter that knows a fixed set of tagged classes."""

    def __init__(self, classes: Iterable[type] = (), *, strict: bool = False) -> None:
        self.strict = strict
        self.by_kind: dict[str, type] = {}
        for cls in (*defined_in(["boardcore"]), *classes):
            if attrs.has(cls) and cls not in self.by_kind.values():
                self.add(cls)
        self.converter = converter = cattrs.Converter(forbid_extra_keys=True)
        self._unstructure: dict[type, Any] = {}
        self._structure: dict[type, Any] = {}
        self._keys: dict[type, frozenset[str]] = {}
        converter.register_unstructure_hook_func(_is_tagged, self._dump_tagged)
        # Strict loading: later registrations take precedence over cattrs' own hooks,
        # and Optional[X] is loaded by X's hook, so these cover the Optional forms too.
        for kind, load in _PRIMITIVES.items():
            converter.register_structure_hook(kind, load)
        converter.register_structure_hook_func(_is_primitive_union, _load_primitive_union)
        converter.register_structure_hook_func(lambda cls: cls is Any, _load_any)
        converter.register_structure_hook_factory(_is_enum, _enum_loader)
        converter.register_structure_hook_factory(_is_sequence, self._sequence_loader)
        converter.register_structure_hook_factory(_is_mapping, self._mapping_loader)
        converter.register_structure_hook_factory(_is_plain_record, self._record_loader)
        converter.register_structure_hook_func(_is_tagged, self._load_tagged)

    def add(self, cls: type) -> None:
        if attrs.has(cls) and any(field.name == "kind" for field in attrs.fields(cls)):
            raise PluginError(
                f"{cls.__qualname__} has a field named 'kind', which saved games use for the class tag; rename it",
                plugin=cls.__module__,
            )
        kind = kind_of(cls)
        known = self.by_kind.get(kind)
        if known is not None and known is not cls:
            raise PluginError(
                f"two classes are saved under the kind {kind!r}: {known.__module__}.{known.__qualname__} "
                f"and {cls.__module__}.{cls.__qualname__}; give one a distinct `kind` class attribute",
                plugin=cls.__module__,
            )
        self.by_kind[kind] = cls

    def _dump_tagged(self, obj: Any) -> dict[str, Any]:
        cls = obj.__class__
        fn = self._unstructure.get(cls)
        if fn is None:
            if self.strict and self.by_kind.get(kind_of(cls)) is not cls:
                raise PluginError(
                    f"{cls.__qualname__} is stored in a match but was not listed by register_types",
                    plugin=cls.__module__,
                )
            fn = self._unstructure[cls] = make_dict_unstructure_fn(cls, self.converter)
        data = fn(obj)
        data["kind"] = kind_of(cls)
        return data

    def _load_tagged(self, data: Any, cls: type) -> Any:
        if type(data) is not dict or "kind" not in data:
            raise Refused(f"expected an object with a 'kind' for {cls.__name__}, got {_show(data)}")
        kind = data["kind"]
        target = self.by_kind.get(kind) if type(kind) is str else None
        if target is None or not issubclass(target, cls):
            raise Refused(f"unknown {cls.__name__} kind {_show(kind)}")
        fn = self._structure.get(target)
        if fn is None:
            fn = self._structure[target] = make_dict_structure_fn(target, self.converter, _cattrs_forbid_extra_keys=False)
            self._keys[target] = frozenset(["kind", *(f.name for f in attrs.fields(typing.cast(Any, target)))])
        if not self._keys[target].issuperset(data):
            extra = sorted(set(data) - self._keys[target])
            raise ForbiddenExtraKeysError(f"unknown keys {extra} for {kind}", target, set(extra))
        return fn(data, target)

    def _record_loader(self, cls: Any) -> Callable[[Any, Any], Any]:
        """An attrs class that is not tagged (a decision, a table): a JSON object."""
        fn = make_dict_structure_fn(cls, self.converter)

        def load(data: Any, _: Any) -> Any:
            if type(data) is not dict:
                raise Refused(f"expected an object for {cls.__name__}, got {_show(data)}")
            return fn(data, cls)

        return load

    def _sequence_loader(self, cls: Any) -> Callable[[Any, Any], Any]:
        """A JSON list and nothing else (cattrs would take any iterable: a string, a
        dict's keys) for a tuple, list or set; a fixed-length tuple needs that length."""
        origin = typing.get_origin(cls) or cls
        args = typing.get_args(cls)
        make: Callable[[list[Any]], Any] = list if origin in (list, collections.abc.MutableSequence) else tuple
        if origin in (set, collections.abc.MutableSet):
            make = set
        elif origin in (frozenset, collections.abc.Set):
            make = frozenset
        structure = self.converter.get_structure_hook
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if args == ((),):  # tuple[()]
                args = ()
            hooks = [(t, structure(t)) for t in args]

            def load_fixed(data: Any, _: Any) -> Any:
                if type(data) is not list:
                    raise Refused(f"expected a list, got {_show(data)}")
                if len(data) != len(hooks):
                    raise Refused(f"expected a list of {len(hooks)} items, got {len(data)}")
                items = []
                for i, (item, (kind, hook)) in enumerate(zip(data, hooks)):
                    try:
                        items.append(hook(item, kind))
                    except Exception as exc:
                        raise _at(exc, i, cls, kind) from None
                return tuple(items)

            return load_fixed
        kind = args[0] if args else Any
        hook = structure(kind)
        # Lists of plain strings or integers (a zone's card ids, a history's seats)
        # are checked by loops that run in C; the item loop below says where a fault is.
        plain_items: set[type] | None = {str} if kind is str else {int} if kind is int else None

        def load(data: Any, _: Any) -> Any:
            if type(data) is not list:
                raise Refused(f"expected a list, got {_show(data)}")
            if plain_items is not None and set(map(type, data)) <= plain_items:
                if kind is str or not data or (-INT_LIMIT < min(data) and max(data) < INT_LIMIT):
                    return make(data)
            items = []
            i = 0
            try:
                for i, item in enumerate(data):
                    items.append(hook(item, kind))
            except Exception as exc:
                raise _at(exc, i, cls, kind) from None
            return make(items)

        return load

    def _mapping_loader(self, cls: Any) -> Callable[[Any, Any], Any]:
        """A JSON object for a dict. JSON keys are strings: an int key must be written
        as its decimal form (``"3"``, never ``"03"`` or ``" 3"``)."""
        args = typing.get_args(cls)
        key_type, value_type = args if len(args) == 2 else (Any, Any)
        value_hook = self.converter.get_structure_hook(value_type)
        load_key: Callable[[str], Any] | None = None
        if key_type is int:
            load_key = _int_key
        elif key_type is not str and key_type is not Any:
            raise TypeError(f"boardcore cannot load dicts with {key_type!r} keys")

        def load(data: Any, _: Any) -> Any:
            if type(data) is not dict:
                raise Refused(f"expected an object, got {_show(data)}")
            out = {}
            for key, value in data.items():
                try:
                    out[key if load_key is None else load_key(key)] = value_hook(value, value_type)
                except Exception as exc:
                    raise _at(exc, key, cls, value_type) from None
            return out

        return load

    def dump(self, obj: Any, cls: Any = None) -> Any:
        if cls is None:
            return self.converter.unstructure(obj)
        return self.converter.unstructure(obj, unstructure_as=cls)

    def load(self, data: Any, cls: type[T], where: str = "$") -> T:
        """Structure ``data`` as ``cls``, strictly; any failure raises InvalidData whose
        ``where`` is the JSON path of the first offending value."""
        try:
            return self.converter.structure(data, cls)
        except InvalidData:
            raise
        except RecursionError as exc:
            raise InvalidData("nested too deeply", where=where) from exc
        except Exception as exc:  # anything a class's own __init__ or validators raise, too
            path, message = _first_error(exc, where)
            raise InvalidData(message, where=path) from exc


def _first_error(exc: BaseException, path: str) -> tuple[str, str]:
    """The JSON path and a description of the first failure in a cattrs error tree."""
    while isinstance(exc, (ClassValidationError, IterableValidationError)):
        with_notes, without = exc.group_exceptions()
        if with_notes:
            exc, note = with_notes[0]
            index = note.index if isinstance(note, IterableValidationNote) else note.name
            path = f"{path}[{index}]" if isinstance(index, int) else f"{path}.{index}"
        elif without:
            exc = without[0]
        else:  # pragma: no cover - cattrs never raises an empty group
            break
    if isinstance(exc, ForbiddenExtraKeysError):
        return path, f"unknown keys {sorted(exc.extra_fields)}"
    if isinstance(exc, KeyError):
        return path, f"missing key {exc.args[0]!r}" if exc.args else "a required key is missing"
    if isinstance(exc, (Refused, InvalidData)):
        return path, str(exc)
    return path, f"{type(exc).__name__}: {exc}"[:300]


_default: list[Codec] = []


def default_codec() -> Codec:
    """The codec of the engine's own classes (made on first use, once every engine
    module has been imported)."""
    if not _default:
        _default.append(Codec())
    return _default[0]


def to_data(obj: Any) -> Any:
    """Turn any boardcore API object (action, event, decision, result) into JSON-able data."""
    return default_codec().dump(obj)


def from_data(cls: type[T], data: Any, *, game: Any = None) -> T:
    """Rebuild a ``cls`` from :func:`to_data` output.

    Pass the loaded ``game`` to read classes that a game or plugin defined.
    """
    codec = game.codec if game is not None else default_codec()
    return codec.load(data, cls)
