"""Turning API objects into JSON-able data and back, with cattrs.

Steps, actions and events are open families: games and plugins add subclasses.
They are stored as ``{"kind": <class kind>, **fields}``. A class's kind is its
``kind`` class attribute if it sets one, else its class name. Each loaded game
builds its own :class:`Codec` after its plugins are loaded, so the tags include
every class a plugin registered (cattrs cannot see subclasses defined later).
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Iterable
from typing import Any, TypeVar

import attrs
import cattrs
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


_PRIMITIVES = (int, str, float, bool, type(None))


def _is_primitive_union(cls: Any) -> bool:
    origin = typing.get_origin(cls)
    if origin is not typing.Union and origin is not types.UnionType:
        return False
    args = typing.get_args(cls)
    return all(a in _PRIMITIVES for a in args) and len([a for a in args if a is not type(None)]) > 1


def _load_primitive_union(data: Any, cls: Any) -> Any:
    args = typing.get_args(cls)
    if type(data) in args:
        return data
    raise ValueError(f"expected one of {[a.__name__ for a in args]}, got {data!r:.60}")


class Codec:
    """A cattrs converter that knows a fixed set of tagged classes."""

    def __init__(self, classes: Iterable[type] = (), *, strict: bool = False) -> None:
        self.strict = strict
        self.by_kind: dict[str, type] = {}
        for cls in (*defined_in(["boardcore"]), *classes):
            if attrs.has(cls) and cls not in self.by_kind.values():
                self.add(cls)
        self.converter = cattrs.Converter()
        self._unstructure: dict[type, Any] = {}
        self._structure: dict[type, Any] = {}
        self.converter.register_unstructure_hook_func(_is_tagged, self._dump_tagged)
        self.converter.register_structure_hook_func(_is_tagged, self._load_tagged)
        self.converter.register_structure_hook_func(_is_primitive_union, _load_primitive_union)

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
        if not isinstance(data, dict) or "kind" not in data:
            raise ValueError(f"expected an object with a 'kind' for {cls.__name__}, got {data!r:.60}")
        target = self.by_kind.get(data["kind"])
        if target is None or not issubclass(target, cls):
            raise ValueError(f"unknown {cls.__name__} kind {data['kind']!r}")
        fn = self._structure.get(target)
        if fn is None:
            fn = self._structure[target] = make_dict_structure_fn(target, self.converter)
        return fn(data, target)

    def dump(self, obj: Any, cls: Any = None) -> Any:
        if cls is None:
            return self.converter.unstructure(obj)
        return self.converter.unstructure(obj, unstructure_as=cls)

    def load(self, data: Any, cls: type[T], where: str = "$") -> T:
        """Structure ``data`` as ``cls``; failures raise InvalidData naming the path."""
        try:
            return self.converter.structure(data, cls)
        except cattrs.BaseValidationError as exc:
            raise InvalidData("; ".join(cattrs.transform_error(exc, path=where)), where=where) from exc
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise InvalidData(f"{type(exc).__name__}: {exc}", where=where) from exc


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
