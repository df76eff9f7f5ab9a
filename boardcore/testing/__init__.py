"""Tools for testing games: the conformance check, set-ups, a script driver, strategies.

* :func:`check_game` plays random games of any game and checks the properties
  every game must keep (see :mod:`boardcore.testing.conformance`), plus the
  game's own invariants passed as ``checks``.
* :func:`arranged`, :func:`stack`, :func:`put`, :func:`place`, :func:`set_count`,
  :func:`set_table` and :func:`load_dice` set up an exact situation for a rules
  test: the deal the setup makes, cards on top of a pile or in a hand, pieces on
  squares, counters, the game's table, the next die results; :func:`reask` asks
  the open decisions again once a position is arranged; :func:`with_rules`
  loads a game again with house rules written for the test (effects that modify,
  replace or react to its moments).
* :mod:`boardcore.testing.plugin` is a pytest plugin (installed with boardcore)
  with fixtures for all of the above: ``game`` from a ``boardcore_game`` mark,
  ``arrange`` and ``conformance``.
* :func:`choose`, :func:`options`, :func:`decision`, :func:`events` and
  :func:`advance_to` drive a match by option texts and read what happened.
* :func:`copy_data` copies a game's data files with one change, to test that a
  corrupted file is refused with a clear error.
* :mod:`boardcore.testing.strategies` has hypothesis strategies (import it only
  where hypothesis is installed).
"""

from .arrange import (
    arranged,
    clear_pieces,
    load_dice,
    place,
    put,
    reask,
    resolve_cards,
    set_count,
    set_table,
    stack,
    with_rules,
)
from .conformance import ConformanceError, Summary, check_game, check_who_is_asked
from .data import DataCopy, copy_data
from .driving import advance_to, choose, decision, events, option, options

__all__ = [
    "ConformanceError",
    "DataCopy",
    "Summary",
    "advance_to",
    "arranged",
    "check_game",
    "check_who_is_asked",
    "choose",
    "clear_pieces",
    "copy_data",
    "decision",
    "events",
    "load_dice",
    "option",
    "options",
    "place",
    "put",
    "reask",
    "resolve_cards",
    "set_count",
    "set_table",
    "stack",
    "with_rules",
]
