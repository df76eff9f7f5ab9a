"""Which of boardcore's modules (and the games') run compiled in this process.

The compiled build is optional (``python scripts/compile.py`` in a checkout, see
docs/performance.md); without it everything runs from source. A compiled module
whose source was edited after the build runs from source, with a
:class:`StaleCompiledModule` warning; ``BOARDCORE_PURE_PYTHON=1`` runs everything from
source, to compare a compiled build with.
"""

from __future__ import annotations

import attrs

from ._values.compiled import FINDER, StaleCompiledModule

__all__ = ["CompiledStatus", "StaleCompiledModule", "status"]


@attrs.frozen
class CompiledStatus:
    """What the compiled build did for the modules imported so far."""

    compiled: tuple[str, ...]
    """Modules running compiled."""
    stale: tuple[str, ...]
    """Modules compiled from an older source, now running from their ``.py``."""
    pure: bool
    """``BOARDCORE_PURE_PYTHON`` is set: every compiled module was passed over for its source."""


def status() -> CompiledStatus:
    """The compiled and stale modules among those imported so far, sorted by name.

    Import the games first (``boardcore.load_game``) to see theirs."""
    return CompiledStatus(tuple(sorted(FINDER.compiled)), tuple(sorted(FINDER.stale)), FINDER.pure)
