"""An example bot: a complete ``boardcore.bots`` plugin in one small module.

It looks one action ahead. For each option it plays the option on a few samples of
what it cannot see (``boardcore.ismcts.sample``: ``state.determinize`` with the
future dice drawn again too) and answers at once with an option that
wins the match outright in every sample; it avoids, where it can, an option after
which the match is lost in some sample; otherwise it picks at random among what is
left. Every random number comes from its own generator, seeded from its seed.

Installed through an entry point in the ``boardcore.bots`` group::

    [project.entry-points."boardcore.bots"]
    lookahead = "boardcore_example_bot:LookaheadBot"

and then played like any bot: ``boardcore simulate gallic-wars --bots lookahead,random``,
``--bots lookahead:samples=8`` for a setting. It is also a rollout bot for
``ismcts`` (``--bots ismcts:rollout=lookahead``), though a slow one.
"""

from __future__ import annotations

import random
from typing import Any

import boardcore
from boardcore.ismcts import sample


class LookaheadBot:
    """Takes a win that is there now, avoids a loss that is there now, else plays at random."""

    name = "lookahead"

    def __init__(self, seed: int = 0, samples: int = 3) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            # make_bot adds the bot's name: "bot lookahead: samples: ..."
            raise boardcore.InvalidData(f"expected a whole number of at least 1, not {samples!r}", where="samples")
        self.samples = samples
        self._random = random.Random(seed)  # the bot's own generator, never the global one

    def choose(self, state: boardcore.State, decision: boardcore.Decision) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        me = decision.player
        safe = []
        for option in options:
            outcomes = [self._outcome(state, me, option, self._random.getrandbits(62)) for _ in range(self.samples)]
            if all(o == "won" for o in outcomes):
                return option
            if "lost" not in outcomes:
                safe.append(option)
        return self._random.choice(safe or list(options))

    @staticmethod
    def _outcome(state: boardcore.State, me: int, option: Any, seed: int) -> str:
        """What playing ``option`` at once does, on one sample of the hidden information."""
        copy = sample(state, me, seed)  # the cards and dice the bot cannot see, drawn again
        copy.apply(me, option)
        result = copy.result
        if result is None:
            return "open"
        return "won" if result.winners == (me,) else "lost" if me not in result.winners else "shared"
