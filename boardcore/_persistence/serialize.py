"""Turning API objects into JSON-able data and back, with cattrs.

Steps, actions and events are open families: games and plugins add subclasses.
They are stored as ``{"kind": <class kind>, **fields}``. A class's kind is its
``kind`` class attribute if it sets one, else its class name. Each loaded game
builds its own :class:`Codec` after its plugins are loaded, so the tags include
every class a plugin registered (cattrs cannot see subclasses defined later).

Loading is strict, in the save dialect of the one converter (``boardcore.codec``): what
loads is exactly what was saved.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any, TypeVar

import attrs
from cattrs.gen import make_dict_unstructure_fn

from .._rules.steps import Step
from .._values.actions import Action
from .._values.errors import InvalidData, PluginError
from .._values.events import Event
from ..codec import SAVE, Refusal, StrictConverter, json_path

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
(room for every 64-bit seed and generator state, nothing more): :data:`SAVE`'s range."""


class Codec(StrictConverter):
    """The save dialect's converter, knowing a fixed set of tagged classes: a value
    of an open family is an object whose ``kind`` names its class."""

    def __init__(self, classes: Iterable[type] = (), *, strict: bool = False) -> None:
        self.strict = strict
        self.by_kind: dict[str, type] = {}
        for cls in (*defined_in(["boardcore"]), *classes):
            if attrs.has(cls) and cls not in self.by_kind.values():
                self.add(cls)
        super().__init__(SAVE)
        self._unstructure: dict[type, Any] = {}
        self._structure: dict[type, Any] = {}
        self.register_unstructure_hook_func(_is_tagged, self._dump_tagged)
        self.register_structure_hook_func(_is_tagged, self._load_tagged)

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
            fn = self._unstructure[cls] = make_dict_unstructure_fn(cls, self)
        data = fn(obj)
        data["kind"] = kind_of(cls)
        return data

    def _load_tagged(self, data: Any, cls: type) -> Any:
        if type(data) is not dict or "kind" not in data:
            raise self._one_of(f"an object with a 'kind' for {cls.__name__}", data)
        kind = data["kind"]
        target = self.by_kind.get(kind) if type(kind) is str else None
        if target is None or not issubclass(target, cls):
            raise Refusal([((), f"unknown {cls.__name__} kind {kind!r:.60}")])
        fn = self._structure.get(target)
        if fn is None:
            fn = self._structure[target] = self._record_hook(target, allowed=("kind",))
        return fn(data, target)

    def dump(self, obj: Any, cls: Any = None) -> Any:
        if cls is None:
            return self.unstructure(obj)
        return self.unstructure(obj, unstructure_as=cls)

    def load(self, data: Any, cls: type[T], where: str = "$") -> T:
        """Structure ``data`` as ``cls``, strictly; any failure raises InvalidData whose
        ``where`` is the JSON path (below ``where``) of the first offending value."""
        try:
            made: T = self.structure(data, cls)
            return made
        except RecursionError:
            raise InvalidData("nested too deeply", where=where) from None
        except Refusal as refusal:
            path, message = refusal.problems[0]
            raise InvalidData(message, where=where + json_path(path)[1:]) from None


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
