"""Tools for testing games: the conformance check, arranged set-ups, strategies.

* :func:`check_game` plays random games of any game and checks the eight
  properties every game must keep (see :mod:`boardcore.testing.conformance`).
* :func:`arranged`, :func:`stack`, :func:`put` and :func:`load_dice` set up an exact
  situation for a rules test: the cards on top of a pile, the cards in a hand,
  the next die results.
* :mod:`boardcore.testing.strategies` has hypothesis strategies (import it only
  where hypothesis is installed).
"""

from .arrange import arranged, load_dice, put, resolve_cards, stack
from .conformance import ConformanceError, Summary, check_game

__all__ = [
    "ConformanceError",
    "Summary",
    "arranged",
    "check_game",
    "load_dice",
    "put",
    "resolve_cards",
    "stack",
]
