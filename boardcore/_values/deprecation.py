"""Old names that keep working for one version, with a warning that names the new one."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any


def renamed(
    module: str, names: Mapping[str, tuple[str, Any]], docs: str, removed: Mapping[str, str] | None = None
) -> Callable[[str], Any]:
    """A module ``__getattr__`` that keeps ``names`` working: ``{old name: (new name,
    object)}``, the new name given within the module (``"PersonLost"``) or in full
    (``"boardcore.Match.take_skip"``, anything with a dot). Each use of an old name warns with a ``DeprecationWarning`` that says
    what to write instead and where the docs explain the change (``docs``), then
    gives the object. A name in ``removed`` (``{old name: what to use instead}``)
    raises ``AttributeError`` saying so; any other missing name raises it as usual.

    In a game's package ``__init__``::

        __getattr__ = boardcore.renamed(__name__, {"LeftPlay": ("PersonLeft", PersonLeft)},
                                        docs="docs/migration.md, From 0.3 to 0.4")
    """
    table, gone = dict(names), dict(removed or {})

    def __getattr__(name: str) -> Any:
        found = table.get(name)
        if found is None:
            if name in gone:
                raise AttributeError(f"{module}.{name} was removed in this version: use {gone[name]} (see {docs})")
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, value = found
        target = new if "." in new else f"{module}.{new}"  # "Match.take_skip" is not the module's
        warnings.warn(
            f"{module}.{name} is now {target}; the old name goes in the next version (see {docs})",
            DeprecationWarning,
            stacklevel=2,
        )
        return value

    return __getattr__
