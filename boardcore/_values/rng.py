"""The match's random number generator: SplitMix64 on a single integer.

The whole generator state is one 64-bit integer stored in the match, so cloning,
saving and replaying a match carry the generator with it exactly. The algorithm is
fixed here (not borrowed from :mod:`random`) so that results never depend on the
Python version or on ``PYTHONHASHSEED``.

The draws and the shuffle also exist in C (``boardcore/_values/_rng_c.c``), built when
the package is installed where a C compiler is present. They give the same
numbers, and the module uses them when they are there, unless the environment
variable ``BOARDCORE_PURE_PYTHON`` is set to anything but ``0`` or empty (then
this file's Python runs, as on a machine where the build was skipped).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

_LIMITS = tuple(((1 << 64) // n) * n if n else 0 for n in range(1025))
"""The rejection bound of :func:`below` for every ``n`` up to 1024, worked out once:
a shuffle needs one per card, and three big-integer operations per card were a
quarter of its time."""


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return seed & _MASK


def py_next_u64(state: int) -> tuple[int, int]:
    """Return ``(value, new_state)``: one uniformly random 64-bit integer."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(value, new_state)`` with value uniform in ``0 .. n-1``.

    Rejection sampling keeps the result exactly uniform for every ``n``.
    """
    if not 1 <= n <= 1 << 64:
        raise ValueError(f"below() needs 1 <= n <= 2**64, got {n}")
    if _c is not None and n < 1 << 64:
        return _c.below(state, n)
    return py_below(state, n)


def py_below(state: int, n: int) -> tuple[int, int]:
    """:func:`below` in Python, for ``1 <= n <= 2**64``."""
    limit = ((1 << 64) // n) * n
    while True:
        value, state = py_next_u64(state)
        if value < limit:
            return value % n, state


def py_shuffled(state: int, items: tuple[str, ...]) -> tuple[tuple[str, ...], int]:
    """Return ``(items in a uniformly random order, new_state)`` (Fisher-Yates)."""
    # The generator and the rejection test are written out inline: a shuffle draws
    # one number per card, and this loop is most of what a reshuffle costs.
    out = list(items)
    mask, gamma = _MASK, _GAMMA
    limits = _LIMITS
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = limits[n] if n < 1025 else ((1 << 64) // n) * n
        while True:
            state = (state + gamma) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def _accelerator() -> ModuleType | None:
    """The C module, or None when it was not built or is switched off."""
    if os.environ.get("BOARDCORE_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("._rng_c", __package__)
    except ImportError:
        return None


_c = _accelerator()
ACCELERATED = _c is not None
"""Whether the C versions of the draws and the shuffle are in use."""

next_u64 = py_next_u64 if _c is None else _c.next_u64
"""Return ``(value, new_state)``: one uniformly random 64-bit integer."""
shuffled = py_shuffled if _c is None else _c.shuffled
"""Return ``(items in a uniformly random order, new_state)`` (Fisher-Yates)."""


def derive(seed: int, *path: int) -> int:
    """A seed for a sub-stream, e.g. game ``i`` of a simulation run with ``seed``.

    The seed is mixed before the path is combined with it: combining them raw
    (``seed ^ i``) gave runs with seeds 0 and 1 the same games in another order."""
    state = next_u64(seed_state(seed))[0]
    for part in path:
        value, state = next_u64(state ^ (part & _MASK))
        state = value
    return state & 0x7FFFFFFFFFFFFFFF
