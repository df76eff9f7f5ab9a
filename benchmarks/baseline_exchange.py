"""An exchange asked as one decision, for the hand-written baselines.

The games' setup option ``exchange="hand"`` asks each player's secret exchange as a
single decision over every set of at most ``most`` places in the hand, smallest
sets first and each size in ``itertools.combinations`` order, as the engine's
``ExchangeAtOnce`` offers them. The baselines take the same option with the same
choice function, so both sides play the same decisions.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations


@lru_cache(maxsize=None)
def sets_of_places(size: int, most: int) -> tuple[tuple[int, ...], ...]:
    """Every set of at most ``most`` places in a hand of ``size``, smallest first."""
    return tuple(p for k in range(min(most, size) + 1) for p in combinations(range(size), k))


def exchange_at_once(hand: list[int], rng: random.Random, most: int) -> tuple[list[int], int]:
    """One player's exchange as one decision; returns (the picks, which leave
    ``hand``, 1 decision)."""
    sets = sets_of_places(len(hand), most)
    places = sets[int(rng.random() * len(sets))]
    picked = [hand[p] for p in places]
    if places:
        hand[:] = [card for i, card in enumerate(hand) if i not in places]
    return picked, 1
