"""The seeded generator every match uses, for tools and bots that need random streams of their own.

A stream is one integer (the generator's state): it is saved, copied and compared
as plain data, and every draw returns the value and the next state, so nothing is
shared by accident. The numbers are the same on every machine and Python version,
whether the C accelerator was built or not (``ACCELERATED`` says which runs).

    state = seed_state(7)
    roll, state = below(state, 6)          # 0..5
    order, state = shuffled(state, ("a", "b", "c"))
    bot_seed = derive(7, 3, 1)             # game 3, seat 0: an independent stream

:func:`derive` is how ``boardcore simulate``, tournaments and the environments
give each game and each seat its own seed from one run seed.
"""

from __future__ import annotations

from ._values.rng import ACCELERATED, below, derive, next_u64, seed_state, shuffled

__all__ = ["ACCELERATED", "below", "derive", "next_u64", "seed_state", "shuffled"]
